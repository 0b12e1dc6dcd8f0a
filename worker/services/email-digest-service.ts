// 'Notificações por Email' (crm.md §3, on by default; issue 24, docs/decisions/028): a user's
// unread notifications go out as ONE digest e-mail, at most every 15 minutes per user, in the
// user's saved language (users.language), with absolute links to each lead or task and a
// one-click unsubscribe (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058, and a link in the
// body) that turns 'Notificações por Email' off.
//
// The Cron Trigger runs sendNotificationDigests (worker/index.ts `scheduled`); however often it
// runs, the 15 minutes per user hold, because they are decided in D1:
// 1. One batch (a transaction) claims a digest (notification_digests) for every active user
//    whose switch is on, who has an unread notification that waited DIGEST_DELAY_MS (so a user
//    working in the CRM reads it first, from the bell), and who has had no digest claimed or
//    sent in the last DIGEST_INTERVAL_MS (only notifications created after the switch was last
//    turned back on count: email_notifications_since, never what arrived while it was off); and lists those notifications in
//    notification_digest_items, keyed by the notification: none is ever in two digests. A
//    parallel burst of runs is serialised by D1: the first claims, the others find the claim.
// 2. The digests are read back with only their notifications STILL unread (one read in the
//    CRM meanwhile is left out; a digest left with none sends nothing: 'empty').
// 3. One batch writes each e-mail to the outbox and marks its digest 'queued', each only if the
//    digest is still 'claimed'; then the outbox delivers them.
// A run that dies between 1 and 3 leaves its digests 'claimed': DIGEST_STALE_MS later the next
// run marks them 'abandoned' and releases their notifications for a later digest.
import { sql, type SQL } from "drizzle-orm";
import { getTranslator } from "~/i18n/dictionaries.server";
import { formatNumber, pluralForm } from "~/i18n/format";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { readBatch } from "../db/raw-batch.ts";
import { deliverOutboxEmail, withCompanySignature, type QueuedEmail } from "./email-service.ts";
import { inAppLink } from "./notification-service.ts";
import { renderNotification } from "./notification-text.ts";
import { readOrgSettings } from "./org-settings-service.ts";
import type { ServiceContext } from "./service-context.ts";
import { unsubscribeHeaders, unsubscribeLink } from "./unsubscribe-service.ts";

/** At most one digest per user in this long, whatever the Cron expression. */
export const DIGEST_INTERVAL_MS = 15 * 60 * 1000;
/**
 * How long a notification waits, unread, before a digest may carry it: someone working in the
 * CRM sees it in the bell (live) well within this and reads it there instead.
 */
export const DIGEST_DELAY_MS = 10 * 60 * 1000;
/** Older unread notifications are not e-mailed any more (and rows from before the digests never are). */
export const DIGEST_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/** Items listed in one e-mail; the rest are counted ("… and N more") with a link to the CRM. */
export const DIGEST_MAX_ITEMS = 20;
/** A digest still 'claimed' this long after its run began lost its run: its notifications are released. */
export const DIGEST_STALE_MS = 5 * 60 * 1000;
/** Digests written to the outbox per D1 batch. */
const DIGEST_BATCH = 40;

export type DigestItem = { title: string; message: string; url: string | null };

/** The e-mail of one digest in `language`; `items` newest first, `total` all of the digest's notifications. */
export function digestEmail(
  language: Language,
  input: { name: string; items: DigestItem[]; total: number; origin: string; unsubscribeUrl: string; companyName: string },
): { subject: string; text: string } {
  const t = getTranslator(language);
  const origin = input.origin.replace(/\/+$/, "");
  const crmUrl = `${origin}/dashboard`;
  const shown = input.items.slice(0, DIGEST_MAX_ITEMS);
  const rest = input.total - shown.length;
  const lines = [t("email.digest.greeting", { name: input.name }), "", t("email.digest.intro"), ""];
  for (const item of shown) {
    lines.push(`• ${item.title}`, `  ${item.message}`);
    if (item.url) lines.push(`  ${item.url}`);
    lines.push("");
  }
  if (rest > 0) {
    lines.push(t(`email.digest.more.${pluralForm(language, rest)}`, { count: formatNumber(rest, language), url: crmUrl }), "");
  } else {
    lines.push(t("email.digest.openCrm", { url: crmUrl }), "");
  }
  lines.push(
    t("email.digest.footer", { setting: t("crm.settings.notifications.emailNotifications.label") }),
    t("email.unsubscribeLine", { url: input.unsubscribeUrl }),
  );
  const subject = t(`email.digest.subject.${pluralForm(language, input.total)}`, { count: formatNumber(input.total, language) });
  return { subject, text: withCompanySignature(lines.join("\n"), input.companyName) };
}

type DigestRow = {
  digest_id: string;
  user_id: string;
  email: string;
  name: string;
  language: string;
  notification_id: string | null;
  kind: string | null;
  params: string | null;
  title: string | null;
  message: string | null;
  link: string | null;
};

export type DigestRunResult = { queued: number; empty: number; released: number };

/** One Cron run: claims, writes and delivers the digests due at `now` (see the file's header). */
export async function sendNotificationDigests(ctx: ServiceContext, now = new Date()): Promise<DigestRunResult> {
  const at = now.toISOString();
  const ms = (offset: number) => new Date(now.getTime() - offset).toISOString();
  const runId = crypto.randomUUID();
  const result: DigestRunResult = { queued: 0, empty: 0, released: 0 };

  // 0. Digests whose run died before writing them: release their notifications.
  const releaseRun = crypto.randomUUID();
  const [abandoned] = await readBatch<[{ id: string }]>(ctx.db, [
    sql`update notification_digests set status = 'abandoned', run_id = ${releaseRun}
        where status = 'claimed' and created_at < ${ms(DIGEST_STALE_MS)} returning id`,
    sql`delete from notification_digest_items
        where digest_id in (select id from notification_digests where run_id = ${releaseRun} and status = 'abandoned')`,
  ]);
  result.released = abandoned.length;

  // 1. Claim: one digest per user due, and the notifications it carries.
  const waiting = sql`n.read = 0 and n.created_at <= ${ms(DIGEST_DELAY_MS)} and n.created_at > ${ms(DIGEST_MAX_AGE_MS)}
      and not exists (select 1 from notification_digest_items i where i.notification_id = n.id)
      and not exists (select 1 from notification_preferences p
                      where p.user_id = n.user_id and n.created_at <= coalesce(p.email_notifications_since, ''))`;
  await readBatch(ctx.db, [
    sql`insert into notification_digests (id, user_id, run_id, status, created_at)
        select lower(hex(randomblob(16))), u.id, ${runId}, 'claimed', ${at} from users u
        where u.is_active = 1
          and not exists (select 1 from notification_preferences p where p.user_id = u.id and p.email_notifications = 0)
          and not exists (select 1 from notification_digests d where d.user_id = u.id and d.status in ('claimed', 'queued')
                          and d.created_at > ${ms(DIGEST_INTERVAL_MS)})
          and exists (select 1 from notifications n where n.user_id = u.id and ${waiting})`,
    sql`insert into notification_digest_items (notification_id, digest_id)
        select n.id, d.id from notification_digests d join notifications n on n.user_id = d.user_id
        where d.run_id = ${runId} and ${waiting}
        on conflict do nothing`,
  ]);

  // 2. Read them back: each digest with the notifications still unread, newest first.
  const { results: rows } = await ctx.db.$client
    .prepare(
      `select d.id as digest_id, u.id as user_id, u.email, u.name, u.language,
              n.id as notification_id, n.kind, n.params, n.title, n.message, n.link
       from notification_digests d
       join users u on u.id = d.user_id
       left join notification_digest_items i on i.digest_id = d.id
       left join notifications n on n.id = i.notification_id and n.read = 0
       where d.run_id = ?1
       order by d.id, n.created_at desc, n.id`,
    )
    .bind(runId)
    .all<DigestRow>();
  if (rows.length === 0) return result;

  const digests = new Map<string, { user: DigestRow; items: DigestRow[] }>();
  for (const row of rows) {
    const digest = digests.get(row.digest_id) ?? { user: row, items: [] };
    if (row.notification_id) digest.items.push(row);
    digests.set(row.digest_id, digest);
  }

  // 3. The e-mails, each written only while its digest is still this run's claim.
  const { company_name } = await readOrgSettings(ctx);
  const origin = new URL(ctx.env.PUBLIC_ORIGIN).origin;
  const groups: SQL[][] = [];
  for (const [digestId, { user, items }] of digests) {
    if (items.length === 0) {
      groups.push([sql`update notification_digests set status = 'empty' where id = ${digestId} and status = 'claimed'`]);
      result.empty++;
      continue;
    }
    const language: Language = (LANGUAGES as readonly string[]).includes(user.language) ? (user.language as Language) : "pt";
    const link = await unsubscribeLink(ctx.env, user.user_id, "email_notifications", now);
    const { subject, text } = digestEmail(language, {
      name: user.name,
      total: items.length,
      items: items.slice(0, DIGEST_MAX_ITEMS).map((row) => {
        const rendered = renderNotification(
          { kind: row.kind, params: row.params, title: row.title ?? "", message: row.message ?? "" },
          language,
        );
        const path = inAppLink(row.link);
        return { ...rendered, url: path ? `${origin}${path}` : null };
      }),
      origin,
      unsubscribeUrl: link.page,
      companyName: company_name,
    });
    const emailId = crypto.randomUUID();
    const headers = JSON.stringify(unsubscribeHeaders(link.oneClick));
    groups.push([
      sql`insert into email_outbox (id, to_address, subject, text_body, html_body, kind, status, attempts, created_at, headers)
          select ${emailId}, ${user.email}, ${subject}, ${text}, null, 'notification_digest', 'pending', 0, ${at}, ${headers}
          where exists (select 1 from notification_digests where id = ${digestId} and status = 'claimed')`,
      sql`update notification_digests set status = 'queued', email_id = ${emailId} where id = ${digestId} and status = 'claimed'
          returning email_id`,
    ]);
  }
  const queued: string[] = [];
  for (let i = 0; i < groups.length; i += DIGEST_BATCH) {
    const results = await readBatch<{ email_id: string }[]>(ctx.db, groups.slice(i, i + DIGEST_BATCH).flat());
    for (const part of results) for (const row of part) if (row?.email_id) queued.push(row.email_id);
  }
  result.queued = queued.length;
  if (queued.length === 0) return result;

  // 4. Deliver (in the background when the run offers waitUntil; a failure stays in the outbox for its retries).
  const { results: emails } = await ctx.db.$client
    .prepare(
      `select id, to_address as toAddress, subject, text_body as textBody, html_body as htmlBody, kind, headers
       from email_outbox where id in (select value from json_each(?1))`,
    )
    .bind(JSON.stringify(queued))
    .all<QueuedEmail>();
  for (const email of emails) {
    const delivery = deliverOutboxEmail(ctx, email);
    if (ctx.waitUntil) ctx.waitUntil(delivery);
    else await delivery;
  }
  return result;
}
