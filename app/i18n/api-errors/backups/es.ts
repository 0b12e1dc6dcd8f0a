/** apiErrors.<code> of Backups automáticos (issue 23), spread into apiErrors. */
export const backupsErrorsEs = {};
