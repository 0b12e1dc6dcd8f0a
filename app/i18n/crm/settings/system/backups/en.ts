/** Settings → Sistema: Backups automáticos (issue 23). */
export const backupsEn = {
  title: "Automatic backups",
};
