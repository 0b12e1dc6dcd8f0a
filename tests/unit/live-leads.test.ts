// What a live lead event does to the pipeline and the list (app/modules/leads/live-leads-state.ts).
import { describe, expect, it } from "vitest";
import { LEAD_STATUSES } from "@worker/db/schema/enums";
import type { LeadDto, PipelineColumnDto } from "@worker/services/crm-types";
import type { LeadBatchEvent, LeadChangedEvent, LeadDeletedEvent, LeadStatusTotals } from "~/modules/realtime/protocol";
import { leadMatches, liveChange, placeInPage } from "~/modules/leads/live-leads-state";
import { keepNextTask, moveLead, withRecounts, type Columns } from "~/modules/leads/pipeline-state";

const lead = (id: string, status: LeadDto["status"], created_at: string, extra: Partial<LeadDto> = {}): LeadDto => ({
  id,
  name: `Lead ${id}`,
  email: null,
  phone: null,
  company: null,
  source: "website",
  status,
  estimated_value: 100,
  currency: "BRL",
  notes: null,
  assigned_to: null,
  assigned_user: null,
  tags: [],
  created_at,
  updated_at: created_at,
  last_activity_at: created_at,
  ...extra,
});

const board = (cards: LeadDto[], more: Partial<Record<LeadDto["status"], string>> = {}): Columns =>
  LEAD_STATUSES.map((status): PipelineColumnDto => ({
    status,
    count: cards.filter((c) => c.status === status).length,
    value_sum: cards.filter((c) => c.status === status).length * 100,
    other_sums: {},
    leads: cards.filter((c) => c.status === status),
    next_cursor: more[status] ?? null,
  }));

const totals = (counts: Partial<Record<LeadDto["status"], number>>): LeadStatusTotals =>
  Object.fromEntries(LEAD_STATUSES.map((s) => [s, { count: counts[s] ?? 0, value_sum: (counts[s] ?? 0) * 100 }])) as LeadStatusTotals;

const changed = (next: LeadDto, previous: LeadDto["status"] | null, t: LeadStatusTotals): LeadChangedEvent => ({
  type: "lead.changed",
  id: "e1",
  created_at: next.updated_at,
  change: previous ? "updated" : "created",
  lead: next,
  previous_status: previous,
  actor: { id: "u2", name: "Maria" },
  totals: t,
});

const ids = (columns: Columns) => Object.fromEntries(columns.map((c) => [c.status, c.leads.map((l) => l.id)]));
const none = new Set<string>();

describe("the pipeline", () => {
  const a = lead("a", "new", "2026-01-03T00:00:00.000Z");
  const b = lead("b", "new", "2026-01-01T00:00:00.000Z");

  it("moves a card another screen moved, in date order, with the server's counts and sums", () => {
    const moved = { ...a, status: "won" as const, updated_at: "2026-02-01T00:00:00.000Z" };
    const next = liveChange(changed(moved, "new", totals({ new: 1, won: 5 })), "")!.board(
      board([a, b, lead("w", "won", "2026-01-05T00:00:00.000Z")]),
      none,
    );
    expect(ids(next)).toMatchObject({ new: ["b"], won: ["w", "a"] });
    expect(next.find((c) => c.status === "won")).toMatchObject({ count: 5, value_sum: 500 });
    expect(next.find((c) => c.status === "new")).toMatchObject({ count: 1, value_sum: 100 });
  });

  it("leaves a card being saved from this board where it was dropped, but takes the counts", () => {
    const moved = { ...a, status: "won" as const, updated_at: "2026-02-01T00:00:00.000Z" };
    const next = liveChange(changed(moved, "new", totals({ new: 7 })), "")!.board(board([a, b]), new Set(["a"]));
    expect(ids(next).new).toEqual(["a", "b"]);
    expect(next[0]!.count).toBe(7);
  });

  it("a failed save after the server's figures came in puts the card back without counting the move twice", () => {
    const c = lead("c", "new", "2026-01-02T00:00:00.000Z");
    const start = board([a, b]);
    // The card is dropped on Qualificados: shown there at once (new 1, qualified 1).
    const dropped = moveLead(start, "a", "qualified");
    let recounted = withRecounts({ a: [] }, new Set(["a"]), []);
    // Meanwhile another lead is created elsewhere: the server's figures still have "a" in Novos.
    const event = liveChange(changed(c, null, totals({ new: 3 })), "")!;
    const live = event.board(dropped, new Set(["a"]));
    recounted = withRecounts(recounted, new Set(["a"]), [event]);
    expect(recounted.a).toEqual(expect.arrayContaining(["new", "qualified"]));
    // The save fails: back to Novos, with the server's figures as they are (new 3, qualified 0).
    const counted = new Set(recounted.a);
    const back = moveLead(live, "a", "new", a, (status) => counted.has(status));
    expect(ids(back)).toMatchObject({ new: ["a", "c", "b"], qualified: [] });
    expect(back.find((col) => col.status === "new")).toMatchObject({ count: 3, value_sum: 300 });
    expect(back.find((col) => col.status === "qualified")).toMatchObject({ count: 0, value_sum: 0 });
    // Without figures from the server in between, the rollback subtracts the move itself.
    const undone = moveLead(dropped, "a", "new", a, (status) => new Set(withRecounts({ a: [] }, new Set(["a"]), []).a).has(status));
    expect(undone.map((col) => [col.count, col.value_sum])).toEqual(start.map((col) => [col.count, col.value_sum]));
  });

  it("ignores an event older than the card on screen", () => {
    const shown = { ...a, updated_at: "2026-03-01T00:00:00.000Z" };
    const old = { ...a, status: "lost" as const, updated_at: "2026-02-01T00:00:00.000Z" };
    expect(ids(liveChange(changed(old, "new", totals({})), "")!.board(board([shown]), none))).toMatchObject({ new: ["a"], lost: [] });
  });

  it("inserts a new lead only within what is loaded, and only when it matches the board's search", () => {
    const fresh = lead("n", "new", "2026-01-02T00:00:00.000Z", { name: "João Padaria" });
    expect(ids(liveChange(changed(fresh, null, totals({})), "")!.board(board([a, b]), none)).new).toEqual(["a", "n", "b"]);
    const older = lead("o", "new", "2025-01-01T00:00:00.000Z");
    expect(ids(liveChange(changed(older, null, totals({})), "")!.board(board([a, b], { new: "cursor" }), none)).new).toEqual(["a", "b"]);
    expect(ids(liveChange(changed(fresh, null, totals({})), "joao")!.board(board([a, b]), none)).new).toEqual(["a", "n", "b"]);
    const searched = liveChange(changed(fresh, null, totals({ new: 99 })), "maria")!.board(board([a, b]), none);
    expect(ids(searched).new).toEqual(["a", "b"]);
    expect(searched[0]!.count, "a search's counts are read again, not the totals").toBe(2);
  });

  it("removes a deleted card and takes the counts", () => {
    const event: LeadDeletedEvent = {
      type: "lead.deleted",
      id: "e",
      created_at: "",
      lead_id: "a",
      status: "new",
      estimated_value: 100,
      currency: "BRL",
      actor: null,
      totals: totals({ new: 1 }),
    };
    const next = liveChange(event, "")!.board(board([a, b]), none);
    expect(ids(next).new).toEqual(["b"]);
    expect(next[0]!.count).toBe(1);
  });
});

describe("the list", () => {
  const a = lead("a", "new", "2026-01-03T00:00:00.000Z");
  const b = lead("b", "qualified", "2026-01-01T00:00:00.000Z");
  const view = { q: "", status: null, complete: true };

  it("updates a card in place, prepends a new lead, removes a deleted one", () => {
    const edited = { ...b, name: "Renomeado", status: "won" as const, updated_at: "2026-02-01T00:00:00.000Z" };
    expect(liveChange(changed(edited, "qualified", totals({})), "")!.list([a, b], { ...view, status: "qualified" })).toEqual([a, edited]);
    const fresh = lead("n", "new", "2026-03-01T00:00:00.000Z");
    expect(
      liveChange(changed(fresh, null, totals({})), "")!
        .list([a, b], view)
        .map((l) => l.id),
    ).toEqual(["n", "a", "b"]);
    const deleted: LeadDeletedEvent = {
      type: "lead.deleted",
      id: "e",
      created_at: "",
      lead_id: "a",
      status: "new",
      estimated_value: 0,
      currency: "BRL",
      actor: null,
      totals: totals({}),
    };
    expect(liveChange(deleted, "")!.list([a, b], view)).toEqual([b]);
  });

  it("keeps a new lead out when the status filter or the search excludes it", () => {
    const fresh = lead("n", "new", "2026-03-01T00:00:00.000Z", { company: "Ótica Central", tags: ["Urgente"] });
    const change = liveChange(changed(fresh, null, totals({})), "")!;
    expect(change.list([a], { ...view, status: "won" }).map((l) => l.id)).toEqual(["a"]);
    expect(change.list([a], { ...view, q: "padaria" }).map((l) => l.id)).toEqual(["a"]);
    expect(change.list([a], { ...view, q: "otica urg" }).map((l) => l.id)).toEqual(["n", "a"]);
  });
});

describe("a card's next task (issue 20), which edits and live events do not carry", () => {
  const next = { id: "t1", title: "Ligar", due_date: "2026-02-10T13:00:00.000Z", due_has_time: true, overdue: false };
  const a = lead("a", "new", "2026-01-03T00:00:00.000Z", { next_task: next });
  const edited = { ...a, name: "Renomeado", updated_at: "2026-02-01T00:00:00.000Z", next_task: undefined };

  it("stays on the card through a live edit on the list and the board, and a move or edit made here", () => {
    const view = { q: "", status: null, complete: true };
    expect(liveChange(changed(edited, "new", totals({ new: 1 })), "")!.list([a], view)[0]).toEqual({ ...edited, next_task: next });
    const moved = { ...edited, status: "won" as const };
    const columns = liveChange(changed(moved, "new", totals({ won: 1 })), "")!.board(board([a]), none);
    expect(columns.find((c) => c.status === "won")!.leads[0]).toEqual({ ...moved, next_task: next });
    expect(moveLead(board([a]), "a", "qualified", { ...edited, status: "qualified" })[1]!.leads[0]!.next_task).toEqual(next);
    expect(keepNextTask(edited, a).next_task).toEqual(next);
  });

  it("is replaced when the change read one (the lead detail's 'Tarefas' tab), none included", () => {
    const later = { ...next, id: "t2", title: "Enviar proposta" };
    expect(keepNextTask({ ...edited, next_task: later }, a).next_task).toEqual(later);
    expect(keepNextTask({ ...edited, next_task: null }, a).next_task).toBeNull();
    expect(moveLead(board([a]), "a", "new", { ...a, next_task: null })[0]!.leads[0]!.next_task).toBeNull();
  });
});

describe("leadMatches (as the search index: every word a prefix, accents and case folded)", () => {
  const l = lead("x", "new", "", {
    name: "José Ávila",
    email: "jose.avila@exemplo.com.br",
    company: "Padaria São João",
    tags: ["Orçamento"],
  });
  it.each([
    ["", true],
    ["jose", true],
    ["ÁVI", true],
    ["sao joao", true],
    ["exemplo", true],
    ["orcam", true],
    ["avila maria", false],
    ["ila", false],
  ])("%j → %s", (q, expected) => expect(leadMatches(l, q)).toBe(expected));
  it("placeInPage keeps order newest first", () => {
    const x = lead("x", "new", "2026-01-02T00:00:00.000Z");
    expect(
      placeInPage([lead("a", "new", "2026-01-03T00:00:00.000Z"), lead("b", "new", "2026-01-01T00:00:00.000Z")], x, true, true).map(
        (i) => i.id,
      ),
    ).toEqual(["a", "x", "b"]);
  });
});

describe("a bulk action's one event (lead.batch)", () => {
  const a = lead("a", "new", "2026-01-03T00:00:00.000Z");
  const b = lead("b", "new", "2026-01-02T00:00:00.000Z");
  const c = lead("c", "qualified", "2026-01-01T00:00:00.000Z");
  const later = "2026-02-01T00:00:00.000Z";
  const batch = (t: LeadStatusTotals): LeadBatchEvent => ({
    type: "lead.batch",
    id: "e9",
    created_at: later,
    changed: [
      { lead: { ...a, status: "won", updated_at: later }, previous_status: "new" },
      { lead: { ...b, status: "won", updated_at: later }, previous_status: "new" },
    ],
    deleted: [{ lead_id: "c", status: "qualified", estimated_value: 100, currency: "BRL" }],
    actor: { id: "u2", name: "Maria" },
    totals: t,
  });

  it("moves every changed card and removes every deleted one in one change, with the batch's totals", () => {
    const change = liveChange(batch(totals({ won: 2 })), "")!;
    const next = change.board(board([a, b, c]), none);
    expect(ids(next)).toMatchObject({ new: [], qualified: [], won: ["a", "b"] });
    expect(next.find((column) => column.status === "won")!.count).toBe(2);
    expect(change.recounts).toBe("all");
    expect(change.list([a, b, c], { q: "", status: null, complete: true }).map((l) => [l.id, l.status])).toEqual([
      ["a", "won"],
      ["b", "won"],
    ]);
  });

  it("with the list filtered by status, the moved cards stay (edited here) and new ones follow the sort", () => {
    const change = liveChange(batch(totals({ won: 2 })), "")!;
    expect(change.list([], { q: "", status: "won", complete: true, sort: "oldest" }).map((l) => l.id)).toEqual(["b", "a"]);
  });
});
