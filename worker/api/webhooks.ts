import { Hono } from "hono";
import { z } from "zod";
import {
  createWebhookEndpoint,
  createWebhookSchema,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  updateWebhookSchema,
} from "../services/webhooks/webhook-service.ts";
import type { AppEnv } from "./context.ts";
import { requireRole } from "./middleware.ts";
import { validate } from "./validate.ts";

const endpointParam = z.object({ id: z.string().min(1).max(64) });
const deliveryParam = z.object({ id: z.string().min(1).max(64), deliveryId: z.string().min(1).max(64) });

/**
 * /api/webhooks — Settings → API → Webhooks (issue 25, docs/decisions/032), admins only (401
 * anonymous, 403 managers and sales reps):
 * GET / → {endpoints} · POST / {url, description?, events} → 201 {endpoint, secret} (the
 * secret only here; 400 validation_failed naming `url` when it is refused, 409
 * webhook_limit_reached past 20) · PATCH /:id {url?, description?, events?, enabled?} →
 * {endpoint} · DELETE /:id → 204 · POST /:id/rotate-secret → {endpoint, secret} ·
 * GET /:id/deliveries → {deliveries} (newest 50) · POST /:id/deliveries/:deliveryId/resend →
 * 202 {delivery} (409 webhook_delivery_pending / webhook_endpoint_disabled).
 */
export const webhooksApi = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/", async (c) => c.json({ endpoints: await listWebhookEndpoints(c.get("services"), c.get("viewer")) }))
  .post("/", validate("json", createWebhookSchema), async (c) =>
    c.json(await createWebhookEndpoint(c.get("services"), c.get("viewer"), c.req.valid("json")), 201),
  )
  .patch("/:id", validate("param", endpointParam), validate("json", updateWebhookSchema), async (c) => {
    const endpoint = await updateWebhookEndpoint(c.get("services"), c.get("viewer"), c.req.valid("param").id, c.req.valid("json"));
    return c.json({ endpoint });
  })
  .delete("/:id", validate("param", endpointParam), async (c) => {
    await deleteWebhookEndpoint(c.get("services"), c.get("viewer"), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .post("/:id/rotate-secret", validate("param", endpointParam), async (c) =>
    c.json(await rotateWebhookSecret(c.get("services"), c.get("viewer"), c.req.valid("param").id)),
  )
  .get("/:id/deliveries", validate("param", endpointParam), async (c) =>
    c.json({ deliveries: await listWebhookDeliveries(c.get("services"), c.get("viewer"), c.req.valid("param").id) }),
  )
  .post("/:id/deliveries/:deliveryId/resend", validate("param", deliveryParam), async (c) => {
    const { id, deliveryId } = c.req.valid("param");
    return c.json({ delivery: await resendWebhookDelivery(c.get("services"), c.get("viewer"), id, deliveryId) }, 202);
  });
