import { hasSessionCookie } from "./cookies.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie sessions: a state-changing request that carries the session
 * cookies (or signs in at /auth) must show that it comes from our own origin, by its
 * Origin or, failing that, its Sec-Fetch-Site. Browsers send at least one of them on every
 * such request, so one with neither did not come from a page of ours and is refused.
 *
 * Other headers change nothing: a browser attaches the cookies to a cross-site request
 * whatever else it carries (and adds `Authorization: Basic …` by itself to every request to
 * a site it holds HTTP credentials for, a cross-site form post included), so only a request
 * without session cookies (a bearer-token client) skips the check. Which credential counts
 * is RequestAuth's to decide: with an Authorization header present, never the cookies.
 */
export function isForbiddenCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const { pathname, origin } = new URL(request.url);
  const signsIn = pathname === "/auth" || pathname.startsWith("/auth/");
  if (!signsIn && !hasSessionCookie(request)) return false;

  const requestOrigin = request.headers.get("Origin");
  if (requestOrigin) return requestOrigin !== origin;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  return true;
}
