import { hasSessionCookie } from "../auth/cookies.ts";

/**
 * Security and cache headers for every response the Worker sends, set in one place (the
 * fetch handler). HTML gets a strict CSP whose script-src allows only same-origin files and
 * inline scripts carrying this response's nonce (React Router's hydration scripts).
 */

/** A fresh, unguessable nonce for one response (16 random bytes, base64). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export type SecurityHeaderOptions = {
  /** Vite dev server (`npm run dev`): the HMR client talks over a WebSocket. */
  dev?: boolean;
};

export function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions = {}) {
  const connect = options.dev ? "'self' ws: wss:" : "'self'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

export const HSTS = "max-age=63072000; includeSubDomains";

const STAFF_PATHS = ["/api/docs", "/auth", "/dashboard", "/leads", "/tasks", "/chat", "/analytics", "/reports", "/settings"];

export function isStaffPath(pathname: string) {
  return STAFF_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** WebSocket upgrades (and anything else with an immutable 101) must pass through untouched. */
function isUpgrade(response: Response) {
  return response.status === 101 || (response as Response & { webSocket?: unknown }).webSocket != null;
}

/**
 * A copy with mutable headers (responses from fetch() or Response.redirect() are
 * immutable) carrying what every response gets: nosniff, and HSTS over https.
 */
function withCommonHeaders(response: Response, request: Request) {
  const copy = new Response(response.body, response);
  copy.headers.set("X-Content-Type-Options", "nosniff");
  if (isHttps(request)) copy.headers.set("Strict-Transport-Security", HSTS);
  return copy;
}

/** Headers for /api/* and /parties/* responses. */
export function withApiSecurityHeaders(response: Response, request: Request): Response {
  if (isUpgrade(response)) return response;
  const copy = withCommonHeaders(response, request);
  const headers = copy.headers;
  headers.set("X-Frame-Options", "DENY");
  headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return copy;
}

/** Headers for everything the app renders (HTML, single-fetch data, the odd text/XML route). */
export function withDocumentSecurityHeaders(
  response: Response,
  request: Request,
  nonce: string,
  options: SecurityHeaderOptions = {},
): Response {
  if (isUpgrade(response)) return response;
  const copy = withCommonHeaders(response, request);
  const headers = copy.headers;
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  if (isHtml(headers)) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    headers.set("X-Frame-Options", "DENY");
  }
  // HTML and its single-fetch data (/dashboard.data) alike: nothing personal in shared caches.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  if (hasSessionCookie(request) || isStaffPath(pathname)) headers.set("Cache-Control", "private, no-store");
  else if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
  return copy;
}

function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

function isHtml(headers: Headers) {
  return (headers.get("Content-Type") ?? "").toLowerCase().startsWith("text/html");
}

/**
 * The API's reference page (worker/api/api-docs.ts): HTML under /api, so it gets the pages'
 * headers and CSP (script-src 'self' and this response's nonce), not the API's
 * `default-src 'none'`, under which no page can run.
 */
export function isApiDocsPage(pathname: string) {
  return pathname === "/api/docs";
}

/**
 * Runs the Worker's routing with a fresh nonce and puts the headers on whatever it
 * answers: API/party headers for /api/* and /parties/*, document headers for the rest.
 */
export async function withSecurityHeaders(
  request: Request,
  options: SecurityHeaderOptions,
  handle: (nonce: string) => Promise<Response>,
): Promise<Response> {
  const nonce = createNonce();
  const response = await handle(nonce);
  const { pathname } = new URL(request.url);
  const isApi = (pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/parties/")) && !isApiDocsPage(pathname);
  return isApi ? withApiSecurityHeaders(response, request) : withDocumentSecurityHeaders(response, request, nonce, options);
}
