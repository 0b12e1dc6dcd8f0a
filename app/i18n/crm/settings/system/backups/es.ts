/** Settings → Sistema: Backups automáticos (issue 23). */
export const backupsEs = {
  title: "Copias de seguridad automáticas",
};
