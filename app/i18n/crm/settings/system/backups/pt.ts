/** Settings → Sistema: Backups automáticos (issue 23). (Portuguese: source of truth.) */
export const backupsPt = {
  title: "Backups automáticos",
};
