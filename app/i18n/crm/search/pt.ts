/** The Ctrl/⌘+K quick search (in the frame, on every CRM screen). (Portuguese: source of truth.) */
export const searchPt = {};
