// 'Importar Dados' after the review (issue 23): what the preview shows besides its counts (a
// sample of the rows as they will be stored, the rows without e-mail), what the commit writes
// besides the leads (status entries the dashboard counts wins by, one notification per person
// per import), resuming an import left running (GET /api/imports?status=running), the
// preview's rate limit, and who may read and continue an import (any admin or manager).
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportDto } from "../../worker/services/lead-import/import-dto.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let manager: Staff;
let admin: Staff;
let rep: Staff;
let owner: { id: string; email: string; name: string };

const OWNER_EMAIL = "retomada.vendas@exemplo.com.br";

beforeAll(async () => {
  manager = await signedInUser("manager");
  admin = await signedInUser("admin");
  rep = await signedInUser("sales_rep");
  const created = await createUser(db(), { email: OWNER_EMAIL, name: "Retomada Vendas" });
  owner = { id: created.id, email: OWNER_EMAIL, name: "Retomada Vendas" };
});

beforeEach(async () => {
  await env.DB.prepare("delete from leads").run();
  await env.DB.prepare("delete from lead_imports").run();
  await env.DB.prepare("delete from notifications").run();
  await env.DB.prepare("delete from rate_limit_events").run();
});

const upload = (content: string, options: { name?: string; who?: Staff } = {}) => {
  const form = new FormData();
  form.append("file", new File([content], options.name ?? "leads.csv", { type: "text/csv" }));
  return request("/api/imports", { method: "POST", body: form, headers: bearer((options.who ?? manager).session.access_token) });
};

async function preview(content: string, options: { name?: string; who?: Staff } = {}): Promise<ImportDto> {
  const response = await upload(content, options);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { import: ImportDto }).import;
}

async function commit(id: string, mode: string, who: Staff = manager): Promise<ImportDto> {
  const response = await request(`/api/imports/${id}/commit`, json("POST", { mode }, bearer(who.session.access_token)));
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { import: ImportDto }).import;
}

async function commitAll(id: string, mode: string, who: Staff = manager): Promise<ImportDto> {
  for (let i = 0; i < 100; i++) {
    const dto = await commit(id, mode, who);
    if (dto.status === "done") return dto;
  }
  throw new Error("import never finished");
}

const header = "Nome,E-mail,Telefone,Empresa,Origem,Status,Valor,Moeda,Tags,Notas,Responsável";
const csv = (...rows: string[]) => `${header}\n${rows.join("\n")}\n`;

describe("the preview's sample and rows without e-mail", () => {
  it("shows the first 5 valid rows as they will be stored, and counts the valid rows without e-mail", async () => {
    const dto = await preview(
      csv(
        `Ana Souza,ANA@Exemplo.com,(11) 98888-7777,Padaria,Indicação,Qualificado,"1.234,50",,"vip, quente",Nota,${OWNER_EMAIL}`,
        "Sem Email Um,,,,,,,,,,",
        "Bad Row,not-an-email,,,,,,,,,",
        "Sem Email Um,,,,,,,,,,",
        "Carla,carla@x.com,,,,,10,USD,,,",
        "D,d@x.com,,,,,,,,,",
        "E,e@x.com,,,,,,,,,",
        "F,f@x.com,,,,,,,,,",
      ),
    );
    expect(dto).toMatchObject({ rows: 8, valid: 7, invalid: 1, without_email: 2 });
    expect(dto.sample.map((row) => row.line)).toEqual([2, 3, 5, 6, 7]);
    expect(dto.sample[0]).toEqual({
      line: 2,
      name: "Ana Souza",
      email: "ana@exemplo.com",
      phone: "+5511988887777",
      company: "Padaria",
      source: "referral",
      status: "qualified",
      value: 1234.5,
      currency: "BRL",
      tags: ["vip", "quente"],
      notes: "Nota",
      owner: { id: owner.id, name: owner.name },
      created_at: null,
    });
    // Defaults filled in as the commit stores them.
    expect(dto.sample[1]).toMatchObject({
      name: "Sem Email Um",
      email: null,
      source: "other",
      status: "new",
      currency: "BRL",
      tags: [],
      owner: null,
    });
    expect(dto.sample[3]).toMatchObject({ name: "Carla", value: 10, currency: "USD" });
    // A later GET answers the same.
    const again = await request(`/api/imports/${dto.id}`, { headers: bearer(admin.session.access_token) });
    expect(((await again.json()) as { import: ImportDto }).import).toMatchObject({ sample: dto.sample, without_email: 2 });
  });
});

type Trends = { trends: { won: { now: number; before: number }; revenue: { now: number; before: number } } };
const dashboard = async (who: Staff) =>
  (await (await request("/api/dashboard", { headers: bearer(who.session.access_token) })).json()) as Trends;
const notifications = async () =>
  (await env.DB.prepare("select user_id, type, message, link from notifications order by message").all<Record<string, string>>()).results;

describe("what the commit writes besides the leads", () => {
  it("a status the import changes gets a status entry (as bulk actions write it), so the dashboard counts imported wins", async () => {
    const longAgo = new Date(Date.now() - 90 * 86_400_000).toISOString();
    for (let i = 0; i < 3; i++)
      await createLead(db(), {
        name: `Antigo ${i}`,
        email: `antigo${i}@x.com`,
        status: "negotiating",
        estimatedValue: 1000,
        createdAt: longAgo,
        updatedAt: longAgo,
      });
    const before = await dashboard(manager);
    expect(before.trends.won.now).toBe(0);
    const dto = await preview(
      csv("Antigo 0,antigo0@x.com,,,,Ganho,,,,,", "Antigo 1,antigo1@x.com,,,,Ganho,,,,,", "Antigo 2,antigo2@x.com,,,,Perdido,,,,,"),
    );
    expect(await commit(dto.id, "overwrite")).toMatchObject({ status: "done", updated: 3 });

    const entries = (
      await env.DB.prepare(
        "select l.email, a.type, a.content, a.metadata, a.author_id from lead_activities a join leads l on l.id = a.lead_id where a.type = 'status_change' order by l.email",
      ).all<{ email: string; type: string; content: string; metadata: string; author_id: string }>()
    ).results;
    expect(entries.map((e) => [e.email, e.content, JSON.parse(e.metadata), e.author_id])).toEqual([
      ["antigo0@x.com", "negotiating → won", { kind: "audit", field: "status", from: "negotiating", to: "won" }, manager.user.id],
      ["antigo1@x.com", "negotiating → won", { kind: "audit", field: "status", from: "negotiating", to: "won" }, manager.user.id],
      ["antigo2@x.com", "negotiating → lost", { kind: "audit", field: "status", from: "negotiating", to: "lost" }, manager.user.id],
    ]);
    const after = await dashboard(manager);
    expect(after.trends.won).toEqual({ now: 2, before: 0 });
    expect(after.trends.revenue.now).toBe(2000);

    // The same file again changes nothing: no second entry. update_empty never moves a status.
    const again = await preview(csv("Antigo 0,antigo0@x.com,,,,Ganho,,,,,"), { name: "again.csv" });
    expect(await commit(again.id, "overwrite")).toMatchObject({ updated: 0, skipped: 1 });
    const filled = await preview(csv("Antigo 2,antigo2@x.com,,Empresa Nova,,Novo,,,,,"), { name: "fill.csv" });
    expect(await commit(filled.id, "update_empty")).toMatchObject({ updated: 1 });
    expect((await env.DB.prepare("select count(*) as n from lead_activities where type = 'status_change'").first<{ n: number }>())!.n).toBe(
      3,
    );
  });

  it("tells each person ONCE per import (not once per batch of 500), naming how many leads and the file", async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => `Massa ${i},massa${i}@x.com,,,,,,,,,${OWNER_EMAIL}`);
    const dto = await preview(csv(...rows, `Minha,minha@x.com,,,,,,,,,${manager.user.email}`), { name: "massa-1200.csv" });
    const first = await commit(dto.id, "update_empty");
    expect(first).toMatchObject({ status: "running", processed: 500 });
    // Nothing yet: the import has not finished.
    expect(await notifications()).toEqual([]);
    // Another admin finishes it (after a reload, say): still one notification, naming who started it.
    expect(await commitAll(dto.id, "update_empty", admin)).toMatchObject({ status: "done", created: 1_201 });
    expect(await notifications()).toEqual([
      {
        user_id: owner.id,
        type: "lead_assigned",
        message: `${manager.user.name} atribuiu a você 1.200 leads de massa-1200.csv.`,
        link: "/leads?owner=me&sort=activity",
      },
    ]);
  });

  it("overwrite tells an assignee once per import and new status, unless they switched status changes off", async () => {
    const rita = await createUser(db(), { name: "Rita Status" });
    const leo = await createUser(db(), { name: "Leo Sem Aviso" });
    await env.DB.prepare("insert into notification_preferences (user_id, status_changes) values (?, 0)").bind(leo.id).run();
    const filler = Array.from({ length: 600 }, (_, i) => `Novo ${i},novo${i}@x.com,,,,,,,,,`);
    for (const [i, assignee] of [rita.id, rita.id, rita.id, leo.id].entries())
      await createLead(db(), { name: `Lead ${i}`, email: `s${i}@x.com`, status: "new", assignedTo: assignee });
    // Lead 0 in the first batch, Lead 1 in the second: one notification for both.
    const dto = await preview(
      csv(
        "Lead 0,s0@x.com,,,,Ganho,,,,,",
        ...filler,
        "Lead 1,s1@x.com,,,,Ganho,,,,,",
        "Lead 2,s2@x.com,,,,Perdido,,,,,",
        "Lead 3,s3@x.com,,,,Ganho,,,,,",
      ),
      { name: "status.csv" },
    );
    expect(await commitAll(dto.id, "overwrite")).toMatchObject({ updated: 4 });
    expect((await notifications()).map(({ user_id, type, message }) => ({ user_id, type, message }))).toEqual([
      {
        user_id: rita.id,
        type: "status_change",
        message: `${manager.user.name} moveu 2 dos seus leads para Ganho (importação de status.csv).`,
      },
      {
        user_id: rita.id,
        type: "status_change",
        message: `${manager.user.name} moveu o lead “Lead 2” de Novo para Perdido (importação de status.csv).`,
      },
    ]);
  });
});

describe("GET /api/imports?status=running: continuing an import left running", () => {
  it("lists the unfinished imports to any admin or manager, who continues where it stopped", async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => `Retomar ${i},retomar${i}@x.com,,,,,,,,,`);
    const dto = await preview(csv(...rows), { name: "retomar.csv" });
    const finished = await preview(csv("Pronto,pronto@x.com,,,,,,,,,"), { name: "pronto.csv" });
    await commit(finished.id, "skip");
    await preview(csv("Só prévia,previa@x.com,,,,,,,,,"), { name: "previa.csv" });
    await commit(dto.id, "skip"); // the tab is closed after the first batch

    const list = async (who: Staff, query = "?status=running") =>
      request(`/api/imports${query}`, { headers: bearer(who.session.access_token) });
    const response = await list(admin);
    expect(response.status).toBe(200);
    const { imports } = (await response.json()) as { imports: ImportDto[] };
    expect(imports.map((i) => [i.file_name, i.status, i.mode, i.processed, i.rows, i.created_by?.id])).toEqual([
      ["retomar.csv", "running", "skip", 500, 1_200, manager.user.id],
    ]);
    // The admin continues it: no row written twice, and it leaves the list.
    expect(await commitAll(dto.id, "skip", admin)).toMatchObject({ status: "done", processed: 1_200, created: 1_200 });
    expect((await env.DB.prepare("select count(*) as n from leads where email like 'retomar%'").first<{ n: number }>())!.n).toBe(1_200);
    expect(((await (await list(manager)).json()) as { imports: ImportDto[] }).imports).toEqual([]);

    // Anonymous 401, a sales rep 403, another filter 400 (translated).
    expect((await request("/api/imports?status=running")).status).toBe(401);
    expect((await list(rep)).status).toBe(403);
    const bad = await list(manager, "?status=done");
    expect(bad.status).toBe(400);
    expect((await list(manager, "")).status).toBe(400);
  });
});

describe("an import whose stored file is gone", () => {
  it("continuing it or downloading its failed rows answers 410 import_file_expired in the reader's language, nothing written", async () => {
    const dto = await preview(csv("Ana,ana@x.com,,,,,,,,,"), { name: "sumiu.csv" });
    await env.ATTACHMENTS.delete(`imports/${dto.id}.csv`);
    const response = await request(`/api/imports/${dto.id}/commit`, json("POST", { mode: "skip" }, bearer(manager.session.access_token)));
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({
      error: "import_file_expired",
      message: "O arquivo desta importação não está mais guardado (os arquivos ficam 30 dias). Envie o arquivo de novo.",
    });
    const failed = await request(`/api/imports/${dto.id}/failed.csv`, { headers: bearer(admin.session.access_token) });
    expect(failed.status).toBe(410);
    expect((await env.DB.prepare("select count(*) as n from leads").first<{ n: number }>())!.n).toBe(0);
    // The import itself still reads (its counts), and an unknown one is still 404.
    expect((await request(`/api/imports/${dto.id}`, { headers: bearer(manager.session.access_token) })).status).toBe(200);
    expect((await request(`/api/imports/nope`, { headers: bearer(manager.session.access_token) })).status).toBe(404);
  });
});

describe("the preview's rate limit", () => {
  it("analysing the same file again does not use up the previews; 30 new files per 10 minutes, even in a burst", async () => {
    const content = csv("Ana,ana@x.com,,,,,,,,,");
    // 40 analyses of one file (mapping, values fixed between them): all taken, the first one counted as a new file.
    for (let i = 0; i < 40; i++) expect((await upload(content, { name: "mesmo.csv" })).status).toBe(201);
    const files = await Promise.all(Array.from({ length: 33 }, (_, i) => upload(content, { name: `novo-${i}.csv` })));
    const statuses = files.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(29);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    // A refused request (bad values) uses up nothing either.
    const form = new FormData();
    form.append("file", new File([content], "outro.csv", { type: "text/csv" }));
    form.append("values", "not json");
    expect((await request("/api/imports", { method: "POST", body: form, headers: bearer(manager.session.access_token) })).status).toBe(400);
  });

  it("the 429 says the real wait: when the oldest preview counted leaves the window", async () => {
    const sevenMinutesAgo = new Date(Date.now() - 7 * 60_000).toISOString();
    for (let i = 0; i < 30; i++)
      await env.DB.prepare("insert into rate_limit_events (key, created_at) values (?, ?)")
        .bind(`import-preview:${admin.user.id}`, sevenMinutesAgo)
        .run();
    const response = await upload(csv("Ana,ana@x.com,,,,,,,,,"), { who: admin, name: "espera.csv" });
    expect(response.status).toBe(429);
    const retry = Number(response.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(170);
    expect(retry).toBeLessThanOrEqual(180);
    expect(((await response.json()) as { message: string }).message).toBe(
      "Muitas importações em pouco tempo. Tente novamente em 3 minutos.",
    );
  });
});
