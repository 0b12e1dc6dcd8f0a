import { sql } from "drizzle-orm";
import { emailOutbox, type OutboxEmail } from "../db/schema/index.ts";
import { toSingleLine } from "../../app/lib/single-line.ts";
import { readOrgSettings } from "./org-settings-service.ts";
import type { ServiceContext } from "./service-context.ts";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the e-mail is, e.g. "password_recovery", "contact_notification". */
  kind: string;
  /** The outbox row's id: the e-mail's idempotency key (the http transport sends it as Idempotency-Key). */
  id?: string;
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). Stored on the
   * outbox row; every name and value is made single-line (cleanHeaders), so none can start a header
   * of its own, and names the transport writes itself (To, Subject, From, Cc, Bcc…) are dropped.
   */
  headers?: Record<string, string>;
};

/** Header fields an e-mail's extra headers may not set: the transport writes them from the message itself. */
const RESERVED_HEADERS = new Set([
  "to",
  "cc",
  "bcc",
  "from",
  "sender",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
]);
/** RFC 5322 field-name: printable US-ASCII except the colon. */
const FIELD_NAME = /^[!-9;-~]+$/;

/**
 * Extra headers as they may travel: each name and value single-line (toSingleLine: no CR, LF, NUL
 * or other control character, so no header injection); a name that is not an RFC 5322 field name
 * or that the transport writes itself is dropped, as is an empty one. Undefined when none is left.
 */
export function cleanHeaders(headers: Record<string, string> | null | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const clean: Record<string, string> = {};
  for (const [rawName, rawValue] of Object.entries(headers)) {
    const name = toSingleLine(String(rawName));
    if (!FIELD_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
      console.warn(`email: header ${JSON.stringify(name)} dropped`);
      continue;
    }
    clean[name] = toSingleLine(String(rawValue ?? ""));
  }
  return Object.keys(clean).length ? clean : undefined;
}

/** An outbox row's `headers` column (JSON) read back; a row without (or with unreadable) headers has none. */
function storedHeaders(json: string | null | undefined): Record<string, string> | undefined {
  if (!json) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? cleanHeaders(parsed as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

/** Delivers one e-mail. Throws when delivery fails. */
export type EmailTransport = { name: string; send: (message: EmailMessage) => Promise<void> };

/**
 * Local default: the e-mail stays in the D1 outbox and is printed to the dev console.
 * console.info, not console.log: `npm start` runs `wrangler dev --log-level info`, which
 * shows the request lines and info/warn/error but hides console.log (wrangler's "log" level
 * also prints its banner and bindings table); the Vite dev server (npm run dev) shows both.
 */
export const consoleTransport: EmailTransport = {
  name: "console",
  async send(message) {
    console.info(
      [
        `📧 E-mail (${message.kind}) to ${message.to}`,
        `   Subject: ${message.subject}`,
        ...Object.entries(cleanHeaders(message.headers) ?? {}).map(([name, value]) => `   ${name}: ${value}`),
        ...message.text.split("\n").map((l) => `   ${l}`),
      ].join("\n"),
    );
  },
};

/** An HTTP mail API: POST JSON {from?, to, subject, text, html} with a bearer key. */
export function httpTransport(endpoint: string, apiKey: string, from?: string): EmailTransport {
  return {
    name: "http",
    async send(message) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${apiKey}`,
          // A provider that honours it (Resend, Postmark, SendGrid…) drops a second request with the
          // same key: the one window the outbox's claim cannot close (sent, then the isolate died
          // before the row was marked sent) does not become a second e-mail.
          ...(message.id ? { "Idempotency-Key": message.id } : {}),
        },
        body: JSON.stringify({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: cleanHeaders(message.headers),
        }),
      });
      if (!response.ok) throw new Error(`mail API answered ${response.status}`);
    },
  };
}

export function transportFor(env: Env): EmailTransport {
  if (env.EMAIL_TRANSPORT === "http" && env.EMAIL_HTTP_ENDPOINT && env.EMAIL_HTTP_API_KEY) {
    return httpTransport(env.EMAIL_HTTP_ENDPOINT, env.EMAIL_HTTP_API_KEY, env.TEAM_EMAIL);
  }
  return consoleTransport;
}

/** The organisation's name under an e-mail's text, after the usual signature separator. */
export const withCompanySignature = (text: string, companyName: string) => `${text}\n\n-- \n${companyName}`;

/** What a message on EMAIL_QUEUE carries: the outbox row to deliver (its id is the idempotency key). */
export type EmailQueueMessage = { outboxId: string };

/** The dead-letter queue of wrangler.toml's EMAIL_QUEUE consumer. */
export const EMAIL_DLQ_NAME = "agency-edge-email-dlq";
/** How many times an e-mail is tried in all before it stays failed (queue tries and Cron retries together). */
export const OUTBOX_MAX_ATTEMPTS = 5;
/** The queue's tries of one message: wrangler.toml's max_retries (4) + 1. */
export const EMAIL_QUEUE_MAX_TRIES = 5;
/** How long a delivery holds its row: longer than any transport call (the fetch is bounded by the Worker's limits). */
export const OUTBOX_CLAIM_SECONDS = 60;
/** An e-mail still pending this long after it was written lost its first delivery (the isolate ended, the queue refused it). */
export const OUTBOX_STALE_MS = 5 * 60 * 1000;

/** The queue's delay before try n+1 after try n failed: 30 s, 60 s, 2 min, 4 min… at most an hour. */
export const emailRetryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);

/** An outbox row as a delivery needs it. */
export type QueuedEmail = Pick<OutboxEmail, "id" | "toAddress" | "subject" | "textBody" | "htmlBody" | "kind"> &
  Partial<Pick<OutboxEmail, "headers">>;

const messageOf = (row: QueuedEmail): EmailMessage => ({
  to: row.toAddress,
  subject: row.subject,
  text: row.textBody,
  html: row.htmlBody ?? undefined,
  kind: row.kind,
  id: row.id,
  headers: storedHeaders(row.headers),
});

export type DeliveryOutcome =
  | { outcome: "sent" }
  /** Already sent, or no such row: nothing to do. */
  | { outcome: "skipped" }
  /** Another delivery holds the row right now. */
  | { outcome: "busy" }
  | { outcome: "failed"; attempts: number; error: string };

/**
 * Delivers one outbox row, at most once. The row is claimed first with one conditional UPDATE
 * (not sent, not held by another delivery; attempts + 1, held for OUTBOX_CLAIM_SECONDS), so two
 * deliveries of the same e-mail at once (a duplicate queue message, a queue retry and the Cron)
 * never both send it; it is marked sent only after the transport accepted it, so a delivery that
 * dies half-way leaves it pending for the next one (never lost). Marking it sent before sending
 * would lose the e-mail whenever the transport fails or the isolate ends mid-call; the remaining
 * window (sent, then died before the UPDATE) is closed by the Idempotency-Key the http transport
 * sends.
 */
export async function deliverOutboxRow(
  db: ServiceContext["db"],
  id: string,
  transport: EmailTransport,
  now = new Date(),
): Promise<DeliveryOutcome> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + OUTBOX_CLAIM_SECONDS * 1000).toISOString();
  const [row] = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, claimedUntil: until })
    .where(
      sql`${emailOutbox.id} = ${id} and ${emailOutbox.status} != 'sent' and (${emailOutbox.claimedUntil} is null or ${emailOutbox.claimedUntil} < ${at})`,
    )
    .returning();
  if (!row) {
    const [current] = await db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(sql`${emailOutbox.id} = ${id}`);
    return !current || current.status === "sent" ? { outcome: "skipped" } : { outcome: "busy" };
  }
  try {
    await transport.send(messageOf(row));
  } catch (error) {
    const message = String(error).slice(0, 500);
    console.error(`email: delivery of ${row.id} (try ${row.attempts}) failed`, error);
    await db
      .update(emailOutbox)
      .set({ status: "failed", lastError: message, claimedUntil: null })
      .where(sql`${emailOutbox.id} = ${row.id} and ${emailOutbox.status} != 'sent'`);
    return { outcome: "failed", attempts: row.attempts, error: message };
  }
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date().toISOString(), lastError: null, claimedUntil: null })
    .where(sql`${emailOutbox.id} = ${row.id}`);
  return { outcome: "sent" };
}

/**
 * Hands a written outbox row to its delivery: a message on EMAIL_QUEUE (retried with backoff,
 * dead-lettered after its last try; see handleEmailQueue). When the queue refuses it the row
 * stays pending and the Cron's retryOutbox sends it after OUTBOX_STALE_MS. With an explicit
 * transport (tests) or no queue binding the row is delivered here and now.
 */
async function dispatch(ctx: ServiceContext, id: string, transport?: EmailTransport): Promise<void> {
  const queue = ctx.env.EMAIL_QUEUE;
  if (transport || !queue) {
    await deliverOutboxRow(ctx.db, id, transport ?? transportFor(ctx.env));
    return;
  }
  try {
    await queue.send({ outboxId: id } satisfies EmailQueueMessage, { contentType: "json" });
  } catch (error) {
    console.error(`email: could not queue ${id}; the outbox retry will send it`, error);
  }
}

/**
 * Writes the e-mail to the outbox first (so nothing is lost), then hands it to the queue — in
 * the background when the request offers waitUntil. The text is signed with the organisation's
 * name (Settings → Sistema). An explicit transport delivers it at once instead (tests).
 */
export async function queueEmail(ctx: ServiceContext, message: EmailMessage, transport?: EmailTransport): Promise<OutboxEmail> {
  const { db, waitUntil } = ctx;
  const { company_name } = await readOrgSettings({ db });
  // Defence in depth: a line break in a header field would start a new header ("Bcc: ...").
  message = {
    ...message,
    to: toSingleLine(message.to),
    subject: toSingleLine(message.subject),
    text: withCompanySignature(message.text, company_name),
    headers: cleanHeaders(message.headers),
  };
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      kind: message.kind,
      headers: message.headers ? JSON.stringify(message.headers) : null,
    })
    .returning();
  const delivery = dispatch(ctx, row!.id, transport);
  if (waitUntil) waitUntil(delivery);
  else await delivery;
  return row!;
}

/** Hands an e-mail already in the outbox (written by a batch of its own) to its delivery, as queueEmail does. */
export function deliverOutboxEmail(ctx: ServiceContext, row: QueuedEmail, transport?: EmailTransport): Promise<void> {
  return dispatch(ctx, row.id, transport);
}

/**
 * The Worker's `queue` handler for EMAIL_QUEUE and its dead-letter queue. Each message's outbox
 * row is delivered (deliverOutboxRow); a sent or already-sent one is acknowledged, a failed one is
 * retried after emailRetryDelaySeconds (the queue moves it to the dead-letter queue after its last
 * try), one held by another delivery is looked at again once the claim ends. A message on the
 * dead-letter queue marks its row failed (unless it was sent meanwhile); the Cron's retryOutbox
 * still tries it while its attempts are under OUTBOX_MAX_ATTEMPTS.
 */
export async function handleEmailQueue(
  batch: MessageBatch<unknown>,
  ctx: ServiceContext,
  transport: EmailTransport = transportFor(ctx.env),
): Promise<void> {
  const deadLetters = batch.queue === EMAIL_DLQ_NAME;
  for (const message of batch.messages) {
    const id = (message.body as Partial<EmailQueueMessage> | null)?.outboxId;
    if (typeof id !== "string") {
      console.error(`email: queue message ${message.id} has no outbox id; dropped`);
      message.ack();
      continue;
    }
    if (deadLetters) {
      console.error(`email: ${id} dead-lettered after its last try`);
      await ctx.db
        .update(emailOutbox)
        .set({ status: "failed" })
        .where(sql`${emailOutbox.id} = ${id} and ${emailOutbox.status} != 'sent'`);
      message.ack();
      continue;
    }
    const result = await deliverOutboxRow(ctx.db, id, transport);
    if (result.outcome === "sent" || result.outcome === "skipped") message.ack();
    else if (result.outcome === "busy") message.retry({ delaySeconds: OUTBOX_CLAIM_SECONDS });
    else message.retry({ delaySeconds: emailRetryDelaySeconds(message.attempts) });
  }
}

/**
 * The outbox's safety net (the Cron Trigger, every 15 minutes): every e-mail that failed, or is
 * still pending OUTBOX_STALE_MS after it was written (the queue refused it, or its delivery
 * died), has had fewer than OUTBOX_MAX_ATTEMPTS tries and is not held by a delivery, is tried
 * again here through deliverOutboxRow's claim, so it and the queue never send one twice.
 */
export async function retryOutbox(
  ctx: ServiceContext,
  now = new Date(),
  transport: EmailTransport = transportFor(ctx.env),
): Promise<number> {
  const stale = new Date(now.getTime() - OUTBOX_STALE_MS).toISOString();
  const at = now.toISOString();
  const due = await ctx.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      sql`${emailOutbox.attempts} < ${OUTBOX_MAX_ATTEMPTS} and (${emailOutbox.claimedUntil} is null or ${emailOutbox.claimedUntil} < ${at})
          and (${emailOutbox.status} = 'failed' or (${emailOutbox.status} = 'pending' and ${emailOutbox.createdAt} < ${stale}))`,
    )
    .orderBy(emailOutbox.createdAt)
    .limit(50);
  let sent = 0;
  for (const row of due) {
    const result = await deliverOutboxRow(ctx.db, row.id, transport, now);
    if (result.outcome === "sent") sent++;
  }
  return sent;
}
