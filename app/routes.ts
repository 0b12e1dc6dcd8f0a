import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The route table of the specification. Public pages take an optional language prefix;
// CRM screens and /auth take the saved language.
export default [
  index("routes/root-redirect.tsx"),
  route(":lang", "routes/landing.tsx"),
  route("_diagnostics/error", "routes/diagnostics-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
