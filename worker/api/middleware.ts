import { createMiddleware } from "hono/factory";
import { AuthError } from "../auth/auth-error.ts";
import { assertRole } from "../auth/permissions.ts";
import type { UserRole } from "../db/schema/index.ts";
import type { AppEnv } from "./context.ts";
import { guardSpec, sessionGuardSpec, withSpec } from "./openapi.ts";

/**
 * 401 unless the request is signed in (bearer token or session cookies); sets `viewer`.
 * GET /api/openapi.json shows it on every route it guards (security schemes, 401).
 */
export const requireAuth = withSpec(
  createMiddleware<AppEnv>(async (c, next) => {
    c.set("viewer", await c.get("auth").require());
    await next();
  }),
  guardSpec(null),
);

/**
 * requireAuth for the browser's cookie session only: 403 api_token_not_allowed for a request
 * with any Authorization header (a personal API token, a session's JWT), then 401 unless
 * signed in. In the document as cookieAuth alone, 401 and that 403 (one guard, not two:
 * hono-openapi gives the routes under two stacked `.use()` guards one shared operationId).
 */
export const requireSession = withSpec(
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.header("Authorization") !== undefined) throw new AuthError(403, "api_token_not_allowed");
    c.set("viewer", await c.get("auth").require());
    await next();
  }),
  sessionGuardSpec(),
);

/** 401 when not signed in, 403 when the role is below `minimum` (in the document as 401, 403 and x-required-role). */
export const requireRole = (minimum: UserRole) =>
  withSpec(
    createMiddleware<AppEnv>(async (c, next) => {
      const viewer = await c.get("auth").require();
      assertRole(viewer.user, minimum);
      c.set("viewer", viewer);
      await next();
    }),
    guardSpec(minimum),
  );
