/** The tasks screen and task dialog. (Portuguese: source of truth.) */
export const tasksPt = {};
