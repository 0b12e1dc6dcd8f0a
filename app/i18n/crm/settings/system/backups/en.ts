/** Settings → Sistema: Backups automáticos (issue 23). */
export const backupsEn = {
  title: "Automatic backups",
  description: "A copy of all the CRM's data every day, made from 03:00 and kept for 14 days. Download one to keep it outside the CRM.",
  on: "Automatic backup on",
  off: "Automatic backup off",
  offDescription: "No new backup is made until automatic backup is switched on above. The backups already made stay here.",
  empty: "No backups yet. The first one is made early next morning with automatic backup on.",
  emptyOff: "No backups yet. Switch automatic backup on above and the first one is made early next morning.",
  loading: "Loading backups...",
  loadFailed: "The backups could not be loaded.",
  retry: "Try again",
  listLabel: "Available backups",
  rows: { one: "{count} record", other: "{count} records" },
  madeAt: "Made at {time}",
  download: "Download",
  downloadLabel: "Download the backup of {date} (ZIP)",
  restoreTitle: "How to restore",
  restoreHint:
    "Whoever runs the CRM's server restores a downloaded backup: send them the file. Restoring replaces all of the CRM's data with the data of the backup's day.",
};
