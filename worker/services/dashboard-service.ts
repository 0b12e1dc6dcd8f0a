// The dashboard's figures (crm.md §2 Dashboard, §3 Dashboard metrics, §9): counts per status,
// the revenue of won leads and the five newest leads, in one D1 batch (one round trip and
// one consistent snapshot). The per-status counts and sums are the 6 rows of
// lead_status_totals, kept by triggers on leads (migration 0005), so the dashboard does not
// count every lead on each load; the newest leads come from the (created_at, id) index.
import { sql } from "drizzle-orm";
import { LEAD_STATUSES, type LeadStatus } from "../db/schema/index.ts";
import type { DashboardDto } from "./crm-types.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

/** How many of the newest leads the dashboard lists (crm.md §9). */
export const RECENT_LEADS = 5;

type TotalsRow = { status: LeadStatus; count: number; value_sum: number };
type RecentRow = DashboardDto["recentLeads"][number];

/** The dashboard's figures; everyone signed in sees the whole team's (crm.md §6). */
export async function getDashboard({ db }: ServiceContext, _actor: Authenticated): Promise<DashboardDto> {
  const [totals, recent] = await db.batch([
    db.all<TotalsRow>(sql`select status, lead_count as count, value_cents / 100.0 as value_sum from lead_status_totals`),
    db.all<RecentRow>(
      sql`select id, name, company, status, estimated_value, created_at from leads indexed by leads_created_at_idx order by created_at desc, id desc limit ${sql.raw(String(RECENT_LEADS))}`,
    ),
  ]);
  const leadsByStatus = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  let revenue = 0;
  for (const row of totals) {
    leadsByStatus[row.status] = row.count;
    if (row.status === "won") revenue = row.value_sum;
  }
  return {
    totalLeads: LEAD_STATUSES.reduce((sum, status) => sum + leadsByStatus[status], 0),
    newLeads: leadsByStatus.new,
    qualifiedLeads: leadsByStatus.qualified,
    wonLeads: leadsByStatus.won,
    totalRevenue: revenue,
    leadsByStatus,
    recentLeads: recent,
    generatedAt: new Date().toISOString(),
  };
}
