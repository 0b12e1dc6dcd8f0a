// The report e-mails of Settings → Notificações ('Relatórios Semanais', on by default;
// 'Relatórios Mensais', off by default): on Monday from 08:00 and on the 1st from 08:00 in the
// organisation's time zone, the Cron Trigger (every 15 minutes) writes each active user who
// wants it an e-mail with the previous week's or month's four figures and top sellers, in the
// user's language, into the outbox, which delivers it.
//
// Once per user and period, whatever the runs do: one D1 batch (a transaction) inserts the
// deliveries `on conflict do nothing` on (user, kind, period) and writes an e-mail for exactly
// the rows this run inserted (its run_id), so a second or overlapping run, or a retry, claims
// nothing twice, and no claim is left without its e-mail. A run that finds the day past 08:00
// with a period not yet sent (the 08:00 run failed) sends it then, that day only.
//
// Each e-mail carries its reader's one-click unsubscribe for its switch (weekly_reports or
// monthly_reports): List-Unsubscribe + List-Unsubscribe-Post headers (RFC 8058) and a link in
// the body (worker/services/unsubscribe-service.ts, docs/decisions/028).
import { sql } from "drizzle-orm";
import { getTranslator } from "~/i18n/dictionaries.server";
import { formatNumber, formatPercent, pluralForm } from "~/i18n/format";
import { formatSums } from "~/modules/leads/money-sums";
import { LOCALES } from "~/i18n/languages";
import { formatDate } from "~/i18n/format-date";
import { LANGUAGES, type Language, type ReportEmailKind } from "../db/schema/index.ts";
import { readBatch } from "../db/raw-batch.ts";
import { sqlUuid } from "../db/sql-uuid.ts";
import { addDays, localClock, ORG_TIME_ZONE, startOfLocalDate, type OrgTimeZone } from "../lib/org-time.ts";
import type { MoneySums, ReportDto } from "./crm-types.ts";
import { deliverOutboxEmail, withCompanySignature, type QueuedEmail } from "./email-service.ts";
import { readOrgSettings } from "./org-settings-service.ts";
import { readReport } from "./report-service.ts";
import { signUnsubscribeToken } from "../auth/unsubscribe-token.ts";
import { unsubscribeUrls } from "./unsubscribe-service.ts";
import type { ServiceContext } from "./service-context.ts";

/** The local hour from which a due report goes out. */
export const REPORT_EMAIL_HOUR = 8;

type DueReport = { kind: ReportEmailKind; periodStart: string; from: string; until: string; lastDay: string };

/**
 * The reports due at `now`: last week's on a Monday from 08:00, last month's on the 1st from
 * 08:00, in the organisation's time zone (Settings → Sistema).
 */
export function dueReports(now: Date, timeZone: OrgTimeZone = ORG_TIME_ZONE): DueReport[] {
  const local = localClock(now, timeZone);
  if (local.hour < REPORT_EMAIL_HOUR) return [];
  const due: DueReport[] = [];
  if (local.weekday === 1) {
    const start = addDays(local.date, -7);
    due.push({
      kind: "weekly",
      periodStart: start,
      from: startOfLocalDate(start, timeZone).toISOString(),
      until: startOfLocalDate(local.date, timeZone).toISOString(),
      lastDay: addDays(local.date, -1),
    });
  }
  if (local.day === 1) {
    const [year, month] = local.date.split("-").map(Number) as [number, number];
    const start = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
    due.push({
      kind: "monthly",
      periodStart: start,
      from: startOfLocalDate(start, timeZone).toISOString(),
      until: startOfLocalDate(local.date, timeZone).toISOString(),
      lastDay: addDays(local.date, -1),
    });
  }
  return due;
}

const sums = (money: MoneySums, language: Language, currency: string) => formatSums(money.value, money.other, language, currency);

/**
 * The e-mail of one report in one language; `{name}` stands for the reader's name and, unless
 * given, `{unsubscribe}` for the reader's own one-click unsubscribe link.
 */
export function reportEmail(
  language: Language,
  kind: ReportEmailKind,
  due: Pick<DueReport, "periodStart" | "lastDay">,
  report: ReportDto,
  origin: string,
  companyName = "Minha Empresa",
  unsubscribeUrl = "{unsubscribe}",
): { subject: string; text: string } {
  const t = getTranslator(language);
  // A local calendar date as it is written (noon UTC of it, read in UTC).
  const day = (date: string) => formatDate(`${date}T12:00:00Z`, language, "UTC");
  const from = day(due.periodStart);
  const to = day(due.lastDay);
  const month = new Intl.DateTimeFormat(LOCALES[language], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${due.periodStart}T12:00:00Z`));
  const subject = kind === "weekly" ? t("crm.reports.email.weeklySubject", { from, to }) : t("crm.reports.email.monthlySubject", { month });
  const sellers = report.topSellers.length
    ? report.topSellers.map(
        (seller, index) =>
          `${index + 1}. ${seller.name}: ${t(`crm.reports.topSellers.leads.${pluralForm(language, seller.count)}`, {
            count: formatNumber(seller.count, language),
          })}, ${sums(seller.total, language, report.currency)}`,
      )
    : [t("crm.reports.email.noSellers")];
  const period = kind === "weekly" ? "7d" : "30d";
  const text = [
    t("crm.reports.email.intro", { name: "{name}", from, to }),
    "",
    `${t("crm.reports.cards.total")}: ${formatNumber(report.total, language)}`,
    `${t("crm.reports.cards.conversion")}: ${formatPercent(report.conversionRate, language, 1)}`,
    `${t("crm.reports.cards.totalValue")}: ${sums(report.totalValue, language, report.currency)}`,
    `${t("crm.reports.cards.averageValue")}: ${sums(report.averageValue, language, report.currency)}`,
    "",
    t("crm.reports.email.sellers"),
    ...sellers,
    "",
    t("crm.reports.email.link", { url: `${origin.replace(/\/+$/, "")}/reports?period=${period}` }),
    "",
    t("crm.reports.email.footer", {
      setting: t(kind === "weekly" ? "crm.reports.email.weeklySetting" : "crm.reports.email.monthlySetting"),
    }),
    t("email.unsubscribeLine", { url: unsubscribeUrl }),
  ].join("\n");
  return { subject, text: withCompanySignature(text, companyName) };
}

/**
 * One Cron Trigger run: for each report due now, the figures of its closed period, then one
 * batch that claims (user, kind, period) for every active user whose switch is on and writes
 * their e-mails to the outbox in their language; then those e-mails are delivered in the
 * background (a failed one stays in the outbox for retryOutbox).
 */
export async function sendReportEmails(ctx: ServiceContext, now = new Date()): Promise<Record<ReportEmailKind, number>> {
  const written: Record<ReportEmailKind, number> = { weekly: 0, monthly: 0 };
  const org = await readOrgSettings(ctx);
  for (const due of dueReports(now, org.time_zone)) {
    const report = await readReport(ctx, due.kind === "weekly" ? "7d" : "month", due.from, due.until, now, org);
    const emails = Object.fromEntries(
      LANGUAGES.map((language) => [language, reportEmail(language, due.kind, due, report, ctx.env.PUBLIC_ORIGIN, org.company_name)]),
    ) as Record<Language, { subject: string; text: string }>;
    const runId = crypto.randomUUID();
    const at = now.toISOString();
    // Weekly reports are on unless switched off; monthly ones off unless switched on.
    const wants =
      due.kind === "weekly"
        ? sql`not exists (select 1 from notification_preferences p where p.user_id = u.id and p.weekly_reports = 0)`
        : sql`exists (select 1 from notification_preferences p where p.user_id = u.id and p.monthly_reports = 1)`;
    const byLanguage = (part: "subject" | "text") =>
      sql`case u.language when 'es' then ${emails.es[part]} when 'en' then ${emails.en[part]} else ${emails.pt[part]} end`;
    // Each reader's own unsubscribe token (signed here, one per user): only the users it was
    // signed for are claimed; one who became due meanwhile is claimed by the next run.
    const which = due.kind === "weekly" ? "weekly_reports" : "monthly_reports";
    const readers = await ctx.db.all<{ id: string }>(sql`select u.id from users u where u.is_active = 1 and ${wants}
          and not exists (select 1 from report_deliveries r where r.user_id = u.id and r.kind = ${due.kind} and r.period_start = ${due.periodStart})`);
    if (readers.length === 0) continue;
    const tokens: Record<string, string> = {};
    for (const reader of readers) tokens[reader.id] = await signUnsubscribeToken(ctx.env.AUTH_SECRET, reader.id, which, now);
    const { oneClick, page } = unsubscribeUrls(ctx.env, "");
    const [, queued] = await readBatch<[unknown, QueuedEmail]>(ctx.db, [
      sql`insert into report_deliveries (user_id, kind, period_start, run_id, created_at)
          select u.id, ${due.kind}, ${due.periodStart}, ${runId}, ${at} from users u
          where u.is_active = 1 and ${wants} and u.id in (select key from json_each(${JSON.stringify(tokens)}))
          on conflict do nothing`,
      sql`insert into email_outbox (id, to_address, subject, text_body, html_body, kind, status, attempts, created_at, headers)
          select ${sqlUuid}, u.email, ${byLanguage("subject")},
                 replace(replace(${byLanguage("text")}, '{unsubscribe}', ${page} || t.value), '{name}', u.name), null,
                 ${`report_${due.kind}`}, 'pending', 0, ${at},
                 json_object('List-Unsubscribe', '<' || ${oneClick} || t.value || '>', 'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
          from report_deliveries d join users u on u.id = d.user_id join json_each(${JSON.stringify(tokens)}) t on t.key = u.id
          where d.run_id = ${runId}
          returning id, to_address as toAddress, subject, text_body as textBody, html_body as htmlBody, kind, headers`,
    ]);
    written[due.kind] = queued.length;
    for (const email of queued) {
      const delivery = deliverOutboxEmail(ctx, email);
      if (ctx.waitUntil) ctx.waitUntil(delivery);
      else await delivery;
    }
  }
  return written;
}
