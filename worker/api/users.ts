import { Hono } from "hono";
import { z } from "zod";
import { setUserActive } from "../services/auth-service.ts";
import type { AppEnv } from "./context.ts";
import { requireRole } from "./middleware.ts";
import { validate } from "./validate.ts";

export const userStatusSchema = z.object({ is_active: z.boolean() });

export const usersApi = new Hono<AppEnv>().patch(
  "/:id/status",
  requireRole("admin"),
  validate("json", userStatusSchema),
  async (c) => {
    const user = await setUserActive(c.get("services"), c.get("viewer").user, c.req.param("id"), c.req.valid("json").is_active);
    return c.json({ id: user.id, is_active: user.isActive });
  },
);
