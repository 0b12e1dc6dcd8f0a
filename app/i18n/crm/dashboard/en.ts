import type { Dictionary } from "../../pt.ts";

export const dashboardEn: Dictionary["crm"]["dashboard"] = {
  title: "Dashboard",
  welcome: "Welcome back, {name}! Here is your sales overview.",
  loading: "Loading data...",
  refresh: "Refresh data",
  refreshing: "Refreshing...",
  updatedAt: "Updated at {time}",
  loadError: "Unexpected error while loading data",
  newAction: "New action",
  newLead: "New lead",
  newTask: "New task",
  cards: {
    totalLeads: "Total leads",
    totalLeadsHint: "Every lead on record",
    newLeads: "New leads",
    newLeadsHint: "Waiting for a first contact",
    converted: "Converted leads",
    convertedHint: "Leads with status Won",
    revenue: "Total revenue",
    revenueHint: "Revenue generated this month",
    trend: "{value} compared with last month",
  },
  pipeline: {
    title: "Sales pipeline",
    description: "Number of leads at each stage",
  },
  recent: {
    title: "Recent leads",
    description: "The latest leads added",
    viewAll: "View all",
    empty: "No leads yet",
    add: "Add lead",
  },
  quick: {
    title: "Quick actions",
    newLead: "New lead",
    viewTasks: "View tasks",
    chat: "Team chat",
  },
};
