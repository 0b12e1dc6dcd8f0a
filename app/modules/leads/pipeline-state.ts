// The pipeline board's columns as plain data, and the pure moves the board makes on them
// (optimistic drag, rollback, an edit made elsewhere, "Carregar mais").
import { LEAD_STATUSES, ORG_CURRENCY, type LeadStatus } from "@worker/db/schema/enums";
import type { LeadDto, PipelineColumnDto } from "@worker/services/crm-types";
import type { LeadSort } from "@worker/services/lead-filter-keys";
import type { LeadEvent } from "~/modules/realtime/protocol";

export type Columns = readonly PipelineColumnDto[];

/** What the list shows: its search and status filter, and whether every page is loaded. */
export type ListView = { q: string; status: LeadStatus | null; complete: boolean; sort?: LeadSort };

/**
 * A change that came live from another screen (live-leads-state.ts makes them, in the lazily
 * loaded live layer): what it does to the board (`pending`: cards being saved from this board)
 * and to the list (`event` null: counts read again for a board with a search). `resync`: the
 * connection came back after a drop; whatever was missed is read again.
 */
export type LiveChange = {
  event: LeadEvent | null;
  resync?: boolean;
  board: (columns: Columns, pending: ReadonlySet<string>) => Columns;
  /**
   * The columns whose count and value sum `board` sets to the server's figures ("all": every
   * column). Figures read while a card's move was being saved already leave that move out if
   * the save then fails, so its rollback must not subtract it a second time.
   */
  recounts?: readonly LeadStatus[] | "all";
  list: (items: LeadDto[], view: ListView) => LeadDto[];
};

/**
 * The column's value sums with the lead's value added (sign 1) or taken out (-1), in the
 * lead's currency: BRL in value_sum, any other in other_sums (docs/decisions/018).
 */
function withValue(column: Pick<PipelineColumnDto, "value_sum" | "other_sums">, lead: LeadDto, sign: 1 | -1) {
  const value = sign * (lead.estimated_value ?? 0);
  if (lead.currency === ORG_CURRENCY || !lead.currency) return { value_sum: column.value_sum + value, other_sums: column.other_sums };
  const others = column.other_sums ?? {};
  return { value_sum: column.value_sum, other_sums: { ...others, [lead.currency]: (others[lead.currency] ?? 0) + value } };
}

/** `next` with the next task `shown` has, when `next` did not read it (an edit's answer, a live event). */
export const keepNextTask = (next: LeadDto, shown: LeadDto): LeadDto =>
  next.next_task === undefined && shown.next_task !== undefined ? { ...next, next_task: shown.next_task } : next;

/** Newest first, as the server sends each column. */
const newestFirst = (a: LeadDto, b: LeadDto) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/** Where a loaded lead is, if it is. */
export function findLead(columns: Columns, leadId: string): { status: LeadStatus; lead: LeadDto } | null {
  for (const column of columns) {
    const lead = column.leads.find((candidate) => candidate.id === leadId);
    if (lead) return { status: column.status, lead };
  }
  return null;
}

/**
 * The lead taken out of its column and put in `to` (in date order), with both columns'
 * count and value sum updated (except a column for which `counted` says its figures already
 * have the lead where it ends up); `next` replaces the lead's data (its new status, or what the
 * server answered). Unchanged when the lead is not on the board.
 */
export function moveLead(
  columns: Columns,
  leadId: string,
  to: LeadStatus,
  next?: LeadDto,
  counted: (status: LeadStatus) => boolean = () => false,
): PipelineColumnDto[] {
  const found = findLead(columns, leadId);
  if (!found) return [...columns];
  const moved = { ...keepNextTask(next ?? found.lead, found.lead), status: to };
  return columns.map((column) => {
    if (column.status === found.status && column.status === to) {
      return {
        ...column,
        ...withValue(withValue(column, found.lead, -1), moved, 1),
        leads: column.leads.map((lead) => (lead.id === leadId ? moved : lead)),
      };
    }
    if (column.status === found.status) {
      const leads = column.leads.filter((lead) => lead.id !== leadId);
      if (counted(column.status)) return { ...column, leads };
      return { ...column, count: Math.max(0, column.count - 1), ...withValue(column, found.lead, -1), leads };
    }
    if (column.status === to) {
      const leads = [...column.leads, moved].sort(newestFirst);
      if (counted(column.status)) return { ...column, leads };
      return { ...column, count: column.count + 1, ...withValue(column, moved, 1), leads };
    }
    return column;
  });
}

/** A lead changed elsewhere (the form, the detail dialog): its card shows the change, in its status's column. */
export function applyLeadUpdate(columns: Columns, lead: LeadDto): PipelineColumnDto[] {
  return moveLead(columns, lead.id, lead.status, lead);
}

/** The next page of one column appended (without cards already shown), with the server's count and sum. */
export function appendColumnPage(columns: Columns, page: PipelineColumnDto): PipelineColumnDto[] {
  return columns.map((column) => {
    if (column.status !== page.status) return column;
    const shown = new Set(column.leads.map((lead) => lead.id));
    return {
      ...column,
      count: page.count,
      value_sum: page.value_sum,
      other_sums: page.other_sums,
      leads: [...column.leads, ...page.leads.filter((lead) => !shown.has(lead.id))],
      next_cursor: page.next_cursor,
    };
  });
}

/** For each card whose move is being saved: the columns whose figures the server set since the move. */
export type Recounted = Readonly<Record<string, readonly LeadStatus[]>>;

/** `recounted` with the columns that `changes` set from the server added for every card being saved. */
export function withRecounts(recounted: Recounted, saving: ReadonlySet<string>, changes: readonly LiveChange[]): Recounted {
  const statuses = changes.flatMap((change) => (change.recounts === "all" ? LEAD_STATUSES : (change.recounts ?? [])));
  if (saving.size === 0 || statuses.length === 0) return recounted;
  const next = { ...recounted };
  for (const id of saving) next[id] = [...new Set([...(next[id] ?? []), ...statuses])];
  return next;
}
