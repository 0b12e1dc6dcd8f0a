/** Settings → Sistema: Backups automáticos (issue 23). */
export const backupsEs = {
  title: "Copias de seguridad automáticas",
  description:
    "Una copia de todos los datos del CRM por día, hecha a partir de las 03:00 y guardada durante 14 días. Descarga una para guardarla fuera del CRM.",
  on: "Copia de seguridad automática activada",
  off: "Copia de seguridad automática desactivada",
  offDescription:
    "No se hace ninguna copia nueva hasta que se active la copia de seguridad automática arriba. Las copias ya hechas siguen aquí.",
  empty: "Todavía no hay copias. La primera se hace la próxima madrugada con la copia de seguridad automática activada.",
  emptyOff: "Todavía no hay copias. Activa la copia de seguridad automática arriba y la primera se hará la próxima madrugada.",
  loading: "Cargando copias...",
  loadFailed: "No se pudieron cargar las copias de seguridad.",
  retry: "Intentar de nuevo",
  listLabel: "Copias disponibles",
  rows: { one: "{count} registro", other: "{count} registros" },
  madeAt: "Hecha a las {time}",
  download: "Descargar",
  downloadLabel: "Descargar la copia del {date} (ZIP)",
  restoreTitle: "Cómo restaurar",
  restoreHint:
    "Quien administra el servidor del CRM restaura una copia descargada: envíale el archivo. La restauración cambia todos los datos del CRM por los del día de la copia.",
};
