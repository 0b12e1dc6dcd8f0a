// 'Importar Dados', the commit (issue 23, POST /api/imports/:id/commit and GET
// /api/imports/:id/failed.csv): batches claimed atomically (a double submit or two tabs never
// write a row twice), two imports of one file leave one lead per e-mail, each mode against
// existing leads, the stored values, a timeline entry per created or updated lead, totals and
// search right after, one live event and one notification per person per import, a failed
// batch leaving nothing half done, and the CSV of the rows not written.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LeadBatchEvent, ServerEvent } from "../../app/modules/realtime/protocol.ts";
import { LEAD_STATUSES } from "../../worker/db/schema/index.ts";
import type { ImportDto } from "../../worker/services/lead-import/import-dto.ts";
import { readStatusTotals } from "../../worker/services/lead-events.ts";
import type { ActivityDto } from "../../worker/services/crm-types.ts";
import { getTranslator } from "../../app/i18n/dictionaries.server.ts";
import { importText } from "../../app/modules/lead-detail/activity-text.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, ORIGIN, request, sessionCookie, signedInUser } from "../helpers.ts";
import ptCsv from "../fixtures/import/pt-leads.csv?raw";
import hubspotCsv from "../fixtures/import/hubspot-contacts.csv?raw";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let manager: Staff;
let admin: Staff;
let owner: { id: string; email: string };
const sockets: WebSocket[] = [];

const OWNER_EMAIL = "importador.vendas@exemplo.com.br";

beforeAll(async () => {
  manager = await signedInUser("manager");
  admin = await signedInUser("admin");
  owner = await createUser(db(), { email: OWNER_EMAIL, name: "Importador Vendas" });
});

beforeEach(async () => {
  await env.DB.prepare("delete from leads").run();
  await env.DB.prepare("delete from lead_imports").run();
  await env.DB.prepare("delete from notifications").run();
  await env.DB.prepare("delete from rate_limit_events").run();
  await env.DB.prepare("update users set is_active = 1 where id = ?").bind(owner.id).run();
});

afterEach(() => {
  for (const ws of sockets.splice(0)) ws.close(1000, "test over");
});

async function preview(content: string, options: { name?: string; who?: Staff; values?: unknown } = {}): Promise<ImportDto> {
  const form = new FormData();
  form.append("file", new File([content], options.name ?? "leads.csv", { type: "text/csv" }));
  if (options.values) form.append("values", JSON.stringify(options.values));
  const response = await request("/api/imports", {
    method: "POST",
    body: form,
    headers: bearer((options.who ?? manager).session.access_token),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { import: ImportDto }).import;
}

const commitRequest = (id: string, mode: string, who: Staff = manager) =>
  request(`/api/imports/${id}/commit`, json("POST", { mode }, bearer(who.session.access_token)));

async function commit(id: string, mode: string, who: Staff = manager): Promise<ImportDto> {
  const response = await commitRequest(id, mode, who);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { import: ImportDto }).import;
}

/** Commits until done, as the browser's progress bar does; the answers in order. */
async function commitAll(id: string, mode: string): Promise<ImportDto[]> {
  const answers: ImportDto[] = [];
  for (let i = 0; i < 100; i++) {
    const dto = await commit(id, mode);
    answers.push(dto);
    if (dto.status === "done") return answers;
  }
  throw new Error("import never finished");
}

type LeadRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: string;
  status: string;
  estimated_value: number | null;
  currency: string;
  notes: string | null;
  assigned_to: string | null;
  created_by: string | null;
  tags: string;
  created_at: string;
};
const allLeads = async () => (await env.DB.prepare("select * from leads order by name").all<LeadRow>()).results;
const leadByEmail = (email: string) => env.DB.prepare("select * from leads where email = ?").bind(email).first<LeadRow>();
const timeline = async (leadId: string) =>
  (
    await env.DB.prepare("select type, content, metadata, author_id from lead_activities where lead_id = ? order by created_at")
      .bind(leadId)
      .all<{ type: string; content: string; metadata: string; author_id: string }>()
  ).results;
const count = async (table: string) => (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;

const header = "Nome,E-mail,Telefone,Empresa,Origem,Status,Valor,Moeda,Tags,Notas,Responsável";
const csv = (...rows: string[]) => `${header}\n${rows.join("\n")}\n`;
const many = (n: number, prefix = "lead") =>
  csv(...Array.from({ length: n }, (_, i) => `${prefix} ${i},${prefix}${i}@import.test,,Empresa ${i},,,${i},,,,`));

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

describe("POST /api/imports/:id/commit", () => {
  it("writes the rows as the lead form would store them, with a timeline entry each and the owner told once", async () => {
    const dto = await preview(ptCsv, { name: "leads-pt.csv" });
    const done = await commit(dto.id, "update_empty");
    expect(done).toMatchObject({
      status: "done",
      mode: "update_empty",
      rows: 3,
      processed: 3,
      created: 3,
      updated: 0,
      skipped: 0,
      failed: 0,
    });

    const ana = await leadByEmail("ana.souza@exemplo.com.br");
    expect(ana).toMatchObject({
      name: "Ana Souza",
      phone: "+5511988887777",
      company: "Padaria Pão Quente",
      source: "referral",
      status: "qualified",
      estimated_value: 12345.67,
      currency: "BRL",
      notes: "Primeira linha\nsegunda linha",
      assigned_to: owner.id,
      created_by: manager.user.id,
      created_at: "2024-05-13T12:00:00.000Z",
    });
    expect(JSON.parse(ana!.tags)).toEqual(["Urgente", "Proposta"]);
    const bruno = await leadByEmail("bruno.lima@exemplo.com.br");
    expect(bruno).toMatchObject({ source: "website", status: "new", estimated_value: 1234.5, currency: "BRL", assigned_to: null });
    expect(JSON.parse(bruno!.tags)).toEqual(["Proposta", "Retorno"]);
    const carla = (await allLeads()).find((lead) => lead.name === "Carla Dias")!;
    expect(carla).toMatchObject({
      email: null,
      phone: "+552133334444",
      source: "social_media",
      status: "negotiating",
      estimated_value: 12345.67,
      currency: "USD",
    });

    // 'Importado de leads-pt.csv' on each lead's timeline, read in the reader's language.
    for (const lead of [ana!, bruno!, carla]) {
      const entries = await timeline(lead.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ type: "lead_update", content: "Importado de leads-pt.csv", author_id: manager.user.id });
      // The entry also names whom the import gave the lead to (the import's notifications are counted from it).
      expect(JSON.parse(entries[0]!.metadata)).toEqual({
        kind: "import",
        action: "created",
        import_id: dto.id,
        file: "leads-pt.csv",
        ...(lead.assigned_to ? { assigned_to: lead.assigned_to } : {}),
      });
    }
    const api = await request(`/api/leads/${ana!.id}/activities`, { headers: bearer(manager.session.access_token) });
    const [entry] = ((await api.json()) as { items: ActivityDto[] }).items;
    expect(importText(entry!, getTranslator("pt"))).toBe("Importado de leads-pt.csv");
    expect(importText(entry!, getTranslator("es"))).toBe("Importado de leads-pt.csv");
    expect(importText(entry!, getTranslator("en"))).toBe("Imported from leads-pt.csv");

    // The owner: one lead_assigned notification (one lead).
    const notes = (await env.DB.prepare("select user_id, type, message, link from notifications").all<Record<string, string>>()).results;
    expect(notes).toEqual([
      expect.objectContaining({ user_id: owner.id, type: "lead_assigned", link: `/leads?lead=${encodeURIComponent(ana!.id)}` }),
    ]);
    // After "done", another call writes nothing and answers the same.
    expect(await commit(dto.id, "update_empty")).toEqual(done);
    expect(await count("leads")).toBe(3);
  });

  it("keeps formulas as text, takes off the export's apostrophe, strips control characters", async () => {
    const dto = await preview(
      csv(
        `"=HYPERLINK(""http://evil"")",formula@x.com,,'=1+1,,,,,'-urgente,@SUM(A1),`,
        `"Ana\u0007 Souza\u001b",ana@x.com,,"Cia\u0001 Ltda",,,,,,"linha 1\u0002\nlinha 2",`,
      ),
    );
    await commit(dto.id, "skip");
    expect(await leadByEmail("formula@x.com")).toMatchObject({ name: '=HYPERLINK("http://evil")', company: "=1+1", notes: "@SUM(A1)" });
    expect(JSON.parse((await leadByEmail("formula@x.com"))!.tags)).toEqual(["-urgente"]);
    expect(await leadByEmail("ana@x.com")).toMatchObject({ name: "Ana Souza", company: "Cia Ltda", notes: "linha 1\nlinha 2" });
  });

  it("update_empty fills only the empty fields of a lead with the same e-mail", async () => {
    const existing = await createLead(db(), {
      name: "Ana Antiga",
      email: "Ana@X.com",
      company: "Velha Cia",
      status: "contacted",
      tags: [],
    });
    const dto = await preview(csv(`Ana Nova,ana@x.com,(11) 98888-7777,Nova Cia,Indicação,Ganho,500,USD,vip,Uma nota,${OWNER_EMAIL}`));
    expect(dto).toMatchObject({ new: 0, matches: 1 });
    const done = await commit(dto.id, "update_empty");
    expect(done).toMatchObject({ created: 0, updated: 1, skipped: 0, failed: 0 });
    const lead = await leadByEmail("Ana@X.com");
    expect(lead).toMatchObject({
      id: existing.id,
      name: "Ana Antiga",
      company: "Velha Cia",
      status: "contacted",
      source: existing.source,
      phone: "+5511988887777",
      estimated_value: 500,
      currency: "USD",
      notes: "Uma nota",
      assigned_to: owner.id,
    });
    expect(JSON.parse(lead!.tags)).toEqual(["vip"]);
    expect(await count("leads")).toBe(1);
    const entries = await timeline(existing.id);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.metadata)).toMatchObject({ kind: "import", action: "updated" });
    const updatedEntry = { type: "lead_update", metadata: JSON.parse(entries[0]!.metadata) } as ActivityDto;
    expect(importText(updatedEntry, getTranslator("pt"))).toBe("Atualizado pela importação de leads.csv");
    expect(importText(updatedEntry, getTranslator("en"))).toBe("Updated by the import of leads.csv");
    // Nothing left to fill: the next import of the same row skips it.
    const again = await preview(csv(`Ana Nova,ana@x.com,(11) 98888-7777,Nova Cia,Indicação,Ganho,500,USD,vip,Uma nota,${OWNER_EMAIL}`));
    expect(await commit(again.id, "update_empty")).toMatchObject({ updated: 0, skipped: 1 });
    expect(await timeline(existing.id)).toHaveLength(1);
  });

  it("overwrite replaces the mapped fields the file fills (empty cells leave a field as it is); the per-status totals follow", async () => {
    const existing = await createLead(db(), {
      name: "Bia Antiga",
      email: "bia@x.com",
      company: "Velha",
      phone: "+5511911112222",
      status: "contacted",
      tags: ["a"],
    });
    const other = await createLead(db(), { name: "Caio", email: "caio@x.com", status: "contacted" });
    const dto = await preview(csv(`Bia Nova,BIA@x.com,,Nova,,Ganho,1000,,b;c,,`, `Caio,caio@x.com,,,,,,,,,`));
    const done = await commit(dto.id, "overwrite");
    expect(done).toMatchObject({ created: 0, updated: 1, skipped: 1 });
    const lead = await leadByEmail("bia@x.com");
    expect(lead).toMatchObject({
      id: existing.id,
      name: "Bia Nova",
      company: "Nova",
      phone: "+5511911112222",
      status: "won",
      estimated_value: 1000,
    });
    expect(JSON.parse(lead!.tags)).toEqual(["b", "c"]);
    expect(await timeline(other.id)).toHaveLength(0);
    const totals = await readStatusTotals(db());
    expect(totals.won.count).toBe(1);
    expect(totals.contacted.count).toBe(1);
  });

  it("skip leaves a lead with the same e-mail untouched and counts it skipped", async () => {
    const existing = await createLead(db(), { name: "Caio", email: "caio@x.com", company: null });
    const dto = await preview(csv(`Caio Novo,caio@x.com,,Nova Cia,,,,,,,`, `Duda,duda@x.com,,,,,,,,,`));
    expect(await commit(dto.id, "skip")).toMatchObject({ created: 1, updated: 0, skipped: 1, failed: 0 });
    expect(await leadByEmail("caio@x.com")).toMatchObject({ id: existing.id, name: "Caio", company: null });
    expect(await timeline(existing.id)).toHaveLength(0);
  });

  it("fixes the mode with the first call: another mode later is 409 import_mode_locked; an unknown mode is 400", async () => {
    const dto = await preview(many(700));
    await commit(dto.id, "skip");
    const locked = await commitRequest(dto.id, "overwrite");
    expect(locked.status).toBe(409);
    const body = (await locked.json()) as { error: string; message: string };
    expect(body.error).toBe("import_mode_locked");
    expect(body.message).not.toMatch(/apiErrors/);
    expect((await commitRequest(dto.id, "merge")).status).toBe(400);
    expect((await commitRequest(crypto.randomUUID(), "skip")).status).toBe(404);
    expect(await commit(dto.id, "skip")).toMatchObject({ status: "done", created: 700 });
  });

  it("writes 1,200 rows in batches of 500 with progress, failed rows counted, and one live event per batch", async () => {
    const events = await teamSocket(manager);
    const rows = Array.from({ length: 1_200 }, (_, i) =>
      i % 100 === 99 ? `Bad ${i},not-an-email,,,,,,,,,` : `Lead ${i},l${i}@import.test,,,,,${i},,,,`,
    );
    const dto = await preview(csv(...rows));
    expect(dto).toMatchObject({ rows: 1_200, valid: 1_188, invalid: 12 });
    const answers = await commitAll(dto.id, "update_empty");
    expect(answers.map((a) => [a.status, a.processed])).toEqual([
      ["running", 500],
      ["running", 1_000],
      ["done", 1_200],
    ]);
    expect(answers.at(-1)).toMatchObject({ created: 1_188, updated: 0, skipped: 0, failed: 12 });
    expect(await count("leads")).toBe(1_188);
    expect(await count("lead_activities")).toBe(1_188);
    await until(() => events.filter((e) => e.type === "lead.batch").length >= 3);
    await new Promise((r) => setTimeout(r, 150));
    const batches = events.filter((e): e is LeadBatchEvent => e.type === "lead.batch");
    expect(batches.map((b) => b.changed.length)).toEqual([495, 495, 198]);
    expect(events.filter((e) => e.type === "lead.changed")).toHaveLength(0);
    expect(batches.at(-1)!.totals.new.count).toBe(1_188);
  });

  it("a batch too big for one D1 value (300 notes of 9,000 characters) goes in several statements of the same batch", async () => {
    const existing = await createLead(db(), { name: "Já existe", email: "long5@x.com", notes: null });
    const rows = Array.from({ length: 300 }, (_, i) => `Long ${i},long${i}@x.com,,,,,,,,"${String(i).padEnd(9_000, "n")}",`);
    const dto = await preview(csv(...rows));
    expect(await commit(dto.id, "update_empty")).toMatchObject({ status: "done", created: 299, updated: 1, skipped: 0, failed: 0 });
    expect(await count("leads")).toBe(300);
    expect(await count("lead_activities")).toBe(300);
    expect((await leadByEmail("long5@x.com"))!.notes).toBe("5".padEnd(9_000, "n"));
    expect((await leadByEmail("long299@x.com"))!.notes).toBe("299".padEnd(9_000, "n"));
    expect((await leadByEmail("long5@x.com"))!.id).toBe(existing.id);
  });

  it("a double submit (the same batch requested 6 times at once) writes each row exactly once", async () => {
    const dto = await preview(many(1_100));
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => commitRequest(dto.id, "update_empty")));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const last = ((await answers[0]!.json()) as { import: ImportDto }).import;
      if (last.status === "done") break;
    }
    const final = await commit(dto.id, "update_empty");
    expect(final).toMatchObject({ status: "done", processed: 1_100, created: 1_100, updated: 0, skipped: 0, failed: 0 });
    expect(await count("leads")).toBe(1_100);
    expect(await count("lead_activities")).toBe(1_100);
    const duplicates = await env.DB.prepare(
      "select count(*) as n from (select lower(email) from leads group by lower(email) having count(*) > 1)",
    ).first<{ n: number }>();
    expect(duplicates!.n).toBe(0);
  });

  it("two imports of the same file at once leave one lead per e-mail (the insert that loses becomes a match)", async () => {
    const content = many(900, "par");
    const [first, second] = [await preview(content), await preview(content, { who: admin })];
    const finish = async (id: string) => {
      for (let i = 0; i < 20; i++) {
        const response = await commitRequest(id, "update_empty");
        expect(response.status).toBe(200);
        const dto = ((await response.json()) as { import: ImportDto }).import;
        if (dto.status === "done") return dto;
      }
      throw new Error("not done");
    };
    const [a, b] = await Promise.all([finish(first.id), finish(second.id)]);
    expect(await count("leads")).toBe(900);
    expect(a.created + b.created).toBe(900);
    // Each row of the other import matched a lead with nothing empty to fill.
    expect(a.skipped + b.skipped + a.updated + b.updated).toBe(900);
    expect(a.failed + b.failed).toBe(0);
  });

  it("the per-status totals and the search are right just after an import", async () => {
    const dto = await preview(
      csv(
        "Zélia Xavier,zelia@busca.test,,Padaria Quitanda,,Ganho,1.000,,,,",
        "Otávio Quaresma,otavio@busca.test,,,,Perdido,,,promo,,",
        "Nina Novaes,nina@busca.test,,,,,,,,,",
      ),
    );
    await commit(dto.id, "skip");
    const totals = await readStatusTotals(db());
    const counted = await env.DB.prepare("select status, count(*) as n from leads group by status").all<{ status: string; n: number }>();
    for (const status of LEAD_STATUSES) expect(totals[status].count).toBe(counted.results.find((r) => r.status === status)?.n ?? 0);
    expect(totals.won.value_sum).toBe(1000);
    const search = async (q: string) =>
      (
        (await (await request(`/api/leads?q=${encodeURIComponent(q)}`, { headers: bearer(manager.session.access_token) })).json()) as {
          items: { name: string }[];
        }
      ).items.map((lead) => lead.name);
    expect(await search("zelia")).toEqual(["Zélia Xavier"]);
    expect(await search("quitanda")).toEqual(["Zélia Xavier"]);
    expect(await search("promo")).toEqual(["Otávio Quaresma"]);
    const quick = await request("/api/search?q=nina", { headers: bearer(manager.session.access_token) });
    expect(((await quick.json()) as { leads: { name: string }[] }).leads.map((l) => l.name)).toEqual(["Nina Novaes"]);
  });

  it("tells each owner once per import, naming how many leads", async () => {
    const rows = Array.from({ length: 5 }, (_, i) => `Lead ${i},o${i}@x.com,,,,,,,,,${OWNER_EMAIL}`);
    const dto = await preview(csv(...rows, `Mine,mine@x.com,,,,,,,,,${manager.user.email}`));
    await commit(dto.id, "skip");
    const notes = (await env.DB.prepare("select user_id, message, link from notifications").all<Record<string, string>>()).results;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ user_id: owner.id, link: "/leads?owner=me&sort=activity" });
    expect(notes[0]!.message).toContain("5 leads");
  });

  it("overwrite tells an assignee once per import and new status, as the lead form would, unless they switched status changes off", async () => {
    const rita = await createUser(db(), { name: "Rita Status" });
    const leo = await createUser(db(), { name: "Leo Sem Aviso" });
    await env.DB.prepare("insert into notification_preferences (user_id, status_changes) values (?, 0)").bind(leo.id).run();
    for (const [i, assignee] of [rita.id, rita.id, rita.id, leo.id].entries())
      await createLead(db(), { name: `Lead ${i}`, email: `s${i}@x.com`, status: "new", assignedTo: assignee });
    await createLead(db(), { name: "Lead 4", email: "s4@x.com", status: "new", assignedTo: rita.id });
    const dto = await preview(
      csv(
        "Lead 0,s0@x.com,,,,Ganho,,,,,",
        "Lead 1,s1@x.com,,,,Ganho,,,,,",
        "Lead 2,s2@x.com,,,,Perdido,,,,,",
        "Lead 3,s3@x.com,,,,Ganho,,,,,",
        "Lead 4,s4@x.com,,,,Novo,,,,,",
      ),
    );
    expect(await commit(dto.id, "overwrite")).toMatchObject({ updated: 4, skipped: 1 });
    const notes = (await env.DB.prepare("select user_id, type, message from notifications order by message").all<Record<string, string>>())
      .results;
    expect(notes).toEqual([
      {
        user_id: rita.id,
        type: "status_change",
        message: `${manager.user.name} moveu 2 dos seus leads para Ganho (importação de leads.csv).`,
      },
      {
        user_id: rita.id,
        type: "status_change",
        message: `${manager.user.name} moveu o lead “Lead 2” de Novo para Perdido (importação de leads.csv).`,
      },
    ]);
  });

  it("never trusts the preview: an owner deactivated since then makes the row fail at commit", async () => {
    const dto = await preview(csv(`Ana,ana@x.com,,,,,,,,,${OWNER_EMAIL}`, `Bia,bia@x.com,,,,,,,,,`));
    expect(dto.valid).toBe(2);
    await env.DB.prepare("update users set is_active = 0 where id = ?").bind(owner.id).run();
    expect(await commit(dto.id, "skip")).toMatchObject({ created: 1, failed: 1 });
    expect(await leadByEmail("ana@x.com")).toBeNull();
  });

  it("a batch that fails halfway writes nothing and claims nothing: the import goes on where it was", async () => {
    const dto = await preview(csv("Ana,ana@x.com,,,,,,,,,", "Quebra,quebra@x.com,,,,,,,,,", "Caio,caio@x.com,,,,,,,,,"));
    // A trigger that makes the second lead's insert fail inside the batch.
    await env.DB.prepare(
      "create trigger import_test_failure before insert on leads when new.name = 'Quebra' begin select raise(abort, 'simulated failure'); end",
    ).run();
    try {
      const failed = await commitRequest(dto.id, "update_empty");
      expect(failed.status).toBe(500);
      const read = (
        (await (await request(`/api/imports/${dto.id}`, { headers: bearer(manager.session.access_token) })).json()) as { import: ImportDto }
      ).import;
      expect(read).toMatchObject({ status: "previewed", mode: null, processed: 0, created: 0 });
      expect(await count("leads")).toBe(0);
      expect(await count("lead_activities")).toBe(0);
    } finally {
      await env.DB.prepare("drop trigger import_test_failure").run();
    }
    expect(await commit(dto.id, "update_empty")).toMatchObject({ status: "done", created: 3 });
  });
});

describe("GET /api/imports/:id/failed.csv", () => {
  it("lists the rows not written with their original cells, line and reason, in the reader's language, formula-safe", async () => {
    const dto = await preview(csv("Ana,ana@x.com,,,,,,,,,", "=cmd,bad-email,,,,,,,,,", "Ana 2,ana@x.com,,,,,,,,,"), {
      name: "clientes.csv",
    });
    await commit(dto.id, "skip");
    const pt = await request(`/api/imports/${dto.id}/failed.csv`, { headers: bearer(manager.session.access_token) });
    expect(pt.status).toBe(200);
    expect(pt.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(pt.headers.get("Content-Disposition")).toContain('filename="importacao-falhas-clientes.csv"');
    const bytes = new Uint8Array(await pt.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe(`${header.replaceAll(",", ";")};Linha;Motivo`);
    expect(lines[1]).toBe("'=cmd;bad-email;;;;;;;;;;3;E-mail inválido: bad-email.");
    expect(lines[2]).toBe("Ana 2;ana@x.com;;;;;;;;;;4;E-mail repetido: já aparece na linha 2.");
    expect(lines).toHaveLength(3);

    const en = await request(`/api/imports/${dto.id}/failed.csv?lang=en`, { headers: bearer(manager.session.access_token) });
    expect(en.headers.get("Content-Disposition")).toContain('filename="import-failures-clientes.csv"');
    const enLines = (await en.text()).trimEnd().split("\r\n");
    expect(enLines[0]).toBe(`${header},Line,Reason`);
    expect(enLines[1]).toBe("'=cmd,bad-email,,,,,,,,,,3,Invalid email: bad-email.");
    const es = await request(`/api/imports/${dto.id}/failed.csv?lang=es`, { headers: bearer(manager.session.access_token) });
    expect(es.headers.get("Content-Disposition")).toContain('filename="importacion-errores-clientes.csv"');
    expect((await es.text()).split("\r\n")[0]).toContain(";Línea;Motivo");
  });

  it("re-imports the leads a HubSpot file could not take once the value is mapped", async () => {
    // A status of no CRM's own ("Open" and HubSpot's other lead statuses are known: decision 024).
    const hubspotOdd = hubspotCsv.replace(",Open,", ",Esperando retorno,");
    const dto = await preview(hubspotOdd);
    expect(await commit(dto.id, "skip")).toMatchObject({ created: 2, failed: 1 });
    const failed = await (
      await request(`/api/imports/${dto.id}/failed.csv?lang=en`, { headers: bearer(manager.session.access_token) })
    ).text();
    expect(failed).toContain("Kevin");
    const retry = await preview(hubspotOdd, { values: { status: { "Esperando retorno": "contacted" } } });
    expect(await commit(retry.id, "skip")).toMatchObject({ created: 1, skipped: 2, failed: 0 });
    expect(await leadByEmail("kevin.obrien@hubspot.example")).toMatchObject({
      name: "Kevin O'Brien",
      status: "contacted",
      source: "advertising",
    });
    expect(await leadByEmail("julia.martins@hubspot.example")).toMatchObject({
      assigned_to: owner.id,
      // HubSpot's "2024-02-01 14:05" has no zone: the organisation's clock (São Paulo, UTC−3).
      created_at: "2024-02-01T17:05:00.000Z",
    });
  });
});
