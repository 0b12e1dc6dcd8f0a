// The live boards and timelines against the real team room (party/team-room.ts):
// every lead write that took — the CRM form, a pipeline move, tags, a deletion, a timeline
// entry, a note, an attachment, the site's contact form and chat assistant — reaches every
// open screen as exactly one event with the stored data and the per-status totals after it;
// a refused write (400, 403, 404, 409) and a write that changes nothing send nothing.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  LeadActivityEvent,
  LeadChangedEvent,
  LeadDeletedEvent,
  LeadEvent,
  LeadStatusTotals,
  ServerEvent,
} from "../../app/modules/realtime/protocol.ts";
import { getDb } from "../../worker/db/client.ts";
import type { LeadDto } from "../../worker/services/crm-types.ts";
import { publishLeadActivity, publishLeadChanged, readStatusTotals } from "../../worker/services/lead-events.ts";
import { createLead } from "../factories/index.ts";
import { bearer, db, json, ORIGIN, request, sessionCookie, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
type Socket = { ws: WebSocket; events: ServerEvent[] };

const TEAM_PATH = "/parties/team-room/team";
const open: WebSocket[] = [];

afterEach(() => {
  for (const ws of open.splice(0)) {
    try {
      ws.close(1000, "test over");
    } catch {
      // already closed
    }
  }
});

async function connect(who: Staff): Promise<Socket> {
  const response = await request(TEAM_PATH, { headers: { Upgrade: "websocket", Cookie: sessionCookie(who.session), Origin: ORIGIN } });
  if (response.status !== 101) throw new Error(`not upgraded: ${response.status}`);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  const socket: Socket = { ws, events: [] };
  ws.addEventListener("message", (event) => socket.events.push(JSON.parse(event.data as string) as ServerEvent));
  return socket;
}

async function until(done: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}
const settle = () => new Promise((r) => setTimeout(r, 150));

const leadEvents = (socket: Socket, leadId?: string) =>
  socket.events.filter(
    (e): e is LeadEvent =>
      (e.type === "lead.changed" || e.type === "lead.deleted" || e.type === "lead.activity") &&
      (!leadId || (e.type === "lead.changed" ? e.lead.id : e.lead_id) === leadId),
  );

/** Waits for `n` lead events (of `leadId`), then a little longer so an extra one would show. */
async function eventsOf(socket: Socket, n: number, leadId?: string) {
  await until(() => leadEvents(socket, leadId).length >= n);
  await settle();
  return leadEvents(socket, leadId);
}

const auth = (who: Staff) => bearer(who.session.access_token);
const call = (who: Staff, method: string, path: string, body?: unknown) =>
  request(`/api${path}`, body === undefined ? { method, headers: auth(who) } : json(method, body, auth(who)));
const actorOf = (who: Staff) => ({ id: who.user.id, name: who.user.name });

const stamped = { id: expect.stringMatching(/^[0-9a-f-]{36}$/), created_at: expect.any(String) };

let admin: Staff, manager: Staff, rep: Staff, otherRep: Staff;
beforeAll(async () => {
  [admin, manager, rep, otherRep] = await Promise.all([
    signedInUser("admin"),
    signedInUser("manager"),
    signedInUser("sales_rep"),
    signedInUser("sales_rep"),
  ]);
});

const totalsNow = () => readStatusTotals(getDb(env.DB));

describe("lead.changed", () => {
  it("a lead created in the CRM reaches every open screen once, with its DTO and the totals after it; a 409 and a 400 send nothing", async () => {
    const [a, b] = [await connect(manager), await connect(rep)];
    const response = await call(rep, "POST", "/leads", {
      name: "Padaria Ao Vivo",
      email: "ao.vivo@padaria.test",
      estimated_value: "1500,50",
      assigned_to: rep.user.id,
    });
    expect(response.status).toBe(201);
    const { lead } = await response.json<{ lead: LeadDto }>();
    const totals = await totalsNow();
    for (const socket of [a, b]) {
      expect(await eventsOf(socket, 1)).toEqual<LeadChangedEvent[]>([
        { type: "lead.changed", ...stamped, change: "created", lead, previous_status: null, actor: actorOf(rep), totals },
      ]);
    }
    expect(a.events[0]!.id).toBe(b.events[0]!.id);
    expect(totals.new.count).toBeGreaterThan(0);

    expect((await call(manager, "POST", "/leads", { name: "Outra", email: "AO.VIVO@padaria.test" })).status).toBe(409);
    expect((await call(manager, "POST", "/leads", { name: "" })).status).toBe(400);
    await settle();
    expect(leadEvents(a)).toHaveLength(1);
  });

  it("a pipeline move (status only) says where the lead was; the totals move with it", async () => {
    const lead = await createLead(db(), { name: "Movida", status: "new", estimatedValue: 2000, assignedTo: rep.user.id });
    const before = await totalsNow();
    const socket = await connect(manager);
    const response = await call(rep, "PATCH", `/leads/${lead.id}`, { status: "won" });
    expect(response.status).toBe(200);
    const saved = (await response.json<{ lead: LeadDto }>()).lead;
    const [event] = (await eventsOf(socket, 1)) as LeadChangedEvent[];
    expect(event).toEqual({
      type: "lead.changed",
      ...stamped,
      change: "updated",
      lead: saved,
      previous_status: "new",
      actor: actorOf(rep),
      totals: await totalsNow(),
    });
    expect(event!.totals.new).toEqual({ count: before.new.count - 1, value_sum: before.new.value_sum - 2000, other_sums: {} });
    expect(event!.totals.won).toEqual({ count: before.won.count + 1, value_sum: before.won.value_sum + 2000, other_sums: {} });
  });

  it("a whole-form edit and a tags-only edit each send one event; a patch that changes nothing sends none", async () => {
    const lead = await createLead(db(), { name: "Editada", assignedTo: rep.user.id, tags: ["Urgente"] });
    const socket = await connect(otherRep);
    expect((await call(rep, "PATCH", `/leads/${lead.id}`, { name: "Editada 2", company: "ACME", status: "qualified" })).status).toBe(200);
    expect((await call(rep, "PATCH", `/leads/${lead.id}`, { tags: ["Urgente", "Proposta"] })).status).toBe(200);
    expect((await call(rep, "PATCH", `/leads/${lead.id}`, { tags: ["Urgente", "Proposta"] })).status).toBe(200);
    const events = (await eventsOf(socket, 2)) as LeadChangedEvent[];
    expect(events.map((e) => [e.change, e.previous_status, e.lead.name, e.lead.company, e.lead.status, e.lead.tags])).toEqual([
      ["updated", "new", "Editada 2", "ACME", "qualified", ["Urgente"]],
      ["updated", "qualified", "Editada 2", "ACME", "qualified", ["Urgente", "Proposta"]],
    ]);
  });

  it("refused edits send nothing: someone else's lead (403), bad input (400), unknown lead (404), a taken e-mail (409)", async () => {
    const mine = await createLead(db(), { name: "Do outro", assignedTo: otherRep.user.id });
    await createLead(db(), { name: "Dona do e-mail", email: "tomado@live.test" });
    const open = await createLead(db(), { name: "Sem dono" });
    const socket = await connect(manager);
    expect((await call(rep, "PATCH", `/leads/${mine.id}`, { status: "won" })).status).toBe(403);
    expect((await call(rep, "PATCH", `/leads/${open.id}`, { status: "ganho" })).status).toBe(400);
    expect((await call(rep, "PATCH", `/leads/no-such-lead`, { status: "won" })).status).toBe(404);
    expect((await call(manager, "PATCH", `/leads/${open.id}`, { email: "tomado@live.test" })).status).toBe(409);
    await settle();
    expect(leadEvents(socket)).toEqual([]);
  });
});

describe("lead.deleted", () => {
  it("a deletion by a manager sends the lead's id, status and value with the totals after it; a rep's 403 and a 404 send nothing", async () => {
    const lead = await createLead(db(), { name: "Apagada", status: "negotiating", estimatedValue: 900 });
    const socket = await connect(rep);
    expect((await call(rep, "DELETE", `/leads/${lead.id}`)).status).toBe(403);
    expect((await call(manager, "DELETE", `/leads/no-such-lead`)).status).toBe(404);
    await settle();
    expect(leadEvents(socket)).toEqual([]);
    expect((await call(manager, "DELETE", `/leads/${lead.id}`)).status).toBe(204);
    expect(await eventsOf(socket, 1)).toEqual<LeadDeletedEvent[]>([
      {
        type: "lead.deleted",
        ...stamped,
        lead_id: lead.id,
        status: "negotiating",
        estimated_value: 900,
        currency: "BRL",
        actor: actorOf(manager),
        totals: await totalsNow(),
      },
    ]);
    expect((await call(admin, "DELETE", `/leads/${lead.id}`)).status).toBe(404);
    await settle();
    expect(leadEvents(socket)).toHaveLength(1);
  });
});

describe("lead.activity", () => {
  const activityEvents = (socket: Socket, leadId: string) => leadEvents(socket, leadId) as LeadActivityEvent[];

  it("a timeline entry, a note (added, edited, removed) and an attachment (uploaded, removed) each send one event of their kind", async () => {
    const lead = await createLead(db(), { name: "Com histórico", assignedTo: rep.user.id });
    const socket = await connect(manager);
    expect((await call(rep, "POST", `/leads/${lead.id}/activities`, { type: "call", subject: null, content: "Ligou às 10h" })).status).toBe(
      201,
    );
    const note = await call(rep, "POST", `/leads/${lead.id}/notes`, { content: "Prefere WhatsApp" });
    expect(note.status).toBe(201);
    const noteId = (await note.json<{ note: { id: string } }>()).note.id;
    expect((await call(rep, "PATCH", `/leads/${lead.id}/notes/${noteId}`, { content: "Prefere e-mail" })).status).toBe(200);
    expect((await call(rep, "DELETE", `/leads/${lead.id}/notes/${noteId}`)).status).toBe(204);
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("proposta,valor\nA,1\n")], "proposta.csv", { type: "text/csv" }));
    const file = await request(`/api/leads/${lead.id}/attachments`, { method: "POST", headers: auth(rep), body: form });
    expect(file.status).toBe(201);
    const attachmentId = (await file.json<{ attachment: { id: string } }>()).attachment.id;
    expect((await call(rep, "DELETE", `/attachments/${attachmentId}`)).status).toBe(204);

    const events = await eventsOf(socket, 6, lead.id);
    expect(events).toEqual(
      (["activity", "note", "note", "note", "attachment", "attachment"] as const).map((kind) => ({
        type: "lead.activity",
        ...stamped,
        lead_id: lead.id,
        kind,
        actor: actorOf(rep),
      })),
    );
  });

  it("refused timeline, note and attachment writes send nothing", async () => {
    const theirs = await createLead(db(), { name: "De outra pessoa", assignedTo: otherRep.user.id });
    const note = await call(otherRep, "POST", `/leads/${theirs.id}/notes`, { content: "minha nota" });
    const noteId = (await note.json<{ note: { id: string } }>()).note.id;
    const socket = await connect(manager);
    expect((await call(rep, "POST", `/leads/${theirs.id}/activities`, { type: "call", subject: null, content: "não posso" })).status).toBe(
      403,
    );
    expect(
      (await call(otherRep, "POST", `/leads/${theirs.id}/activities`, { type: "fax", subject: null, content: "tipo errado" })).status,
    ).toBe(400);
    expect((await call(rep, "POST", `/leads/no-such-lead/notes`, { content: "nada" })).status).toBe(404);
    expect((await call(rep, "PATCH", `/leads/${theirs.id}/notes/${noteId}`, { content: "editada por outro" })).status).toBe(403);
    expect((await call(rep, "DELETE", `/leads/${theirs.id}/notes/${noteId}`)).status).toBe(403);
    const form = new FormData();
    form.append("file", new File([new Uint8Array([1, 2, 3])], "virus.exe"));
    expect((await request(`/api/leads/${theirs.id}/attachments`, { method: "POST", headers: auth(otherRep), body: form })).status).toBe(
      400,
    );
    await settle();
    expect(activityEvents(socket, theirs.id)).toEqual([]);
  });
});

describe("leads from the public site", () => {
  const capture = (email: string, ip: string) =>
    request(
      "/api/leads/capture",
      json(
        "POST",
        {
          name: "Visitante Ao Vivo",
          email,
          phone: null,
          company: null,
          language: "pt",
          projectType: "web_app",
          budget: "budget_25k",
          timeline: null,
          teamSize: null,
          transcript: [],
        },
        { "CF-Connecting-IP": ip },
      ),
    );

  it("a captured lead reaches the boards as created (no actor); a returning visitor's as updated plus a timeline entry", async () => {
    const socket = await connect(rep);
    expect((await capture("visita.viva@example.com", "203.0.113.201")).status).toBe(201);
    const [created] = (await eventsOf(socket, 1)) as LeadChangedEvent[];
    expect(created).toMatchObject({ type: "lead.changed", change: "created", previous_status: null, actor: null });
    expect(created!.lead).toMatchObject({
      name: "Visitante Ao Vivo",
      email: "visita.viva@example.com",
      status: "new",
      source: "website",
      estimated_value: 37_500,
    });
    expect(created!.totals).toEqual(await totalsNow());

    expect((await capture("Visita.Viva@example.com", "203.0.113.202")).status).toBe(200);
    const events = await eventsOf(socket, 3);
    expect(events.slice(1).map((e) => [e.type, e.type === "lead.changed" ? e.change : (e as LeadActivityEvent).kind])).toEqual([
      ["lead.changed", "updated"],
      ["lead.activity", "activity"],
    ]);
    expect(new Set(events.map((e) => (e.type === "lead.changed" ? e.lead.id : (e as LeadActivityEvent).lead_id)))).toEqual(
      new Set([created!.lead.id]),
    );
  });

  it("the contact form's new lead reaches the boards too; the honeypot sends nothing", async () => {
    const socket = await connect(manager);
    const send = (body: Record<string, unknown>, ip: string) => request("/api/contact", json("POST", body, { "CF-Connecting-IP": ip }));
    expect(
      (
        await send(
          { name: "Robô", email: "robo@spam.test", message: "Mensagem longa o bastante", company_url: "https://spam.test" },
          "203.0.113.210",
        )
      ).status,
    ).toBeLessThan(300);
    expect(
      (await send({ name: "Contato Vivo", email: "contato.vivo@example.com", message: "Quero um orçamento para um app." }, "203.0.113.211"))
        .status,
    ).toBeLessThan(300);
    const events = (await eventsOf(socket, 1)) as LeadChangedEvent[];
    expect(events.map((e) => [e.change, e.lead.name, e.actor])).toEqual([["created", "Contato Vivo", null]]);
  });
});

describe("publishing never fails the write", () => {
  it("resolves when the team room cannot be reached, and does nothing without the binding", async () => {
    const broken = {
      idFromName: () => {
        throw new Error("room down");
      },
      getByName: () => {
        throw new Error("room down");
      },
    } as unknown as Env["TeamRoom"];
    const lead = (await createLead(db(), { name: "Sem sala" })) as unknown as { id: string };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const dto = (await (await call(manager, "GET", `/leads/${lead.id}`)).json<{ lead: LeadDto }>()).lead;
      await expect(publishLeadChanged({ db: db(), env: { ...env, TeamRoom: broken } }, null, dto, "new")).resolves.toBeUndefined();
      await expect(
        publishLeadActivity({ db: db(), env: { ...env, TeamRoom: undefined as unknown as Env["TeamRoom"] } }, null, lead.id, "note"),
      ).resolves.toBeUndefined();
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
  });

  it("the totals are those of lead_status_totals (count and value sums per status, one per currency)", async () => {
    const totals: LeadStatusTotals = await totalsNow();
    const rows = await env.DB.prepare(
      "select status, count(*) as n, total(iif(currency = 'BRL', estimated_value, 0)) as v, total(iif(currency = 'USD', estimated_value, 0)) as usd from leads group by status",
    ).all<{ status: keyof LeadStatusTotals; n: number; v: number; usd: number }>();
    for (const row of rows.results) {
      expect(totals[row.status]).toEqual({ count: row.n, value_sum: row.v, other_sums: row.usd ? { USD: row.usd } : {} });
    }
    // The site's captured lead (its budget in US$) is among them.
    expect(rows.results.some((row) => row.usd > 0)).toBe(true);
  });
});
