import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../worker/db/client.ts";
import type { ActivityDto, LeadDto } from "../../worker/services/crm-types.ts";
import { updateLead } from "../../worker/services/lead-service.ts";
import type { Authenticated } from "../../worker/services/auth-service.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, request, sessionCookie, signedInUser } from "../helpers.ts";

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
const patch = (who: Staff, id: string, body: unknown, headers: Record<string, string> = {}) =>
  request(`/api/leads/${id}`, json("PATCH", body, auth(who, headers)));

type AuditRow = { type: string; content: string; metadata: string; author_id: string | null };
const auditOf = (leadId: string) =>
  env.DB.prepare("select type, content, metadata, author_id from lead_activities where lead_id = ? order by created_at, type")
    .bind(leadId)
    .all<AuditRow>()
    .then((r) => r.results.map((a) => ({ ...a, metadata: JSON.parse(a.metadata) as Record<string, unknown> })));
const leadRow = (id: string) => env.DB.prepare("select * from leads where id = ?").bind(id).first<Record<string, unknown>>();

describe("GET /api/leads/:id", () => {
  it("returns the lead as LeadDto with its assignee, to every role", async () => {
    const lead = await createLead(db(), {
      name: "Clínica Aurora",
      email: "aurora@example.com",
      assignedTo: otherRep.user.id,
      tags: ["Urgente"],
      estimatedValue: 1200.5,
    });
    for (const who of [admin, manager, rep, otherRep]) {
      const response = await request(`/api/leads/${lead.id}`, { headers: auth(who) });
      expect(response.status).toBe(200);
      const body = await response.json<{ lead: LeadDto }>();
      expect(body.lead).toEqual({
        id: lead.id,
        name: "Clínica Aurora",
        email: "aurora@example.com",
        phone: null,
        company: null,
        source: "website",
        status: "new",
        estimated_value: 1200.5,
        currency: "BRL",
        notes: null,
        assigned_to: otherRep.user.id,
        assigned_user: { id: otherRep.user.id, name: otherRep.user.name },
        tags: ["Urgente"],
        created_at: lead.createdAt,
        updated_at: lead.updatedAt,
        last_activity_at: lead.createdAt,
      });
    }
  });

  it("is the same JSON as in the list and the pipeline (drizzle rows and the raw list SQL share one mapper), which add the next task", async () => {
    const assigned = await createLead(db(), {
      name: "Mesma Forma Assinada",
      email: "mesma.forma@example.com",
      phone: "+55 11 91234-5678",
      company: "Forma Ltda",
      notes: "Notas",
      assignedTo: rep.user.id,
      tags: ["Urgente", "Proposta"],
      estimatedValue: 99.9,
      status: "qualified",
    });
    const unassigned = await createLead(db(), { name: "Mesma Forma Livre", tags: [] });
    for (const lead of [assigned, unassigned]) {
      const { lead: one } = await (await request(`/api/leads/${lead.id}`, { headers: auth(admin) })).json<{ lead: LeadDto }>();
      const list = await (
        await request(`/api/leads?q=${encodeURIComponent(lead.name)}`, { headers: auth(admin) })
      ).json<{ items: LeadDto[] }>();
      const pipeline = await (
        await request(`/api/leads/pipeline?q=${encodeURIComponent(lead.name)}`, { headers: auth(admin) })
      ).json<{
        columns: { leads: LeadDto[] }[];
      }>();
      expect(
        list.items.find((item) => item.id === lead.id),
        lead.name,
      ).toEqual({ ...one, next_task: null });
      expect(
        pipeline.columns.flatMap((column) => column.leads).find((item) => item.id === lead.id),
        lead.name,
      ).toEqual({ ...one, next_task: null });
    }
  });

  it("404 not_found for an unknown id, translated", async () => {
    const pt = await request("/api/leads/nope", { headers: auth(rep) });
    expect(pt.status).toBe(404);
    expect(await pt.json()).toEqual({ error: "not_found", message: "O recurso solicitado não existe." });
    const en = await request("/api/leads/nope", { headers: auth(rep, { "Accept-Language": "en" }) });
    expect(await en.json()).toEqual({ error: "not_found", message: "The requested resource does not exist." });
  });

  it("the /pipeline routes are not shadowed by /:id", async () => {
    const response = await request("/api/leads/pipeline/bogus", { headers: auth(rep) });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/leads returns a LeadDto", () => {
  it("with the assignee's name", async () => {
    const response = await request(
      "/api/leads",
      json(
        "POST",
        { name: "Nova Ótica", assigned_to: rep.user.id, estimated_value: "2500,75", tags: [" Proposta ", "", "Proposta"] },
        auth(manager),
      ),
    );
    expect(response.status).toBe(201);
    const { lead } = await response.json<{ lead: LeadDto }>();
    expect(lead).toMatchObject({
      name: "Nova Ótica",
      assigned_to: rep.user.id,
      assigned_user: { id: rep.user.id, name: rep.user.name },
      estimated_value: 2500.75,
      tags: ["Proposta"],
      status: "new",
      source: "website",
    });
  });

  it("400 on assigned_to for an inactive assignee", async () => {
    const inactive = await createUser(db(), { isActive: false });
    const response = await request("/api/leads", json("POST", { name: "X", assigned_to: inactive.id }, auth(manager)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "validation_failed", issues: [{ path: "assigned_to" }] });
  });
});

describe("PATCH /api/leads/:id", () => {
  it("the whole form: every field changed, normalized like create, one edit entry naming the fields", async () => {
    const lead = await createLead(db(), { name: "Antes", email: "antes@example.com", company: "Velha Ltda", tags: ["Retorno"] });
    const response = await patch(manager, lead.id, {
      name: "  Depois  ",
      email: "  Depois@Example.COM ",
      phone: "(11) 98888-7777",
      company: "",
      source: "referral",
      status: "new",
      estimated_value: "1.234,5".replace(".", ""),
      notes: "  Ligou ontem.  ",
      assigned_to: "none",
      tags: [" Urgente ", "Urgente", "", "Proposta"],
      id: "ignored",
    });
    expect(response.status).toBe(200);
    const { lead: updated } = await response.json<{ lead: LeadDto }>();
    expect(updated).toMatchObject({
      id: lead.id,
      name: "Depois",
      email: "depois@example.com",
      phone: "+5511988887777",
      company: null,
      source: "referral",
      status: "new",
      estimated_value: 1234.5,
      notes: "Ligou ontem.",
      assigned_to: null,
      assigned_user: null,
      tags: ["Urgente", "Proposta"],
    });
    expect(updated.updated_at > lead.updatedAt).toBe(true);
    const audit = await auditOf(lead.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      type: "lead_update",
      author_id: manager.user.id,
      content: "name, email, phone, company, source, estimated_value, notes, tags",
    });
    expect(audit[0]!.metadata).toEqual({
      kind: "audit",
      field: "lead",
      fields: ["name", "email", "phone", "company", "source", "estimated_value", "notes", "tags"],
      changes: {
        name: { from: "Antes", to: "Depois" },
        email: { from: "antes@example.com", to: "depois@example.com" },
        phone: { from: null, to: "+5511988887777" },
        company: { from: "Velha Ltda", to: null },
        source: { from: "website", to: "referral" },
        estimated_value: { from: null, to: 1234.5 },
        notes: { from: null, to: "Ligou ontem." },
        tags: { from: ["Retorno"], to: ["Urgente", "Proposta"] },
      },
      currencies: { from: "BRL", to: "BRL" },
    });
  });

  it("only {status} (the pipeline drag): status changed, one status_change entry with the codes", async () => {
    const lead = await createLead(db(), { name: "Arraste", tags: ["Urgente"], estimatedValue: 10 });
    const response = await patch(rep, lead.id, { status: "qualified" });
    expect(response.status).toBe(200);
    expect((await response.json<{ lead: LeadDto }>()).lead).toMatchObject({
      status: "qualified",
      name: "Arraste",
      tags: ["Urgente"],
      estimated_value: 10,
    });
    const audit = await auditOf(lead.id);
    expect(audit).toEqual([
      {
        type: "status_change",
        content: "new → qualified",
        author_id: rep.user.id,
        metadata: { kind: "audit", field: "status", from: "new", to: "qualified" },
      },
    ]);
    // The same status again changes nothing and writes nothing.
    expect((await patch(rep, lead.id, { status: "qualified" })).status).toBe(200);
    expect(await auditOf(lead.id)).toHaveLength(1);
  });

  it("only {tags} (the tags editor)", async () => {
    const lead = await createLead(db(), { name: "Etiquetas", tags: ["Urgente"] });
    const response = await patch(rep, lead.id, { tags: ["Urgente", " Orçamento ", "orçamento", "Orçamento"] });
    expect((await response.json<{ lead: LeadDto }>()).lead.tags).toEqual(["Urgente", "Orçamento", "orçamento"]);
    expect((await auditOf(lead.id)).map((a) => a.metadata)).toEqual([
      {
        kind: "audit",
        field: "lead",
        fields: ["tags"],
        changes: { tags: { from: ["Urgente"], to: ["Urgente", "Orçamento", "orçamento"] } },
      },
    ]);
  });

  it("assignee changes write an assignment_change entry with the people's names; status, assignee and fields together give three entries in one write", async () => {
    const lead = await createLead(db(), { name: "Trio", assignedTo: rep.user.id });
    const response = await patch(manager, lead.id, { status: "won", assigned_to: otherRep.user.id, company: "Nova S.A." });
    expect(response.status).toBe(200);
    expect((await response.json<{ lead: LeadDto }>()).lead).toMatchObject({
      assigned_user: { id: otherRep.user.id, name: otherRep.user.name },
      status: "won",
      company: "Nova S.A.",
    });
    const audit = await auditOf(lead.id);
    expect(audit.map((a) => a.type).sort()).toEqual(["assignment_change", "lead_update", "status_change"]);
    expect(audit.find((a) => a.type === "assignment_change")).toEqual({
      type: "assignment_change",
      content: `${rep.user.name} → ${otherRep.user.name}`,
      author_id: manager.user.id,
      metadata: {
        kind: "audit",
        field: "assigned_to",
        from: { id: rep.user.id, name: rep.user.name },
        to: { id: otherRep.user.id, name: otherRep.user.name },
      },
    });
    // Unassigning: to null.
    await patch(manager, lead.id, { assigned_to: null });
    const last = (await auditOf(lead.id)).filter((a) => a.type === "assignment_change").at(-1)!;
    expect(last.metadata).toEqual({
      kind: "audit",
      field: "assigned_to",
      from: { id: otherRep.user.id, name: otherRep.user.name },
      to: null,
    });
    expect(last.content).toBe(`${otherRep.user.name} → —`);
  });

  it("the audit entries appear on the timeline (GET /api/leads/:id/activities), newest first", async () => {
    const lead = await createLead(db(), { name: "Linha do tempo" });
    await patch(rep, lead.id, { status: "contacted" });
    await patch(rep, lead.id, { status: "negotiating" });
    const response = await request(`/api/leads/${lead.id}/activities`, { headers: auth(manager) });
    expect(response.status).toBe(200);
    const { items } = await response.json<{ items: ActivityDto[] }>();
    expect(items.map((a) => [a.type, a.metadata.to, a.author?.name])).toEqual([
      ["status_change", "negotiating", rep.user.name],
      ["status_change", "contacted", rep.user.name],
    ]);
  });

  it("400 with the field and a translated message (pt by default, en by Accept-Language, es by the language cookie)", async () => {
    const lead = await createLead(db(), { name: "Validação" });
    const cases: [unknown, string][] = [
      [{ name: "" }, "name"],
      [{ name: "   " }, "name"],
      [{ email: "nao-e-email" }, "email"],
      [{ estimated_value: "abc" }, "estimated_value"],
      [{ estimated_value: -5 }, "estimated_value"],
      [{ status: "archived" }, "status"],
      [{ source: "tv" }, "source"],
      [{ tags: "Urgente" }, "tags"],
      [{ name: "Ana\r\nBcc: x@evil.example" }, "name"],
    ];
    for (const [body, field] of cases) {
      const response = await patch(rep, lead.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await response.json<{ error: string; message: string; issues: { path: string }[] }>();
      expect(error.error).toBe("validation_failed");
      expect(error.issues.map((i) => i.path)).toContain(field);
      expect(error.message).toBe(`Alguns campos são inválidos: ${field}.`);
    }
    // Each issue's message is translated too (shown under the field).
    const issue = async (response: Response) => (await response.json<{ issues: { path: string; message: string }[] }>()).issues[0];
    expect(await issue(await patch(rep, lead.id, { name: "" }))).toEqual({ path: "name", message: "Campo obrigatório." });
    expect(await issue(await patch(rep, lead.id, { estimated_value: "abc" }))).toEqual({
      path: "estimated_value",
      message: "Valor inválido.",
    });
    expect(await issue(await patch(rep, lead.id, { name: "x".repeat(201) }))).toEqual({ path: "name", message: "Texto longo demais." });
    const en = await patch(rep, lead.id, { name: "" }, { "Accept-Language": "en-US,en;q=0.9" });
    expect(await en.json()).toMatchObject({
      message: "Some fields are invalid: name.",
      issues: [{ path: "name", message: "Required field." }],
    });
    const es = await request(
      `/api/leads/${lead.id}`,
      json("PATCH", { name: "" }, { Cookie: `${sessionCookie(rep.session)}; language=es`, Origin: "http://localhost" }),
    );
    expect(es.status).toBe(400);
    expect((await es.json<{ message: string }>()).message).toBe("Algunos campos no son válidos: name.");
    // Nothing was written.
    expect(await leadRow(lead.id)).toMatchObject({ name: "Validação", updated_at: lead.updatedAt });
    expect(await auditOf(lead.id)).toEqual([]);
  });

  it("400 on assigned_to when the assignee is unknown or inactive", async () => {
    const lead = await createLead(db(), { name: "Responsável" });
    const inactive = await createUser(db(), { isActive: false });
    for (const assignee of [inactive.id, "no-such-user"]) {
      const response = await patch(manager, lead.id, { assigned_to: assignee });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "validation_failed",
        issues: [{ path: "assigned_to", message: "O responsável selecionado não existe ou está inativo." }],
        message: "Alguns campos são inválidos: assigned_to.",
      });
    }
    expect(await leadRow(lead.id)).toMatchObject({ assigned_to: null });
  });

  it("404 for an unknown lead", async () => {
    expect((await patch(manager, "nope", { status: "won" })).status).toBe(404);
  });

  it("409 lead_exists naming the lead that holds the e-mail; the lead's own e-mail (any case) is no conflict", async () => {
    const holder = await createLead(db(), { name: "Dona do E-mail", email: "dona@example.com" });
    const lead = await createLead(db(), { name: "Quer o E-mail", email: "quer@example.com" });
    const response = await patch(rep, lead.id, { name: "Quer o E-mail", email: " DONA@example.com " });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "lead_exists",
      message: "Já existe um lead com este e-mail: Dona do E-mail.",
      lead: { id: holder.id, name: "Dona do E-mail" },
    });
    const en = await patch(rep, lead.id, { email: "dona@example.com" }, { "Accept-Language": "en" });
    expect((await en.json<{ message: string }>()).message).toBe("A lead with this e-mail already exists: Dona do E-mail.");
    expect(await leadRow(lead.id)).toMatchObject({ email: "quer@example.com", name: "Quer o E-mail", updated_at: lead.updatedAt });
    expect(await auditOf(lead.id)).toEqual([]);
    // Its own address in another case is fine.
    expect((await patch(rep, lead.id, { email: "QUER@example.com", status: "contacted" })).status).toBe(200);
  });

  it("10 concurrent PATCHes moving 10 leads to one taken e-mail: all 409, nothing changed or lost", async () => {
    const holder = await createLead(db(), { name: "Titular", email: "titular@example.com" });
    const movers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createLead(db(), { name: `Mover ${i}`, email: `mover${i}@example.com` })),
    );
    const responses = await Promise.all(movers.map((lead) => patch(manager, lead.id, { email: "Titular@example.com", status: "won" })));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(409));
    for (const r of responses) expect(await r.json()).toMatchObject({ lead: { id: holder.id, name: "Titular" } });
    for (const [i, lead] of movers.entries()) {
      expect(await leadRow(lead.id)).toMatchObject({ email: `mover${i}@example.com`, status: "new", updated_at: lead.updatedAt });
      expect(await auditOf(lead.id)).toEqual([]);
    }
    expect(await leadRow(holder.id)).toMatchObject({ email: "titular@example.com", name: "Titular" });
  });

  it("10 concurrent PATCHes moving 10 leads to one free e-mail: one 200, nine 409 naming the winner", async () => {
    const movers = await Promise.all(Array.from({ length: 10 }, (_, i) => createLead(db(), { name: `Corrida ${i}` })));
    const responses = await Promise.all(movers.map((lead) => patch(manager, lead.id, { email: "livre@example.com" })));
    const statuses = responses.map((r) => r.status);
    expect([...statuses].sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = movers[statuses.indexOf(200)]!;
    for (const r of responses.filter((r) => r.status === 409)) expect(await r.json()).toMatchObject({ lead: { id: winner.id } });
    const holders = await env.DB.prepare("select id from leads where lower(trim(email)) = 'livre@example.com'").all();
    expect(holders.results).toEqual([{ id: winner.id }]);
  });

  it("concurrent edits of one lead: every change lands once and the audit chain has no gap", async () => {
    const lead = await createLead(db(), { name: "Concorrido" });
    const statuses = ["qualified", "contacted", "negotiating", "won", "lost"] as const;
    const responses = await Promise.all(statuses.map((status) => patch(manager, lead.id, { status })));
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
    const audit = await env.DB.prepare("select metadata from lead_activities where lead_id = ? and type = 'status_change'")
      .bind(lead.id)
      .all<{ metadata: string }>();
    const moves = audit.results.map((r) => JSON.parse(r.metadata) as { from: string; to: string });
    expect(moves).toHaveLength(5);
    // Each move starts where another ended (or at "new"), and the lead ends where one ended.
    const chain = new Map(moves.map((m) => [m.from, m.to]));
    let at = "new";
    for (let i = 0; i < 5; i++) at = chain.get(at)!;
    expect((await leadRow(lead.id))!.status).toBe(at);
  });
});

describe("who may change a lead", () => {
  it("a sales_rep edits leads assigned to them or unassigned, not another rep's (403, nothing written)", async () => {
    const own = await createLead(db(), { name: "Meu", assignedTo: rep.user.id });
    const free = await createLead(db(), { name: "Livre" });
    const others = await createLead(db(), { name: "Do Outro", assignedTo: otherRep.user.id });
    expect((await patch(rep, own.id, { status: "won" })).status).toBe(200);
    expect((await patch(rep, free.id, { status: "won" })).status).toBe(200);
    const refused = await patch(rep, others.id, { status: "won" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "forbidden", message: "Você não tem permissão para esta ação." });
    const refusedEn = await patch(rep, others.id, { tags: ["x"] }, { "Accept-Language": "en" });
    expect(await refusedEn.json()).toEqual({ error: "forbidden", message: "You do not have permission for this action." });
    expect(await leadRow(others.id)).toMatchObject({ status: "new", tags: "[]" });
    expect(await auditOf(others.id)).toEqual([]);
  });

  it("a sales_rep assigns their own or an unassigned lead (to themselves, a colleague or nobody) but never moves another's", async () => {
    const free = await createLead(db(), { name: "Sem dono" });
    expect((await patch(rep, free.id, { assigned_to: rep.user.id })).status).toBe(200);
    expect((await patch(rep, free.id, { assigned_to: otherRep.user.id })).status).toBe(200);
    // Now it is the other rep's: rep may neither edit nor take it back.
    expect((await patch(rep, free.id, { assigned_to: rep.user.id })).status).toBe(403);
    expect((await patch(otherRep, free.id, { assigned_to: null })).status).toBe(200);
    // Saving the whole form with the same assignee is not a reassignment.
    const mine = await createLead(db(), { name: "Meu form", assignedTo: rep.user.id });
    expect((await patch(rep, mine.id, { name: "Meu form 2", assigned_to: rep.user.id })).status).toBe(200);
  });

  it("managers and admins edit and reassign any lead", async () => {
    for (const who of [manager, admin]) {
      const lead = await createLead(db(), { name: "Do rep", assignedTo: rep.user.id });
      expect((await patch(who, lead.id, { assigned_to: otherRep.user.id, status: "lost" })).status).toBe(200);
      expect(await leadRow(lead.id)).toMatchObject({ assigned_to: otherRep.user.id, status: "lost" });
    }
  });

  it("only managers and admins delete; the lead's timeline goes with it", async () => {
    const lead = await createLead(db(), { name: "Apagar", assignedTo: rep.user.id });
    await patch(rep, lead.id, { status: "won" });
    for (const who of [rep, otherRep]) {
      const refused = await request(`/api/leads/${lead.id}`, { method: "DELETE", headers: auth(who) });
      expect(refused.status).toBe(403);
    }
    expect(await leadRow(lead.id)).not.toBeNull();
    for (const who of [manager, admin]) {
      const doomed = await createLead(db(), { name: "Apagar " + who.user.role });
      await patch(who, doomed.id, { status: "won" });
      const response = await request(`/api/leads/${doomed.id}`, { method: "DELETE", headers: auth(who) });
      expect(response.status).toBe(204);
      expect(await leadRow(doomed.id)).toBeNull();
      expect(await auditOf(doomed.id)).toEqual([]);
      expect((await request(`/api/leads/${doomed.id}`, { headers: auth(who) })).status).toBe(404);
      expect((await request(`/api/leads/${doomed.id}`, { method: "DELETE", headers: auth(who) })).status).toBe(404);
    }
  });

  it("a lead reassigned to someone else after the rep read it is refused, not overwritten (the write re-checks)", async () => {
    const lead = await createLead(db(), { name: "Corrida de dono" });
    // The rep's update reads the lead (unassigned: allowed), then the manager assigns it to
    // another rep before the rep's batch runs: the guard fails, the re-read refuses.
    let once = false;
    const real = db();
    const racing = new Proxy(real, {
      get(target, property, receiver) {
        if (property !== "batch") return Reflect.get(target, property, receiver);
        return async (...args: Parameters<Db["batch"]>) => {
          if (!once) {
            once = true;
            await env.DB.prepare("update leads set assigned_to = ?, updated_at = '2099-01-01T00:00:00.000Z' where id = ?")
              .bind(otherRep.user.id, lead.id)
              .run();
          }
          return target.batch(...args);
        };
      },
    });
    const actor = { user: rep.user, session: { id: "s", method: "password", expiresAt: 0 } } as Authenticated;
    await expect(updateLead({ db: racing, env }, actor, lead.id, { status: "won" })).rejects.toMatchObject({
      kind: "forbidden",
      code: "forbidden",
    });
    expect(await leadRow(lead.id)).toMatchObject({ status: "new", assigned_to: otherRep.user.id });
    expect(await auditOf(lead.id)).toEqual([]);
  });
});

describe("anonymous callers", () => {
  it("get 401 on every lead route", async () => {
    const lead = await createLead(db(), { name: "Público não" });
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/leads"],
      ["POST", "/api/leads", { name: "x" }],
      ["GET", "/api/leads/pipeline"],
      ["GET", "/api/leads/pipeline/new"],
      ["GET", `/api/leads/${lead.id}`],
      ["PATCH", `/api/leads/${lead.id}`, { status: "won" }],
      ["DELETE", `/api/leads/${lead.id}`],
      ["GET", `/api/leads/${lead.id}/activities`],
      ["POST", `/api/leads/${lead.id}/activities`, { type: "call", content: "x" }],
      ["GET", `/api/leads/${lead.id}/notes`],
      ["POST", `/api/leads/${lead.id}/notes`, { content: "x" }],
      ["PATCH", `/api/leads/${lead.id}/notes/n1`, { content: "x" }],
      ["DELETE", `/api/leads/${lead.id}/notes/n1`],
      ["GET", `/api/leads/${lead.id}/attachments`],
      ["POST", `/api/leads/${lead.id}/attachments`],
      ["GET", "/api/attachments/a1"],
      ["DELETE", "/api/attachments/a1"],
    ];
    for (const [method, path, body] of routes) {
      const response = await request(path, body === undefined ? { method } : json(method, body));
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json(), `${method} ${path}`).toMatchObject({
        error: "no_authorization",
        message: "Sessão de autenticação ausente!",
      });
    }
    expect(await leadRow(lead.id)).toMatchObject({ status: "new" });
  });
});
