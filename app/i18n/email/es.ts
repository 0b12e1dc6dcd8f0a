import type { emailPt } from "./pt.ts";

export const emailEs: typeof emailPt = {
  digest: {
    subject: {
      one: "Tienes 1 notificación sin leer en el CRM",
      other: "Tienes {count} notificaciones sin leer en el CRM",
    },
    greeting: "¡Hola, {name}!",
    intro: "Estas notificaciones llegaron al CRM y aún no se han leído:",
    more: {
      one: "… y 1 notificación más: {url}",
      other: "… y {count} notificaciones más: {url}",
    },
    openCrm: "Abrir el CRM: {url}",
    footer: "Recibes este correo porque '{setting}' está activado en Configuración → Notificaciones.",
  },
  unsubscribeLine: "Para dejar de recibir estos correos: {url}",
  unsubscribePage: {
    metaTitle: "Cancelar correos",
    title: "Cancelar correos",
    confirm: "¿Desactivar '{setting}' para {email}?",
    explain: "Dejarás de recibir estos correos. Puedes activarlos de nuevo cuando quieras en Configuración → Notificaciones.",
    button: "Desactivar estos correos",
    working: "Desactivando...",
    doneTitle: "Correos desactivados",
    done: "'{setting}' se desactivó para {email}.",
    already:
      "Este enlace ya se usó: '{setting}' se desactivó para {email}. Para volver a recibirlos, actívalo en Configuración → Notificaciones.",
    settingsLink: "Abrir Configuración → Notificaciones",
    invalidTitle: "Enlace no válido",
    expiredTitle: "Enlace caducado",
    failed: "No se pudo desactivar ahora. Inténtalo de nuevo.",
  },
};
