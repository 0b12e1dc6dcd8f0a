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
import { describe, errors, jsonResponse, TAGS, type RouteDescription } from "./openapi.ts";
import { NotificationListSchema, NotificationSchema } from "./schemas.ts";

const notes = (spec: RouteDescription) => describe(TAGS.notifications, spec);

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
  .get(
    "/",
    notes({
      summary: "My notifications",
      description: "The 50 newest, in the page's language (?lang=, then the CRM's cookie).",
      responses: { 200: jsonResponse(NotificationListSchema, "The newest and the unread count.") },
    }),
    async (c) => c.json(await listNotifications(c.get("services"), c.get("viewer"), pageLanguage(c.req.raw))),
  )
  .get(
    "/unread-count",
    notes({
      summary: "My unread count",
      responses: { 200: jsonResponse(z.strictObject({ unread_count: z.number().int() }), "How many are unread.") },
    }),
    async (c) => c.json({ unread_count: await countUnreadNotifications(c.get("services"), c.get("viewer")) }),
  )
  .patch(
    "/:id/read",
    notes({
      summary: "Mark one read",
      responses: { 200: jsonResponse(z.strictObject({ notification: NotificationSchema }), "The notification."), ...errors(404) },
    }),
    validate("param", notificationParam),
    async (c) => {
      const notification = await markNotificationRead(c.get("services"), c.get("viewer"), c.req.valid("param").id, pageLanguage(c.req.raw));
      return c.json({ notification });
    },
  )
  .post(
    "/read-all",
    notes({
      summary: "Mark all read",
      responses: { 200: jsonResponse(z.strictObject({ updated: z.number().int() }), "How many changed.") },
    }),
    async (c) => c.json({ updated: await markAllNotificationsRead(c.get("services"), c.get("viewer")) }),
  );
