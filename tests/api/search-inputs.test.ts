// Anything a search box or list filter accepts, the database accepts (D1 refuses LIKE/GLOB
// patterns over 50 bytes, FTS5 has a query syntax of its own): every search parameter of the
// API, and the loaders of /tasks and /leads, walked with texts at the schema's maximum length,
// emoji, LIKE wildcards, quotes and FTS5 syntax. Each answers 200, and the answers make sense:
// a wildcard or a quote is searched for as itself.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as leadsLoader } from "../../app/routes/crm/leads.tsx";
import { loader as tasksLoader } from "../../app/routes/crm/tasks.tsx";
import { createLoadContext } from "../../worker/router-context.ts";
import type { LeadDto, Page, PipelineColumnDto, PipelineDto, QuickSearchDto, TaskDto } from "../../worker/services/crm-types.ts";
import { createCaseStudy, createLead, createTask } from "../factories/index.ts";
import { bearer, db, ORIGIN, request, sessionCookie, signedInUser } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;

/** The staff search boxes take up to 200 characters (after trimming); the public portfolio cuts at 100. */
const MAX = 200;

/** Texts that broke, or could break, a query built from them. */
const HOSTILE: readonly string[] = [
  "x".repeat(49),
  "x".repeat(51),
  "x".repeat(MAX),
  "é".repeat(MAX),
  "🎉".repeat(13),
  "🎉".repeat(MAX / 2),
  "a🎉".repeat(MAX / 3),
  "%".repeat(25),
  "%".repeat(MAX),
  "_".repeat(MAX),
  "\\".repeat(MAX),
  "%_\\".repeat(MAX / 3),
  "[a-z]*?".repeat(MAX / 7),
  '"',
  '"'.repeat(MAX),
  "'",
  "'".repeat(MAX),
  "*",
  "*".repeat(MAX),
  "NEAR(",
  "NEAR(a b, 2)",
  "OR",
  "a OR b AND NOT c",
  "-",
  "-x",
  "^x",
  "x:y",
  "name : x",
  "(",
  ")",
  "{x y}:z",
  "\u0000x\u0007",
  "x\u0301\u0301\u0301",
  "\uFE0F\u20E3",
  "1\uFE0F\u20E3",
  `Desconto 100% "aspas" 'simples' _sublinhado_ NEAR(x) OR -y *z 🎉 ${"ç".repeat(20)}`.slice(0, MAX),
];

let rep: Session;

const get = async (path: string) => {
  const response = await request(path, { headers: bearer(rep.session.access_token) });
  return { status: response.status, body: response.status === 200 ? await response.json<unknown>() : await response.text() };
};
const q = (text: string) => encodeURIComponent(text);
/** A text as a test name or message: escaped, and cut between code points (a lone surrogate breaks the reporter). */
const label = (text: string) => JSON.stringify(Array.from(text).slice(0, 30).join(""));

beforeAll(async () => {
  rep = await signedInUser("sales_rep");
  await createCaseStudy(db(), { title: "Loja 100% online", slug: "loja-cem" });
  // SQLite checks a pattern only against a row: without rows, no text could fail.
  const lead = await createLead(db(), { name: "Ana Beatriz", company: "Acme", tags: ["vip"] });
  await createTask(db(), { title: "Primeira ligação", description: "Falar com a Ana", leadId: lead.id });
  await createTask(db(), { title: "Sem lead", completed: true });
});

describe("every search parameter answers 200 for every text its schema accepts", () => {
  const routes: ((text: string) => string)[] = [
    (text) => `/api/tasks?q=${q(text)}`,
    (text) => `/api/tasks?q=${q(text)}&filter=pending&limit=100`,
    (text) => `/api/tasks?q=${q(text)}&filter=completed`,
    (text) => `/api/tasks?q=${q(text)}&assignee=me&filter=pending`,
    (text) => `/api/leads?q=${q(text)}`,
    (text) => `/api/leads?q=${q(text)}&status=qualified&limit=100`,
    (text) => `/api/leads/pipeline?q=${q(text)}&per_column=100`,
    (text) => `/api/leads/pipeline/new?q=${q(text)}`,
    (text) => `/api/search?q=${q(text)}`,
    (text) => `/api/case-studies?q=${q(text)}`,
  ];

  it.each(HOSTILE.map((text) => [label(text), text]))(
    "%s",
    async (_, text) => {
      for (const route of routes) {
        // The long texts also padded with the spaces the schema trims (past the limit until
        // trimmed, past LIKE's 50 bytes either way): both are accepted.
        for (const sent of text.length >= 49 ? [text, `  ${text}  `] : [text]) {
          const path = route(sent);
          const { status, body } = await get(path);
          expect(status, `${route("")} ${label(sent)} → ${typeof body === "string" ? body.slice(0, 200) : ""}`).toBe(200);
        }
      }
    },
    30_000,
  );

  it("a text one character over the limit is a 400, never a 500", async () => {
    for (const path of ["/api/tasks", "/api/leads", "/api/leads/pipeline", "/api/leads/pipeline/won", "/api/search"]) {
      expect((await get(`${path}?q=${q("%".repeat(MAX + 1))}`)).status, path).toBe(400);
    }
  });

  it("the other list filters (cursors, ids of the chat backfill) answer 200 or 400 for hostile text, never 5xx", async () => {
    const channel = await request("/api/chat/channels", {
      method: "POST",
      headers: { ...bearer(rep.session.access_token), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "busca-hostil" }),
    });
    const channelId = ((await channel.json()) as { channel: { id: string } }).channel.id;
    const message = await request(`/api/chat/channels/${channelId}/messages`, {
      method: "POST",
      headers: { ...bearer(rep.session.access_token), "Content-Type": "application/json" },
      body: JSON.stringify({ content: "100% _certo_" }),
    });
    expect(message.status).toBe(201);
    const lead = await createLead(db(), { name: "Cursor" });
    for (const text of [...HOSTILE, "%".repeat(500), "🎉".repeat(250)]) {
      for (const path of [
        `/api/tasks?cursor=${q(text)}`,
        `/api/tasks?assignee=${q(text)}`,
        `/api/tasks?lead_id=${q(text)}`,
        `/api/leads?cursor=${q(text)}`,
        `/api/leads/pipeline/new?cursor=${q(text)}`,
        `/api/leads/${lead.id}/activities?cursor=${q(text)}`,
        `/api/chat/channels/${channelId}/messages?before=${q(text)}`,
        `/api/chat/channels/${channelId}/messages?after=${q(text)}`,
      ]) {
        const { status } = await get(path);
        expect([200, 400], `${path.split("=")[0]} ${label(text)}: ${status}`).toContain(status);
      }
    }
  }, 60_000);
});

describe("hostile texts find what they say, literally", () => {
  it("tasks: a wildcard, a backslash or a quote matches itself only; long and emoji texts find their task", async () => {
    const marker = "zqwvk";
    const percent = await createTask(db(), { title: `${marker} Desconto 100% à vista` });
    const underscore = await createTask(db(), { title: `${marker} campo_livre` });
    const backslash = await createTask(db(), { title: `${marker} C:\\pasta` });
    const quoted = await createTask(db(), { title: `${marker} "Proposta" d'Ávila` });
    const plain = await createTask(db(), { title: `${marker} Desconto 1000 sem sinal`, description: "campoXlivre" });
    const long = await createTask(db(), { title: `${marker} ${"Orçamento ".repeat(30)}`.slice(0, 200) });
    const emoji = await createTask(db(), { title: `${marker} Festa 🎉🎉🎉 de fim de ano` });
    const lead = await createLead(db(), { name: `${"Ç".repeat(60)} Ltda` });
    const byLead = await createTask(db(), { title: `${marker} pelo lead`, leadId: lead.id });

    const search = async (text: string) => {
      const { status, body } = await get(`/api/tasks?q=${q(text)}&limit=100`);
      expect(status, label(text)).toBe(200);
      return (body as Page<TaskDto>).items.map((task) => task.id).sort();
    };
    const ids = (...tasks: { id: string }[]) => tasks.map((task) => task.id).sort();

    expect(await search("100%")).toEqual(ids(percent));
    expect(await search("%")).toEqual(ids(percent));
    expect(await search("%%")).toEqual([]);
    expect(await search("_")).toEqual(ids(underscore));
    expect(await search("campo_livre")).toEqual(ids(underscore));
    expect(await search("\\")).toEqual(ids(backslash));
    expect(await search('"proposta"')).toEqual(ids(quoted));
    expect(await search("d'avila")).toEqual(ids(quoted));
    expect(await search("'")).toEqual(ids(quoted));
    expect(await search(`${marker} desconto 100`)).toEqual(ids(percent, plain));
    // Past the 50 bytes of a LIKE pattern, in ASCII and in accented letters.
    expect(await search(`${marker} ${"orcamento ".repeat(19)}`.trim())).toEqual(ids(long));
    expect(await search(`${marker} ${"Orçamento ".repeat(19)}`.trim())).toEqual(ids(long));
    expect(await search(`${marker} ${"Orçamento ".repeat(18)}x`)).toEqual([]);
    expect(await search("🎉🎉🎉")).toEqual(ids(emoji));
    expect(await search("🎉".repeat(13))).toEqual([]);
    expect(await search("c".repeat(55))).toEqual(ids(byLead));
  });

  it("leads, the pipeline and the quick search: syntax is never syntax, a quoted word is a word", async () => {
    const near = await createLead(db(), { name: "Nearshore Quixadá", company: "Orla Ltda" });
    const quoted = await createLead(db(), { name: '"Aspas" Pirangi', tags: ["100%"] });
    await createTask(db(), { title: "Ligar para Nearshore", leadId: near.id });
    const leads = async (text: string) => {
      const { status, body } = await get(`/api/leads?q=${q(text)}`);
      expect(status, label(text)).toBe(200);
      return (body as Page<LeadDto>).items.map((lead) => lead.id);
    };
    expect(await leads("NEAR(")).toEqual([near.id]);
    expect(await leads("OR")).toEqual([near.id]);
    expect(await leads('"aspas"')).toEqual([quoted.id]);
    expect(await leads("pirangi -aspas")).toEqual([quoted.id]);
    expect(await leads("quixada*")).toEqual([near.id]);
    expect(await leads("%")).toEqual([]);
    expect(await leads("🎉")).toEqual([]);
    expect(await leads("x".repeat(MAX))).toEqual([]);

    const pipeline = (await get(`/api/leads/pipeline?q=${q("NEAR(quixada")}`)).body as PipelineDto;
    expect(pipeline.columns.flatMap((column) => column.leads.map((lead) => lead.id))).toEqual([near.id]);
    const column = (await get(`/api/leads/pipeline/new?q=${q('"aspas')}`)).body as PipelineColumnDto;
    expect(column.leads.map((lead) => lead.id)).toEqual([quoted.id]);
    const quick = (await get(`/api/search?q=${q("NEAR(quixada*")}`)).body as QuickSearchDto;
    expect(quick.leads.map((lead) => lead.id)).toEqual([near.id]);
    expect(quick.tasks.map((task) => task.title)).toEqual(["Ligar para Nearshore"]);
  });

  it("the public portfolio search takes any text and finds a wildcard literally", async () => {
    for (const text of ["100%", "%", "_", "'", '"']) {
      const response = await request(`/api/case-studies?q=${q(text)}`);
      expect(response.status, text).toBe(200);
      const { items } = await response.json<{ items: { slug: string }[] }>();
      expect(
        items.map((item) => item.slug),
        text,
      ).toEqual(text === "100%" || text === "%" ? ["loja-cem"] : []);
    }
  });
});

describe("the loaders of /tasks and /leads", () => {
  /** A loader's arguments as the Worker's React Router handler builds them for a signed-in GET. */
  const argsFor = (path: string) => {
    const url = new URL(path, ORIGIN);
    const req = new Request(url, { headers: { Cookie: sessionCookie(rep.session) } });
    const { context } = createLoadContext(req, env, createExecutionContext(), "nonce");
    return { request: req, context, params: {}, unstable_pattern: url.pathname } as never;
  };

  it("answer for every text, cut to 200 characters even inside an emoji", async () => {
    const texts = [...HOSTILE, "a" + "🎉".repeat(150), "%".repeat(500), "x".repeat(1000)];
    for (const text of texts) {
      const tasks = await tasksLoader(argsFor(`/tasks?q=${q(text)}`));
      expect(Array.isArray(tasks.page.items), label(text)).toBe(true);
      // Whose tasks and the linked task as any text: the rep's own (the default), nothing linked.
      const scoped = await tasksLoader(argsFor(`/tasks?q=${q(text)}&assignee=${q(text)}&task=${q(text)}&done=1`));
      expect(Array.isArray(scoped.completed?.items), label(text)).toBe(true);
      for (const view of ["list", "pipeline"]) {
        const leads = await leadsLoader(argsFor(`/leads?view=${view}&q=${q(text)}`));
        expect(leads.loadFailed, `${view}: ${label(text)}`).toBe(false);
      }
    }
  }, 60_000);

  it("find a wildcard literally", async () => {
    const task = await createTask(db(), { title: "Cupom 15%_OFF" });
    const { page } = await tasksLoader(argsFor(`/tasks?q=${q("15%_off")}&assignee=all`));
    expect(page.items.map((item) => item.id)).toEqual([task.id]);
  });
});
