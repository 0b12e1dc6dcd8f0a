// Ctrl/⌘+K: at most 6 leads and 6 tasks for a text, both through FTS5 indexes
// (migration 0003), so the answer is as fast at 50,000 leads as at 50, and case and accents
// never matter ("joao" finds "João"). Leads match on name, e-mail, company and tags, newest
// first (the same query as the leads list); tasks on title and description (tasks_fts) or
// on the linked lead's name (leads_fts, name column), pending before done, then by due date
// (no date last). Every word of the text must match, as a prefix.
import { sql } from "drizzle-orm";
import type { QuickSearchDto, QuickSearchTaskDto } from "./crm-types.ts";
import { listLeads } from "./lead-query-service.ts";
import { ftsPrefixQuery } from "./search-text.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

export const QUICK_SEARCH_LIMIT = 6;
/**
 * From this many leads whose name matches, one pass over the tasks beats looking up the tasks
 * of each such lead (as in lead-query-service, the arms' LIMIT picks the plan; an arm with
 * LIMIT 0 reads nothing).
 */
const LEAD_NAME_MATCHES_FOR_SCAN = 1000;

type TaskRow = { id: string; title: string; due_date: string | null; completed: number; created_at: string; lead_name: string | null };

/** Ctrl/⌘+K: leads (name, e-mail, company, tags) and tasks (title, description, lead name). */
export async function quickSearch(ctx: ServiceContext, actor: Authenticated, q: string): Promise<QuickSearchDto> {
  const tasksMatch = ftsPrefixQuery(q);
  const leadNameMatch = ftsPrefixQuery(q, "name");
  if (!tasksMatch || !leadNameMatch) return { leads: [], tasks: [] };
  const [leadPage, taskRows] = await Promise.all([
    listLeads(ctx, actor, { q, limit: QUICK_SEARCH_LIMIT }),
    ctx.db.all<TaskRow>(sql`
      with gate(many) as materialized (
        select count(*) >= ${LEAD_NAME_MATCHES_FOR_SCAN} from (select 1 from leads_fts where leads_fts match ${leadNameMatch} limit ${LEAD_NAME_MATCHES_FOR_SCAN})
      )
      select * from (
        -- Few leads by that name: their tasks through tasks_lead_idx, plus the title/description matches.
        select * from (
          select * from (
            select t.id, t.title, t.due_date, t.completed, t.created_at, l.name as lead_name
            from tasks t left join leads l on l.id = t.lead_id
            where t.rowid in (select rowid from tasks_fts where tasks_fts match ${tasksMatch})
            union
            select t.id, t.title, t.due_date, t.completed, t.created_at, l.name as lead_name
            from leads l join tasks t on t.lead_id = l.id
            where l.rowid in (select rowid from leads_fts where leads_fts match ${leadNameMatch})
          )
          order by completed, due_date is null, due_date, created_at desc, id
          limit case when (select many from gate) then 0 else ${QUICK_SEARCH_LIMIT} end
        )
        union all
        -- Many: one pass over the tasks, testing each against both match sets.
        select * from (
          select t.id, t.title, t.due_date, t.completed, t.created_at, l.name as lead_name
          from tasks t left join leads l on l.id = t.lead_id
          where t.rowid in (select rowid from tasks_fts where tasks_fts match ${tasksMatch})
             or l.rowid in (select rowid from leads_fts where leads_fts match ${leadNameMatch})
          order by t.completed, t.due_date is null, t.due_date, t.created_at desc, t.id
          limit case when (select many from gate) then ${QUICK_SEARCH_LIMIT} else 0 end
        )
      )
      order by completed, due_date is null, due_date, created_at desc, id`),
  ]);
  return {
    leads: leadPage.items.map(({ id, name, company, email, status }) => ({ id, name, company, email, status })),
    tasks: taskRows.map((row): QuickSearchTaskDto => ({
      id: row.id,
      title: row.title,
      due_date: row.due_date,
      completed: row.completed === 1,
      lead_name: row.lead_name,
    })),
  };
}
