/** The dashboard (/dashboard). (Portuguese: source of truth.) */
export const dashboardPt = {};
