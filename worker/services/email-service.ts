import { eq, sql } from "drizzle-orm";
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
};

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
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ from, to: message.to, subject: message.subject, text: message.text, html: message.html }),
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

/**
 * Writes the e-mail to the outbox first (so nothing is lost), then delivers it — in the
 * background when the request offers waitUntil — and records the outcome on the row. The text
 * is signed with the organisation's name (Settings → Sistema).
 */
export async function queueEmail(
  { db, env, waitUntil }: ServiceContext,
  message: EmailMessage,
  transport: EmailTransport = transportFor(env),
): Promise<OutboxEmail> {
  const { company_name } = await readOrgSettings({ db });
  // Defence in depth: a line break in a header field would start a new header ("Bcc: ...").
  message = {
    ...message,
    to: toSingleLine(message.to),
    subject: toSingleLine(message.subject),
    text: withCompanySignature(message.text, company_name),
  };
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null, kind: message.kind })
    .returning();
  const delivery = deliver(db, row!, message, transport);
  if (waitUntil) waitUntil(delivery);
  else await delivery;
  return row!;
}

async function deliver(db: ServiceContext["db"], row: OutboxEmail, message: EmailMessage, transport: EmailTransport) {
  try {
    await transport.send(message);
    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date().toISOString(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
      .where(eq(emailOutbox.id, row.id));
  } catch (error) {
    console.error(`email: delivery of ${row.id} failed`, error);
    await db
      .update(emailOutbox)
      .set({ status: "failed", attempts: sql`${emailOutbox.attempts} + 1`, lastError: String(error).slice(0, 500) })
      .where(eq(emailOutbox.id, row.id));
  }
}

/** An outbox row as a delivery needs it. */
export type QueuedEmail = Pick<OutboxEmail, "id" | "toAddress" | "subject" | "textBody" | "htmlBody" | "kind">;

const messageOf = (row: QueuedEmail): EmailMessage => ({
  to: row.toAddress,
  subject: row.subject,
  text: row.textBody,
  html: row.htmlBody ?? undefined,
  kind: row.kind,
});

/** Delivers an e-mail already in the outbox (written by a batch of its own) and records the outcome. */
export function deliverOutboxEmail(
  { db, env }: ServiceContext,
  row: QueuedEmail,
  transport: EmailTransport = transportFor(env),
): Promise<void> {
  return deliver(db, row as OutboxEmail, messageOf(row), transport);
}

/** How many times an e-mail is tried in all before it stays failed. */
export const OUTBOX_MAX_ATTEMPTS = 5;
/** An e-mail still pending this long after it was written lost its first delivery (the isolate ended). */
export const OUTBOX_STALE_MS = 5 * 60 * 1000;

/**
 * The outbox's retries (the Cron Trigger, every 15 minutes): every e-mail that failed, or is
 * still pending OUTBOX_STALE_MS after it was written, and has had fewer than
 * OUTBOX_MAX_ATTEMPTS tries, is tried again. Each is claimed first by raising its attempt
 * count from the value read (a second run that read the same value claims nothing), so two
 * overlapping runs never send one twice.
 */
export async function retryOutbox(
  ctx: ServiceContext,
  now = new Date(),
  transport: EmailTransport = transportFor(ctx.env),
): Promise<number> {
  const stale = new Date(now.getTime() - OUTBOX_STALE_MS).toISOString();
  const due = await ctx.db
    .select()
    .from(emailOutbox)
    .where(
      sql`${emailOutbox.attempts} < ${OUTBOX_MAX_ATTEMPTS} and (${emailOutbox.status} = 'failed' or (${emailOutbox.status} = 'pending' and ${emailOutbox.createdAt} < ${stale}))`,
    )
    .orderBy(emailOutbox.createdAt)
    .limit(50);
  let sent = 0;
  for (const row of due) {
    const [claimed] = await ctx.db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1` })
      .where(sql`${emailOutbox.id} = ${row.id} and ${emailOutbox.attempts} = ${row.attempts} and ${emailOutbox.status} != 'sent'`)
      .returning({ id: emailOutbox.id });
    if (!claimed) continue;
    try {
      await transport.send(messageOf(row));
      await ctx.db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date().toISOString(), lastError: null })
        .where(eq(emailOutbox.id, row.id));
      sent++;
    } catch (error) {
      console.error(`email: retry of ${row.id} failed`, error);
      await ctx.db
        .update(emailOutbox)
        .set({ status: "failed", lastError: String(error).slice(0, 500) })
        .where(eq(emailOutbox.id, row.id));
    }
  }
  return sent;
}
