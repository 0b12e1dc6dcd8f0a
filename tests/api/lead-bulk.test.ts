// Bulk actions on the leads table's selection (issue 20, POST /api/leads/bulk): one request,
// each lead decided by its own permission rule, one timeline entry per changed lead, one live
// event for the batch, one notification per person concerned, and an answer that counts what
// changed and says what was refused and why. Parallel bursts never write a lead twice.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LeadBatchEvent, ServerEvent } from "../../app/modules/realtime/protocol.ts";
import type { LeadStatus } from "../../worker/db/schema/index.ts";
import type { Authenticated } from "../../worker/services/auth-service.ts";
import { runBulkAction, type BulkResultDto } from "../../worker/services/lead-bulk-service.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, ORIGIN, request, sessionCookie, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let manager: Staff;
let rep: Staff;
let colleague: string;
const sockets: WebSocket[] = [];

afterEach(() => {
  for (const ws of sockets.splice(0)) ws.close(1000, "test over");
});

beforeEach(async () => {
  await env.DB.prepare("delete from leads").run();
  await env.DB.prepare("delete from notifications").run();
  manager ??= await signedInUser("manager");
  rep ??= await signedInUser("sales_rep");
  colleague ??= (await createUser(db(), { role: "sales_rep", name: "Colega Vendas" })).id;
});

const bulk = (who: Staff, body: unknown) => request("/api/leads/bulk", json("POST", body, bearer(who.session.access_token)));
async function ok(who: Staff, body: unknown): Promise<BulkResultDto> {
  const response = await bulk(who, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<BulkResultDto>;
}
const lead = async (name: string, extra: { assignedTo?: string | null; status?: LeadStatus; tags?: string[] } = {}) =>
  (await createLead(db(), { name, tags: [], ...extra })).id;
const timeline = async (leadId: string) =>
  (
    await env.DB.prepare("select type, content, metadata, author_id from lead_activities where lead_id = ? order by created_at")
      .bind(leadId)
      .all<{ type: string; content: string; metadata: string; author_id: string }>()
  ).results;
const row = (id: string) =>
  env.DB.prepare("select status, assigned_to, tags from leads where id = ?")
    .bind(id)
    .first<{ status: string; assigned_to: string | null; tags: string }>();

async function teamSocket(who: Staff) {
  const response = await request("/parties/team-room/team", {
    headers: { Upgrade: "websocket", Cookie: sessionCookie(who.session), Origin: ORIGIN },
  });
  const ws = response.webSocket!;
  ws.accept();
  sockets.push(ws);
  const events: ServerEvent[] = [];
  ws.addEventListener("message", (event) => events.push(JSON.parse(event.data as string) as ServerEvent));
  return events;
}
async function until(done: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe("bulk actions", () => {
  it("a manager assigns several leads in one request: one timeline entry each, one live event, one notification", async () => {
    const ids = [await lead("A"), await lead("B", { assignedTo: rep.user.id }), await lead("C")];
    const events = await teamSocket(manager);
    const result = await ok(manager, { ids, action: { type: "assign", assigned_to: colleague } });
    expect(result).toMatchObject({ changed: 3, unchanged: 0, refused: [], deleted: [] });
    expect(result.leads.map((l) => l.assigned_user?.name)).toEqual(["Colega Vendas", "Colega Vendas", "Colega Vendas"]);
    for (const id of ids) {
      expect((await row(id))?.assigned_to).toBe(colleague);
      const entries = await timeline(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ type: "assignment_change", author_id: manager.user.id });
      expect(JSON.parse(entries[0]!.metadata)).toMatchObject({ field: "assigned_to", to: { id: colleague, name: "Colega Vendas" } });
    }
    await until(() => events.some((e) => e.type === "lead.batch"));
    await new Promise((r) => setTimeout(r, 150));
    const batches = events.filter((e): e is LeadBatchEvent => e.type === "lead.batch");
    expect(batches).toHaveLength(1);
    expect(events.filter((e) => e.type === "lead.changed")).toHaveLength(0);
    expect(batches[0]!.changed.map((c) => c.lead.id).sort()).toEqual([...ids].sort());
    expect(batches[0]!.totals.new.count).toBe(3);
    const notes = await env.DB.prepare("select user_id, type, message, link from notifications").all<Record<string, string>>();
    expect(notes.results).toHaveLength(1);
    expect(notes.results[0]).toMatchObject({ user_id: colleague, type: "lead_assigned", link: "/leads?owner=me&sort=activity" });
    expect(notes.results[0]!.message).toContain("3 leads");
  });

  it("a sales rep: each lead by its own rule, refusals counted with their reason", async () => {
    const mine = await lead("Mine", { assignedTo: rep.user.id });
    const nobodys = await lead("Nobody's");
    const theirs = await lead("Theirs", { assignedTo: colleague });
    const already = await lead("Already won", { assignedTo: rep.user.id, status: "won" });
    const result = await ok(rep, { ids: [mine, nobodys, theirs, already, "no-such-lead"], action: { type: "status", status: "won" } });
    expect(result.changed).toBe(2);
    expect(result.unchanged).toBe(1);
    expect(result.refused).toEqual([
      { id: theirs, name: "Theirs", reason: "forbidden" },
      { id: "no-such-lead", name: null, reason: "not_found" },
    ]);
    expect((await row(theirs))?.status).toBe("new");
    expect(await timeline(theirs)).toHaveLength(0);
    expect(await timeline(already)).toHaveLength(0);
    expect(await timeline(mine)).toEqual([expect.objectContaining({ type: "status_change", content: "new → won" })]);
    // A rep may not move a colleague's lead to someone else, but may take a nobody's lead.
    const assign = await ok(rep, { ids: [theirs, nobodys], action: { type: "assign", assigned_to: rep.user.id } });
    expect(assign).toMatchObject({ changed: 1, refused: [{ id: theirs, reason: "forbidden" }] });
  });

  it("status changes tell each lead's assignee once (not the actor, not who switched them off)", async () => {
    const ids = [
      await lead("R1", { assignedTo: rep.user.id }),
      await lead("R2", { assignedTo: rep.user.id }),
      await lead("C1", { assignedTo: colleague }),
    ];
    await env.DB.prepare(
      "insert into notification_preferences (user_id, status_changes) values (?, 0) on conflict (user_id) do update set status_changes = 0",
    )
      .bind(colleague)
      .run();
    await ok(manager, { ids, action: { type: "status", status: "negotiating" } });
    const notes = (await env.DB.prepare("select user_id, type, message from notifications").all<Record<string, string>>()).results;
    expect(notes).toEqual([expect.objectContaining({ user_id: rep.user.id, type: "status_change" })]);
    expect(notes[0]!.message).toMatch(/moveu 2 dos seus leads para Negociando/);
  });

  it("adds and removes a tag in any case, without duplicating it", async () => {
    const a = await lead("A", { tags: ["Urgente"] });
    const b = await lead("B", { tags: ["Retorno"] });
    const added = await ok(manager, { ids: [a, b], action: { type: "tag_add", tag: "urgente" } });
    expect(added).toMatchObject({ changed: 1, unchanged: 1 });
    expect(JSON.parse((await row(b))!.tags)).toEqual(["Retorno", "urgente"]);
    const removed = await ok(manager, { ids: [a, b], action: { type: "tag_remove", tag: "URGENTE" } });
    expect(removed.changed).toBe(2);
    expect(JSON.parse((await row(a))!.tags)).toEqual([]);
    expect(JSON.parse((await row(b))!.tags)).toEqual(["Retorno"]);
    expect(JSON.parse((await timeline(b)).at(-1)!.metadata)).toMatchObject({ fields: ["tags"], changes: { tags: { to: ["Retorno"] } } });
  });

  it("delete: managers and admins only; the leads, their timelines and files go", async () => {
    const ids = [await lead("D1"), await lead("D2")];
    await env.ATTACHMENTS.put(`${ids[0]}/file.txt`, "x");
    const refused = await ok(rep, { ids, action: { type: "delete" } });
    expect(refused).toMatchObject({ changed: 0, refused: [{ reason: "forbidden" }, { reason: "forbidden" }] });
    expect(await row(ids[0]!)).not.toBeNull();
    const events = await teamSocket(manager);
    const result = await ok(manager, { ids, action: { type: "delete" } });
    expect(result).toMatchObject({ changed: 2, refused: [] });
    expect(result.deleted.sort()).toEqual([...ids].sort());
    expect(await row(ids[0]!)).toBeNull();
    expect(await env.ATTACHMENTS.get(`${ids[0]}/file.txt`)).toBeNull();
    await until(() => events.some((e) => e.type === "lead.batch"));
    const batch = events.find((e): e is LeadBatchEvent => e.type === "lead.batch")!;
    expect(batch.deleted.map((d) => d.lead_id).sort()).toEqual([...ids].sort());
    expect(batch.totals.new.count).toBe(0);
  });

  it("a parallel burst of the same action writes each lead once", async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => lead(`P${i}`)));
    const results = await Promise.all(
      Array.from({ length: 6 }, () => ok(manager, { ids, action: { type: "status", status: "qualified" } })),
    );
    const changed = results.reduce((sum, r) => sum + r.changed, 0);
    expect(changed).toBe(12);
    for (const r of results) expect(r.changed + r.unchanged + r.refused.length).toBe(12);
    for (const r of results) for (const refusal of r.refused) expect(refusal.reason).toBe("changed");
    const counts = await env.DB.prepare(
      "select count(*) as n from lead_activities where lead_id in (select value from json_each(?)) group by lead_id",
    )
      .bind(JSON.stringify(ids))
      .all<{ n: number }>();
    expect(counts.results.map((c) => c.n)).toEqual(Array(12).fill(1));
    const totals = await env.DB.prepare("select lead_count from lead_status_totals where status = 'qualified'").first<{
      lead_count: number;
    }>();
    expect(totals?.lead_count).toBe(12);
  });

  it("never overwrites a change that lands between its read and its write: that lead is refused as 'changed'", async () => {
    const ids = [await lead("Corrida A"), await lead("Corrida B")];
    // The bulk action reads both leads (batch 1); a colleague's move of B is written before its
    // write (batch 2) runs: B's guard fails, A is written.
    let batches = 0;
    const real = db();
    const client = new Proxy(real.$client, {
      get(target, property, receiver) {
        if (property !== "batch") return Reflect.get(target, property, receiver);
        return async (...args: Parameters<D1Database["batch"]>) => {
          if (++batches === 2) {
            const moved = await request(`/api/leads/${ids[1]}`, json("PATCH", { status: "lost" }, bearer(manager.session.access_token)));
            expect(moved.status).toBe(200);
          }
          return target.batch(...args);
        };
      },
    });
    const racing = new Proxy(real, {
      get: (target, property, receiver) => (property === "$client" ? client : Reflect.get(target, property, receiver)),
    });
    const actor = { user: manager.user, session: { id: "s", method: "password", expiresAt: 0 } } as Authenticated;
    const result = await runBulkAction({ db: racing, env }, actor, { ids, action: { type: "status", status: "won" } });
    expect(batches).toBeGreaterThanOrEqual(2);
    expect(result).toMatchObject({ changed: 1, refused: [{ id: ids[1], reason: "changed" }] });
    expect((await row(ids[0]!))?.status).toBe("won");
    expect((await row(ids[1]!))?.status).toBe("lost");
    expect((await timeline(ids[1]!)).map((entry) => entry.content)).toEqual(["new → lost"]);
  });

  it("refuses bad input with a 400 and writes nothing", async () => {
    const id = await lead("Kept");
    const inactive = await createUser(db(), { role: "sales_rep", isActive: false });
    const cases: unknown[] = [
      {},
      { ids: [], action: { type: "delete" } },
      { ids: Array.from({ length: 501 }, (_, i) => `id-${i}`), action: { type: "delete" } },
      { ids: [id], action: { type: "explode" } },
      { ids: [id], action: { type: "status", status: "archived" } },
      { ids: [id], action: { type: "tag_add", tag: "  " } },
      { ids: [id], action: { type: "tag_add", tag: "a\u0007b" } },
      { ids: [id], action: { type: "assign", assigned_to: inactive.id } },
      { ids: [id], action: { type: "assign", assigned_to: "no-such-user" } },
      { ids: "not-a-list", action: { type: "delete" } },
    ];
    for (const body of cases) {
      const response = await bulk(manager, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await response.json()).toMatchObject({ error: "validation_failed" });
    }
    const malformed = await request("/api/leads/bulk", {
      method: "POST",
      headers: { ...bearer(manager.session.access_token), "Content-Type": "application/json" },
      body: "{ids:",
    });
    expect(malformed.status).toBe(400);
    expect(await row(id)).toMatchObject({ status: "new", assigned_to: null });
    expect(await timeline(id)).toHaveLength(0);
  });

  it("is for signed-in staff only", async () => {
    const id = await lead("Safe");
    const response = await request("/api/leads/bulk", json("POST", { ids: [id], action: { type: "delete" } }));
    expect(response.status).toBe(401);
    expect(await row(id)).not.toBeNull();
  });
});
