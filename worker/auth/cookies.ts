// The browser session lives in two HttpOnly cookies: the access token (1 hour) and the
// refresh token (30 days, renewed on every refresh). Over HTTPS they are Secure and
// __Host- prefixed; on plain http (localhost development) they cannot be, so they are not.
import { readCookie } from "../lib/cookies.ts";
import { ACCESS_TOKEN_TTL_SECONDS } from "./jwt.ts";

/** Re-exported so the auth code keeps one import; the tolerant reader lives in lib/cookies. */
export { readCookie };

export const REFRESH_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

export function isSecureRequest(request: Request) {
  return new URL(request.url).protocol === "https:";
}

export function sessionCookieNames(secure: boolean) {
  return secure ? { access: "__Host-crm-access", refresh: "__Host-crm-refresh" } : { access: "crm-access", refresh: "crm-refresh" };
}

function serialize(name: string, value: string, maxAge: number, secure: boolean) {
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function sessionCookies(tokens: { access_token: string; refresh_token: string; expires_in?: number }, secure: boolean) {
  const names = sessionCookieNames(secure);
  return [
    serialize(names.access, tokens.access_token, tokens.expires_in ?? ACCESS_TOKEN_TTL_SECONDS, secure),
    serialize(names.refresh, tokens.refresh_token, REFRESH_COOKIE_MAX_AGE, secure),
  ];
}

export function clearedSessionCookies(secure: boolean) {
  const names = sessionCookieNames(secure);
  return [serialize(names.access, "", 0, secure), serialize(names.refresh, "", 0, secure)];
}

export function hasSessionCookie(request: Request) {
  const names = sessionCookieNames(isSecureRequest(request));
  return readCookie(request, names.access) !== null || readCookie(request, names.refresh) !== null;
}
