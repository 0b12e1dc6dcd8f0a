// Webhook deliveries (issue 25, docs/decisions/032): an event becomes one outbox row per
// subscribed endpoint (webhook_deliveries, its id the Standard Webhooks webhook-id), then one
// WEBHOOK_QUEUE message per row; the queue's consumer claims the row (one guarded UPDATE, so a
// duplicate message, a queue retry and the Cron never send it at once), checks the URL again,
// signs and POSTs it, and records the answer. Failed tries come back with WEBHOOK_RETRY_DELAYS
// (about a day in all); an endpoint that keeps failing is disabled and every active admin told.
import { sql } from "drizzle-orm";
import { notifications, webhookDeliveries, webhookEndpoints, type WebhookDelivery, type WebhookEvent } from "../../db/schema/index.ts";
import { readBatch } from "../../db/raw-batch.ts";
import { sqlUuid } from "../../db/sql-uuid.ts";
import { publishNotifications } from "../notification-service.ts";
import { notificationColumns } from "../notification-text.ts";
import type { ServiceContext } from "../service-context.ts";
import { openWebhookSecret, signWebhook } from "./webhook-secret.ts";
import { checkWebhookUrl, loopbackAllowed } from "./webhook-url.ts";

declare global {
  interface Env {
    /** Producer of agency-edge-webhooks (wrangler.toml); absent: rows wait for the Cron. */
    WEBHOOK_QUEUE?: Queue<WebhookQueueMessage>;
  }
}

/** The queues of wrangler.toml: the deliveries and their dead letters. */
export const WEBHOOK_QUEUE_NAME = "agency-edge-webhooks";
export const WEBHOOK_DLQ_NAME = "agency-edge-webhooks-dlq";

/** One queued delivery: the outbox row (re-read when it is delivered). */
export type WebhookQueueMessage = { delivery_id: string };

/** Delays before the 2nd … 9th try (seconds): 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h (22.7 h in all). */
export const WEBHOOK_RETRY_DELAYS = [30, 120, 600, 1800, 3600, 10_800, 21_600, 43_200] as const;
/** Tries of one delivery before it is given up. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS.length + 1;
/** How long a try holds its row: the 10 s timeout and the bookkeeping, with room. */
export const WEBHOOK_CLAIM_SECONDS = 30;
/** A try gives up on an answer after this long (headers and the first 1 KB of the body). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of an answer's body is read and stored; the rest is cancelled unread. */
export const WEBHOOK_RESPONSE_BYTES = 1024;
/** No success for this long while tries keep failing: the endpoint is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;
/** A pending row whose next try is this late lost its queue message: the Cron tries it. */
export const WEBHOOK_STALE_MS = 5 * 60 * 1000;
/** Sent and failed rows are kept this long (the deliveries list), then removed by the Cron. */
export const WEBHOOK_KEEP_DAYS = 30;

/** The delay before try `attempts + 1` after try `attempts` (1-based) failed. */
export const webhookRetryDelay = (attempts: number) =>
  WEBHOOK_RETRY_DELAYS[Math.min(Math.max(attempts, 1), WEBHOOK_RETRY_DELAYS.length) - 1]!;

/** An event as the services name it; `data` is the payload's `data` (the lead or task DTO and who did it). */
export type WebhookEventInput = { type: WebhookEvent; data: Record<string, unknown> };

/**
 * Events per outbox statement, and the most of their JSON one statement binds (D1: 100 bound
 * parameters and 2 MB per string; a statement's text stays small because the events are one parameter).
 */
const EVENTS_PER_STATEMENT = 100;
const STATEMENT_JSON_BYTES = 500_000;
/** A queue takes at most 100 messages per sendBatch. */
const MESSAGES_PER_SEND = 100;

const utf8 = new TextEncoder();

/**
 * The events as JSON arrays of {type, payload}, each at most EVENTS_PER_STATEMENT events and
 * (unless one event alone is larger) STATEMENT_JSON_BYTES of UTF-8.
 */
function eventChunks(events: readonly { type: WebhookEvent; payload: string }[]): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let bytes = 2;
  for (const event of events) {
    const part = JSON.stringify(event);
    const size = utf8.encode(part).byteLength + 1;
    if (parts.length > 0 && (parts.length === EVENTS_PER_STATEMENT || bytes + size > STATEMENT_JSON_BYTES)) {
      chunks.push(`[${parts.join(",")}]`);
      parts = [];
      bytes = 2;
    }
    parts.push(part);
    bytes += size;
  }
  if (parts.length > 0) chunks.push(`[${parts.join(",")}]`);
  return chunks;
}

/**
 * Writes one pending delivery per event and enabled endpoint subscribed to it, then queues
 * them. Returns the delivery ids. One small read first (the event types any enabled endpoint
 * subscribes to: most writes stop there), then one INSERT … SELECT per chunk of events
 * (json_each over the chunk joined with the endpoints, so endpoints changed meanwhile are read
 * in the same statement), all chunks in one D1 batch: a bulk change of 500 leads (1000 events)
 * is 1 + 10 statements, not 1000. Throws only what D1 throws; a queue that refuses leaves the
 * rows pending for the Cron (logged).
 */
export async function writeWebhookDeliveries(
  ctx: ServiceContext,
  events: readonly WebhookEventInput[],
  now = new Date(),
): Promise<string[]> {
  if (events.length === 0) return [];
  const subscribed = await ctx.db.all<{ type: string }>(sql`
    select distinct s.value as type from webhook_endpoints w, json_each(w.events) s where w.enabled = 1`);
  const wanted = new Set(subscribed.map((row) => row.type));
  const chosen = events.filter((event) => wanted.has(event.type));
  if (chosen.length === 0) return [];
  const at = now.toISOString();
  const queries = eventChunks(
    chosen.map((event) => ({ type: event.type, payload: JSON.stringify({ type: event.type, timestamp: at, data: event.data }) })),
  ).map(
    (chunk) => sql`
      insert into webhook_deliveries (id, endpoint_id, event_type, payload, status, attempts, next_attempt_at, created_at)
      select 'msg_' || replace(${sqlUuid}, '-', ''), w.id, e.value ->> '$.type', e.value ->> '$.payload', 'pending', 0, ${at}, ${at}
      from json_each(${chunk}) e
      join webhook_endpoints w on w.enabled = 1
        and exists (select 1 from json_each(w.events) s where s.value = e.value ->> '$.type')
      returning id`,
  );
  const results = await readBatch<{ id: string }[]>(ctx.db, queries);
  const ids = results.flatMap((rows) => rows.map((row) => row.id));
  await queueWebhookDeliveries(ctx, ids);
  return ids;
}

/** One WEBHOOK_QUEUE message per delivery; a queue that refuses is logged (the Cron sends them later). */
export async function queueWebhookDeliveries(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  const queue = ctx.env.WEBHOOK_QUEUE;
  if (!queue || ids.length === 0) return;
  try {
    for (let i = 0; i < ids.length; i += MESSAGES_PER_SEND) {
      await queue.sendBatch(ids.slice(i, i + MESSAGES_PER_SEND).map((id) => ({ body: { delivery_id: id }, contentType: "json" as const })));
    }
  } catch (error) {
    console.error("webhooks: the queue refused deliveries; they stay pending for the Cron", error);
  }
}

/**
 * The services' one way to announce events: after the write took, never awaited by the
 * request (waitUntil) and never thrown into it (errors are logged). Imports do not call it
 * (docs/decisions/032).
 */
export function emitWebhooks(ctx: ServiceContext, events: readonly WebhookEventInput[]): void {
  if (events.length === 0) return;
  const work = writeWebhookDeliveries(ctx, events).catch((error: unknown) => {
    console.error(`webhooks: ${events.map((e) => e.type).join(", ")} not recorded`, error);
  });
  if (ctx.waitUntil) ctx.waitUntil(work);
}

export type WebhookDeliveryOutcome =
  | { outcome: "sent" }
  /** Sent already, given up, or gone: nothing to do. */
  | { outcome: "skipped" }
  /** Another try holds the row right now. */
  | { outcome: "busy" }
  /** Failed; tried again after `delaySeconds`. */
  | { outcome: "retry"; delaySeconds: number; error: string }
  /** Failed for good (its last try, a refused URL, a disabled endpoint). */
  | { outcome: "failed"; error: string };

export type WebhookDeliveryOptions = {
  /** The fetch a try uses (tests hand in a receiver of their own). */
  fetch?: typeof fetch;
  now?: () => Date;
  /** WEBHOOK_TIMEOUT_MS unless a test shortens it. */
  timeoutMs?: number;
};

type Attempt = { status: number | null; ms: number | null; body: string | null; error: string | null; ok: boolean };

/** Reads at most WEBHOOK_RESPONSE_BYTES of a body and cancels the rest. */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < WEBHOOK_RESPONSE_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(size, WEBHOOK_RESPONSE_BYTES));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
    if (at >= bytes.length) break;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * One POST of a delivery: signed now with each secret (the current one first; the previous one
 * too while a rotation's grace lasts: space-separated, as Standard Webhooks allows), no redirect
 * followed, WEBHOOK_TIMEOUT_MS for the answer and its first KB.
 */
async function post(
  doFetch: typeof fetch,
  url: URL,
  row: WebhookDelivery,
  secrets: readonly string[],
  now: () => Date,
  timeoutMs: number,
): Promise<Attempt> {
  const timestamp = Math.floor(now().getTime() / 1000);
  const signatures = await Promise.all(secrets.map((secret) => signWebhook(secret, row.id, timestamp, row.payload)));
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "agency-edge-webhooks/1",
    "webhook-id": row.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.join(" "),
  };
  const started = Date.now();
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await doFetch(url.toString(), { method: "POST", headers, body: row.payload, redirect: "manual", signal });
    const ms = Date.now() - started;
    const body = await readCapped(response).catch(() => "");
    const ok = response.status >= 200 && response.status < 300;
    const error = ok
      ? null
      : response.status >= 300 && response.status < 400
        ? `redirect ${response.status} not followed`
        : `HTTP ${response.status}`;
    return { status: response.status, ms, body, error, ok };
  } catch (error) {
    const timedOut = signal.aborted || (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
    return {
      status: null,
      ms: Date.now() - started,
      body: null,
      error: timedOut
        ? `no answer within ${timeoutMs / 1000} s`
        : `connection failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
      ok: false,
    };
  }
}

/**
 * Tries one delivery, at most one try at a time: claimed with one guarded UPDATE (pending, not
 * held; attempts + 1), then the endpoint and its URL are checked again (a refused URL or a
 * disabled endpoint fails it for good without any connection), signed and posted, and the
 * answer recorded. A failure before WEBHOOK_MAX_ATTEMPTS leaves it pending with its next try's
 * time; the last one fails it. Each failure may disable the endpoint (recordEndpointFailure).
 */
export async function deliverWebhook(
  ctx: ServiceContext,
  id: string,
  options: WebhookDeliveryOptions = {},
): Promise<WebhookDeliveryOutcome> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const at = started.toISOString();
  const until = new Date(started.getTime() + WEBHOOK_CLAIM_SECONDS * 1000).toISOString();
  const [claimed] = await ctx.db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, claimedUntil: until, lastAttemptAt: at })
    .where(
      sql`${webhookDeliveries.id} = ${id} and ${webhookDeliveries.status} = 'pending'
          and (${webhookDeliveries.claimedUntil} is null or ${webhookDeliveries.claimedUntil} < ${at})`,
    )
    .returning();
  if (!claimed) {
    const row = await ctx.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.id} = ${id}`)
      .get();
    return row?.status === "pending" ? { outcome: "busy" } : { outcome: "skipped" };
  }
  const endpoint = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(sql`${webhookEndpoints.id} = ${claimed.endpointId}`)
    .get();
  if (!endpoint) return { outcome: "skipped" };
  const giveUp = (error: string) => finish(ctx, claimed, { status: null, ms: null, body: null, error, ok: false }, started, true);
  if (!endpoint.enabled) return giveUp("endpoint disabled");
  const check = checkWebhookUrl(endpoint.url, loopbackAllowed(ctx.env));
  if (!check.ok) return giveUp(`address refused (${check.reason})`);
  let secret: string;
  try {
    secret = await openWebhookSecret(ctx.env, endpoint.id, endpoint.secret);
  } catch (error) {
    console.error(`webhooks: the secret of endpoint ${endpoint.id} cannot be read (AUTH_SECRET changed?)`, error);
    return giveUp("signing secret unreadable: rotate it");
  }
  const secrets = [secret];
  // A rotation's grace (docs/decisions/032): the previous secret signs too until it expires.
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now().toISOString()) {
    try {
      secrets.push(await openWebhookSecret(ctx.env, endpoint.id, endpoint.previousSecret));
    } catch (error) {
      console.error(`webhooks: the previous secret of endpoint ${endpoint.id} cannot be read; signing with the current one only`, error);
    }
  }
  const attempt = await post(options.fetch ?? fetch, check.url, claimed, secrets, now, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  return finish(ctx, claimed, attempt, now(), false);
}

/** Records a try's answer on the row (and the endpoint's streak); the outcome for the queue. */
async function finish(
  ctx: ServiceContext,
  row: WebhookDelivery,
  attempt: Attempt,
  when: Date,
  forGood: boolean,
): Promise<WebhookDeliveryOutcome> {
  const at = when.toISOString();
  const answer = {
    responseStatus: attempt.status,
    responseMs: attempt.ms,
    responseBody: attempt.body,
    lastError: attempt.error,
    claimedUntil: null,
  };
  if (attempt.ok) {
    await ctx.db.batch([
      ctx.db
        .update(webhookDeliveries)
        .set({ ...answer, status: "sent", deliveredAt: at, nextAttemptAt: null })
        .where(sql`${webhookDeliveries.id} = ${row.id}`),
      ctx.db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(sql`${webhookEndpoints.id} = ${row.endpointId}`),
    ]);
    return { outcome: "sent" };
  }
  const last = forGood || row.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const delaySeconds = webhookRetryDelay(row.attempts);
  await ctx.db
    .update(webhookDeliveries)
    .set({
      ...answer,
      status: last ? "failed" : "pending",
      nextAttemptAt: last ? null : new Date(when.getTime() + delaySeconds * 1000).toISOString(),
    })
    .where(sql`${webhookDeliveries.id} = ${row.id}`);
  // A refused address or a disabled endpoint says nothing about the receiver: no streak.
  if (attempt.status !== null || attempt.error?.startsWith("no answer") || attempt.error?.startsWith("connection")) {
    await recordEndpointFailure(ctx, row.endpointId, when, last);
  }
  return last
    ? { outcome: "failed", error: attempt.error ?? "failed" }
    : { outcome: "retry", delaySeconds, error: attempt.error ?? "failed" };
}

/**
 * A try of the endpoint failed: its failing streak starts now unless one is running; it is
 * disabled (one guarded UPDATE, so exactly one failure disables it and tells the admins) when
 * the streak is WEBHOOK_DISABLE_AFTER_MS old, or when a delivery was given up during a streak
 * (its ~23 h of tries all failed). Any success ends the streak.
 */
export async function recordEndpointFailure(ctx: ServiceContext, endpointId: string, when: Date, gaveUp: boolean): Promise<boolean> {
  const at = when.toISOString();
  const cutoff = new Date(when.getTime() - WEBHOOK_DISABLE_AFTER_MS).toISOString();
  // Decided on the streak as it was before this failure, in one guarded statement (only one failure disables it).
  const [disabled] = await ctx.db.all<{ url: string }>(sql`
    update webhook_endpoints set enabled = 0, disabled_reason = 'failing', updated_at = ${at}
    where id = ${endpointId} and enabled = 1 and failing_since is not null and (failing_since <= ${cutoff} or ${gaveUp ? 1 : 0} = 1)
    returning url`);
  await ctx.db.run(sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${at}) where id = ${endpointId}`);
  if (!disabled) return false;
  await notifyAdminsDisabled(ctx, disabled.url, at);
  return true;
}

/** Every active admin gets a webhookDisabled notification (rendered in their language), live. */
async function notifyAdminsDisabled(ctx: ServiceContext, url: string, at: string): Promise<void> {
  const columns = notificationColumns("webhookDisabled", { url });
  const admins = await ctx.db.all<{ user_id: string }>(sql`
    insert into ${notifications} (id, user_id, type, title, message, link, read, created_at, kind, params)
    select ${sqlUuid}, u.id, 'system', ${columns.title}, ${columns.message}, '/settings?tab=api', 0, ${at}, ${columns.kind}, ${columns.params}
    from users u where u.role = 'admin' and u.is_active = 1
    returning user_id`);
  // The host only: a webhook URL's path is often a credential of its own (Slack, Zapier, Make).
  console.warn(`webhooks: an endpoint on ${hostOf(url)} was disabled after failing; ${admins.length} admins told`);
  await publishNotifications(
    ctx,
    admins.map((row) => row.user_id),
    { since: at },
  );
}

/**
 * The WEBHOOK_QUEUE consumer: each message on its own (one slow receiver never holds back the
 * others); acknowledged when sent, skipped or failed for good, retried after the row's next
 * delay otherwise. The dead-letter queue's messages (the queue gave up on them: max_retries)
 * fail their row unless it was sent meanwhile, which may disable the endpoint.
 */
export async function handleWebhookQueue(
  ctx: ServiceContext,
  batch: MessageBatch<unknown>,
  options: WebhookDeliveryOptions = {},
): Promise<void> {
  const deadLetters = batch.queue === WEBHOOK_DLQ_NAME;
  await Promise.all(
    batch.messages.map(async (message) => {
      const id = (message.body as Partial<WebhookQueueMessage> | null)?.delivery_id;
      if (typeof id !== "string") {
        console.error(`webhooks: queue message ${message.id} names no delivery; dropped`);
        return message.ack();
      }
      try {
        if (deadLetters) {
          await deadLetter(ctx, id, options.now?.() ?? new Date());
          return message.ack();
        }
        const result = await deliverWebhook(ctx, id, options);
        if (result.outcome === "retry") {
          console.warn(`webhooks: delivery ${id} failed (${result.error}); next try in ${result.delaySeconds} s`);
          message.retry({ delaySeconds: result.delaySeconds });
        } else if (result.outcome === "busy") message.retry({ delaySeconds: WEBHOOK_CLAIM_SECONDS });
        else message.ack();
      } catch (error) {
        console.error(`webhooks: delivery ${id} failed`, error);
        message.retry({ delaySeconds: WEBHOOK_RETRY_DELAYS[0] });
      }
    }),
  );
}

/**
 * A dead-lettered delivery: failed for good once it has had all its tries, unless sent (or failed)
 * meanwhile; that counts against its endpoint. A message the queue gave up on while the row still
 * had tries left (tries that found it held by another do not count) leaves it pending: the Cron's
 * retryWebhooks takes it up, so a busy row is never failed, nor its endpoint disabled, early.
 */
async function deadLetter(ctx: ServiceContext, id: string, when: Date): Promise<void> {
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set({
      status: "failed",
      claimedUntil: null,
      nextAttemptAt: null,
      lastError: sql`coalesce(${webhookDeliveries.lastError}, 'dead-lettered')`,
    })
    .where(
      sql`${webhookDeliveries.id} = ${id} and ${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.attempts} >= ${WEBHOOK_MAX_ATTEMPTS}`,
    )
    .returning({ endpointId: webhookDeliveries.endpointId });
  console.error(`webhooks: delivery ${id} dead-lettered${row ? "" : " (settled, or left to the Cron with tries left)"}`);
  if (row) await recordEndpointFailure(ctx, row.endpointId, when, true);
}

/**
 * The safety net (the Cron Trigger, every 15 minutes): a pending delivery whose next try is
 * WEBHOOK_STALE_MS overdue lost its queue message (the queue refused it, the isolate ended)
 * and is tried here, through the same claim. Also removes settled rows older than WEBHOOK_KEEP_DAYS.
 */
export async function retryWebhooks(
  ctx: ServiceContext,
  now = new Date(),
  options: Omit<WebhookDeliveryOptions, "now"> = {},
): Promise<number> {
  const stale = new Date(now.getTime() - WEBHOOK_STALE_MS).toISOString();
  const at = now.toISOString();
  const due = await ctx.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.status} = 'pending' and coalesce(${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.createdAt}) < ${stale}
          and (${webhookDeliveries.claimedUntil} is null or ${webhookDeliveries.claimedUntil} < ${at})`,
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(50);
  let sent = 0;
  // Each try reads a clock that moves on from the run's `now` as real time passes: up to 50 tries
  // of up to 10 s each can take minutes, and a frozen clock would sign with a stale
  // webhook-timestamp (receivers refuse one over 5 minutes old) and claim rows with a hold that
  // had already ended in real time (a queue message could then send the same row again).
  const startedAt = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - startedAt));
  for (const row of due) {
    const result = await deliverWebhook(ctx, row.id, { ...options, now: clock });
    if (result.outcome === "sent") sent++;
  }
  const old = new Date(now.getTime() - WEBHOOK_KEEP_DAYS * 86_400_000).toISOString();
  await ctx.db.run(sql`delete from webhook_deliveries where id in (
    select id from webhook_deliveries where status != 'pending' and created_at < ${old} limit 500)`);
  return sent;
}

/** A URL's host for the logs, never its path or query. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(unreadable URL)";
  }
}
