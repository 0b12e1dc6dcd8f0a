// The CRM's lead reads at scale: the paginated list with search and status filter, the
// pipeline board, and their cursors. Everyone signed in reads every lead (docs/decisions/010).
//
// Order: newest first, created_at desc with id desc as the tie-breaker, so a cursor (the
// last item's created_at and id) continues exactly where a page ended even when many leads
// share a created_at. The (created_at, id) and (status, created_at, id) indexes serve these
// pages without sorting. Per-status counts and sums of all leads come from lead_status_totals
// (kept by triggers, migration 0005); of a search's matches, from the matching rows.
//
// Text search goes through the FTS5 index leads_fts (migration 0003; search-text.ts turns
// the input into a MATCH that cannot be a syntax error). A search page runs one of two plans,
// in the same statement, chosen by how many leads match (counted up to SPARSE_MATCHES):
//   - few matches: read the matching leads by rowid and sort them;
//   - many matches ("co", a tag half the leads carry): walk the newest-first index and keep
//     the rows in the match set, stopping after one page — instead of sorting 40,000 rows.
// docs/decisions/012-crm-reads-at-scale.md has the measurements.
import { sql, type SQL } from "drizzle-orm";
import { LEAD_STATUSES, type LeadStatus } from "../db/schema/index.ts";
import { periodStart, type LeadFilters } from "./lead-filters.ts";
import { readBatch } from "../db/raw-batch.ts";
import type { LeadDto, LeadListQuery, Page, PipelineColumnDto, PipelineDto } from "./crm-types.ts";
import { invalidField } from "./errors.ts";
import { RAW_LEAD_COLUMNS, rawLeadDto, type RawLeadRow } from "./lead-dto.ts";
import { ftsPrefixQuery } from "./search-text.ts";
import { nextOpenTasks, withNextTasks } from "./lead-next-task.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

export const LEAD_PAGE_DEFAULT = 30;
export const LEAD_PAGE_MAX = 100;
export const PIPELINE_COLUMN_DEFAULT = 20;
/** At or above this many matches a search walks the newest-first index (see above). */
export const SPARSE_MATCHES = 1000;

// ---------------------------------------------------------------------------------------
// Cursor: the sort key of a page's last lead, base64url JSON [created_at, id].

type Cursor = { createdAt: string; id: string };

const invalidCursor = () => invalidField("cursor", "apiErrors.field.invalid_value");

export function encodeLeadCursor(lead: { created_at: string; id: string }): string {
  const bytes = new TextEncoder().encode(JSON.stringify([lead.created_at, lead.id]));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function decodeLeadCursor(cursor: string): Cursor {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw invalidCursor();
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      value[0].length <= 40 &&
      value[1].length > 0 &&
      value[1].length <= 64
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // not base64 or not JSON: the same answer as a wrong shape
  }
  throw invalidCursor();
}

const clampLimit = (limit: number | undefined, fallback: number) =>
  Math.min(Math.max(Math.trunc(limit ?? fallback) || fallback, 1), LEAD_PAGE_MAX);

// ---------------------------------------------------------------------------------------
// Statements

// ---------------------------------------------------------------------------------------
// Filters besides the text and the status (the same for the list and the pipeline)

/** The WHERE conditions of the filters, on the leads aliased `l`. */
export function leadFilterConditions(actor: Authenticated, filters: LeadFilters = {}, now = new Date()): SQL[] {
  const conditions: SQL[] = [];
  if (filters.owner === "me") conditions.push(sql`l.assigned_to = ${actor.user.id}`);
  else if (filters.owner === "none") conditions.push(sql`l.assigned_to is null`);
  else if (filters.owner) conditions.push(sql`l.assigned_to = ${filters.owner}`);
  if (filters.source) conditions.push(sql`l.source = ${filters.source}`);
  if (filters.period) conditions.push(sql`l.created_at >= ${periodStart(filters.period, now)}`);
  if (filters.tag) {
    conditions.push(
      sql`exists (select 1 from json_each(l.tags) t where t.value = ${filters.tag} or lower(t.value) = lower(${filters.tag}))`,
    );
  }
  return conditions;
}

/** rowid of every lead the MATCH expression finds. */
const matchingRowids = (match: string) => sql`select rowid from leads_fts where leads_fts match ${match}`;

type PageQuery = { match: string | null; status?: LeadStatus; after?: Cursor; limit: number; filters?: SQL[] };

/** One page of leads, newest first (limit rows; ask for one more to know if another page follows). */
function leadPageQuery({ match, status, after, limit, filters = [] }: PageQuery): SQL {
  const conditions: SQL[] = [sql`1`, ...filters];
  if (status) conditions.push(sql`l.status = ${status}`);
  if (after) conditions.push(sql`(l.created_at, l.id) < (${after.createdAt}, ${after.id})`);
  const page = (access: string, extra: SQL[], rows: SQL) =>
    sql`select ${RAW_LEAD_COLUMNS} from leads l ${sql.raw(access)} left join users u on u.id = l.assigned_to where ${sql.join(
      [...conditions, ...extra],
      sql` and `,
    )} order by l.created_at desc, l.id desc limit ${rows}`;
  if (!match) return page("", [], sql`${limit}`);
  const inMatches = sql`l.rowid in (${matchingRowids(match)})`;
  const walk = status ? "indexed by leads_status_created_at_idx" : "indexed by leads_created_at_idx";
  // `gate` counts the matches up to SPARSE_MATCHES, once. Each arm's LIMIT is its page size or
  // 0, and SQLite reads a LIMIT before the loop: an arm with LIMIT 0 reads no row at all. (A
  // WHERE condition on the count would not do: it is checked row by row.)
  return sql`with gate(dense) as materialized (
      select count(*) >= ${SPARSE_MATCHES} from (select 1 from leads_fts where leads_fts match ${match} limit ${SPARSE_MATCHES})
    )
    select * from (${page("not indexed", [inMatches], sql`case when (select dense from gate) then 0 else ${limit} end`)})
    union all select * from (${page(walk, [inMatches], sql`case when (select dense from gate) then ${limit} else 0 end`)})
    order by created_at desc, id desc`;
}

type StatusTotalsRow = { status: LeadStatus; count: number; value_sum: number };

/** Count and value sum (null = 0) per status, of every lead or of the ones matching; or of one status. */
function statusTotalsQuery(match: string | null, status?: LeadStatus, filters: SQL[] = []): SQL {
  const conditions: SQL[] = [sql`1`];
  if (!match && filters.length === 0) {
    // Every lead: the trigger-kept totals (migration 0005), 6 rows instead of a count of all leads.
    if (status) conditions.push(sql`status = ${status}`);
    return sql`select status, lead_count as count, value_cents / 100.0 as value_sum from lead_status_totals where ${sql.join(conditions, sql` and `)}`;
  }
  // The matches, read by rowid: cheaper than walking the (status, estimated_value) index and
  // testing each entry against the match set, even when most leads match (measured).
  if (status) conditions.push(sql`l.status = ${status}`);
  if (match) conditions.push(sql`l.rowid in (${matchingRowids(match)})`);
  conditions.push(...filters);
  return sql`select status, count(*) as count, total(estimated_value) as value_sum from leads l ${sql.raw(match ? "not indexed" : "")} where ${sql.join(
    conditions,
    sql` and `,
  )} group by status`;
}

function toPage(rows: RawLeadRow[], limit: number): Page<LeadDto> {
  const items = rows.slice(0, limit).map(rawLeadDto);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last ? encodeLeadCursor(last) : null };
}

/** The MATCH for a search text: undefined when there is no text, null when it can match nothing. */
function searchMatch(q: string | undefined): string | null | undefined {
  if (!q?.trim()) return undefined;
  return ftsPrefixQuery(q);
}

// ---------------------------------------------------------------------------------------
// Services

/** Newest first, filtered by status and/or text, cursor-paginated. */
export async function listLeads({ db }: ServiceContext, actor: Authenticated, query: LeadListQuery): Promise<Page<LeadDto>> {
  const limit = clampLimit(query.limit, LEAD_PAGE_DEFAULT);
  const after = query.cursor ? decodeLeadCursor(query.cursor) : undefined;
  const match = searchMatch(query.q);
  if (match === null) return { items: [], next_cursor: null };
  const filters = leadFilterConditions(actor, query);
  const [rows] = await readBatch<[RawLeadRow]>(db, [
    leadPageQuery({ match: match ?? null, status: query.status, after, limit: limit + 1, filters }),
  ]);
  const page = toPage(rows, limit);
  return { ...page, items: await withNextTasks({ db }, page.items) };
}

/** The six columns with count, value sum and the first `perColumn` (default 20) cards each. */
export async function loadPipeline(
  { db }: ServiceContext,
  actor: Authenticated,
  query: LeadFilters & { q?: string; perColumn?: number },
): Promise<PipelineDto> {
  const perColumn = clampLimit(query.perColumn, PIPELINE_COLUMN_DEFAULT);
  const match = searchMatch(query.q);
  if (match === null) {
    return { columns: LEAD_STATUSES.map((status) => ({ status, count: 0, value_sum: 0, leads: [], next_cursor: null })) };
  }
  const filters = leadFilterConditions(actor, query);
  const [totals, ...pages] = await readBatch<[StatusTotalsRow, ...RawLeadRow[]]>(db, [
    statusTotalsQuery(match ?? null, undefined, filters),
    ...LEAD_STATUSES.map((status) => leadPageQuery({ match: match ?? null, status, limit: perColumn + 1, filters })),
  ]);
  const byStatus = new Map((totals as StatusTotalsRow[]).map((row) => [row.status, row]));
  const columns = LEAD_STATUSES.map((status, i) => {
    const page = toPage(pages[i] as RawLeadRow[], perColumn);
    const total = byStatus.get(status);
    return { status, count: total?.count ?? 0, value_sum: total?.value_sum ?? 0, leads: page.items, next_cursor: page.next_cursor };
  });
  // Every card's next task in one statement for the whole board.
  const next = await nextOpenTasks(
    { db },
    columns.flatMap((column) => column.leads.map((lead) => lead.id)),
  );
  return {
    columns: columns.map((column) => ({
      ...column,
      leads: column.leads.map((lead) => ({ ...lead, next_task: next.get(lead.id) ?? null })),
    })),
  };
}

/** More cards of one column (its `next_cursor`), with the column's count and value sum. */
export async function loadPipelineColumn(
  { db }: ServiceContext,
  actor: Authenticated,
  status: LeadStatus,
  query: LeadFilters & { q?: string; cursor?: string; limit?: number },
): Promise<PipelineColumnDto> {
  const limit = clampLimit(query.limit, PIPELINE_COLUMN_DEFAULT);
  const after = query.cursor ? decodeLeadCursor(query.cursor) : undefined;
  const match = searchMatch(query.q);
  if (match === null) return { status, count: 0, value_sum: 0, leads: [], next_cursor: null };
  const filters = leadFilterConditions(actor, query);
  const [totals, rows] = await readBatch<[StatusTotalsRow, RawLeadRow]>(db, [
    statusTotalsQuery(match ?? null, status, filters),
    leadPageQuery({ match: match ?? null, status, after, limit: limit + 1, filters }),
  ]);
  const page = toPage(rows, limit);
  const total = totals[0];
  const leads = await withNextTasks({ db }, page.items);
  return { status, count: total?.count ?? 0, value_sum: total?.value_sum ?? 0, leads, next_cursor: page.next_cursor };
}
