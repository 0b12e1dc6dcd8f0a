/** apiErrors.<code> of Backups automáticos (issue 23), spread into apiErrors. (Portuguese: source of truth.) */
export const backupsErrorsPt = {};
