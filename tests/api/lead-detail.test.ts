import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { leadActivities, leadNotes } from "../../worker/db/schema/index.ts";
import type { ActivityDto, NoteDto, Page } from "../../worker/services/crm-types.ts";
import { buildActivity, buildNote, createLead } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let admin: Staff, manager: Staff, rep: Staff, otherRep: Staff;

beforeAll(async () => {
  [admin, manager, rep, otherRep] = await Promise.all([
    signedInUser("admin"),
    signedInUser("manager"),
    signedInUser("sales_rep"),
    signedInUser("sales_rep"),
  ]);
});

const auth = (who: Staff, headers: Record<string, string> = {}) => ({ ...bearer(who.session.access_token), ...headers });
const get = (who: Staff, path: string, headers: Record<string, string> = {}) => request(path, { headers: auth(who, headers) });
const send = (who: Staff, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(path, body === undefined ? { method, headers: auth(who, headers) } : json(method, body, auth(who, headers)));
const count = (table: string, leadId: string) =>
  env.DB.prepare(`select count(*) as n from ${table} where lead_id = ?`)
    .bind(leadId)
    .first<{ n: number }>()
    .then((r) => r!.n);

describe("timeline: GET /api/leads/:id/activities", () => {
  it("newest first with the author's name, in pages with an opaque cursor", async () => {
    const lead = await createLead(db(), { name: "Histórico" });
    const rows = Array.from({ length: 7 }, (_, i) =>
      buildActivity({
        leadId: lead.id,
        authorId: i % 2 ? rep.user.id : null,
        type: "call",
        content: `Ligação ${i}`,
        createdAt: `2026-03-0${i + 1}T10:00:00.000Z`,
      }),
    );
    // Two entries at the same instant: the id breaks the tie, and both are listed once.
    rows.push(buildActivity({ leadId: lead.id, type: "email", content: "Empate A", createdAt: "2026-03-07T10:00:00.000Z" }));
    await db().insert(leadActivities).values(rows);

    const seen: ActivityDto[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(otherRep, `/api/leads/${lead.id}/activities?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.status).toBe(200);
      const page = await response.json<Page<ActivityDto>>();
      seen.push(...page.items);
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen.map((a) => a.id)).size).toBe(8);
    expect(seen.map((a) => a.created_at)).toEqual([...seen.map((a) => a.created_at)].sort().reverse());
    expect(seen.at(-1)).toMatchObject({ content: "Ligação 0", author: null, type: "call", subject: null, metadata: {}, lead_id: lead.id });
    expect(seen.find((a) => a.content === "Ligação 1")!.author).toEqual({ id: rep.user.id, name: rep.user.name });
  });

  it("404 for an unknown lead, 400 for a forged cursor or a bad limit", async () => {
    expect((await get(rep, "/api/leads/nope/activities")).status).toBe(404);
    const lead = await createLead(db());
    const forged = await get(rep, `/api/leads/${lead.id}/activities?cursor=not-a-cursor`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: "validation_failed", issues: [{ path: "cursor", message: "Valor inválido." }] });
    expect((await get(rep, `/api/leads/${lead.id}/activities?limit=1000`)).status).toBe(400);
  });
});

describe("logging an activity: POST /api/leads/:id/activities", () => {
  it("each of the five types, subject optional, content trimmed, the author is the caller", async () => {
    const lead = await createLead(db(), { name: "Registro" });
    for (const type of ["whatsapp", "email", "call", "meeting", "internal_note"] as const) {
      const response = await send(rep, "POST", `/api/leads/${lead.id}/activities`, {
        type,
        subject: type === "email" ? "  Proposta enviada " : "",
        content: `  Conversa por ${type}.\r\nSegunda linha.  `,
      });
      expect(response.status).toBe(201);
      const { activity } = await response.json<{ activity: ActivityDto }>();
      expect(activity).toMatchObject({
        lead_id: lead.id,
        type,
        subject: type === "email" ? "Proposta enviada" : null,
        content: `Conversa por ${type}.\nSegunda linha.`,
        metadata: {},
        author: { id: rep.user.id, name: rep.user.name },
      });
    }
    const page = await (await get(manager, `/api/leads/${lead.id}/activities`)).json<Page<ActivityDto>>();
    expect(page.items).toHaveLength(5);
  });

  it("400 with the field and a translated message: unknown or audit type, empty content, too long", async () => {
    const lead = await createLead(db());
    const path = `/api/leads/${lead.id}/activities`;
    const cases: [unknown, string, string][] = [
      [{ type: "fax", content: "x" }, "type", "Valor inválido."],
      [{ type: "status_change", content: "x" }, "type", "Valor inválido."],
      [{ type: "call", content: "   " }, "content", "Campo obrigatório."],
      [{ type: "call" }, "content", "Campo obrigatório."],
      [{ type: "call", content: "x".repeat(10_001) }, "content", "Texto longo demais."],
      [{ type: "email", subject: "a\r\nBcc: x", content: "x" }, "subject", "Valor inválido."],
    ];
    for (const [body, path_, message] of cases) {
      const response = await send(rep, "POST", path, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await response.json()).toMatchObject({ error: "validation_failed", issues: [{ path: path_, message }] });
    }
    const en = await send(rep, "POST", path, { type: "call", content: "" }, { "Accept-Language": "en" });
    expect(await en.json()).toMatchObject({
      message: "Some fields are invalid: content.",
      issues: [{ path: "content", message: "Required field." }],
    });
    expect(await count("lead_activities", lead.id)).toBe(0);
  });

  it("who may log: anyone who may edit the lead (own or unassigned for a sales_rep; any for manager and admin)", async () => {
    const own = await createLead(db(), { assignedTo: rep.user.id });
    const free = await createLead(db());
    const others = await createLead(db(), { assignedTo: otherRep.user.id });
    const entry = { type: "call", content: "Liguei." };
    expect((await send(rep, "POST", `/api/leads/${own.id}/activities`, entry)).status).toBe(201);
    expect((await send(rep, "POST", `/api/leads/${free.id}/activities`, entry)).status).toBe(201);
    const refused = await send(rep, "POST", `/api/leads/${others.id}/activities`, entry);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "forbidden", message: "Você não tem permissão para esta ação." });
    expect(await count("lead_activities", others.id)).toBe(0);
    for (const who of [manager, admin]) expect((await send(who, "POST", `/api/leads/${others.id}/activities`, entry)).status).toBe(201);
    // Everyone reads.
    expect((await get(rep, `/api/leads/${others.id}/activities`)).status).toBe(200);
    expect((await send(rep, "POST", "/api/leads/nope/activities", entry)).status).toBe(404);
  });
});

describe("notes: /api/leads/:id/notes", () => {
  it("add, list newest first with the author, edit, remove", async () => {
    const lead = await createLead(db(), { name: "Notas" });
    await db()
      .insert(leadNotes)
      .values(buildNote({ leadId: lead.id, content: "Nota antiga", authorId: otherRep.user.id, createdAt: "2026-01-01T00:00:00.000Z" }));
    const created = await send(rep, "POST", `/api/leads/${lead.id}/notes`, { content: "  Cliente pediu proposta.\r\nUrgente.  " });
    expect(created.status).toBe(201);
    const { note } = await created.json<{ note: NoteDto }>();
    expect(note).toMatchObject({
      lead_id: lead.id,
      content: "Cliente pediu proposta.\nUrgente.",
      author: { id: rep.user.id, name: rep.user.name },
    });

    const list = await (await get(manager, `/api/leads/${lead.id}/notes`)).json<NoteDto[]>();
    expect(list.map((n) => [n.content, n.author?.name])).toEqual([
      ["Cliente pediu proposta.\nUrgente.", rep.user.name],
      ["Nota antiga", otherRep.user.name],
    ]);

    const edited = await send(rep, "PATCH", `/api/leads/${lead.id}/notes/${note.id}`, { content: "Proposta enviada." });
    expect(edited.status).toBe(200);
    const { note: after } = await edited.json<{ note: NoteDto }>();
    expect(after).toMatchObject({
      id: note.id,
      content: "Proposta enviada.",
      created_at: note.created_at,
      author: { id: rep.user.id, name: rep.user.name },
    });
    expect(after.updated_at >= note.updated_at).toBe(true);

    expect((await send(rep, "DELETE", `/api/leads/${lead.id}/notes/${note.id}`)).status).toBe(204);
    expect((await (await get(rep, `/api/leads/${lead.id}/notes`)).json<NoteDto[]>()).map((n) => n.content)).toEqual(["Nota antiga"]);
    expect((await send(rep, "DELETE", `/api/leads/${lead.id}/notes/${note.id}`)).status).toBe(404);
  });

  it("400 for an empty note, translated; 404 for an unknown lead or note", async () => {
    const lead = await createLead(db());
    const empty = await send(rep, "POST", `/api/leads/${lead.id}/notes`, { content: "  \n " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      message: "Alguns campos são inválidos: content.",
      issues: [{ path: "content", message: "Campo obrigatório." }],
    });
    const es = await send(rep, "POST", `/api/leads/${lead.id}/notes`, { content: "" }, { "Accept-Language": "es" });
    expect(await es.json()).toMatchObject({ issues: [{ path: "content", message: "Campo obligatorio." }] });
    expect((await get(rep, "/api/leads/nope/notes")).status).toBe(404);
    expect((await send(rep, "POST", "/api/leads/nope/notes", { content: "x" })).status).toBe(404);
    expect((await send(manager, "PATCH", `/api/leads/${lead.id}/notes/nope`, { content: "x" })).status).toBe(404);
    // A note is reached only through its own lead.
    const other = await createLead(db());
    const { note } = await (await send(rep, "POST", `/api/leads/${other.id}/notes`, { content: "Da outra" })).json<{ note: NoteDto }>();
    expect((await send(manager, "PATCH", `/api/leads/${lead.id}/notes/${note.id}`, { content: "x" })).status).toBe(404);
    expect((await send(manager, "DELETE", `/api/leads/${lead.id}/notes/${note.id}`)).status).toBe(404);
  });

  it("who may: adding needs the right to edit the lead; editing and removing a note is for its author or a manager/admin", async () => {
    const others = await createLead(db(), { assignedTo: otherRep.user.id });
    expect((await send(rep, "POST", `/api/leads/${others.id}/notes`, { content: "Intrometido" })).status).toBe(403);
    expect(await count("lead_notes", others.id)).toBe(0);

    const free = await createLead(db());
    const { note } = await (
      await send(otherRep, "POST", `/api/leads/${free.id}/notes`, { content: "Minha nota" })
    ).json<{ note: NoteDto }>();
    const path = `/api/leads/${free.id}/notes/${note.id}`;
    const refused = await send(rep, "PATCH", path, { content: "Mudei" });
    expect(refused.status).toBe(403);
    expect((await send(rep, "DELETE", path)).status).toBe(403);
    expect((await (await get(rep, `/api/leads/${free.id}/notes`)).json<NoteDto[]>())[0]!.content).toBe("Minha nota");
    expect((await send(manager, "PATCH", path, { content: "Revisada pelo gerente" })).status).toBe(200);
    expect((await send(otherRep, "PATCH", path, { content: "Do autor" })).status).toBe(200);
    expect((await send(admin, "DELETE", path)).status).toBe(204);
  });
});
