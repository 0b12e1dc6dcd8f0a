import { AuthError } from "./auth-error.ts";
import { clearedSessionCookies, isSecureRequest, readCookie, sessionCookieNames, sessionCookies } from "./cookies.ts";
import { looksLikeJwt } from "./jwt.ts";
import { authenticateAccessToken, refreshSession, type AuthSession, type Authenticated, type Client } from "../services/auth-service.ts";
import type { ServiceContext } from "../services/service-context.ts";
import { authenticateApiToken, isApiToken } from "../services/api-token-service.ts";

/** Refresh the cookie session on the server when this little life is left. */
export const SERVER_REFRESH_MARGIN_SECONDS = 90;

/**
 * The request's `Authorization: Bearer <token>`: undefined without an Authorization header,
 * null when the header is anything else (which is refused, never passed over for the session
 * cookies: the API and the live sockets read it here alike).
 */
export function bearerToken(request: Request): string | null | undefined {
  const header = request.headers.get("Authorization");
  if (header === null) return undefined;
  return header.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

/**
 * Who is making this request, resolved once and lazily. API clients send
 * `Authorization: Bearer <access token>`; the browser app sends the session cookies, and
 * a near-expired or missing access token is refreshed here with the refresh cookie. Cookies
 * to set on the response accumulate in `setCookies`; the Worker appends them.
 *
 * A request with an Authorization header is judged by that header alone: anything but a
 * valid bearer token is no identity, never the session cookies that came along (a browser
 * sends `Authorization: Basic …` by itself to a site it holds HTTP credentials for, and a
 * cookie request must be the kind the cross-site check looked at).
 *
 * Personal API tokens (`Bearer vxl_pat_…`, issue 25) are recognised by their prefix only when
 * `acceptApiTokens` is set: the API's (worker/api/index.ts). Pages (worker/router-context.ts)
 * leave it off, so a token on a page is no identity at all: a token never opens CRM pages.
 */
export class RequestAuth {
  readonly setCookies: string[] = [];
  private resolved: Promise<Authenticated | null> | undefined;
  private apiTokenAuth: Promise<Authenticated> | undefined;
  private readonly secure: boolean;
  private readonly acceptApiTokens: boolean;

  constructor(
    private readonly request: Request,
    private readonly ctx: ServiceContext,
    options: { acceptApiTokens?: boolean } = {},
  ) {
    this.secure = isSecureRequest(request);
    this.acceptApiTokens = options.acceptApiTokens ?? false;
  }

  get client(): Client {
    return {
      // Only Cloudflare's own header: X-Forwarded-For is whatever the client wrote.
      ip: this.request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64) || "unknown",
      userAgent: this.request.headers.get("User-Agent"),
    };
  }

  /** The bearer token of the request, if it sent one. */
  get bearer(): string | null {
    return bearerToken(this.request) ?? null;
  }

  /** The refresh cookie, when the cookies are this request's credential (no Authorization header). */
  get refreshCookie(): string | null {
    if (this.hasAuthorization()) return null;
    return readCookie(this.request, sessionCookieNames(this.secure).refresh);
  }

  /** The signed-in staff member, or null. Never throws for a missing or stale session. */
  current(): Promise<Authenticated | null> {
    this.resolved ??= this.resolve().catch((error) => {
      if (error instanceof AuthError) return null;
      throw error;
    });
    return this.resolved;
  }

  /** Who this request turned out to be, if something already asked (the debug log); never starts a lookup. */
  async knownUserId(): Promise<string | null> {
    return this.resolved ? ((await this.resolved.catch(() => null))?.user.id ?? null) : null;
  }

  /**
   * Like current(), but explains a failure with the GoTrue error a client should see:
   * bad_jwt for a malformed or forged token (or an Authorization header that is not
   * `Bearer <token>`), session_not_found for an ended session, no_authorization when the
   * request carries no credentials at all.
   */
  async require(): Promise<Authenticated> {
    const apiToken = this.apiToken();
    if (apiToken) return apiToken;
    if (this.hasAuthorization()) {
      const bearer = this.bearer;
      if (!bearer) throw new AuthError(401, "bad_jwt");
      return authenticateAccessToken(this.ctx, bearer);
    }
    const auth = await this.current();
    if (auth) return auth;
    throw new AuthError(401, this.hasCookies() ? "session_not_found" : "no_authorization");
  }

  /** Starts a cookie session from a freshly issued GoTrue session. */
  establish(session: AuthSession) {
    this.setCookies.push(...sessionCookies(session, this.secure));
  }

  /** Ends the cookie session in this browser. */
  clear() {
    this.setCookies.push(...clearedSessionCookies(this.secure));
    this.resolved = Promise.resolve(null);
  }

  private hasAuthorization() {
    return this.request.headers.has("Authorization");
  }

  private hasCookies() {
    const names = sessionCookieNames(this.secure);
    return readCookie(this.request, names.access) !== null || readCookie(this.request, names.refresh) !== null;
  }

  /** The personal API token's owner (looked up once per request), or null when the request has none or may not use one. */
  private apiToken(): Promise<Authenticated> | null {
    const bearer = this.bearer;
    if (!this.acceptApiTokens || !bearer || !isApiToken(bearer)) return null;
    this.apiTokenAuth ??= authenticateApiToken(this.ctx, bearer);
    return this.apiTokenAuth;
  }

  private async resolve(): Promise<Authenticated | null> {
    const apiToken = this.apiToken();
    if (apiToken) return apiToken;
    if (this.hasAuthorization()) {
      const bearer = this.bearer;
      return bearer && looksLikeJwt(bearer) ? authenticateAccessToken(this.ctx, bearer) : null;
    }

    const names = sessionCookieNames(this.secure);
    const access = readCookie(this.request, names.access);
    const refresh = readCookie(this.request, names.refresh);
    if (access) {
      try {
        const auth = await authenticateAccessToken(this.ctx, access);
        const remaining = auth.session.expiresAt - Math.floor(Date.now() / 1000);
        if (remaining > SERVER_REFRESH_MARGIN_SECONDS || !refresh) return auth;
        // Close to expiry: renew below so the next request still has an hour.
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        if (error.code === "session_not_found") {
          this.clear();
          return null;
        }
        // bad_jwt (expired or unreadable): renew with the refresh cookie below.
      }
    }
    if (!refresh) return null;
    try {
      const session = await refreshSession(this.ctx, refresh);
      this.establish(session);
      return await authenticateAccessToken(this.ctx, session.access_token);
    } catch (error) {
      if (error instanceof AuthError) {
        this.clear();
        return null;
      }
      throw error;
    }
  }
}
