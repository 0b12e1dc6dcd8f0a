import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { bearerToken } from "../auth/request-auth.ts";
import { API_TOKEN_RATE_LIMIT, isApiToken, recordApiTokenRequest, type ApiTokenScope } from "../services/api-token-service.ts";
import { RateLimitedError } from "../services/errors.ts";
import { consumeRateLimit, type RateLimitDecision } from "../services/rate-limit-service.ts";
import type { AppEnv } from "./context.ts";
import { ApiError, onError } from "./errors.ts";

const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * The scopes that open a request to a personal API token (any one of them), or null: the route
 * is not for tokens. GET/HEAD of /api/leads/** (and a lead's attachments, /api/attachments/:id)
 * need leads:read, other methods leads:write; /api/tasks/** likewise tasks:read / tasks:write;
 * GET /api/reports/** reports:read; GET /api/users/assignable (the owner and assignee ids a
 * client needs) leads:read or tasks:read; GET /api/openapi.json any token ([]: no scope). Everything else — token management, sessions, the
 * profile, chat, notifications, settings, imports, exports, backups, the public forms, the
 * public lead capture — is refused (docs/decisions/031).
 */
export function requiredScopes(method: string, pathname: string): ApiTokenScope[] | null {
  const read = READ_METHODS.has(method.toUpperCase());
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (under("/api/leads/capture")) return null;
  // The API's own description (docs/decisions/030): any token may read it, no scope needed.
  if (pathname === "/api/openapi.json") return read ? [] : null;
  if (under("/api/leads") || under("/api/attachments")) return [read ? "leads:read" : "leads:write"];
  if (under("/api/tasks")) return [read ? "tasks:read" : "tasks:write"];
  if (under("/api/reports")) return read ? ["reports:read"] : null;
  if (pathname === "/api/users/assignable") return read ? ["leads:read", "tasks:read"] : null;
  return null;
}

/** draft-ietf-httpapi-ratelimit-headers: the policy and what is left of it, as structured fields. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const { limit, windowMs } = API_TOKEN_RATE_LIMIT;
  return {
    "RateLimit-Policy": `"token";q=${limit};w=${windowMs / 1000}`,
    RateLimit: `"token";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
}

/**
 * Requests with a personal API token (`Authorization: Bearer vxl_pat_…`): a bad token is 401
 * (no quota to speak of); a good one counts against its 600 a minute (one guarded statement:
 * exactly the limit passes a burst), then its scopes decide (403 for a route no scope opens or
 * one it lacks), then the route runs as the owner, role rules and all. Every answer to a good
 * token carries RateLimit-Policy and RateLimit; every answer but a 429 is written to the audit
 * log after it is sent (waitUntil). Requests without a personal token pass untouched.
 */
export const tokenAccess = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = bearerToken(c.req.raw);
  if (!bearer || !isApiToken(bearer)) return next();

  const viewer = await c.get("auth").require();
  const token = viewer.token;
  if (!token) return next();
  const decision = await consumeRateLimit(c.get("db"), `api-token:${token.id}`, API_TOKEN_RATE_LIMIT);
  try {
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, API_TOKEN_RATE_LIMIT.message);
    // Scopes are decided on the path Hono routes by; one with a dot segment or an encoded dot
    // (which URL parsing and routing could read differently) is for no token.
    const path = c.req.path;
    const scopes = /%2e|\/\.\.?(?:\/|$)/i.test(path) ? null : requiredScopes(c.req.method, path);
    if (!scopes) throw new ApiError(403, "api_token_route_not_allowed");
    if (scopes.length > 0 && !scopes.some((scope) => token.scopes.includes(scope))) {
      throw new ApiError(403, "api_token_scope_missing", { params: { scope: scopes.join(" / ") } });
    }
    await next();
  } catch (error) {
    c.res = await onError(error as Error, c as Context<AppEnv>);
  }
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.res.headers.set(name, value);
  if (decision.allowed) {
    const services = c.get("services");
    const entry = { method: c.req.method, route: routePath(c, -1), status: c.res.status };
    services.waitUntil?.(
      recordApiTokenRequest(services, viewer, entry).catch((error: unknown) => console.error("api token: audit failed", error)),
    );
  }
});
