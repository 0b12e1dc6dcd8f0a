import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, sqlList, updatedAt } from "./columns.ts";
import { users } from "./users.ts";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENTS,
  type WebhookDeliveryStatus,
  type WebhookDisabledReason,
  type WebhookEvent,
} from "./webhook-enums.ts";

export * from "./webhook-enums.ts";

/**
 * An admin's webhook endpoint (issue 25, migration 0027, docs/decisions/032). `secret` is the
 * Standard Webhooks signing secret encrypted with AES-GCM under a key derived (HKDF) from
 * AUTH_SECRET, the row's id as additional data: a database read alone does not give it away.
 */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: id(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** JSON array of WEBHOOK_EVENTS. */
    events: text("events").notNull(),
    /** "v1." + base64(iv ‖ AES-GCM ciphertext) of the whsec_ secret (webhook-secret.ts). */
    secret: text("secret").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    disabledReason: text("disabled_reason").$type<WebhookDisabledReason>(),
    /** When its deliveries started failing without a success since (null: the last try went through). */
    failingSince: text("failing_since"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Migration 0028 (last, as ALTER TABLE adds them: insert … select lists columns in this order).
    /** The secret before the last rotation, sealed the same way; deliveries are signed with it too until previousSecretExpiresAt. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: text("previous_secret_expires_at"),
  },
  (t) => [
    check("webhook_endpoints_url_check", sql`${t.url} like 'https://%' or ${t.url} like 'http://%'`),
    check("webhook_endpoints_events_check", sql`json_valid(${t.events}) and json_type(${t.events}) = 'array'`),
    check(
      "webhook_endpoints_disabled_reason_check",
      sql`${t.disabledReason} is null or ${t.disabledReason} in ${sqlList(WEBHOOK_DISABLED_REASONS)}`,
    ),
  ],
);

/**
 * One event for one endpoint: the outbox row of a webhook (docs/decisions/032). Its id is the
 * Standard Webhooks `webhook-id` (stable across every try and a resend), `payload` the exact
 * body every try signs and sends. A delivery claims it with one guarded UPDATE, so a duplicate
 * queue message, a queue retry and the Cron never send it at the same time.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").$type<WebhookEvent>().notNull(),
    payload: text("payload").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** A delivery in progress holds the row until then (ISO instant). */
    claimedUntil: text("claimed_until"),
    /** When the next try is due (the Cron's safety net tries a pending row once this is past). */
    nextAttemptAt: text("next_attempt_at"),
    lastAttemptAt: text("last_attempt_at"),
    /** The last answer's HTTP status (null: none, e.g. a timeout or a refused address). */
    responseStatus: integer("response_status"),
    /** How long the last try took, in milliseconds. */
    responseMs: integer("response_ms"),
    /** At most the first 1024 bytes of the last answer's body. */
    responseBody: text("response_body"),
    lastError: text("last_error"),
    deliveredAt: text("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_status_next_idx").on(t.status, t.nextAttemptAt),
    check("webhook_deliveries_status_check", sql`${t.status} in ${sqlList(WEBHOOK_DELIVERY_STATUSES)}`),
    check("webhook_deliveries_event_check", sql`${t.eventType} in ${sqlList(WEBHOOK_EVENTS)}`),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
