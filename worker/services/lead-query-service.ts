// The CRM's lead reads at scale: the paginated list with search and status filter, the
// pipeline board, and their cursors. Everyone signed in reads every lead (docs/decisions/010).
//
// Order: newest first by default, created_at desc with id desc as the tie-breaker, so a cursor
// (the last item's created_at and id) continues exactly where a page ended even when many
// leads share a created_at. The (created_at, id) and (status, created_at, id) indexes serve
// these pages without sorting. The list's other orders (oldest, value, name, last activity:
// LEAD_ORDERS) work the same way on their own indexes (migration 0012). Per-status counts and sums of all leads come from lead_status_totals
// (kept by triggers, migration 0005); of a search's matches, from the matching rows.
//
// Text search goes through the FTS5 index leads_fts (migration 0003; search-text.ts turns
// the input into a MATCH that cannot be a syntax error). A search page runs one of two plans,
// in the same statement, chosen by how many leads match (counted up to SPARSE_MATCHES):
//   - few matches: read the matching leads by rowid and sort them;
//   - many matches ("co", a tag half the leads carry): walk the order's index and keep
//     the rows in the match set, stopping after one page — instead of sorting 40,000 rows.
// docs/decisions/012-crm-reads-at-scale.md has the measurements.
import { sql, type SQL } from "drizzle-orm";
import { LEAD_LAST_ACTIVITY, LEAD_STATUSES, type LeadStatus } from "../db/schema/index.ts";
import { periodStart, type LeadFilters, type LeadSort } from "./lead-filters.ts";
import { readBatch } from "../db/raw-batch.ts";
import type { LeadDto, LeadListQuery, Page, PipelineColumnDto, PipelineDto } from "./crm-types.ts";
import { invalidField } from "./errors.ts";
import { RAW_LEAD_COLUMNS, rawLeadDto, type RawLeadRow } from "./lead-dto.ts";
import { columnTotals, COUNTED_TOTALS_COLUMNS, STATUS_TOTALS_COLUMNS, type StatusTotalsRow } from "./lead-totals.ts";
import { ftsPrefixQuery } from "./search-text.ts";
import { nextOpenTasks, withNextTasks } from "./lead-next-task.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";
import { ORG_TIME_ZONE, type OrgTimeZone } from "../lib/org-time.ts";
import { readOrgSettings } from "./org-settings-service.ts";

export const LEAD_PAGE_DEFAULT = 30;
export const LEAD_PAGE_MAX = 100;
export const PIPELINE_COLUMN_DEFAULT = 20;
/** At or above this many matches a search walks the newest-first index (see above). */
export const SPARSE_MATCHES = 1000;

// ---------------------------------------------------------------------------------------
// Orders and cursors

/**
 * Each order of the list: the expression it sorts by (on the leads aliased `l`), its
 * direction, and the index that serves it (migration 0012; the id is every order's
 * tie-breaker, so a cursor continues exactly where a page ended).
 */
const LEAD_ORDERS: Record<LeadSort, { key: string; dir: "asc" | "desc"; index: string; numeric?: true }> = {
  newest: { key: "l.created_at", dir: "desc", index: "leads_created_at_idx" },
  oldest: { key: "l.created_at", dir: "asc", index: "leads_created_at_idx" },
  value: { key: "coalesce(l.estimated_value, -1)", dir: "desc", index: "leads_value_idx", numeric: true },
  name: { key: "l.name_key", dir: "asc", index: "leads_name_key_idx" },
  activity: { key: LEAD_LAST_ACTIVITY, dir: "desc", index: "leads_last_activity_idx" },
};

/** Where a page ended: its last lead's sort key and id. */
type Cursor = { key: string | number; id: string };

const invalidCursor = () => invalidField("cursor", "apiErrors.field.invalid_value");

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/**
 * The cursor after a lead, base64url JSON: [created_at, id] newest first (the pipeline's and
 * the default list's), [sort, key, id] in any other order.
 */
export function encodeLeadCursor(lead: { created_at: string; id: string }, sort: LeadSort = "newest", key?: string | number): string {
  return base64url(JSON.stringify(sort === "newest" ? [lead.created_at, lead.id] : [sort, key ?? lead.created_at, lead.id]));
}

/** The cursor's key and id; invalid input when it is not one of this order's cursors. */
export function decodeLeadCursor(cursor: string, sort: LeadSort = "newest"): Cursor {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(cursor)) throw invalidCursor();
  let value: unknown;
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    value = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    // not base64 or not JSON: the same answer as a wrong shape
  }
  if (!Array.isArray(value)) throw invalidCursor();
  const [key, id] = sort === "newest" ? value : value[0] === sort ? value.slice(1) : [];
  const keyOk = LEAD_ORDERS[sort].numeric ? typeof key === "number" && Number.isFinite(key) : typeof key === "string" && key.length <= 400;
  if (value.length !== (sort === "newest" ? 2 : 3) || !keyOk || typeof id !== "string" || id.length === 0 || id.length > 64) {
    throw invalidCursor();
  }
  return { key: key as string | number, id };
}

const clampLimit = (limit: number | undefined, fallback: number) =>
  Math.min(Math.max(Math.trunc(limit ?? fallback) || fallback, 1), LEAD_PAGE_MAX);

// ---------------------------------------------------------------------------------------
// Statements

// ---------------------------------------------------------------------------------------
// Filters besides the text and the status (the same for the list and the pipeline)

/** The WHERE conditions of the filters, on the leads aliased `l`. */
export function leadFilterConditions(
  actor: Authenticated,
  filters: LeadFilters = {},
  now = new Date(),
  timeZone: OrgTimeZone = ORG_TIME_ZONE,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.owner === "me") conditions.push(sql`l.assigned_to = ${actor.user.id}`);
  else if (filters.owner === "none") conditions.push(sql`l.assigned_to is null`);
  else if (filters.owner) conditions.push(sql`l.assigned_to = ${filters.owner}`);
  if (filters.source) conditions.push(sql`l.source = ${filters.source}`);
  if (filters.period) conditions.push(sql`l.created_at >= ${periodStart(filters.period, now, timeZone)}`);
  if (filters.tag) {
    conditions.push(
      sql`exists (select 1 from json_each(l.tags) t where t.value = ${filters.tag} or lower(t.value) = lower(${filters.tag}))`,
    );
  }
  return conditions;
}

/** rowid of every lead the MATCH expression finds. */
const matchingRowids = (match: string) => sql`select rowid from leads_fts where leads_fts match ${match}`;

type PageQuery = { match: string | null; status?: LeadStatus; after?: Cursor; limit: number; filters?: SQL[]; sort?: LeadSort };

/** One page of leads in the order `sort` (limit rows; ask for one more to know if another page follows). */
function leadPageQuery({ match, status, after, limit, filters = [], sort = "newest" }: PageQuery): SQL {
  const order = LEAD_ORDERS[sort];
  const key = sql.raw(order.key);
  const dir = sql.raw(order.dir);
  const conditions: SQL[] = [sql`1`, ...filters];
  if (status) conditions.push(sql`l.status = ${status}`);
  if (after) conditions.push(sql`(${key}, l.id) ${sql.raw(order.dir === "desc" ? "<" : ">")} (${after.key}, ${after.id})`);
  const page = (access: string, extra: SQL[], rows: SQL) =>
    sql`select ${RAW_LEAD_COLUMNS}, ${key} as sort_key from leads l ${sql.raw(access)} left join users u on u.id = l.assigned_to where ${sql.join(
      [...conditions, ...extra],
      sql` and `,
    )} order by ${key} ${dir}, l.id ${dir} limit ${rows}`;
  if (!match) return page("", [], sql`${limit}`);
  const inMatches = sql`l.rowid in (${matchingRowids(match)})`;
  const walk = `indexed by ${status && order.index === "leads_created_at_idx" ? "leads_status_created_at_idx" : order.index}`;
  // `gate` counts the matches up to SPARSE_MATCHES, once. Each arm's LIMIT is its page size or
  // 0, and SQLite reads a LIMIT before the loop: an arm with LIMIT 0 reads no row at all. (A
  // WHERE condition on the count would not do: it is checked row by row.)
  return sql`with gate(dense) as materialized (
      select count(*) >= ${SPARSE_MATCHES} from (select 1 from leads_fts where leads_fts match ${match} limit ${SPARSE_MATCHES})
    )
    select * from (${page("not indexed", [inMatches], sql`case when (select dense from gate) then 0 else ${limit} end`)})
    union all select * from (${page(walk, [inMatches], sql`case when (select dense from gate) then ${limit} else 0 end`)})
    order by sort_key ${dir}, id ${dir}`;
}

/** Count and value sums (null = 0, one per currency) per status, of every lead or of the ones matching; or of one status. */
function statusTotalsQuery(match: string | null, status?: LeadStatus, filters: SQL[] = []): SQL {
  const conditions: SQL[] = [sql`1`];
  if (!match && filters.length === 0) {
    // Every lead: the trigger-kept totals (migration 0005), 6 rows instead of a count of all leads.
    if (status) conditions.push(sql`status = ${status}`);
    return sql`select ${STATUS_TOTALS_COLUMNS} from lead_status_totals where ${sql.join(conditions, sql` and `)}`;
  }
  // The matches, read by rowid: cheaper than walking the (status, estimated_value) index and
  // testing each entry against the match set, even when most leads match (measured).
  if (status) conditions.push(sql`l.status = ${status}`);
  if (match) conditions.push(sql`l.rowid in (${matchingRowids(match)})`);
  conditions.push(...filters);
  return sql`select ${COUNTED_TOTALS_COLUMNS} from leads l ${sql.raw(match ? "not indexed" : "")} where ${sql.join(
    conditions,
    sql` and `,
  )} group by status`;
}

type SortedRow = RawLeadRow & { sort_key: string | number };

function toPage(rows: SortedRow[], limit: number, sort: LeadSort = "newest"): Page<LeadDto> {
  const items = rows.slice(0, limit).map(rawLeadDto);
  const last = rows[limit - 1];
  return { items, next_cursor: rows.length > limit && last ? encodeLeadCursor(last, sort, last.sort_key) : null };
}

/** The MATCH for a search text: undefined when there is no text, null when it can match nothing. */
function searchMatch(q: string | undefined): string | null | undefined {
  if (!q?.trim()) return undefined;
  return ftsPrefixQuery(q);
}

// ---------------------------------------------------------------------------------------
// Services

/** In the order asked (newest first by default), filtered by status, text and filters, cursor-paginated. */
export async function listLeads({ db }: ServiceContext, actor: Authenticated, query: LeadListQuery): Promise<Page<LeadDto>> {
  const limit = clampLimit(query.limit, LEAD_PAGE_DEFAULT);
  const sort = query.sort ?? "newest";
  const after = query.cursor ? decodeLeadCursor(query.cursor, sort) : undefined;
  const match = searchMatch(query.q);
  if (match === null) return { items: [], next_cursor: null };
  // Periods start at local midnight in the organisation's time zone (Settings → Sistema).
  const filters = leadFilterConditions(actor, query, new Date(), (await readOrgSettings({ db })).time_zone);
  const [rows] = await readBatch<[SortedRow]>(db, [
    leadPageQuery({ match: match ?? null, status: query.status, after, limit: limit + 1, filters, sort }),
  ]);
  const page = toPage(rows, limit, sort);
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
    return { columns: LEAD_STATUSES.map((status) => ({ status, ...columnTotals(undefined), leads: [], next_cursor: null })) };
  }
  // Periods start at local midnight in the organisation's time zone (Settings → Sistema).
  const filters = leadFilterConditions(actor, query, new Date(), (await readOrgSettings({ db })).time_zone);
  const [totals, ...pages] = await readBatch<[StatusTotalsRow, ...SortedRow[]]>(db, [
    statusTotalsQuery(match ?? null, undefined, filters),
    ...LEAD_STATUSES.map((status) => leadPageQuery({ match: match ?? null, status, limit: perColumn + 1, filters })),
  ]);
  const byStatus = new Map((totals as StatusTotalsRow[]).map((row) => [row.status, row]));
  const columns = LEAD_STATUSES.map((status, i) => {
    const page = toPage(pages[i] as SortedRow[], perColumn);
    return { status, ...columnTotals(byStatus.get(status)), leads: page.items, next_cursor: page.next_cursor };
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
  if (match === null) return { status, ...columnTotals(undefined), leads: [], next_cursor: null };
  // Periods start at local midnight in the organisation's time zone (Settings → Sistema).
  const filters = leadFilterConditions(actor, query, new Date(), (await readOrgSettings({ db })).time_zone);
  const [totals, rows] = await readBatch<[StatusTotalsRow, SortedRow]>(db, [
    statusTotalsQuery(match ?? null, status, filters),
    leadPageQuery({ match: match ?? null, status, after, limit: limit + 1, filters }),
  ]);
  const page = toPage(rows, limit);
  const leads = await withNextTasks({ db }, page.items);
  return { status, ...columnTotals(totals[0]), leads, next_cursor: page.next_cursor };
}
