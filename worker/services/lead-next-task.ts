// Each lead card's next step (issue 20): the next open task of the leads of a list or
// pipeline page, read in one statement. Apart from task-service.ts so the lead reads (and
// the benchmarks that run them in Node) carry no notification or realtime code.
import { sql } from "drizzle-orm";
import { tasks } from "../db/schema/index.ts";
import type { LeadNextTaskDto } from "./crm-types.ts";
import type { ServiceContext } from "./service-context.ts";

/**
 * Each lead's next open task: the earliest due (undated after every dated one, then the
 * oldest), with whether it is overdue at `now`; leads without an open task are absent. One
 * statement for all the leads of a page (their ids as one JSON parameter), through the
 * partial index of open tasks by lead and due date (migration 0010).
 */
export async function nextOpenTasks(
  { db }: Pick<ServiceContext, "db">,
  leadIds: readonly string[],
  now = new Date(),
): Promise<Map<string, LeadNextTaskDto>> {
  const next = new Map<string, LeadNextTaskDto>();
  if (leadIds.length === 0) return next;
  const rows = await db.all<{ lead_id: string; id: string; title: string; due_date: string | null; due_has_time: number }>(sql`
    select lead_id, id, title, due_date, due_has_time from (
      select t.lead_id, t.id, t.title, t.due_date, t.due_has_time,
             row_number() over (partition by t.lead_id order by t.due_date is null, t.due_date, t.created_at, t.id) as place
      from ${tasks} t indexed by tasks_open_lead_due_idx
      where t.completed = 0 and t.lead_id in (select value from json_each(${JSON.stringify(leadIds)}))
    ) where place = 1`);
  const at = now.toISOString();
  for (const row of rows) {
    next.set(row.lead_id, {
      id: row.id,
      title: row.title,
      due_date: row.due_date,
      due_has_time: row.due_date !== null && Boolean(row.due_has_time),
      overdue: row.due_date !== null && row.due_date < at,
    });
  }
  return next;
}

/** The leads with their `next_task` (null when they have none): nextOpenTasks in one statement. */
export async function withNextTasks<L extends { id: string }>(
  ctx: Pick<ServiceContext, "db">,
  leads: L[],
  now = new Date(),
): Promise<(L & { next_task: LeadNextTaskDto | null })[]> {
  const next = await nextOpenTasks(
    ctx,
    leads.map((lead) => lead.id),
    now,
  );
  return leads.map((lead) => ({ ...lead, next_task: next.get(lead.id) ?? null }));
}
