/** The leads screen: list, pipeline and the lead form dialog. (Portuguese: source of truth.) */
export const leadsPt = {};
