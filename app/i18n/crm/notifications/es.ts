import type { Dictionary } from "../../pt.ts";

export const notificationsEs: Dictionary["crm"]["notifications"] = {
  title: "Notificaciones",
  bell: {
    one: "Notificaciones, {count} no leída",
    other: "Notificaciones, {count} no leídas",
  },
  markAll: "Marcar todas",
  loading: "Cargando notificaciones...",
  empty: "Ninguna notificación",
  error: "No se pudieron cargar las notificaciones.",
  unread: "No leída",
  markFailed: "No se pudo marcar la notificación como leída",
};
