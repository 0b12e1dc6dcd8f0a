import { eq, sql } from "drizzle-orm";
import { emailOutbox, type OutboxEmail } from "../db/schema/index.ts";
import { toSingleLine } from "../../app/lib/single-line.ts";
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

/**
 * Writes the e-mail to the outbox first (so nothing is lost), then delivers it — in the
 * background when the request offers waitUntil — and records the outcome on the row.
 */
export async function queueEmail(
  { db, env, waitUntil }: ServiceContext,
  message: EmailMessage,
  transport: EmailTransport = transportFor(env),
): Promise<OutboxEmail> {
  // Defence in depth: a line break in a header field would start a new header ("Bcc: ...").
  message = { ...message, to: toSingleLine(message.to), subject: toSingleLine(message.subject) };
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
