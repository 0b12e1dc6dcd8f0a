// The pipeline toast's 'Desfazer' on the server: POST /api/leads/:id/undo-move {from, to}
// puts a lead moved from `from` to `to` back in `from`, only while it is still in `to`, with
// a status entry marked as an undo; otherwise 409 lead_moved in the caller's language and
// nothing written. Same permission as any status change; anonymous callers get 401.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../worker/db/client.ts";
import type { Authenticated } from "../../worker/services/auth-service.ts";
import type { LeadDto } from "../../worker/services/crm-types.ts";
import { undoLeadMove } from "../../worker/services/lead-service.ts";
import { createLead } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let manager: Staff, rep: Staff, otherRep: Staff;

beforeAll(async () => {
  [manager, rep, otherRep] = await Promise.all([signedInUser("manager"), signedInUser("sales_rep"), signedInUser("sales_rep")]);
});

const auth = (who: Staff, headers: Record<string, string> = {}) => ({ ...bearer(who.session.access_token), ...headers });
const move = (who: Staff, id: string, status: string) => request(`/api/leads/${id}`, json("PATCH", { status }, auth(who)));
const undo = (who: Staff, id: string, body: unknown, headers: Record<string, string> = {}) =>
  request(`/api/leads/${id}/undo-move`, json("POST", body, auth(who, headers)));

const statusOf = async (id: string) =>
  (await env.DB.prepare("select status from leads where id = ?").bind(id).first<{ status: string }>())?.status;
/** The lead's status entries, oldest first, as the timeline reads them. */
const statusEntries = (id: string) =>
  env.DB.prepare("select metadata, author_id from lead_activities where lead_id = ? and type = 'status_change' order by created_at")
    .bind(id)
    .all<{ metadata: string; author_id: string }>()
    .then((r) => r.results.map((row) => ({ ...(JSON.parse(row.metadata) as { from: string; to: string }), author: row.author_id })));

describe("POST /api/leads/:id/undo-move", () => {
  it("puts the lead back where it was and writes a status entry marked as an undo", async () => {
    const lead = await createLead(db(), { name: "Desfazer Volta", status: "contacted", assignedTo: rep.user.id });
    expect((await move(rep, lead.id, "negotiating")).status).toBe(200);

    const response = await undo(rep, lead.id, { from: "contacted", to: "negotiating" });
    expect(response.status).toBe(200);
    const { lead: back } = await response.json<{ lead: LeadDto }>();
    expect(back).toMatchObject({ id: lead.id, status: "contacted" });
    expect(await statusOf(lead.id)).toBe("contacted");
    expect(await statusEntries(lead.id)).toEqual([
      { kind: "audit", field: "status", from: "contacted", to: "negotiating", author: rep.user.id },
      { kind: "audit", field: "status", from: "negotiating", to: "contacted", undo: true, author: rep.user.id },
    ]);
    // The entry reaches the timeline as the API serves it.
    const timeline = await request(`/api/leads/${lead.id}/activities`, { headers: auth(rep) });
    const { items } = await timeline.json<{ items: { type: string; metadata: Record<string, unknown> }[] }>();
    expect(items[0]).toMatchObject({ type: "status_change", metadata: { from: "negotiating", to: "contacted", undo: true } });

    // Undone once: the same undo again finds the lead no longer in `to`.
    const again = await undo(rep, lead.id, { from: "contacted", to: "negotiating" });
    expect(again.status).toBe(409);
    expect(await statusEntries(lead.id)).toHaveLength(2);
  });

  it("refuses with 409 lead_moved, in the caller's language, when the lead was moved again meanwhile, and writes nothing", async () => {
    const lead = await createLead(db(), { name: "Desfazer Tarde", status: "new", assignedTo: rep.user.id });
    await move(rep, lead.id, "qualified");
    // A colleague (a manager) moves it on before the undo arrives.
    await move(manager, lead.id, "won");

    const response = await undo(rep, lead.id, { from: "new", to: "qualified" }, { "Accept-Language": "es" });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "lead_moved",
      message: "El lead cambió de etapa mientras tanto; no se deshizo nada.",
    });
    const pt = await undo(rep, lead.id, { from: "new", to: "qualified" });
    expect(await pt.json()).toMatchObject({ message: "O lead mudou de etapa nesse meio-tempo; nada foi desfeito." });
    expect(await statusOf(lead.id)).toBe("won");
    expect((await statusEntries(lead.id)).map((e) => e.to)).toEqual(["qualified", "won"]);
  });

  it("never overwrites a move that lands between its read and its write: the undo re-reads and refuses", async () => {
    const lead = await createLead(db(), { name: "Desfazer Corrida", status: "contacted" });
    await move(manager, lead.id, "negotiating");
    // The undo reads the lead (still in Negociando), then a colleague's move to Perdidos is
    // written before the undo's batch runs: the guard fails, the re-read finds it moved.
    let once = false;
    const real = db();
    const racing = new Proxy(real, {
      get(target, property, receiver) {
        if (property !== "batch") return Reflect.get(target, property, receiver);
        return async (...args: Parameters<Db["batch"]>) => {
          if (!once) {
            once = true;
            expect((await move(manager, lead.id, "lost")).status).toBe(200);
          }
          return target.batch(...args);
        };
      },
    });
    const actor = { user: rep.user, session: { id: "s", method: "password", expiresAt: 0 } } as Authenticated;
    await expect(undoLeadMove({ db: racing, env }, actor, lead.id, { from: "contacted", to: "negotiating" })).rejects.toMatchObject({
      kind: "conflict",
      code: "lead_moved",
    });
    expect(once).toBe(true);
    expect(await statusOf(lead.id)).toBe("lost");
    expect((await statusEntries(lead.id)).map((e) => [e.from, e.to])).toEqual([
      ["contacted", "negotiating"],
      ["negotiating", "lost"],
    ]);
  });

  it("follows the lead's edit permission: a sales rep cannot undo on a colleague's lead; unknown leads are 404", async () => {
    const lead = await createLead(db(), { name: "Desfazer Alheio", status: "won", assignedTo: otherRep.user.id });
    const refused = await undo(rep, lead.id, { from: "negotiating", to: "won" });
    expect(refused.status).toBe(403);
    expect(await statusOf(lead.id)).toBe("won");
    expect(await statusEntries(lead.id)).toEqual([]);
    // Its own rep and a manager may.
    expect((await undo(otherRep, lead.id, { from: "negotiating", to: "won" })).status).toBe(200);
    expect((await undo(manager, lead.id, { from: "won", to: "negotiating" })).status).toBe(200);
    expect(await statusOf(lead.id)).toBe("won");

    expect((await undo(manager, "no-such-lead", { from: "new", to: "won" })).status).toBe(404);
  });

  it("validates the move: two known statuses that differ (400, translated)", async () => {
    const lead = await createLead(db(), { name: "Desfazer Inválido", status: "won" });
    for (const body of [{}, { from: "new" }, { from: "new", to: "archived" }, { from: "won", to: "won" }, { from: 1, to: "won" }]) {
      const response = await undo(manager, lead.id, body, { "Accept-Language": "en" });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toMatchObject({ error: "validation_failed" });
    }
    const same = await undo(manager, lead.id, { from: "won", to: "won" }, { "Accept-Language": "en" });
    expect(await same.json()).toMatchObject({ issues: [{ path: "to", message: "Invalid value." }] });
    expect(await statusOf(lead.id)).toBe("won");
  });

  it("answers 401 to anonymous callers and changes nothing", async () => {
    const lead = await createLead(db(), { name: "Desfazer Anônimo", status: "qualified" });
    const response = await request(`/api/leads/${lead.id}/undo-move`, json("POST", { from: "new", to: "qualified" }));
    expect(response.status).toBe(401);
    expect(await statusOf(lead.id)).toBe("qualified");
  });
});
