import { Hono } from "hono";
import { z } from "zod";
import { getSystemSettings, saveSystemSettings, systemSettingsSchema } from "../services/org-settings-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth, requireRole } from "./middleware.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { describe, jsonResponse, TAGS } from "./openapi.ts";
import { SystemSettingsSchema } from "./schemas.ts";

const settingsAnswer = jsonResponse(z.strictObject({ settings: SystemSettingsSchema }), "The organisation's settings.");

/**
 * /api/settings/system — the organisation's settings (Settings → Sistema; docs/decisions/021).
 * GET → {settings} for any signed-in role (401 anonymous) ·
 * PUT {company_name, time_zone, currency, auto_backup, maintenance_mode, debug_mode} → {settings},
 * admins only (403 for managers and sales reps, before the body is looked at); 400
 * validation_failed with each field's issue in the caller's language.
 */
export const systemSettingsApi = new Hono<AppEnv>()
  .get(
    "/",
    describe(TAGS.settings, { summary: "The organisation's settings", responses: { 200: settingsAnswer } }),
    requireAuth,
    async (c) => c.json({ settings: await getSystemSettings(c.get("services"), c.get("viewer")) }),
  )
  .put(
    "/",
    describe(TAGS.settings, { summary: "Save the organisation's settings", responses: { 200: settingsAnswer } }),
    requireRole("admin"),
    validateWithMessageKeys("json", systemSettingsSchema),
    async (c) => c.json({ settings: await saveSystemSettings(c.get("services"), c.get("viewer"), c.req.valid("json")) }),
  );
