// The dashboard's figures (crm.md §2 Dashboard, §3 Dashboard metrics, §9): counts per status,
// the revenue of won leads and the five newest leads, in one D1 batch (one round trip and
// one consistent snapshot). The per-status counts and sums are the 6 rows of
// lead_status_totals, kept by triggers on leads (migration 0005), so the dashboard does not
// count every lead on each load; the newest leads come from the (created_at, id) index.
//
// Trends (each card's "+12%"): the last TREND_DAYS days against the TREND_DAYS before, from
// the same batch. Leads created: a range of the created_at index. Leads won: each lead now
// won, at the time of its last status change to won (its creation when it was created won);
// only leads written since the earlier window began can have been won in it (a status change
// moves updated_at), so the others are not looked at. A lead won and then moved on counts in
// neither window. docs/decisions/017 has the definitions.
//
// Whose figures (issue 20, docs/decisions/017): the team's, or one seller's (the leads assigned
// to them). A seller's figures add `assigned_to = ?` to every statement of the same batch, read
// through the (assigned_to, created_at) index; their per-status counts are counted, not kept
// (sellerStatusTotals).
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { canViewSellerFigures, defaultsToOwnFigures } from "../auth/crm-permissions.ts";
import { LEAD_STATUSES, type LeadStatus } from "../db/schema/index.ts";
import { readBatch } from "../db/raw-batch.ts";
import type { DashboardDto, UserRef } from "./crm-types.ts";
import { ForbiddenError, invalidField, type FieldIssueKey } from "./errors.ts";
import { columnTotals, otherSums, STATUS_TOTALS_COLUMNS, type StatusTotalsRow } from "./lead-totals.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

/** How many of the newest leads the dashboard lists (crm.md §9). */
export const RECENT_LEADS = 5;

/** The trends compare the last this many days with the same number of days before. */
export const TREND_DAYS = 30;

type RecentRow = DashboardDto["recentLeads"][number];
type CreatedRow = { created_now: number; created_before: number };
type WonRow = { won_now: number; won_before: number; revenue_now: number; revenue_before: number; usd_sum: number; eur_sum: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID = "apiErrors.field.invalid_value" satisfies FieldIssueKey;

/**
 * Whose figures (GET /api/dashboard and the page's URL): `scope=me` the caller's own,
 * `scope=team` the team's, `seller=<user id>` one seller's; nothing: the caller's default
 * (a sales_rep's own, the team's for managers and admins). Both at once is refused.
 */
export const dashboardQuerySchema = z
  .object({
    scope: z.enum(["me", "team"], INVALID).optional(),
    seller: z.guid(INVALID).optional(),
  })
  .refine((query) => !(query.scope && query.seller), { path: ["seller"], error: INVALID });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The seller whose figures were asked for (null: the team's); 403 for a colleague's to a sales_rep. */
export function dashboardSeller(actor: Authenticated, query: DashboardQuery): string | null {
  const self = { id: actor.user.id, role: actor.user.role };
  if (query.seller) {
    if (!canViewSellerFigures(self, query.seller)) throw new ForbiddenError();
    return query.seller;
  }
  if (query.scope) return query.scope === "me" ? self.id : null;
  return defaultsToOwnFigures(self) ? self.id : null;
}

/**
 * A seller's count and value sum per status (values in whole cents, as lead_status_totals keeps
 * them). No index holds a lead's owner with its status, so each lead of theirs is a row lookup
 * from the (assigned_to, created_at) index, about ten times the cost of a row of a plain pass
 * over the table (measured at 50,000 leads): a seller with under a tenth of the leads is read
 * through the index (0.1 ms for none, and growing with their share), one with more by a pass
 * over the table (the same time for 22,000 leads as the index took for 7,500). The statement
 * picks the arm: each has LIMIT 0 or none, and SQLite skips an arm whose LIMIT is 0 before
 * reading anything (a WHERE condition would be tested row by row; docs/decisions/012).
 */
function sellerStatusTotals(seller: string): SQL {
  // One sum per currency, as lead_status_totals keeps them (lead-totals.ts, docs/decisions/018).
  const totals = sql.raw(
    "status, count(*) as count, total(case when currency = 'BRL' then estimated_value end) as value_sum, " +
      "total(case when currency = 'USD' then estimated_value end) as usd_sum, total(case when currency = 'EUR' then estimated_value end) as eur_sum",
  );
  return sql`
    with share(many) as materialized (
      select count(*) * 10 > (select sum(lead_count) from lead_status_totals)
      from leads indexed by leads_assigned_to_created_at_idx where assigned_to = ${seller}
    )
    select * from (
      select ${totals} from leads indexed by leads_assigned_to_created_at_idx where assigned_to = ${seller} group by status
      limit case when (select many from share) then 0 else -1 end)
    union all
    select * from (
      select ${totals} from leads not indexed where assigned_to = ${seller} group by status
      limit case when (select many from share) then -1 else 0 end)`;
}

/**
 * The dashboard's figures: the team's, or one seller's (`query`, see dashboardQuerySchema):
 * every figure, trend and recent lead then counts only the leads assigned to them. Reading
 * a seller's is for managers and admins, or one's own (403); an unknown seller is 400.
 */
export async function getDashboard(
  { db }: ServiceContext,
  actor: Authenticated,
  now = new Date(),
  query: DashboardQuery = {},
): Promise<DashboardDto> {
  const seller = dashboardSeller(actor, query);
  const current = new Date(now.getTime() - TREND_DAYS * DAY_MS).toISOString();
  const previous = new Date(now.getTime() - 2 * TREND_DAYS * DAY_MS).toISOString();
  const end = now.toISOString();
  // The leads counted, as the index that reads them by creation: all, or one seller's.
  const leadsByCreation =
    seller === null
      ? sql`leads indexed by leads_created_at_idx where true`
      : sql`leads indexed by leads_assigned_to_created_at_idx where assigned_to = ${seller}`;
  const [totals, recent, [created], [won], owners = []] = await readBatch<[StatusTotalsRow, RecentRow, CreatedRow, WonRow, UserRef]>(db, [
    seller === null ? sql`select ${STATUS_TOTALS_COLUMNS} from lead_status_totals` : sellerStatusTotals(seller),
    sql`select id, name, company, status, estimated_value, currency, created_at from ${leadsByCreation} order by created_at desc, id desc limit ${sql.raw(String(RECENT_LEADS))}`,
    sql`
      select coalesce(sum(created_at >= ${current}), 0) as created_now, coalesce(sum(created_at < ${current}), 0) as created_before
      from ${leadsByCreation} and created_at >= ${previous} and created_at < ${end}`,
    // Each lead's win time is computed once (materialized), from its history since the earlier
    // window began: a last win before that is outside both windows either way (50,000 leads,
    // 8,000 won: 16 ms instead of 52 for the plain subquery, measured with node:sqlite).
    sql`
      with won as materialized (
        select l.estimated_value, l.currency,
               coalesce(
                 (select max(a.created_at) from lead_activities a
                  where a.lead_id = l.id and a.created_at >= ${previous}
                    and a.type = 'status_change' and json_extract(a.metadata, '$.to') = 'won'),
                 l.created_at
               ) as won_at
        from leads l
        where l.status = 'won' and l.updated_at >= ${previous}${seller === null ? sql`` : sql` and l.assigned_to = ${seller}`}
      )
      select coalesce(sum(won_at >= ${current}), 0) as won_now,
             coalesce(sum(won_at < ${current}), 0) as won_before,
             total(case when won_at >= ${current} and currency = 'BRL' then estimated_value end) as revenue_now,
             total(case when won_at < ${current} and currency = 'BRL' then estimated_value end) as revenue_before,
             total(case when won_at >= ${current} and currency = 'USD' then estimated_value end) as usd_sum,
             total(case when won_at >= ${current} and currency = 'EUR' then estimated_value end) as eur_sum
      from won
      where won_at >= ${previous} and won_at < ${end}`,
    ...(seller === null ? [] : [sql`select id, name from users where id = ${seller}`]),
  ]);
  const [owner = null] = owners;
  if (seller !== null && !owner) throw invalidField("seller", INVALID);
  const leadsByStatus = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  let revenue = columnTotals(undefined);
  for (const row of totals) {
    leadsByStatus[row.status] = row.count;
    if (row.status === "won") revenue = columnTotals(row);
  }
  const totalLeads = LEAD_STATUSES.reduce((sum, status) => sum + leadsByStatus[status], 0);
  return {
    totalLeads,
    newLeads: leadsByStatus.new,
    qualifiedLeads: leadsByStatus.qualified,
    wonLeads: leadsByStatus.won,
    totalRevenue: revenue.value_sum,
    otherRevenue: revenue.other_sums,
    leadsByStatus,
    recentLeads: recent,
    trends: {
      days: TREND_DAYS,
      // The total now against the total when the window began (the leads created since taken out).
      total: { now: totalLeads, before: Math.max(0, totalLeads - (created?.created_now ?? 0)) },
      created: { now: created?.created_now ?? 0, before: created?.created_before ?? 0 },
      won: { now: won?.won_now ?? 0, before: won?.won_before ?? 0 },
      revenue: { now: won?.revenue_now ?? 0, before: won?.revenue_before ?? 0 },
      revenueOther: otherSums(won),
    },
    seller: owner,
    generatedAt: now.toISOString(),
  };
}
