import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The route table of the specification. Public pages take an optional language prefix;
// /auth and the CRM screens take the saved language and load Radix Themes.
export default [
  index("routes/root-redirect.tsx"),
  route(":lang", "routes/landing.tsx"),

  layout("routes/staff/theme-layout.tsx", [
    route("auth", "routes/auth.tsx"),
    layout("routes/staff/crm-layout.tsx", [
      route("dashboard", "routes/crm/dashboard.tsx"),
      route("leads", "routes/crm/leads.tsx"),
      route("tasks", "routes/crm/tasks.tsx"),
      route("chat", "routes/crm/chat.tsx"),
      route("analytics", "routes/crm/analytics.tsx", { id: "analytics" }),
      route("reports", "routes/crm/analytics.tsx", { id: "reports" }),
      route("settings", "routes/crm/settings.tsx"),
    ]),
  ]),
  route("auth/logout", "routes/auth-logout.tsx"),

  route("_diagnostics/error", "routes/diagnostics-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
