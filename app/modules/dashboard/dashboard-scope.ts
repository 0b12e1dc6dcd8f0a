// Whose figures the dashboard shows, as the URL and GET /api/dashboard say it (issue 20):
// `?scope=me`, `?scope=team`, `?seller=<user id>`, or nothing (a sales_rep's own, the team's
// for managers and admins). The server validates (dashboardQuerySchema); this only picks the
// two keys out of a URL, in one order, so the page's cache and its refreshes name a view alike.
import type { DashboardQuery } from "@worker/services/dashboard-service";

/** The dashboard's part of a query string ("scope=team", "seller=<id>" or ""), without "?". */
export function dashboardQuery(params: URLSearchParams): string {
  const picked = new URLSearchParams();
  for (const key of ["scope", "seller"]) {
    const value = params.get(key);
    if (value) picked.set(key, value);
  }
  return picked.toString();
}

/**
 * GET /api/dashboard's query for a query of dashboardQuery. The values go as the URL had them:
 * the server validates (an unknown scope is its 400, shown as the load's failure).
 */
export function dashboardApiQuery(query: string): DashboardQuery {
  const params = new URLSearchParams(query);
  return { scope: (params.get("scope") ?? undefined) as DashboardQuery["scope"], seller: params.get("seller") ?? undefined };
}
