import { createMiddleware } from "hono/factory";
import { assertRole } from "../auth/permissions.ts";
import type { UserRole } from "../db/schema/index.ts";
import type { AppEnv } from "./context.ts";

/** 401 unless the request is signed in (bearer token or session cookies); sets `viewer`. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set("viewer", await c.get("auth").require());
  await next();
});

/** 401 when not signed in, 403 when the role is below `minimum`. */
export const requireRole = (minimum: UserRole) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const viewer = await c.get("auth").require();
    assertRole(viewer.user, minimum);
    c.set("viewer", viewer);
    await next();
  });
