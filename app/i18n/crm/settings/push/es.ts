import type { settingsPushPt } from "./pt.ts";

/** Ajustes → Notificaciones → Notificaciones Push (issue 24). */
export const settingsPushEs: typeof settingsPushPt = {
  title: "Dispositivos con push",
  description:
    "Los navegadores que reciben los avisos de esta cuenta, incluso con el CRM cerrado. No les llega nada mientras el CRM está abierto y visible en una pestaña.",
  loading: "Cargando dispositivos...",
  loadFailed: "No se pudieron cargar los dispositivos.",
  retry: "Intentar de nuevo",
  empty: "Ningún dispositivo recibe push todavía. Activa “Notificaciones Push” arriba, en este navegador, para añadirlo.",
  listLabel: "Dispositivos que reciben push",
  unknownBrowser: "Navegador desconocido",
  thisBrowser: "Este navegador",
  lastUsed: "Último aviso: {date}",
  neverUsed: "Todavía no se envió ningún aviso",
  addedAt: "Añadido el {date}",
  remove: "Quitar",
  removeLabel: "Quitar {device}",
  removed: "Dispositivo quitado. Ya no recibe push.",
  removeFailed: "No se pudo quitar el dispositivo",
  asking: "Esperando el permiso del navegador...",
  enabled: "Push activado en este navegador. Guarda la configuración para empezar a recibirlo.",
  denied:
    "El navegador bloqueó las notificaciones de este sitio. Para recibir push, permite las notificaciones en la configuración del sitio (el icono junto a la dirección) y vuelve a activar el interruptor.",
  unsupported: "Este navegador no recibe notificaciones push. En iPhone y iPad, añade el CRM a la pantalla de inicio y ábrelo desde allí.",
  unavailable: "El envío de push no está configurado en este servidor. Habla con quien administra el CRM.",
  failed: "No se pudo activar el push en este navegador.",
  addThis: "Activar en este navegador",
  off: "“Notificaciones Push” está desactivado: ningún dispositivo recibe avisos hasta que lo actives y guardes.",
};
