import { Hono } from "hono";
import { z } from "zod";
import {
  getNotificationPreferences,
  notificationPreferencesSchema,
  saveNotificationPreferences,
} from "../services/notification-preferences-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";
import { describe, jsonResponse, TAGS } from "./openapi.ts";
import { NotificationPreferencesSchema } from "./schemas.ts";

const preferencesAnswer = jsonResponse(z.strictObject({ preferences: NotificationPreferencesSchema }), "My notification settings.");

/**
 * /api/settings — the signed-in user's own settings only (401 anonymous; there is no user id
 * in the path, so nobody can name another user's row).
 * GET /notifications → {preferences} (the spec's defaults until saved) ·
 * PUT /notifications {new_leads, status_changes, task_reminders, meeting_reminders,
 * email_notifications, push_notifications, weekly_reports, monthly_reports} (all booleans)
 * → {preferences}; 400 validation_failed naming the field, in the caller's language.
 */
export const settingsApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/notifications",
    describe(TAGS.settings, { summary: "My notification settings", responses: { 200: preferencesAnswer } }),
    async (c) => c.json({ preferences: await getNotificationPreferences(c.get("services"), c.get("viewer")) }),
  )
  .put(
    "/notifications",
    describe(TAGS.settings, { summary: "Save my notification settings", responses: { 200: preferencesAnswer } }),
    validate("json", notificationPreferencesSchema),
    async (c) => c.json({ preferences: await saveNotificationPreferences(c.get("services"), c.get("viewer"), c.req.valid("json")) }),
  );
