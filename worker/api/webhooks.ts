import { Hono } from "hono";
import { z } from "zod";
import {
  createWebhookEndpoint,
  createWebhookSchema,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  updateWebhookSchema,
  WEBHOOK_DELIVERY_LIST_LIMIT,
} from "../services/webhooks/webhook-service.ts";
import type { AppEnv } from "./context.ts";
import { requireRole } from "./middleware.ts";
import { describe, errorResponse, errors, jsonResponse, noContent, TAGS, type RouteDescription } from "./openapi.ts";
import { WebhookDeliverySchema, WebhookEndpointSchema, WebhookEndpointWithSecretSchema } from "./schemas.ts";
import { validate } from "./validate.ts";

const webhooks = (spec: RouteDescription) => describe(TAGS.webhooks, spec);

const endpointParam = z.object({ id: z.string().min(1).max(64) });
const deliveryParam = z.object({ id: z.string().min(1).max(64), deliveryId: z.string().min(1).max(64) });

/** POST /:id/rotate-secret's optional body. */
const rotateSecretSchema = z.strictObject({
  revoke_previous: z.boolean({ error: "apiErrors.field.invalid_value" }).optional(),
});

const URL_REFUSED =
  "validation_failed (`issues` names each field); for `url`, also why it is refused: not a URL, not https, credentials in it, or not a public host (a private, loopback or link-local address, an internal host name).";

/**
 * /api/webhooks — Settings → API → Webhooks (issue 25, docs/decisions/032), admins only (401
 * anonymous, 403 managers and sales reps):
 * GET / → {endpoints} · POST / {url, description?, events} → 201 {endpoint, secret} (the
 * secret only here; 400 validation_failed naming `url` when it is refused, 409
 * webhook_limit_reached past 20) · PATCH /:id {url?, description?, events?, enabled?} →
 * {endpoint} · DELETE /:id → 204 · POST /:id/rotate-secret {revoke_previous?} → {endpoint,
 * secret} (the old secret signs too for 24 h unless revoked) ·
 * GET /:id/deliveries → {deliveries} (newest 50) · POST /:id/deliveries/:deliveryId/resend →
 * 202 {delivery} (409 webhook_delivery_pending / webhook_endpoint_disabled).
 */
export const webhooksApi = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get(
    "/",
    webhooks({
      summary: "List webhook endpoints",
      description: "Every endpoint, oldest first, each with its newest delivery.",
      responses: {
        200: jsonResponse(z.strictObject({ endpoints: z.array(WebhookEndpointSchema) }), "The endpoints, without their secrets."),
      },
    }),
    async (c) => c.json({ endpoints: await listWebhookEndpoints(c.get("services"), c.get("viewer")) }),
  )
  .post(
    "/",
    webhooks({
      summary: "Register a webhook endpoint",
      description: `An https URL on a public host and the events it receives; its signing secret is in this answer only. At most ${MAX_WEBHOOK_ENDPOINTS} endpoints.`,
      responses: {
        201: jsonResponse(WebhookEndpointWithSecretSchema, "The endpoint and its signing secret (shown once)."),
        400: errorResponse(400, URL_REFUSED),
        409: errorResponse(409, `webhook_limit_reached: there are already ${MAX_WEBHOOK_ENDPOINTS} endpoints.`),
      },
    }),
    validate("json", createWebhookSchema),
    async (c) => c.json(await createWebhookEndpoint(c.get("services"), c.get("viewer"), c.req.valid("json")), 201),
  )
  .patch(
    "/:id",
    webhooks({
      summary: "Change a webhook endpoint",
      description: "Any of its URL, description, events, or `enabled` (turning it on again clears a failing streak).",
      responses: {
        200: jsonResponse(z.strictObject({ endpoint: WebhookEndpointSchema }), "The endpoint as saved."),
        400: errorResponse(400, URL_REFUSED),
        ...errors(404),
      },
    }),
    validate("param", endpointParam),
    validate("json", updateWebhookSchema),
    async (c) => {
      const endpoint = await updateWebhookEndpoint(c.get("services"), c.get("viewer"), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ endpoint });
    },
  )
  .delete(
    "/:id",
    webhooks({
      summary: "Delete a webhook endpoint",
      description: "With its deliveries; one already queued finds nothing to send.",
      responses: { 204: noContent("Deleted."), ...errors(404) },
    }),
    validate("param", endpointParam),
    async (c) => {
      await deleteWebhookEndpoint(c.get("services"), c.get("viewer"), c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .post(
    "/:id/rotate-secret",
    webhooks({
      summary: "Rotate a webhook endpoint's secret",
      description:
        "A new signing secret, in this answer only. The old one keeps signing deliveries too (both signatures in webhook-signature) for 24 hours, until `previous_secret_expires_at`, so the receiver can switch without a refused delivery; `revoke_previous: true` (a leaked secret) ends it at once. The body is optional.",
      responses: {
        200: jsonResponse(WebhookEndpointWithSecretSchema, "The endpoint and its new secret (shown once)."),
        ...errors(400, 404),
      },
    }),
    validate("param", endpointParam),
    validate("json", rotateSecretSchema),
    async (c) =>
      c.json(
        await rotateWebhookSecret(c.get("services"), c.get("viewer"), c.req.valid("param").id, {
          revokePrevious: c.req.valid("json").revoke_previous ?? false,
        }),
      ),
  )
  .get(
    "/:id/deliveries",
    webhooks({
      summary: "Recent deliveries of a webhook endpoint",
      description: `The newest ${WEBHOOK_DELIVERY_LIST_LIMIT}, with status, the receiver's answer (at most 1 KB) and response time.`,
      responses: { 200: jsonResponse(z.strictObject({ deliveries: z.array(WebhookDeliverySchema) }), "Newest first."), ...errors(404) },
    }),
    validate("param", endpointParam),
    async (c) => c.json({ deliveries: await listWebhookDeliveries(c.get("services"), c.get("viewer"), c.req.valid("param").id) }),
  )
  .post(
    "/:id/deliveries/:deliveryId/resend",
    webhooks({
      summary: "Resend a webhook delivery",
      description:
        "Sends a settled (sent or failed) delivery again through the queue, with the same webhook-id and body, as a new round of tries.",
      responses: {
        202: jsonResponse(z.strictObject({ delivery: WebhookDeliverySchema }), "Queued again (status pending)."),
        ...errors(404),
        409: errorResponse(
          409,
          "webhook_delivery_pending: the delivery is still on its way; webhook_endpoint_disabled: turn the endpoint on first.",
        ),
      },
    }),
    validate("param", deliveryParam),
    async (c) => {
      const { id, deliveryId } = c.req.valid("param");
      return c.json({ delivery: await resendWebhookDelivery(c.get("services"), c.get("viewer"), id, deliveryId) }, 202);
    },
  );
