import { hasSessionCookie } from "./cookies.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie sessions: a state-changing request that relies on the session
 * cookies (or signs in at /auth) must come from our own origin. Browsers always send
 * Origin (or at least Sec-Fetch-Site) on such requests; bearer-token clients are exempt
 * because a cross-site page cannot attach their header.
 */
export function isForbiddenCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.has("Authorization")) return false;
  const { pathname, origin } = new URL(request.url);
  const signsIn = pathname === "/auth" || pathname.startsWith("/auth/");
  if (!signsIn && !hasSessionCookie(request)) return false;

  const requestOrigin = request.headers.get("Origin");
  if (requestOrigin) return requestOrigin !== origin;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  return false;
}
