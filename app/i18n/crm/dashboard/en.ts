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
    revenue: "Revenue generated",
    revenueHint: "Leads won in the last 30 days",
    trend: "{value} compared with the previous {days} days",
    trendDetail: {
      total: "Total leads now: {now}; {days} days ago: {before}",
      created: "Leads created in the last {days} days: {now}; in the {days} days before: {before}",
      won: "Leads won in the last {days} days: {now}; in the {days} days before: {before}",
      revenue: "Revenue from leads won in the last {days} days: {now}; in the {days} days before: {before}",
    },
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
