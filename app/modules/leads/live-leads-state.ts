// The leads screen's live changes as pure functions: what a team-room lead event
// does to the pipeline's columns and to the list's cards. Loaded with the screen's live layer
// (live-leads.tsx, a dynamic import), never in the screen's first JavaScript.
import type { LeadStatus } from "@worker/db/schema/enums";
import type { LeadDto } from "@worker/services/crm-types";
import { hasLeadFilters, leadInFilters, type LeadFilters, type LeadSort } from "@worker/services/lead-filters";
import { searchTerms } from "@worker/services/search-text";
import { unbatch } from "~/modules/realtime/lead-batch";
import type { LeadEvent, LeadStatusTotals } from "~/modules/realtime/protocol";
// Types only from pipeline-state: a value import would split it out of the screen's chunk.
import type { Columns, ListView, LiveChange } from "./pipeline-state";
import type { OrgTimeZone } from "@worker/lib/org-time";

/** Lower case without accents (the search index folds both, remove_diacritics 2). */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/**
 * Whether the lead matches a search the way the server's index does (search-text.ts): every
 * word of the search is the start of a word of its name, e-mail, company or tags.
 */
export function leadMatches(lead: LeadDto, q: string): boolean {
  const terms = searchTerms(q).map(fold);
  if (terms.length === 0) return true;
  const words = fold([lead.name, lead.email, lead.company, ...lead.tags].filter(Boolean).join(" "))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/** Newest first (created_at desc, id desc), as every lead page is sorted. */
export const newestFirst = (a: LeadDto, b: LeadDto) =>
  a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id === b.id ? 0 : a.id < b.id ? 1 : -1;

const byId = (a: LeadDto, b: LeadDto, dir: 1 | -1) => (a.id === b.id ? 0 : a.id < b.id ? -dir : dir);
const byKey =
  <T extends string | number>(key: (lead: LeadDto) => T, dir: 1 | -1) =>
  (a: LeadDto, b: LeadDto) => {
    const ka = key(a);
    const kb = key(b);
    return ka !== kb ? (ka < kb ? -dir : dir) : byId(a, b, dir);
  };

/** Each order of the list as the server sorts it (lead-query-service.ts LEAD_ORDERS). */
const ORDERS: Record<LeadSort, (a: LeadDto, b: LeadDto) => number> = {
  newest: newestFirst,
  oldest: byKey((lead) => lead.created_at, 1),
  value: byKey((lead) => lead.estimated_value ?? -1, -1),
  name: byKey((lead) => fold(lead.name.trim()), 1),
  activity: byKey((lead) => lead.last_activity_at, -1),
};

/**
 * The lead put where it belongs in a page sorted by `sort` (newest first by default): replaced
 * if shown (unless what is shown is newer), else inserted in order when it falls within what
 * is loaded (`complete`: no further page; otherwise only down to the last card shown, the next
 * page brings the rest). Removed when it no longer belongs (`belongs` false).
 */
export function placeInPage(
  items: readonly LeadDto[],
  lead: LeadDto,
  belongs: boolean,
  complete: boolean,
  sort: LeadSort = "newest",
): LeadDto[] {
  const order = ORDERS[sort];
  const index = items.findIndex((item) => item.id === lead.id);
  if (index >= 0 && items[index]!.updated_at > lead.updated_at) return items as LeadDto[];
  const rest = index >= 0 ? items.filter((item) => item.id !== lead.id) : (items as LeadDto[]);
  if (!belongs) return rest;
  // An event does not carry the next task: the card keeps the one it shows (pipeline-state.ts keepNextTask).
  if (index >= 0 && lead.next_task === undefined) lead = { ...lead, next_task: items[index]!.next_task };
  const last = rest.at(-1);
  if (index < 0 && !complete && (!last || order(lead, last) > 0)) return rest;
  return [...rest, lead].sort(order);
}

/** The screen's filters besides the text, and who is looking ('Meus leads'). */
/** The screen's filters, whose "me" they mean, and the organisation's zone its periods start in. */
export type LeadScope = { filters: LeadFilters; viewerId: string | null; timeZone?: OrgTimeZone };
const NO_FILTERS: LeadScope = { filters: {}, viewerId: null };

type ColumnTotals = LeadStatusTotals[LeadStatus];
const figures = ({ count, value_sum, other_sums }: ColumnTotals): ColumnTotals => ({ count, value_sum, other_sums: other_sums ?? {} });

/** Counts and value sums as the server keeps them (only for a board without a search). */
const withTotals = (columns: Columns, totals: LeadStatusTotals): Columns =>
  columns.map((column) => ({ ...column, ...figures(totals[column.status]) }));

/** One column's count and value sums, read again for a board with a search. */
export const withColumnTotals = (columns: Columns, status: LeadStatus, totals: ColumnTotals): Columns =>
  columns.map((column) => (column.status === status ? { ...column, ...figures(totals) } : column));

const same = <T>(value: T) => value;

/**
 * What an event changes on the board and in the list. `q` is the board's search: without one
 * the event's totals are the columns' counts and sums; with one they are not (they count
 * every lead), so live-leads.tsx reads the touched columns again. A card being saved from
 * this board (`pending`) stays where the viewer dropped it: that save's answer places it.
 */
export function liveChange(event: LeadEvent, q: string, scope: LeadScope = NO_FILTERS): LiveChange | null {
  // With a search or a filter the event's totals (of every lead) are not the columns'.
  const narrowed = Boolean(q) || hasLeadFilters(scope.filters);
  if (event.type === "lead.batch") {
    // A bulk action: each lead's change, applied in one go (one render for the whole batch).
    const changes = unbatch(event).map((single) => liveChange(single, q, scope)!);
    return {
      event,
      board: (columns, pending) => changes.reduce((next, change) => change.board(next, pending), columns),
      recounts: narrowed ? [] : "all",
      list: (items, view) => changes.reduce((next, change) => change.list(next, view), items),
    };
  }
  if (event.type === "lead.activity") return { event, board: same, list: same };
  if (event.type === "lead.deleted") {
    const gone = (items: readonly LeadDto[]) => items.filter((lead) => lead.id !== event.lead_id);
    return {
      event,
      board: (columns) => {
        const next = columns.map((column) =>
          column.leads.some((lead) => lead.id === event.lead_id) ? { ...column, leads: gone(column.leads) } : column,
        );
        return narrowed ? next : withTotals(next, event.totals);
      },
      recounts: narrowed ? [] : "all",
      list: gone,
    };
  }
  const { lead } = event;
  const kept = leadInFilters(lead, scope.filters, scope.viewerId, new Date(), scope.timeZone);
  const matches = kept && leadMatches(lead, q);
  return {
    event,
    board: (columns, pending) => {
      const shownAt = columns.flatMap((column) => column.leads).find((item) => item.id === lead.id);
      // Being saved here, or newer on screen than this event: the card stays as it is.
      const next =
        pending.has(lead.id) || (shownAt && shownAt.updated_at > lead.updated_at)
          ? columns
          : columns.map((column) => {
              const shown = column.leads.some((item) => item.id === lead.id);
              if (column.status !== lead.status && !shown) return column;
              // A card moved to another column keeps its next task too (events do not carry it).
              const card = shownAt && lead.next_task === undefined ? { ...lead, next_task: shownAt.next_task } : lead;
              return { ...column, leads: placeInPage(column.leads, card, column.status === lead.status && matches, !column.next_cursor) };
            });
      return narrowed ? next : withTotals(next, event.totals);
    },
    recounts: narrowed ? [] : "all",
    // A card on screen is updated in place (even when it no longer matches the filters, as an
    // edit made here); a card not on screen appears when the filters take it.
    list: (items, view: ListView) => {
      const shown = items.some((item) => item.id === lead.id);
      const belongs = shown || ((!view.status || view.status === lead.status) && kept && leadMatches(lead, view.q));
      return placeInPage(items, lead, belongs, view.complete, view.sort);
    },
  };
}
