import { Hono } from "hono";
import { z } from "zod";
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../services/notification-service.ts";
import type { AppEnv } from "./context.ts";
import { pageLanguage } from "./page-language.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";

const notificationParam = z.object({ id: z.string().min(1).max(64) });

/**
 * /api/notifications — the signed-in user's own notifications only (401 anonymous), their
 * texts in the language of the page asking (pageLanguage; docs/decisions/025).
 * GET / → {items (50 newest first), unread_count (all unread)} · GET /unread-count →
 * {unread_count} (the bell's poll: no list) · PATCH /:id/read → {notification} (404 when
 * the id is not the caller's) · POST /read-all → {updated}.
 */
export const notificationsApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => c.json(await listNotifications(c.get("services"), c.get("viewer"), pageLanguage(c.req.raw))))
  .get("/unread-count", async (c) => c.json({ unread_count: await countUnreadNotifications(c.get("services"), c.get("viewer")) }))
  .patch("/:id/read", validate("param", notificationParam), async (c) => {
    const notification = await markNotificationRead(c.get("services"), c.get("viewer"), c.req.valid("param").id, pageLanguage(c.req.raw));
    return c.json({ notification });
  })
  .post("/read-all", async (c) => c.json({ updated: await markAllNotificationsRead(c.get("services"), c.get("viewer")) }));
