/** Settings → Usuários (crm.md §2; issue 22). (Portuguese: source of truth.) */
export const settingsUsersPt = {
  tab: "Usuários",
};
