// Settings → API → Webhooks (issue 25, docs/decisions/032): admins register endpoints, see
// their deliveries and resend one. Only admins (assertRole); the API adds 401/403 before this.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { assertRole } from "../../auth/permissions.ts";
import {
  WEBHOOK_EVENTS,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookDisabledReason,
  type WebhookEndpoint,
  type WebhookEvent,
} from "../../db/schema/index.ts";
import { auditStatement } from "../audit-service.ts";
import { DomainError, invalidField, NotFoundError } from "../errors.ts";
import type { Authenticated, ServiceContext } from "../service-context.ts";
import { queueWebhookDeliveries } from "./webhook-delivery.ts";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret.ts";
import { checkWebhookUrl, loopbackAllowed, WEBHOOK_URL_MAX_LENGTH } from "./webhook-url.ts";

/** An organisation keeps at most this many endpoints (decided in the INSERT itself). */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** The deliveries list shows this many, newest first. */
export const WEBHOOK_DELIVERY_LIST_LIMIT = 50;

export type WebhookDeliverySummary = {
  id: string;
  event_type: WebhookEvent;
  status: WebhookDeliveryStatus;
  response_status: number | null;
  created_at: string;
  last_attempt_at: string | null;
};

export type WebhookEndpointDto = {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabled_reason: WebhookDisabledReason | null;
  failing_since: string | null;
  /** Until when the secret before the last rotation still signs deliveries too (null: it no longer does). */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
  last_delivery: WebhookDeliverySummary | null;
};

export type WebhookDeliveryDto = WebhookDeliverySummary & {
  attempts: number;
  response_ms: number | null;
  /** At most the first 1 KB of the receiver's answer. */
  response_body: string | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
};

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: "apiErrors.field.invalid_value" }), { error: "apiErrors.field.invalid_value" })
  .min(1, { error: "apiErrors.field.webhook_events_required" })
  .max(WEBHOOK_EVENTS.length, { error: "apiErrors.field.invalid_value" })
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

const urlSchema = z
  .string({ error: "apiErrors.field.required" })
  .trim()
  .min(1, { error: "apiErrors.field.required" })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: "apiErrors.field.too_long" });

const descriptionSchema = z.string({ error: "apiErrors.field.invalid_value" }).trim().max(200, { error: "apiErrors.field.too_long" });

/** POST /api/webhooks. */
export const createWebhookSchema = z.strictObject(
  { url: urlSchema, description: descriptionSchema.default(""), events: eventsSchema },
  { error: "apiErrors.field.invalid_value" },
);
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** PATCH /api/webhooks/:id: any of them. */
export const updateWebhookSchema = z.strictObject(
  {
    url: urlSchema.optional(),
    description: descriptionSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean({ error: "apiErrors.field.invalid_value" }).optional(),
  },
  { error: "apiErrors.field.invalid_value" },
);
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

/** The URL as stored, or validation_failed on `url` saying why it is refused (before anything is written). */
function acceptedUrl(ctx: ServiceContext, raw: string): string {
  const check = checkWebhookUrl(raw, loopbackAllowed(ctx.env));
  if (!check.ok) throw invalidField("url", `apiErrors.field.webhook_url_${check.reason}`);
  return check.url.toString();
}

function parseEvents(json: string): WebhookEvent[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? WEBHOOK_EVENTS.filter((event) => value.includes(event)) : [];
  } catch {
    return [];
  }
}

const summary = (
  row: Pick<WebhookDelivery, "id" | "eventType" | "status" | "responseStatus" | "createdAt" | "lastAttemptAt">,
): WebhookDeliverySummary => ({
  id: row.id,
  event_type: row.eventType,
  status: row.status,
  response_status: row.responseStatus,
  created_at: row.createdAt,
  last_attempt_at: row.lastAttemptAt,
});

const toEndpointDto = (row: WebhookEndpoint, last: WebhookDeliverySummary | null): WebhookEndpointDto => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: parseEvents(row.events),
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  failing_since: row.failingSince,
  previous_secret_expires_at:
    row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date().toISOString()
      ? row.previousSecretExpiresAt
      : null,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  last_delivery: last,
});

const toDeliveryDto = (row: WebhookDelivery): WebhookDeliveryDto => ({
  ...summary(row),
  attempts: row.attempts,
  response_ms: row.responseMs,
  response_body: row.responseBody,
  last_error: row.lastError,
  next_attempt_at: row.nextAttemptAt,
  delivered_at: row.deliveredAt,
});

/** The endpoint's newest delivery, or null. */
async function lastDelivery(ctx: ServiceContext, endpointId: string): Promise<WebhookDeliverySummary | null> {
  const row = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(1)
    .get();
  return row ? summary(row) : null;
}

async function endpointOr404(ctx: ServiceContext, id: string): Promise<WebhookEndpoint> {
  const row = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * How an endpoint reads in the audit trail: its description and host (the full URL, often a
 * credential in its path, is only in the entry's before → after, which admins alone read).
 */
function auditLabel(row: Pick<WebhookEndpoint, "url" | "description">): string {
  let host = row.url;
  try {
    host = new URL(row.url).host;
  } catch {
    // A stored URL always parses; the raw text is the fallback.
  }
  return row.description ? `${row.description} (${host})` : host;
}

/** The fields of an endpoint the audit trail records (never its secret). */
const auditFields = (row: Pick<WebhookEndpoint, "url" | "description" | "events" | "enabled">) => ({
  url: row.url,
  description: row.description,
  events: parseEvents(row.events),
  enabled: row.enabled,
});

/** Every endpoint, oldest first, each with its newest delivery. */
export async function listWebhookEndpoints(ctx: ServiceContext, actor: Authenticated): Promise<WebhookEndpointDto[]> {
  assertRole(actor.user, "admin");
  const rows = await ctx.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id).all();
  return Promise.all(rows.map(async (row) => toEndpointDto(row, await lastDelivery(ctx, row.id))));
}

/**
 * Registers an endpoint with a new secret, returned here and never again. The limit is decided
 * by the INSERT itself (`… select … where (select count(*) …) < MAX`): a burst of creations
 * leaves exactly MAX_WEBHOOK_ENDPOINTS.
 */
export async function createWebhookEndpoint(
  ctx: ServiceContext,
  actor: Authenticated,
  input: CreateWebhookInput,
): Promise<{ endpoint: WebhookEndpointDto; secret: string }> {
  assertRole(actor.user, "admin");
  const url = acceptedUrl(ctx, input.url);
  const id = crypto.randomUUID();
  const secret = newWebhookSecret();
  const sealed = await sealWebhookSecret(ctx.env, id, secret);
  const now = new Date().toISOString();
  const events = JSON.stringify(input.events);
  // The entry joins the INSERT's batch and is written only if the INSERT went through.
  const [inserted] = await ctx.db.batch([
    // The table's columns in their declared order (insert … select names them all in it).
    ctx.db
      .insert(webhookEndpoints)
      .select(
        sql`select ${id}, ${url}, ${input.description}, ${events}, ${sealed}, 1, null, null, ${actor.user.id}, ${now}, ${now}, null, null where (select count(*) from webhook_endpoints) < ${MAX_WEBHOOK_ENDPOINTS}`,
      )
      .returning({ id: webhookEndpoints.id }),
    auditStatement(
      ctx.db,
      actor.user,
      {
        action: "webhook.created",
        targetType: "webhook_endpoint",
        targetId: id,
        targetLabel: auditLabel({ url, description: input.description }),
        after: auditFields({ url, description: input.description, events, enabled: true }),
      },
      { onlyIfChanged: true },
    ),
  ]);
  if (inserted.length === 0) throw new DomainError("conflict", "webhook_limit_reached", { max: MAX_WEBHOOK_ENDPOINTS });
  return { endpoint: toEndpointDto(await endpointOr404(ctx, id), null), secret };
}

/**
 * Changes the URL, description, events or the switch; turning it on clears a failing streak. The
 * audit entry (in the UPDATE's batch, only if it changed the row) has before → after of the
 * fields whose value changed; a PATCH that changes none writes no entry.
 */
export async function updateWebhookEndpoint(
  ctx: ServiceContext,
  actor: Authenticated,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpointDto> {
  assertRole(actor.user, "admin");
  const set: Partial<WebhookEndpoint> = { updatedAt: new Date().toISOString() };
  if (input.url !== undefined) set.url = acceptedUrl(ctx, input.url);
  if (input.description !== undefined) set.description = input.description;
  if (input.events !== undefined) set.events = JSON.stringify(input.events);
  if (input.enabled === true) Object.assign(set, { enabled: true, disabledReason: null, failingSince: null });
  if (input.enabled === false) Object.assign(set, { enabled: false, disabledReason: "manual" });
  const current = await endpointOr404(ctx, id);
  const was = auditFields(current);
  const will = auditFields({ ...current, ...set });
  const keys = (Object.keys(was) as (keyof typeof was)[]).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(will[key]));
  const update = ctx.db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning();
  const [[row]] =
    keys.length === 0
      ? [await update]
      : await ctx.db.batch([
          update,
          auditStatement(
            ctx.db,
            actor.user,
            {
              action: "webhook.updated",
              targetType: "webhook_endpoint",
              targetId: id,
              targetLabel: auditLabel(current),
              before: Object.fromEntries(keys.map((key) => [key, was[key]])),
              after: Object.fromEntries(keys.map((key) => [key, will[key]])),
            },
            { onlyIfChanged: true },
          ),
        ]);
  if (!row) throw new NotFoundError();
  return toEndpointDto(row, await lastDelivery(ctx, id));
}

/** Removes the endpoint and its deliveries (a queued one then finds nothing to send). */
export async function deleteWebhookEndpoint(ctx: ServiceContext, actor: Authenticated, id: string): Promise<void> {
  assertRole(actor.user, "admin");
  const current = await endpointOr404(ctx, id);
  const [gone] = await ctx.db.batch([
    ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id }),
    auditStatement(
      ctx.db,
      actor.user,
      {
        action: "webhook.deleted",
        targetType: "webhook_endpoint",
        targetId: id,
        targetLabel: auditLabel(current),
        before: auditFields(current),
      },
      { onlyIfChanged: true },
    ),
  ]);
  if (gone.length === 0) throw new NotFoundError();
}

/** How long the secret before a rotation still signs deliveries (with the new one), unless revoked at once. */
export const WEBHOOK_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * A new secret, returned here only. The one it replaces keeps signing deliveries too for
 * WEBHOOK_SECRET_GRACE_MS (both signatures in webhook-signature), so a receiver can switch
 * without a refused delivery; `revokePrevious` (a leaked secret) ends it at once. The
 * previous secret is the current one as it is sealed (same endpoint id, same key): the UPDATE
 * copies it in SQL, so two rotations at once cannot keep a secret nobody was shown.
 */
export async function rotateWebhookSecret(
  ctx: ServiceContext,
  actor: Authenticated,
  id: string,
  { revokePrevious = false }: { revokePrevious?: boolean } = {},
  now = new Date(),
): Promise<{ endpoint: WebhookEndpointDto; secret: string }> {
  assertRole(actor.user, "admin");
  const current = await endpointOr404(ctx, id);
  const secret = newWebhookSecret();
  const sealed = await sealWebhookSecret(ctx.env, id, secret);
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(webhookEndpoints)
      .set({
        secret: sealed,
        previousSecret: revokePrevious ? null : sql`${webhookEndpoints.secret}`,
        previousSecretExpiresAt: revokePrevious ? null : new Date(now.getTime() + WEBHOOK_SECRET_GRACE_MS).toISOString(),
        updatedAt: now.toISOString(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning(),
    auditStatement(
      ctx.db,
      actor.user,
      {
        action: "webhook.secret_rotated",
        targetType: "webhook_endpoint",
        targetId: id,
        targetLabel: auditLabel(current),
        // Whether the secret it replaced still signs for a day or was revoked at once.
        after: { previous_secret: revokePrevious ? "revoked" : "valid_24h" },
      },
      { onlyIfChanged: true },
    ),
  ]);
  if (!row) throw new NotFoundError();
  return { endpoint: toEndpointDto(row, await lastDelivery(ctx, id)), secret };
}

/** The endpoint's newest deliveries. */
export async function listWebhookDeliveries(ctx: ServiceContext, actor: Authenticated, endpointId: string): Promise<WebhookDeliveryDto[]> {
  assertRole(actor.user, "admin");
  await endpointOr404(ctx, endpointId);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_LIST_LIMIT)
    .all();
  return rows.map(toDeliveryDto);
}

/**
 * Sends a settled delivery again, with the same webhook-id and body (a receiver that has it
 * already may drop it), as a new round of tries. Only a sent or failed one (a pending one is on
 * its way: conflict), only while the endpoint is enabled (webhook_endpoint_disabled).
 */
export async function resendWebhookDelivery(
  ctx: ServiceContext,
  actor: Authenticated,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDto> {
  assertRole(actor.user, "admin");
  const endpoint = await endpointOr404(ctx, endpointId);
  if (!endpoint.enabled) throw new DomainError("conflict", "webhook_endpoint_disabled");
  const now = new Date().toISOString();
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, claimedUntil: null, lastError: null })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          sql`${webhookDeliveries.status} != 'pending'`,
        ),
      )
      .returning(),
    auditStatement(
      ctx.db,
      actor.user,
      {
        action: "webhook.delivery_resent",
        targetType: "webhook_endpoint",
        targetId: endpointId,
        targetLabel: auditLabel(endpoint),
        after: { delivery_id: deliveryId },
      },
      { onlyIfChanged: true },
    ),
  ]);
  if (!row) {
    const exists = await ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .get();
    throw exists ? new DomainError("conflict", "webhook_delivery_pending") : new NotFoundError();
  }
  await queueWebhookDeliveries(ctx, [row.id]);
  return toDeliveryDto(row);
}
