import { dataImportErrorsEs } from "./api-errors/data-import/es.ts";
import { dataExportErrorsEs } from "./api-errors/data-export/es.ts";
import { backupsErrorsEs } from "./api-errors/backups/es.ts";
import { apiTokensErrorsEs } from "./api-errors/api-tokens/es.ts";
import { webhooksErrorsEs, webhooksFieldErrorsEs } from "./api-errors/webhooks/es.ts";
import { crmEs } from "./crm/es.ts";
import { emailEs } from "./email/es.ts";
import { authEs } from "./auth/es.ts";
import { siteEs } from "./site/es.ts";
import type { Dictionary } from "./pt.ts";

export const es: Dictionary = {
  common: {
    appName: "Velox Labs",
    loading: "Cargando...",
    backHome: "Volver al inicio",
    close: "Cerrar",
    language: "Idioma",
  },
  meta: {
    defaultTitle: "Velox Labs — software a medida en 90 días",
    defaultDescription:
      "Desarrollamos software a medida, apps web y móviles, e-commerce y automatización para startups y empresas, a tiempo y dentro del presupuesto.",
  },
  notFound: {
    title: "¡Ups! Página no encontrada",
    code: "404",
    backHome: "Volver al inicio",
  },
  errorScreen: {
    title: "Algo salió mal",
    message: "Ocurrió un error inesperado. Nuestro equipo fue notificado automáticamente.",
    hint: "Intenta recargar la página o contacta con soporte si el problema persiste.",
    retry: "Intentar de nuevo",
    reload: "Recargar página",
  },
  auth: authEs,
  site: siteEs,
  crm: crmEs,
  apiDocs: {
    title: "Referencia de la API",
    loading: "Cargando la referencia de la API…",
    noscript: "Esta página necesita JavaScript. El documento OpenAPI está en",
  },
  /** Digest and report e-mails' unsubscribe, the /unsubscribe page (issue 24). */
  email: emailEs,
  apiErrors: {
    /** Importar Dados, Exportar Dados, backups (issue 23): their own files. */
    ...dataImportErrorsEs,
    ...dataExportErrorsEs,
    ...backupsErrorsEs,
    /** Personal API tokens (issue 25). */
    ...apiTokensErrorsEs,
    ...webhooksErrorsEs,
    bad_request: "La solicitud no pudo procesarse.",
    invalid_json: "El cuerpo de la solicitud no es un JSON válido.",
    validation_failed: "Algunos campos no son válidos: {fields}.",
    not_found: "El recurso solicitado no existe.",
    profile_not_found: "Perfil no encontrado",
    unauthorized: "Debes iniciar sesión para continuar.",
    forbidden: "No tienes permiso para esta acción.",
    conflict: "Este registro entra en conflicto con uno existente.",
    lead_exists: "Ya existe un lead con este correo: {name}.",
    payload_too_large: "El contenido enviado es demasiado grande.",
    rate_limited: "Demasiados intentos. Inténtalo de nuevo en {wait}.",
    internal_error: "Error inesperado en el servidor. Inténtalo de nuevo.",
    service_unavailable: "Servicio temporalmente no disponible.",
    unsupported_file_type: "Tipo de archivo no permitido. Envía pdf, doc, docx, jpg, jpeg, png, gif, txt, csv, xlsx o xls.",
    file_too_large: "El archivo supera el límite de 10 MB.",
    file_empty: "El archivo está vacío.",
    file_signature_mismatch: "El contenido del archivo no corresponde a la extensión .{extension}.",
    assistant_unavailable: "Lo siento, tuve un problema técnico. ¿Puedes repetir tu pregunta?",
    assistant_rate_limited: "Enviaste muchos mensajes en poco tiempo. Inténtalo de nuevo en {wait}.",
    lead_capture_rate_limited: "Recibimos muchos envíos en poco tiempo. Inténtalo de nuevo en {wait}.",
    chat_creator_only: "Solo quien creó el canal puede añadir miembros.",
    chat_channel_not_private: "Solo se añaden miembros a canales privados.",
    /** Undoing a pipeline move (POST /api/leads/:id/undo-move). */
    lead_moved: "El lead cambió de etapa mientras tanto; no se deshizo nada.",
    /** Settings → Perfil (avatar, password). */
    avatar_invalid: "Envía una imagen PNG, JPEG o WebP de hasta 2 MB.",
    current_password_incorrect: "La contraseña actual es incorrecta.",
    password_change_rate_limited: "Demasiados intentos de cambiar la contraseña. Inténtalo de nuevo en {wait}.",
    weak_password_length: "La contraseña debe tener entre 8 y 128 caracteres.",
    weak_password_pwned: "Esta contraseña es demasiado común. Elige otra.",
    /** Settings → Usuários (invitations, roles, deactivation). */
    user_email_taken: "Ya existe un usuario con el e-mail {email}.",
    last_admin: "No es posible: esta persona es el último administrador activo. Promueve a otra persona a administrador antes.",
    cannot_deactivate_self: "No puedes desactivar tu propia cuenta.",
    invitation_not_pending: "Este usuario no tiene una invitación pendiente.",
    /** Settings → Sistema (organisation settings, maintenance). */
    maintenance: "Estamos en mantenimiento y volvemos pronto. Inténtalo de nuevo en unos minutos.",
    /** One-click unsubscribe (/unsubscribe, /api/unsubscribe; issue 24). */
    unsubscribe_link_invalid:
      "Este enlace de cancelación no es válido (quizá se copió a medias). Puedes desactivar los correos en Configuración → Notificaciones.",
    unsubscribe_link_expired: "Este enlace de cancelación caducó. Puedes desactivar los correos en Configuración → Notificaciones.",
    unsubscribe_one_click_required: "Para cancelar, envía List-Unsubscribe=One-Click en el cuerpo del POST.",
    unsubscribe_rate_limited: "Demasiados intentos de cancelación. Inténtalo de nuevo en {wait}.",
    /** A page's form (React Router actions) sent as something else, or that cannot be read. */
    form_unsupported_type: "Esta dirección solo acepta un formulario (application/x-www-form-urlencoded o multipart/form-data).",
    form_unreadable: "No se pudo leer el formulario enviado. Recarga la página e inténtalo de nuevo.",
    field: {
      ...webhooksFieldErrorsEs,
      required: "Campo obligatorio.",
      too_long: "Texto demasiado largo.",
      invalid_value: "Valor no válido.",
      invalid_phone: "Teléfono no válido. Escribe el código de área y el número, como (11) 98888-7777, o + y el código del país.",
      invalid_date: "Fecha no válida.",
      invalid_time: "Hora no válida.",
      lead_not_found: "El lead seleccionado ya no existe.",
      assignee_unavailable: "El responsable seleccionado no existe o está inactivo.",
      too_many: "Demasiados elementos.",
      control_characters: "El texto contiene caracteres de control no permitidos.",
      user_unavailable: "El usuario seleccionado no existe o está inactivo.",
      message_not_found: "Mensaje no encontrado en este canal.",
      expected_object: "El cuerpo de la solicitud debe ser un objeto JSON.",
      invalid_type: "Tipo de valor no válido.",
      too_short: "Texto demasiado corto.",
      too_small: "Valor demasiado pequeño.",
      too_big: "Valor demasiado grande.",
      too_few: "Faltan elementos.",
      invalid_format: "Formato no válido.",
      unknown_field: "Campo no permitido.",
      api_token_scopes_required: "Elige al menos un permiso.",
      api_token_expiry_past: "La fecha de expiración debe estar en el futuro.",
      api_token_expiry_too_far: "La expiración puede ser de un año como máximo.",
    },
  },
  notifications: {
    /** Issue 25: an admin's webhook endpoint disabled after failing (docs/decisions/032). */
    webhookDisabled: {
      title: "Webhook desactivado",
      message:
        "El webhook {url} se desactivó porque sus entregas fallaron durante 24 horas seguidas. Revisa el receptor y reactívalo en Configuración → API.",
    },
    welcome: {
      title: "Bienvenido al CRM",
      message: "Tu acceso está configurado. ¡Buenos negocios!",
    },
    meetingReminder: {
      title: "Recordatorio de reunión",
      message: "La reunión “{title}” con el lead “{lead}” empieza a las {time}.",
    },
    taskDue: {
      title: "Tarea por vencer",
      message: "La tarea “{title}” vence en las próximas 24 horas.",
      messageAt: "La tarea “{title}” vence a las {time}.",
    },
    taskAssigned: {
      title: "Nueva tarea asignada",
      message: "{name} te asignó la tarea “{title}”.",
    },
    newLead: {
      title: "Nuevo lead del sitio",
      message: "{name} ({email}) dejó su contacto en el asistente del sitio.",
    },
    leadAssigned: {
      title: "Lead asignado a ti",
      message: "{name} te asignó el lead “{lead}”.",
    },
    leadStatusChanged: {
      title: "Estado del lead cambiado",
      message: "{name} movió el lead “{lead}” de {from} a {to}.",
    },
    leadsAssigned: {
      message: "{name} te asignó {count} leads.",
    },
    leadsStatusChanged: {
      message: "{name} movió {count} de tus leads a {to}.",
    },
    leadReturned: {
      title: "Un lead volvió al asistente del sitio",
      message: "{name} ({email}) volvió a conversar con el asistente del sitio; la conversación está en el historial.",
    },
  },
  leadCapture: {
    activitySubject: "Conversación del asistente del sitio",
    heading: "Lead calificado por el asistente del sitio.",
    projectType: "Tipo de proyecto: {value}",
    budget: "Presupuesto: {value}",
    timeline: "Plazo: {value}",
    teamSize: "Tamaño del equipo: {value}",
    contact: "Contacto informado: {value}",
    language: "Idioma de la conversación: {value}",
    notInformed: "no informado",
    transcript: "Conversación:",
    visitor: "Visitante",
    assistant: "Asistente",
    keptAsMessage: "Conversación del asistente del sitio (no se pudo guardar el lead en el CRM; el contacto quedó guardado aquí).",
  },
};
