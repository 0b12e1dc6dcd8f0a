import { sharedEn } from "./shared/en.ts";
import { dashboardEn } from "./dashboard/en.ts";
import { leadsEn } from "./leads/en.ts";
import { leadDetailEn } from "./leadDetail/en.ts";
import { tasksEn } from "./tasks/en.ts";
import { searchEn } from "./search/en.ts";
import { notificationsEn } from "./notifications/en.ts";
import { settingsEn } from "./settings/en.ts";
import { apiTokensEn } from "./api-tokens/en.ts";
import { reportsEn } from "./reports/en.ts";
import { teamChatEn } from "./teamChat/en.ts";
import { webhooksEn } from "./webhooks/en.ts";
import type { Dictionary } from "../pt.ts";

export const crmEn: Dictionary["crm"] = {
  nav: {
    dashboard: "Dashboard",
    leads: "Leads",
    tasks: "Tasks",
    chat: "Team chat",
    analytics: "Reports",
    settings: "Settings",
    main: "Main navigation",
    collapse: "Collapse menu",
    expand: "Expand menu",
    openMenu: "Open menu",
    closeMenu: "Close menu",
  },
  roles: {
    admin: "Admin",
    manager: "Manager",
    sales_rep: "Sales rep",
  },
  user: {
    fallbackName: "User",
    signOut: "Sign out",
    language: "Language",
    theme: "Theme",
    light: "Light",
    dark: "Dark",
    menu: "User menu",
  },
  topBar: {},
  titles: {
    dashboard: "Dashboard",
    leads: "Leads",
    tasks: "Tasks",
    chat: "Team chat",
    analytics: "Reports and analytics",
    settings: "Settings",
  },
  frame: {
    loading: "Loading...",
    forbidden: "You do not have permission to see this page.",
  },
  live: {
    reconnecting: "Reconnecting…",
    reconnectingHint: "The connection dropped. Updates show up as soon as it is back; nothing is lost.",
  },
  shared: sharedEn,
  dashboard: dashboardEn,
  leads: leadsEn,
  leadDetail: leadDetailEn,
  tasks: tasksEn,
  search: searchEn,
  notifications: notificationsEn,
  settings: settingsEn,
  /** Settings → API: personal API tokens (issue 25), sent only with that tab. */
  apiTokens: apiTokensEn,
  reports: reportsEn,
  teamChat: teamChatEn,
  /** Settings → API → Webhooks (issue 25): sent with the 'api' tab only. */
  webhooks: webhooksEn,
};
