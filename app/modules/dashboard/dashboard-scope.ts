// Whose figures the dashboard shows, as the URL and GET /api/dashboard say it (issue 20):
// `?scope=me`, `?scope=team`, `?seller=<user id>`, or nothing (a sales_rep's own, the team's
// for managers and admins). The server validates (dashboardQuerySchema); this only picks the
// two keys out of a URL, in one order, so the page's cache and its refreshes name a view alike.

/** The dashboard's part of a query string ("scope=team", "seller=<id>" or ""), without "?". */
export function dashboardQuery(params: URLSearchParams): string {
  const picked = new URLSearchParams();
  for (const key of ["scope", "seller"]) {
    const value = params.get(key);
    if (value) picked.set(key, value);
  }
  return picked.toString();
}

/** The figures' path in the API for a query of dashboardQuery. */
export const dashboardApiPath = (query: string) => (query ? `/dashboard?${query}` : "/dashboard");
