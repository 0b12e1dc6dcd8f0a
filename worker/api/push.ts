import { Hono } from "hono";
import { z } from "zod";
import { listPushDevices, pushSubscriptionSchema, removePushDevice, savePushDevice, vapidPublicKey } from "../services/push-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";
import { describe, errors, jsonResponse, noContent, TAGS, type RouteDescription } from "./openapi.ts";
import { PushDeviceSchema } from "./schemas.ts";

const push = (spec: RouteDescription) => describe(TAGS.push, spec);

const deviceParam = z.object({ id: z.string().min(1).max(64) });

/**
 * /api/push — Web Push (Settings → Notificações, docs/decisions/029): the signed-in user's own
 * devices only, any role (401 anonymous; there is no user id to name, and another user's
 * device id is 404).
 * GET /key → {public_key} (the VAPID key to subscribe with; null when the server has none) ·
 * GET /devices → {devices} · POST /devices {endpoint, keys: {p256dh, auth}} (the browser's
 * PushSubscription.toJSON()) → 201 {device}, stored for this session (400 validation_failed
 * naming the field; 503 when push is not configured) · DELETE /devices/:id → 204.
 */
export const pushApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/key",
    push({
      summary: "The VAPID public key",
      responses: {
        200: jsonResponse(
          z.strictObject({ public_key: z.string().nullable() }),
          "The key to subscribe with; null when the server has none.",
        ),
      },
    }),
    (c) => c.json({ public_key: vapidPublicKey(c.env) }),
  )
  .get(
    "/devices",
    push({
      summary: "My push devices",
      responses: { 200: jsonResponse(z.strictObject({ devices: z.array(PushDeviceSchema) }), "My devices.") },
    }),
    async (c) => c.json({ devices: await listPushDevices(c.get("services"), c.get("viewer")) }),
  )
  .post(
    "/devices",
    push({
      summary: "Register this browser for push",
      description: "The browser's PushSubscription.toJSON().",
      responses: { 201: jsonResponse(z.strictObject({ device: PushDeviceSchema }), "The device."), ...errors(503) },
    }),
    validate("json", pushSubscriptionSchema),
    async (c) => {
      const device = await savePushDevice(c.get("services"), c.get("viewer"), c.req.valid("json"), c.req.header("User-Agent") ?? null);
      return c.json({ device }, 201);
    },
  )
  .delete(
    "/devices/:id",
    push({ summary: "Remove a push device", responses: { 204: noContent("Removed."), ...errors(404) } }),
    validate("param", deviceParam),
    async (c) => {
      await removePushDevice(c.get("services"), c.get("viewer"), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
