// Relatórios e Analytics (crm.md §2 'Reports and analytics', §7 Report leads, §9): every figure
// of a period counted by SQL in one D1 batch (one round trip, one consistent snapshot), never by
// sending leads anywhere. The period is the leads created since its start, in the
// organisation's calendar (lead-filters.ts periodStart: the same leads the list shows for
// ?period=), or all of them.
//
// Three reads (docs/decisions/020), over the period's leads through leads_report_idx (every
// column they group, no row read), or for all time over the totals the triggers of migration
// 0014 keep (lead_report_groups, lead_report_days: a few hundred rows for 50,000 leads):
// - counts and value sums by (status, source, currency): at most 6 × 5 × 3 rows, from which the
//   cards, 'Leads por Status' and the sources are added up;
// - the five sellers with the most leads (then the higher BRL value, then the name);
// - the leads created and won per local day (the chart; weeks or months for all time are
//   made of these days).
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { LEAD_SOURCES, LEAD_STATUSES, type LeadCurrency, type LeadSource, type LeadStatus } from "../db/schema/index.ts";
import { readBatch } from "../db/raw-batch.ts";
import { addDays, localDate, ORG_TIME_ZONE, utcOffsetMinutes, type OrgTimeZone } from "../lib/org-time.ts";
import type { MoneySums, ReportDto, ReportPeriod, ReportPoint } from "./crm-types.ts";
import type { FieldIssueKey } from "./errors.ts";
import { periodStart } from "./lead-filters.ts";
import { otherSums } from "./lead-totals.ts";
import { readOrgSettings, type OrgFormat } from "./org-settings-service.ts";
import { DEFAULT_REPORT_PERIOD, REPORT_PERIODS } from "./report-periods.ts";

import type { ServiceContext } from "./service-context.ts";

/** 'Top Vendedores' (crm.md §9). */
export const TOP_SELLERS = 5;
/** All time is drawn by week while its first lead is under this many days old, else by month. */
export const WEEKLY_UNTIL_DAYS = 183;

const INVALID = "apiErrors.field.invalid_value" satisfies FieldIssueKey;

/** GET /api/reports and /api/reports/export: `period`, 30 days when absent. */
export const reportQuerySchema = z.object({
  period: z.enum(REPORT_PERIODS, INVALID).default(DEFAULT_REPORT_PERIOD),
});

/** Where the period begins (ISO), null for all time; local midnight in the organisation's zone. */
export const reportFrom = (period: ReportPeriod, now: Date, timeZone: OrgTimeZone = ORG_TIME_ZONE): string | null =>
  period === "all" ? null : periodStart(period, now, timeZone);

/** `leads l` of a bounded period, read from the index that holds every column its groupings use. */
const periodTable = sql`leads l indexed by leads_report_idx`;
/** The condition that keeps the period's leads: created at or after `from`, and before `until`. */
export const inPeriod = (from: string | null, until: string | null = null): SQL =>
  sql.join(
    [from === null ? sql`true` : sql`l.created_at >= ${from}`, ...(until === null ? [] : [sql`l.created_at < ${until}`])],
    sql` and `,
  );

type GroupRow = { status: LeadStatus; source: LeadSource; currency: LeadCurrency; count: number; value: number };
type SellerRow = { id: string; name: string; count: number; value: number; usd: number; eur: number };
type DayRow = { day: string; count: number; won: number; won_value: number };
type HourRow = { hour: string; count: number; won: number; won_value: number };

/** The organisation's settings a report counts with: its zone's days, its currency first. */
export type ReportOrg = Pick<OrgFormat, "time_zone" | "currency">;

/** A sum per currency, the others as lead-totals.ts keeps them (those not 0 only). */
const sums = (value: number, usd_sum: number, eur_sum: number): MoneySums => ({ value, other: otherSums({ usd_sum, eur_sum }) });

/**
 * Every figure of the report for `period`, as of `now`, in the organisation's time zone and
 * currency (Settings → Sistema). Any signed-in user may read it (crm.md §6).
 */
export async function getReport(ctx: ServiceContext, period: ReportPeriod, now = new Date()): Promise<ReportDto> {
  const org = await readOrgSettings(ctx);
  return readReport(ctx, period, reportFrom(period, now, org.time_zone), null, now, org);
}

/**
 * The report of the leads created in [from, until) (an open end: up to now); `period` names
 * how the chart is drawn. The report e-mails read a closed week or month this way.
 */
export async function readReport(
  ctx: ServiceContext,
  period: ReportPeriod,
  from: string | null,
  until: string | null,
  now = new Date(),
  org?: ReportOrg,
): Promise<ReportDto> {
  const { db } = ctx;
  const { time_zone: timeZone, currency } = org ?? (await readOrgSettings(ctx));
  const leads = periodTable;
  const cond = inPeriod(from, until);
  // All time: the trigger-kept totals (migration 0014), a few hundred rows; a bounded period:
  // the period's leads, grouped from leads_report_idx.
  const allTime = from === null && until === null;
  // The chart's local days (docs/decisions/021). São Paulo has kept UTC−3 all year since 2019,
  // so a lead's day is its instant moved by that offset, and for all time in reais the
  // trigger-kept São Paulo days serve. New York and London change offset twice a year: their
  // leads are counted per UTC hour (every hour lies in one local day of either) and the hours
  // folded into local days here; for all time that reads the covering index, not the kept days.
  const fixedOffset = timeZone === ORG_TIME_ZONE;
  const keptDays = allTime && fixedOffset && currency === "BRL";
  const shift = `${utcOffsetMinutes(now, timeZone)} minutes`;
  const wonValue = sql`total(case when l.status = 'won' and l.currency = ${currency} then l.estimated_value end)`;
  const [groups, sellers, dayOrHourRows] = await readBatch<[GroupRow, SellerRow, DayRow | HourRow]>(db, [
    allTime
      ? sql`select status, source, currency, sum(lead_count) as count, sum(value_cents) / 100.0 as value
            from lead_report_groups group by status, source, currency having count > 0`
      : sql`select l.status as status, l.source as source, l.currency as currency, count(*) as count, total(l.estimated_value) as value
            from ${leads} where ${cond} group by l.status, l.source, l.currency`,
    sql`select u.id as id, u.name as name, s.count as count, s.value as value, s.usd as usd, s.eur as eur
        from (${
          allTime
            ? sql`select owner as owner, sum(lead_count) as count,
                         coalesce(sum(case when currency = 'BRL' then value_cents end), 0) / 100.0 as value,
                         coalesce(sum(case when currency = 'USD' then value_cents end), 0) / 100.0 as usd,
                         coalesce(sum(case when currency = 'EUR' then value_cents end), 0) / 100.0 as eur,
                         coalesce(sum(case when currency = ${currency} then value_cents end), 0) as org_cents
                  from lead_report_groups where owner <> '' group by owner having count > 0`
            : sql`select l.assigned_to as owner, count(*) as count,
                         total(case when l.currency = 'BRL' then l.estimated_value end) as value,
                         total(case when l.currency = 'USD' then l.estimated_value end) as usd,
                         total(case when l.currency = 'EUR' then l.estimated_value end) as eur,
                         total(case when l.currency = ${currency} then l.estimated_value end) * 100 as org_cents
                  from ${leads} where ${cond} and l.assigned_to is not null group by l.assigned_to`
        }) s join users u on u.id = s.owner
        order by s.count desc, s.org_cents desc, u.name collate nocase asc, u.id asc
        limit ${sql.raw(String(TOP_SELLERS))}`,
    keptDays
      ? sql`select day, lead_count as count, won_count as won, won_cents / 100.0 as won_value
            from lead_report_days where lead_count > 0 order by day`
      : fixedOffset
        ? sql`select date(l.created_at, ${shift}) as day, count(*) as count, coalesce(sum(l.status = 'won'), 0) as won, ${wonValue} as won_value
              from ${leads} where ${cond} group by day order by day`
        : sql`select strftime('%Y-%m-%dT%H:00:00Z', l.created_at) as hour, count(*) as count, coalesce(sum(l.status = 'won'), 0) as won,
                     ${wonValue} as won_value
              from ${leads} where ${cond} group by hour order by hour`,
  ]);
  const days = fixedOffset ? (dayOrHourRows as DayRow[]) : hoursToDays(dayOrHourRows as HourRow[], timeZone);

  const byStatus = new Map<LeadStatus, number>(LEAD_STATUSES.map((status) => [status, 0]));
  const bySource = new Map<LeadSource, number>(LEAD_SOURCES.map((source) => [source, 0]));
  const byCurrency = { BRL: { count: 0, value: 0 }, USD: { count: 0, value: 0 }, EUR: { count: 0, value: 0 } };
  let total = 0;
  for (const row of groups) {
    const count = Number(row.count);
    total += count;
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + count);
    bySource.set(row.source, (bySource.get(row.source) ?? 0) + count);
    byCurrency[row.currency].count += count;
    byCurrency[row.currency].value += Number(row.value);
  }
  const won = byStatus.get("won") ?? 0;
  const average = (currency: LeadCurrency) => (byCurrency[currency].count ? byCurrency[currency].value / byCurrency[currency].count : 0);

  return {
    period,
    from,
    generatedAt: now.toISOString(),
    timeZone,
    currency,
    total,
    won,
    conversionRate: total ? (won / total) * 100 : 0,
    totalValue: sums(byCurrency.BRL.value, byCurrency.USD.value, byCurrency.EUR.value),
    averageValue: sums(average("BRL"), average("USD"), average("EUR")),
    byStatus: LEAD_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    bySource: LEAD_SOURCES.map((source) => ({ source, count: bySource.get(source) ?? 0 })),
    topSellers: sellers.map((row) => ({
      id: row.id,
      name: row.name,
      count: Number(row.count),
      total: sums(Number(row.value), Number(row.usd), Number(row.eur)),
    })),
    series: reportSeries(period, from, now, days, timeZone),
  };
}

/** UTC hours' counts as the local days of `timeZone` they fall in (in order). */
function hoursToDays(hours: HourRow[], timeZone: OrgTimeZone): DayRow[] {
  const days = new Map<string, DayRow>();
  for (const row of hours) {
    const day = localDate(new Date(row.hour), timeZone);
    const entry = days.get(day) ?? { day, count: 0, won: 0, won_value: 0 };
    entry.count += Number(row.count);
    entry.won += Number(row.won);
    entry.won_value += Number(row.won_value);
    days.set(day, entry);
  }
  return [...days.values()];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The Monday of a local day's week. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const date = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
};

/**
 * The chart's bars, every bucket from the period's first local day to today, empty ones
 * included: days for a bounded period; for all time weeks (from Monday) while the first lead
 * is under WEEKLY_UNTIL_DAYS old, else months.
 */
export function reportSeries(
  period: ReportPeriod,
  from: string | null,
  now: Date,
  days: DayRow[],
  timeZone: OrgTimeZone = ORG_TIME_ZONE,
): ReportDto["series"] {
  const today = localDate(now, timeZone);
  const first = from !== null ? localDate(new Date(from), timeZone) : (days[0]?.day ?? today);
  const unit =
    period !== "all"
      ? "day"
      : Date.parse(`${today}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`) < WEEKLY_UNTIL_DAYS * DAY_MS
        ? "week"
        : "month";
  const bucketOf = unit === "day" ? (day: string) => day : unit === "week" ? mondayOf : monthOf;
  const step = unit === "day" ? (day: string) => addDays(day, 1) : unit === "week" ? (day: string) => addDays(day, 7) : nextMonth;
  const points = new Map<string, ReportPoint>();
  for (let start = bucketOf(first < today ? first : today); start <= today; start = step(start)) {
    points.set(start, { start, count: 0, won: 0, wonValue: 0 });
  }
  for (const row of days) {
    const point = points.get(bucketOf(row.day));
    // A lead dated after today (a clock ahead) has no bar; the cards still count it.
    if (!point) continue;
    point.count += Number(row.count);
    point.won += Number(row.won);
    point.wonValue += Number(row.won_value);
  }
  return { unit, points: [...points.values()] };
}
