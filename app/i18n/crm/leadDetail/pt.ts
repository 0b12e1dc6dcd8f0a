/** The lead detail dialog: overview, timeline, attachments, notes. (Portuguese: source of truth.) */
export const leadDetailPt = {};
