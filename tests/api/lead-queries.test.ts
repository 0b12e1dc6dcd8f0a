// The CRM's lead reads (lead-query-service, dashboard-service, search-service) through the
// API: cursor pages, status filter, FTS search with accents and hostile input, the pipeline's
// counts and sums, the dashboard's figures, the quick search, and the FTS index staying in
// sync with the leads table, and so do the per-status totals. The database holds the demo seed plus 1,500 bulk leads, so the
// "many matches" search plan (>= SPARSE_MATCHES) runs too.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedBulkLeads } from "../../scripts/seed/bulk-seed.ts";
import { seedDemoData } from "../../scripts/seed/seed.ts";
import { LEAD_STATUSES, type LeadStatus } from "../../worker/db/schema/index.ts";
import type { DashboardDto, LeadDto, Page, PipelineColumnDto, PipelineDto, QuickSearchDto } from "../../worker/services/crm-types.ts";
import { SPARSE_MATCHES } from "../../worker/services/lead-query-service.ts";
import { ftsPrefixQuery, searchTerms } from "../../worker/services/search-text.ts";
import { bearer, db, request, signedInUser } from "../helpers.ts";

let auth: Record<string, string>;

type Row = { id: string; status: LeadStatus; estimated_value: number | null; created_at: string };

async function get<T>(path: string): Promise<T> {
  const response = await request(path, { headers: auth });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return response.json<T>();
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
};

/** Every page of /api/leads for a query, following next_cursor. */
async function walk(params: Record<string, string | number | undefined>): Promise<{ items: LeadDto[]; pages: number }> {
  const items: LeadDto[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await get<Page<LeadDto>>(`/api/leads?${query({ ...params, cursor })}`);
    items.push(...page.items);
    cursor = page.next_cursor ?? undefined;
    pages++;
    if (pages > 500) throw new Error("the cursor never ends");
  } while (cursor);
  return { items, pages };
}

const allLeads = async () => (await env.DB.prepare("select id, status, estimated_value, created_at from leads").all<Row>()).results;
const newestFirst = (a: Pick<Row, "created_at" | "id">, b: Pick<Row, "created_at" | "id">) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** Ids of the leads a text matches, newest first, straight from the index (the expected answer). */
async function expectedMatches(text: string): Promise<string[]> {
  const match = ftsPrefixQuery(text)!;
  const { results } = await env.DB.prepare(
    "select id from leads where rowid in (select rowid from leads_fts where leads_fts match ?) order by created_at desc, id desc",
  )
    .bind(match)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

async function insertLead(fields: {
  id: string;
  name: string;
  email?: string | null;
  company?: string | null;
  tags?: string[];
  status?: LeadStatus;
  value?: number | null;
  createdAt: string;
}) {
  await env.DB.prepare(
    "insert into leads (id, name, email, company, tags, status, estimated_value, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      fields.id,
      fields.name,
      fields.email ?? null,
      fields.company ?? null,
      JSON.stringify(fields.tags ?? []),
      fields.status ?? "new",
      fields.value ?? null,
      fields.createdAt,
      fields.createdAt,
    )
    .run();
}

const FUTURE = "2099-01-01T00:00:00.000Z";

beforeAll(async () => {
  await seedDemoData(db(), new Date("2026-11-22T12:00:00.000Z"));
  await seedBulkLeads(db(), 1500, { now: new Date("2026-11-22T12:00:00.000Z") });
  // Leads with words nothing else has, for exact search answers.
  await insertLead({
    id: "q-joao",
    name: "João Quixabeira",
    email: "jq@quixabeira.example",
    company: "Padaria São Ubiratã",
    tags: ["Orçamento", "Zebrafolha"],
    status: "qualified",
    value: 1234.5,
    createdAt: "2026-01-01T10:00:00.000Z",
  });
  await insertLead({
    id: "q-maria",
    name: "MARIA XERÉM",
    email: "maria.xerem@xerem.example",
    company: "Xerém Ltda",
    tags: ["Urgente"],
    status: "won",
    value: null,
    createdAt: "2026-01-02T10:00:00.000Z",
  });
  auth = bearer((await signedInUser("sales_rep")).session.access_token);
}, 60_000);

describe("anonymous", () => {
  it.each(["/api/leads", "/api/leads?q=silva", "/api/leads/pipeline", "/api/leads/pipeline/new", "/api/dashboard", "/api/search?q=silva"])(
    "GET %s → 401",
    async (path) => {
      const response = await request(path);
      expect(response.status).toBe(401);
    },
  );
});

describe("GET /api/leads", () => {
  it("pages newest first; the cursor walks every lead exactly once", async () => {
    const { items, pages } = await walk({ limit: 100 });
    const expected = (await allLeads()).sort(newestFirst).map((r) => r.id);
    expect(items.map((l) => l.id)).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 100));
  });

  it("is stable under ties of created_at (id breaks the tie), across page boundaries", async () => {
    const tie = "2098-06-01T00:00:00.000Z";
    for (let i = 0; i < 9; i++) await insertLead({ id: `tie-${i}`, name: `Empate ${i}`, status: "lost", createdAt: tie });
    const { items } = await walk({ status: "lost", limit: 4 });
    const tied = items.filter((l) => l.created_at === tie).map((l) => l.id);
    expect(tied).toEqual(["tie-8", "tie-7", "tie-6", "tie-5", "tie-4", "tie-3", "tie-2", "tie-1", "tie-0"]);
    expect(new Set(items.map((l) => l.id)).size).toBe(items.length);
    await env.DB.prepare("delete from leads where id like 'tie-%'").run();
  });

  it("defaults to 30 per page, caps at 100, and rejects a limit above it", async () => {
    expect((await get<Page<LeadDto>>("/api/leads")).items).toHaveLength(30);
    expect((await get<Page<LeadDto>>("/api/leads?limit=100")).items).toHaveLength(100);
    expect((await request("/api/leads?limit=101", { headers: auth })).status).toBe(400);
  });

  it("returns the LeadDto shape with the assignee joined", async () => {
    const { items } = await get<Page<LeadDto>>("/api/leads?limit=100");
    const assigned = items.find((l) => l.assigned_to);
    expect(assigned?.assigned_user).toEqual({ id: assigned!.assigned_to, name: expect.any(String) });
    const unassigned = items.find((l) => !l.assigned_to);
    expect(unassigned?.assigned_user).toBeNull();
    expect(Array.isArray(items[0]!.tags)).toBe(true);
  });

  it("filters by status", async () => {
    const { items } = await walk({ status: "won", limit: 100 });
    const expected = (await allLeads())
      .filter((r) => r.status === "won")
      .sort(newestFirst)
      .map((r) => r.id);
    expect(items.map((l) => l.id)).toEqual(expected);
    expect(items.every((l) => l.status === "won")).toBe(true);
  });

  it("rejects a cursor it did not write (400, not 500)", async () => {
    for (const cursor of ["nonsense!", "bm90IGpzb24", btoa(JSON.stringify({ a: 1 })), "A".repeat(450)]) {
      const response = await request(`/api/leads?cursor=${encodeURIComponent(cursor)}`, { headers: auth });
      expect(response.status, cursor).toBe(400);
      expect(await response.json()).toEqual({
        error: "validation_failed",
        message: "Alguns campos são inválidos: cursor.",
        issues: [{ path: "cursor", message: "Valor inválido." }],
      });
    }
  });

  it.each([
    ["name", "quixabeira", ["q-joao"]],
    ["e-mail", "maria.xerem@xerem.example", ["q-maria"]],
    ["company", "padaria ubirata", ["q-joao"]],
    ["tag", "zebrafolha", ["q-joao"]],
    ["a prefix of a word", "quixab", ["q-joao"]],
    ["every word must match", "joao xerem", []],
    ["no accent for an accented name", "joao quixabeira", ["q-joao"]],
    ["upper case with accents for lower case", "SÃO UBIRATÃ", ["q-joao"]],
    ["lower case for upper case", "maria xerém", ["q-maria"]],
  ])("searches by %s: %s", async (_, q, ids) => {
    const { items } = await get<Page<LeadDto>>(`/api/leads?${query({ q })}`);
    expect(items.map((l) => l.id)).toEqual(ids);
  });

  it("'joao' finds every João, the same leads as 'JOÃO', newest first", async () => {
    const plain = await walk({ q: "joao", limit: 100 });
    const accented = await walk({ q: "JOÃO", limit: 100 });
    expect(plain.items.length).toBeGreaterThan(5);
    expect(plain.items.map((l) => l.id)).toEqual(accented.items.map((l) => l.id));
    expect(plain.items.every((l) => /jo[aã]o/i.test(`${l.name} ${l.email} ${l.company} ${l.tags.join(" ")}`))).toBe(true);
    expect(plain.items.map((l) => l.id)).toEqual(await expectedMatches("joao"));
  });

  it("combines the text with the status filter", async () => {
    const { items } = await walk({ q: "silva", status: "negotiating", limit: 100 });
    const all = await expectedMatches("silva");
    const statuses = new Map((await allLeads()).map((r) => [r.id, r.status]));
    expect(items.map((l) => l.id)).toEqual(all.filter((id) => statuses.get(id) === "negotiating"));
    expect(items.length).toBeGreaterThan(0);
  });

  it(`a text most leads match (>= ${SPARSE_MATCHES}: the newest-first index walk) pages exactly like the index says`, async () => {
    // "com" is in nearly every e-mail address (.com, .com.br).
    const expected = await expectedMatches("com");
    expect(expected.length).toBeGreaterThanOrEqual(SPARSE_MATCHES);
    const { items } = await walk({ q: "com", limit: 100 });
    expect(items.map((l) => l.id)).toEqual(expected);
    const won = await walk({ q: "com", status: "won", limit: 100 });
    const statuses = new Map((await allLeads()).map((r) => [r.id, r.status]));
    expect(won.items.map((l) => l.id)).toEqual(expected.filter((id) => statuses.get(id) === "won"));
  });

  it.each([
    'a"b OR',
    '"',
    '""',
    "*",
    "joao*",
    "NEAR(a b)",
    "name:joao",
    "{name email}: x",
    "-silva",
    "^silva",
    "silva AND",
    "OR",
    "NOT",
    "(((",
    "a) OR (b",
    "\u0000\u0001\u001f",
    "\u0301\u0303",
    "🙂 joão",
    "\uD800",
    "'; drop table leads; --",
    "%_\\",
    "+",
    "x".repeat(200),
  ])("hostile text %j → 200, never 500", async (q) => {
    const response = await request(`/api/leads?${query({ q })}`, { headers: auth });
    expect(response.status).toBe(200);
    const pipeline = await request(`/api/leads/pipeline?${query({ q })}`, { headers: auth });
    expect(pipeline.status).toBe(200);
    const search = await request(`/api/search?${query({ q })}`, { headers: auth });
    expect(search.status).toBe(200);
  });

  it("a text without letters or digits matches nothing", async () => {
    expect((await get<Page<LeadDto>>(`/api/leads?${query({ q: '"*" -' })}`)).items).toEqual([]);
  });
});

describe("search text", () => {
  it("becomes quoted prefix words the tokenizer agrees with", () => {
    expect(searchTerms('  João  "da" Silva* ')).toEqual(["joão", "da", "silva"]);
    expect(ftsPrefixQuery('a"b OR')).toBe('"a"* "b"* "or"*');
    expect(ftsPrefixQuery("maria.xerem@x.example")).toBe('"maria"* "xerem"* "x"* "example"*');
    expect(ftsPrefixQuery("silva", "name")).toBe('name : ("silva"*)');
    expect(ftsPrefixQuery("*** ---")).toBeNull();
    expect(searchTerms("a b c d e f g h i j")).toHaveLength(8);
  });
});

describe("GET /api/leads/pipeline", () => {
  it("has the six columns in order, with count and value sum over every lead of each", async () => {
    const pipeline = await get<PipelineDto>("/api/leads/pipeline");
    expect(pipeline.columns.map((c) => c.status)).toEqual([...LEAD_STATUSES]);
    const rows = await allLeads();
    for (const column of pipeline.columns) {
      const inColumn = rows.filter((r) => r.status === column.status);
      expect(column.count, column.status).toBe(inColumn.length);
      expect(column.value_sum, column.status).toBeCloseTo(
        inColumn.reduce((sum, r) => sum + (r.estimated_value ?? 0), 0),
        2,
      );
      expect(column.leads.map((l) => l.id)).toEqual(
        inColumn
          .sort(newestFirst)
          .slice(0, 20)
          .map((r) => r.id),
      );
      expect(column.next_cursor).not.toBeNull();
    }
  });

  it("per_column sets how many cards each column starts with", async () => {
    const pipeline = await get<PipelineDto>("/api/leads/pipeline?per_column=3");
    expect(pipeline.columns.every((c) => c.leads.length === 3)).toBe(true);
  });

  it("a column's cursor walks the rest of that column exactly once", async () => {
    const pipeline = await get<PipelineDto>("/api/leads/pipeline?per_column=7");
    const first = pipeline.columns.find((c) => c.status === "negotiating")!;
    const ids = first.leads.map((l) => l.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const more = await get<PipelineColumnDto>(`/api/leads/pipeline/negotiating?${query({ cursor, limit: 50 })}`);
      expect(more.status).toBe("negotiating");
      expect(more.count).toBe(first.count);
      expect(more.value_sum).toBeCloseTo(first.value_sum, 2);
      ids.push(...more.leads.map((l) => l.id));
      cursor = more.next_cursor;
    }
    const expected = (await allLeads())
      .filter((r) => r.status === "negotiating")
      .sort(newestFirst)
      .map((r) => r.id);
    expect(ids).toEqual(expected);
  });

  it("filters every column (cards, counts and sums) by the text", async () => {
    const matches = new Set(await expectedMatches("silva"));
    const rows = (await allLeads()).filter((r) => matches.has(r.id));
    const pipeline = await get<PipelineDto>("/api/leads/pipeline?q=silva&per_column=100");
    for (const column of pipeline.columns) {
      const inColumn = rows.filter((r) => r.status === column.status);
      expect(column.count).toBe(inColumn.length);
      expect(column.value_sum).toBeCloseTo(
        inColumn.reduce((sum, r) => sum + (r.estimated_value ?? 0), 0),
        2,
      );
      expect(column.leads.map((l) => l.id)).toEqual(
        inColumn
          .sort(newestFirst)
          .slice(0, 100)
          .map((r) => r.id),
      );
    }
    const column = await get<PipelineColumnDto>("/api/leads/pipeline/won?q=silva&limit=2");
    expect(column.count).toBe(rows.filter((r) => r.status === "won").length);
    expect(column.leads).toHaveLength(2);
  });

  it("counts and sums of a text many leads match (the index walk) agree with the data", async () => {
    const matches = new Set(await expectedMatches("com"));
    const rows = (await allLeads()).filter((r) => matches.has(r.id));
    const pipeline = await get<PipelineDto>("/api/leads/pipeline?q=com");
    for (const column of pipeline.columns) {
      const inColumn = rows.filter((r) => r.status === column.status);
      expect(column.count).toBe(inColumn.length);
      expect(column.value_sum).toBeCloseTo(
        inColumn.reduce((sum, r) => sum + (r.estimated_value ?? 0), 0),
        2,
      );
    }
  });

  it("an unknown status → 400", async () => {
    expect((await request("/api/leads/pipeline/archived", { headers: auth })).status).toBe(400);
  });
});

describe("GET /api/dashboard", () => {
  it("has the figures of crm.md §3 computed over every lead (the team's, as a sales rep asks for them)", async () => {
    const dashboard = await get<DashboardDto>("/api/dashboard?scope=team");
    const rows = await allLeads();
    const count = (status: LeadStatus) => rows.filter((r) => r.status === status).length;
    expect(dashboard.totalLeads).toBe(rows.length);
    expect(dashboard.newLeads).toBe(count("new"));
    expect(dashboard.qualifiedLeads).toBe(count("qualified"));
    expect(dashboard.wonLeads).toBe(count("won"));
    expect(dashboard.totalRevenue).toBeCloseTo(
      rows.filter((r) => r.status === "won").reduce((sum, r) => sum + (r.estimated_value ?? 0), 0),
      2,
    );
    expect(dashboard.leadsByStatus).toEqual(Object.fromEntries(LEAD_STATUSES.map((s) => [s, count(s)])));
    expect(dashboard.recentLeads.map((l) => l.id)).toEqual(
      rows
        .sort(newestFirst)
        .slice(0, 5)
        .map((r) => r.id),
    );
    expect(Object.keys(dashboard.recentLeads[0]!).sort()).toEqual([
      "company",
      "created_at",
      "currency",
      "estimated_value",
      "id",
      "name",
      "status",
    ]);
    expect(Date.parse(dashboard.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("GET /api/search", () => {
  it("finds at most 6 leads and 6 tasks; an empty text finds nothing", async () => {
    expect(await get<QuickSearchDto>("/api/search?q=")).toEqual({ leads: [], tasks: [] });
    expect(await get<QuickSearchDto>("/api/search?q=%20%20")).toEqual({ leads: [], tasks: [] });
    const result = await get<QuickSearchDto>("/api/search?q=silva");
    expect(result.leads).toHaveLength(6);
    expect(result.leads.map((l) => l.id)).toEqual((await expectedMatches("silva")).slice(0, 6));
    expect(Object.keys(result.leads[0]!).sort()).toEqual(["company", "email", "id", "name", "status"]);
    expect(result.tasks.length).toBeLessThanOrEqual(6);
  });

  it("finds tasks by title, description and the linked lead's name, ignoring case and accents", async () => {
    const lead = "q-joao";
    const insert = env.DB.prepare(
      "insert into tasks (id, title, description, lead_id, due_date, completed, completed_at) values (?, ?, ?, ?, ?, ?, ?)",
    );
    await env.DB.batch([
      insert.bind("t-title", "Ligar para a Açaíteria Florença", null, null, "2026-12-02T12:00:00.000Z", 0, null),
      insert.bind("t-desc", "Enviar proposta", "Conferir com a Açaíteria os prazos", null, null, 0, null),
      insert.bind("t-lead", "Retorno agendado", null, lead, "2026-12-01T12:00:00.000Z", 1, "2026-11-30T12:00:00.000Z"),
    ]);
    const byTitle = await get<QuickSearchDto>("/api/search?q=ACAITERIA");
    expect(byTitle.tasks.map((t) => t.id)).toEqual(["t-title", "t-desc"]);
    expect(byTitle.tasks[0]).toEqual({
      id: "t-title",
      title: "Ligar para a Açaíteria Florença",
      due_date: "2026-12-02T12:00:00.000Z",
      completed: false,
      lead_name: null,
    });
    const byLead = await get<QuickSearchDto>("/api/search?q=quixabeira");
    expect(byLead.leads.map((l) => l.id)).toEqual(["q-joao"]);
    expect(byLead.tasks).toEqual([
      { id: "t-lead", title: "Retorno agendado", due_date: "2026-12-01T12:00:00.000Z", completed: true, lead_name: "João Quixabeira" },
    ]);
    // The lead's name only: its company does not bring its tasks.
    expect((await get<QuickSearchDto>("/api/search?q=ubirata")).tasks).toEqual([]);
  });

  it("finds tasks the same way when a thousand leads share the name (one pass over the tasks)", async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({
      id: `tamandua-${i}`,
      name: `Tamanduá ${i}`,
      created_at: "2020-01-01T00:00:00.000Z",
    }));
    await env.DB.prepare(
      "insert into leads (id, name, created_at, updated_at) select value ->> '$.id', value ->> '$.name', value ->> '$.created_at', value ->> '$.created_at' from json_each(?)",
    )
      .bind(JSON.stringify(many))
      .run();
    const insert = env.DB.prepare(
      "insert into tasks (id, title, description, lead_id, due_date, completed, completed_at) values (?, ?, ?, ?, ?, ?, ?)",
    );
    await env.DB.batch([
      insert.bind("tm-done", "Reunião concluída", null, "tamandua-7", "2026-12-01T12:00:00.000Z", 1, "2026-11-30T12:00:00.000Z"),
      insert.bind("tm-late", "Ligar de novo", null, "tamandua-500", "2026-12-03T12:00:00.000Z", 0, null),
      insert.bind("tm-soon", "Enviar contrato", null, "tamandua-1000", "2026-12-02T12:00:00.000Z", 0, null),
      insert.bind("tm-title", "Visitar o TAMANDUÁ", null, null, null, 0, null),
    ]);
    const result = await get<QuickSearchDto>("/api/search?q=tamandua");
    // Pending before done, then by due date, no date last.
    expect(result.tasks.map((t) => [t.id, t.lead_name])).toEqual([
      ["tm-soon", "Tamanduá 1000"],
      ["tm-late", "Tamanduá 500"],
      ["tm-title", null],
      ["tm-done", "Tamanduá 7"],
    ]);
    expect(result.leads).toHaveLength(6);
    await env.DB.prepare("delete from tasks where id like 'tm-%'").run();
    await env.DB.prepare("delete from leads where id like 'tamandua-%'").run();
  });
});

describe("the search indexes stay in sync", () => {
  it("their triggers exist", async () => {
    const { results } = await env.DB.prepare("select name from sqlite_master where type = 'trigger' order by name").all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        "leads_fts_after_delete",
        "leads_fts_after_insert",
        "leads_fts_after_update",
        "tasks_fts_after_delete",
        "tasks_fts_after_insert",
        "tasks_fts_after_update",
        "lead_status_totals_after_insert",
        "lead_status_totals_after_delete",
        "lead_status_totals_after_update",
      ]),
    );
  });

  it("the per-status totals follow inserts, status and value changes and deletes", async () => {
    const figuresMatchData = async () => {
      const rows = await allLeads();
      const dashboard = await get<DashboardDto>("/api/dashboard?scope=team");
      const pipeline = await get<PipelineDto>("/api/leads/pipeline?per_column=1");
      for (const status of LEAD_STATUSES) {
        const inStatus = rows.filter((r) => r.status === status);
        const sum = inStatus.reduce((total, r) => total + (r.estimated_value ?? 0), 0);
        expect(dashboard.leadsByStatus[status], status).toBe(inStatus.length);
        const column = pipeline.columns.find((c) => c.status === status)!;
        expect(column.count, status).toBe(inStatus.length);
        expect(column.value_sum, status).toBeCloseTo(sum, 2);
        if (status === "won") expect(dashboard.totalRevenue).toBeCloseTo(sum, 2);
      }
      expect(dashboard.totalLeads).toBe(rows.length);
    };
    await insertLead({ id: "totals-1", name: "Totais Um", status: "new", value: 1000.1, createdAt: FUTURE });
    await insertLead({ id: "totals-2", name: "Totais Dois", status: "won", value: null, createdAt: FUTURE });
    await figuresMatchData();
    await env.DB.prepare("update leads set status = 'negotiating' where id = 'totals-1'").run();
    await env.DB.prepare("update leads set estimated_value = 250.55 where id = 'totals-2'").run();
    await figuresMatchData();
    await env.DB.prepare("update leads set status = 'lost', estimated_value = null where id = 'totals-1'").run();
    await env.DB.prepare("update leads set name = 'Totais Dois B' where id = 'totals-2'").run();
    await figuresMatchData();
    await env.DB.prepare("delete from leads where id in ('totals-1', 'totals-2')").run();
    await figuresMatchData();
  });

  it("after an insert, an update and a delete of a lead", async () => {
    const found = async (q: string) => (await get<Page<LeadDto>>(`/api/leads?${query({ q })}`)).items.map((l) => l.id);
    await insertLead({ id: "sync-1", name: "Olívia Vasconcelos", company: "Quiosque Ébano", tags: ["Retorno"], createdAt: FUTURE });
    expect(await found("olivia vasconcelos")).toEqual(["sync-1"]);

    await env.DB.prepare("update leads set name = 'Otília Bragança', tags = ? where id = 'sync-1'")
      .bind(JSON.stringify(["Palmeira"]))
      .run();
    expect(await found("olivia vasconcelos")).toEqual([]);
    expect(await found("otilia braganca")).toEqual(["sync-1"]);
    expect(await found("palmeira")).toEqual(["sync-1"]);
    expect(await found("quiosque ebano")).toEqual(["sync-1"]);

    // A change of status only (not an indexed column) keeps the lead findable.
    await env.DB.prepare("update leads set status = 'won' where id = 'sync-1'").run();
    expect(await found("otilia")).toEqual(["sync-1"]);

    await env.DB.prepare("delete from leads where id = 'sync-1'").run();
    expect(await found("otilia braganca")).toEqual([]);
    expect(await found("quiosque ebano")).toEqual([]);
  });

  it("after an update and a delete of a task", async () => {
    await env.DB.prepare("insert into tasks (id, title, description) values ('sync-t', 'Visitar Jabuticabal', null)").run();
    const found = async (q: string) => (await get<QuickSearchDto>(`/api/search?${query({ q })}`)).tasks.map((t) => t.id);
    expect(await found("jabuticabal")).toEqual(["sync-t"]);
    await env.DB.prepare("update tasks set title = 'Visitar Pindamonhangaba', description = 'Levar o contrato' where id = 'sync-t'").run();
    expect(await found("jabuticabal")).toEqual([]);
    expect(await found("pindamonhangaba contrato")).toEqual(["sync-t"]);
    await env.DB.prepare("delete from tasks where id = 'sync-t'").run();
    expect(await found("pindamonhangaba")).toEqual([]);
  });

  it("the indexes match their tables (FTS5 integrity-check against the content)", async () => {
    await env.DB.prepare("insert into leads_fts(leads_fts, rank) values ('integrity-check', 1)").run();
    await env.DB.prepare("insert into tasks_fts(tasks_fts, rank) values ('integrity-check', 1)").run();
  });
});
