import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_LANGUAGE, isLanguage, languageFromCookie, type Language } from "~/i18n";
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../services/notification-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";

const notificationParam = z.object({ id: z.string().min(1).max(64) });

/**
 * The language the items' titles and messages are written in: the caller's choice (`?lang=`,
 * then the CRM's language cookie), else the CRM's default (pt) — exactly how the CRM's pages
 * pick theirs (app/root.tsx), so the bell always reads like the page around it. Never
 * Accept-Language, and never the language saved on the user: that one is for what reaches
 * them outside a page (e-mail, push), and another tab may have changed it.
 */
function chosenLanguage(request: Request): Language {
  const fromQuery = new URL(request.url).searchParams.get("lang");
  if (isLanguage(fromQuery)) return fromQuery;
  return languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
}

/**
 * /api/notifications — the signed-in user's own notifications only (401 anonymous), their
 * texts in the reader's language (chosenLanguage; docs/decisions/025).
 * GET / → {items (50 newest first), unread_count (all unread)} · GET /unread-count →
 * {unread_count} (the bell's poll: no list) · PATCH /:id/read → {notification} (404 when
 * the id is not the caller's) · POST /read-all → {updated}.
 */
export const notificationsApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => c.json(await listNotifications(c.get("services"), c.get("viewer"), chosenLanguage(c.req.raw))))
  .get("/unread-count", async (c) => c.json({ unread_count: await countUnreadNotifications(c.get("services"), c.get("viewer")) }))
  .patch("/:id/read", validate("param", notificationParam), async (c) => {
    const notification = await markNotificationRead(c.get("services"), c.get("viewer"), c.req.valid("param").id, chosenLanguage(c.req.raw));
    return c.json({ notification });
  })
  .post("/read-all", async (c) => c.json({ updated: await markAllNotificationsRead(c.get("services"), c.get("viewer")) }));
