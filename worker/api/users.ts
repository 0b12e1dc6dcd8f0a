import { Hono } from "hono";
import { z } from "zod";
import { setUserActive } from "../services/auth-service.ts";
import { listAssignableUsers } from "../services/user-service.ts";
import { profileSchema, updateProfile } from "../services/profile-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth, requireRole } from "./middleware.ts";
import { validate, validateWithMessageKeys } from "./validate.ts";

export const userStatusSchema = z.object({ is_active: z.boolean() });

export const usersApi = new Hono<AppEnv>()
  // The assignee choices of leads and tasks: active users by name; any signed-in role.
  .get("/assignable", requireAuth, async (c) => c.json({ users: await listAssignableUsers(c.get("services"), c.get("viewer")) }))
  // Settings → Perfil: the caller's own name and phone (any signed-in role; 400 per field).
  .patch("/me", requireAuth, validateWithMessageKeys("json", profileSchema), async (c) =>
    c.json({ profile: await updateProfile(c.get("services"), c.get("viewer"), c.req.valid("json")) }),
  )
  .patch("/:id/status", requireRole("admin"), validate("json", userStatusSchema), async (c) => {
    const user = await setUserActive(c.get("services"), c.get("viewer").user, c.req.param("id"), c.req.valid("json").is_active);
    return c.json({ id: user.id, is_active: user.isActive });
  });
