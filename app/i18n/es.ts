import { crmEs } from "./crm/es.ts";
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
  apiErrors: {
    bad_request: "La solicitud no pudo procesarse.",
    invalid_json: "El cuerpo de la solicitud no es un JSON válido.",
    validation_failed: "Algunos campos no son válidos: {fields}.",
    not_found: "El recurso solicitado no existe.",
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
    field: {
      required: "Campo obligatorio.",
      too_long: "Texto demasiado largo.",
      invalid_value: "Valor no válido.",
      invalid_date: "Fecha no válida.",
      lead_not_found: "El lead seleccionado ya no existe.",
      assignee_unavailable: "El responsable seleccionado no existe o está inactivo.",
    },
  },
  notifications: {
    taskAssigned: {
      title: "Nueva tarea asignada",
      message: "{name} te asignó la tarea “{title}”.",
    },
  },
};
