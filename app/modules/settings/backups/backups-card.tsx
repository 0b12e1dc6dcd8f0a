/** Settings → Sistema: the automatic backups in R2, listed for admins (issue 23). Not built yet. */
export function BackupsCard() {
  return null;
}
