import { createMiddleware } from "hono/factory";
import { assertRole } from "../auth/permissions.ts";
import type { UserRole } from "../db/schema/index.ts";
import type { AppEnv } from "./context.ts";
import { guardSpec, withSpec } from "./openapi.ts";

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
