import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The route table of the specification. Public pages take an optional language prefix;
// /auth and the CRM screens take the saved language and load Radix Themes.
export default [
  index("routes/root-redirect.tsx"),

  // The public site (pt, es, en): every page with and without the language prefix.
  layout("routes/site/site-layout.tsx", [
    route(":lang", "routes/site/landing.tsx"),
    route(":lang?/case-studies", "routes/site/case-studies.tsx"),
    route(":lang?/solutions/:slug", "routes/site/case-study.tsx"),
    route(":lang?/planner", "routes/site/planner.tsx"),
    route(":lang?/blog", "routes/site/blog.tsx"),
    route(":lang?/about", "routes/site/about.tsx"),
    route(":lang?/contact", "routes/site/contact.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  layout("routes/staff/theme-layout.tsx", [
    route("auth", "routes/auth.tsx"),
    // A notification or report e-mail's unsubscribe link (public; issue 24).
    route("unsubscribe", "routes/unsubscribe.tsx"),
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
