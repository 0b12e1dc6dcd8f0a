import type { Dictionary } from "../../pt.ts";

export const searchEn: Dictionary["crm"]["search"] = {
  open: "Search",
  shortcut: "Ctrl K",
  title: "Quick search",
  label: "Search leads and tasks",
  placeholder: "Search leads and tasks...",
  leads: "Leads",
  tasks: "Tasks",
  searching: "Searching...",
  hint: "Type to search by name, e-mail, company, tag or task.",
  empty: "No results for “{query}”",
  error: "Search is not available right now. Try again.",
  keys: "↑↓ to move · Enter to open · Esc to close",
  completed: "Completed",
  noDate: "No date",
};
