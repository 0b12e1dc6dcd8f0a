import type { Dictionary } from "../../pt.ts";

export const sharedEs: Dictionary["crm"]["shared"] = {
  statuses: {
    new: "Nuevo",
    qualified: "Calificado",
    contacted: "Contactado",
    negotiating: "Negociando",
    won: "Ganado",
    lost: "Perdido",
  },
  /** The predefined tags (PREDEFINED_TAGS, stored in pt) as the reader sees them; a typed tag is shown as typed. */
  tags: {
    urgent: "Urgente",
    qualified: "Calificado",
    interested: "Interesado",
    waiting: "En espera",
    followUp: "Seguimiento",
    quote: "Presupuesto",
    proposal: "Propuesta",
    competitor: "Competidor",
  },
  /** A lead's currency (docs/decisions/018). */
  currencies: {
    BRL: "Real (R$)",
    USD: "Dólar (US$)",
    EUR: "Euro (€)",
  },
  sources: {
    website: "Sitio web",
    referral: "Referido",
    social_media: "Redes sociales",
    advertising: "Publicidad",
    other: "Otro",
  },
  actions: {
    save: "Guardar",
    saving: "Guardando...",
    cancel: "Cancelar",
    edit: "Editar",
    delete: "Eliminar",
    close: "Cerrar",
    retry: "Intentar de nuevo",
    loadMore: "Cargar más",
  },
  contact: {
    whatsapp: "WhatsApp",
    email: "Correo",
    whatsappGreeting: "Hola {name}, ¿qué tal?",
    whatsappLabel: "Abrir conversación de WhatsApp con {name}",
    emailLabel: "Enviar correo a {name}",
  },
  none: "Ninguno",
  errorTitle: "Error",
  /** A deactivated user named on a lead or task (Settings → Usuários). */
  inactiveUser: "{name} (inactivo)",
  offline: "Sin conexión. Revisa tu internet e inténtalo de nuevo.",
};
