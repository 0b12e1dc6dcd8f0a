// 'Exportar Dados' (issue 23): GET /api/exports/data, a ZIP of CSVs. Who may download it (401,
// 403), what each CSV holds (header row in the caller's language and a row, read back with
// papaparse), what it never holds (private channels' messages, password hashes, tokens),
// formula safety, the leads CSV's headers being the import's own (pt, es, en), and a big
// export that streams page by page. The import round trip is tests/api/data-roundtrip.test.ts.
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client.ts";
import { chatMessages, leadActivities, leadNotes } from "../../worker/db/schema/index.ts";
import { localDate } from "../../worker/lib/org-time.ts";
import { zipBytes, zipStream } from "../../worker/lib/zip-stream.ts";
import { EXPORT_RATE_LIMIT, exportData, exportFileName, exportFileText } from "../../worker/services/data-export/data-export-service.ts";
import { EXPORT_TABLES, tagsCell, valueCell } from "../../worker/services/data-export/export-tables.ts";
import { fieldForHeader, mappingProblem, suggestMapping } from "../../worker/services/lead-import-columns.ts";
import { forgetOrgSettings } from "../../worker/services/org-settings-service.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { createChannel, createLead, createTask, createUser } from "../factories/index.ts";
import { bearer, db, request, signedInUser } from "../helpers.ts";

type Zip = Record<string, Uint8Array>;
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const text = (bytes: Uint8Array) => decoder.decode(bytes);

async function download(token: string, language: Language = "pt") {
  const response = await request("/api/exports/data", { headers: { ...bearer(token), Cookie: `language=${language}` } });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, zip: unzipSync(bytes) as Zip };
}

/** A CSV entry as papaparse reads it: the header row and the rows as objects. */
function csv(zip: Zip, name: string, language: Language = "pt") {
  const content = text(zip[name]!);
  expect(content.charCodeAt(0), `${name} starts with a BOM`).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(content.slice(1), {
    header: true,
    delimiter: language === "en" ? "," : ";",
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return { header: parsed.meta.fields!, rows: parsed.data };
}

describe("access", () => {
  it("anonymous: 401; a sales rep: 403 with the translated message; managers and admins: the ZIP", async () => {
    const anonymous = await request("/api/exports/data");
    expect(anonymous.status).toBe(401);

    const rep = await signedInUser("sales_rep");
    for (const [language, message] of [
      ["pt", /permissão/i],
      ["en", /permission/i],
    ] as const) {
      const refused = await request("/api/exports/data", {
        headers: { ...bearer(rep.session.access_token), Cookie: `language=${language}` },
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("Content-Type")).toMatch(/application\/json/);
      const body = (await refused.json()) as { error: string; message: string };
      expect(body.error).toBe("insufficient_role");
      expect(body.message).toMatch(message);
    }

    for (const role of ["manager", "admin"] as const) {
      const { session } = await signedInUser(role);
      const { response, zip } = await download(session.access_token);
      expect(response.headers.get("Content-Type")).toBe("application/zip");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="velox-dados-\d{4}-\d{2}-\d{2}\.zip"$/);
      expect(Object.keys(zip).sort()).toEqual(
        ["README.txt", "activities.csv", "attachments.csv", "chat-messages.csv", "leads.csv", "notes.csv", "tasks.csv", "users.csv"].sort(),
      );
    }
  });

  it(`at most ${EXPORT_RATE_LIMIT.limit} exports per person in 10 minutes, even in a parallel burst: the rest 429 with Retry-After, translated`, async () => {
    const manager = await signedInUser("manager");
    const other = await signedInUser("manager");
    const burst = await Promise.all(
      Array.from({ length: EXPORT_RATE_LIMIT.limit + 3 }, () =>
        request("/api/exports/data", { headers: { ...bearer(manager.session.access_token), Cookie: "language=es" } }),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(EXPORT_RATE_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    for (const response of burst) {
      if (response.status === 200) {
        expect(Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())))).toContain("leads.csv");
        continue;
      }
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(500);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe("rate_limited");
      expect(body.message).toMatch(/^Demasiadas exportaciones en poco tiempo\. Inténtalo de nuevo en \d+ minutos\.$/);
    }
    // Another person's exports are their own.
    expect((await download(other.session.access_token)).zip["leads.csv"]).toBeDefined();
  });

  it("the service refuses a sales rep too (not only the route)", async () => {
    const rep = await signedInUser("sales_rep");
    await expect(
      exportData({ db: db(), env }, { user: rep.user, session: { id: "s", method: "password", expiresAt: 0 } }, "pt"),
    ).rejects.toMatchObject({
      kind: "forbidden",
    });
  });
});

describe("content", () => {
  let zip: Zip;
  let bytes: Uint8Array;
  let secrets: string[];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const owner = await createUser(db(), { name: "Olga Dona", email: "olga@velox.test", role: "sales_rep", phone: "+5511977776666" });
    ids.owner = owner.id;
    const lead = await createLead(db(), {
      name: "Carla Prado",
      email: "carla@cliente.test",
      phone: "+5511988887777",
      company: "Prado & Filhos; Ltda",
      source: "referral",
      status: "negotiating",
      estimatedValue: 12345.67,
      currency: "USD",
      tags: ["Urgente", "Proposta"],
      notes: 'Prefere "WhatsApp".\nLigar à tarde.',
      assignedTo: owner.id,
      createdAt: "2026-10-05T13:14:15.000Z",
    });
    ids.lead = lead.id;
    const hostile = await createLead(db(), { name: '=HYPERLINK("http://x";"y")', company: "+1+1", notes: "-2+3", email: null });
    ids.hostile = hostile.id;
    const task = await createTask(db(), {
      title: "Enviar proposta",
      description: "@SUM(A1)",
      dueDate: "2026-11-30T20:00:00.000Z",
      dueHasTime: true,
      leadId: lead.id,
      assignedTo: owner.id,
      createdBy: owner.id,
    });
    ids.task = task.id;
    const [activity] = await db()
      .insert(leadActivities)
      .values({ leadId: lead.id, type: "call", subject: "Primeira ligação", content: "Conversamos 10 minutos.", authorId: owner.id })
      .returning();
    ids.activity = activity!.id;
    const [note] = await db().insert(leadNotes).values({ leadId: lead.id, content: "Nota da Carla", authorId: owner.id }).returning();
    ids.note = note!.id;
    const open = await createChannel(db(), { name: "geral" }, [owner.id]);
    const closed = await createChannel(db(), { name: "diretoria", isPrivate: true }, [owner.id]);
    await db().insert(chatMessages).values({ channelId: open.id, userId: owner.id, content: "Bom dia, time!" });
    await db().insert(chatMessages).values({ channelId: open.id, userId: owner.id, content: "=1+1" });
    await db().insert(chatMessages).values({ channelId: closed.id, userId: owner.id, content: "Salários de dezembro: segredo" });
    await env.DB.prepare(
      `insert into lead_attachments (id, lead_id, file_name, file_size, file_type, storage_path, uploaded_by, created_at)
       values ('att-1', ?, 'proposta.pdf', 48213, 'application/pdf', ?, ?, '2026-10-06T10:00:00.000Z')`,
    )
      .bind(lead.id, `${lead.id}/1760000000000.pdf`, owner.id)
      .run();

    // Secrets the database holds: every password hash, the sessions' and tokens' values.
    const manager = await signedInUser("manager");
    await env.DB.prepare(
      `insert into password_reset_tokens (id, user_id, token_hash, expires_at, purpose) values ('prt-1', ?, 'reset-token-hash-0123456789abcdef', '2099-01-01T00:00:00.000Z', 'invite')`,
    )
      .bind(owner.id)
      .run();
    const hashes = await env.DB.prepare(
      "select password_hash as v from users union all select token_hash from refresh_tokens union all select token_hash from password_reset_tokens",
    ).all<{ v: string }>();
    secrets = [...hashes.results.map((row) => row.v), manager.session.access_token, manager.session.refresh_token];
    expect(secrets.length).toBeGreaterThan(4);
    ({ zip, bytes } = await download(manager.session.access_token, "pt"));
  });

  it("leads.csv: the import's own headers in Portuguese, and a lead as the import reads it", () => {
    const { header, rows } = csv(zip, "leads.csv");
    expect(header).toEqual([
      "ID",
      "Nome",
      "E-mail",
      "Telefone",
      "Empresa",
      "Origem",
      "Status",
      "Valor",
      "Moeda",
      "Tags",
      "Notas",
      "Responsável",
      "Criado em",
    ]);
    expect(rows.find((row) => row.ID === ids.lead)).toEqual({
      ID: ids.lead,
      Nome: "Carla Prado",
      "E-mail": "carla@cliente.test",
      Telefone: "(11) 98888-7777",
      Empresa: "Prado & Filhos; Ltda",
      Origem: "Indicação",
      Status: "Negociando",
      Valor: "12345,67",
      Moeda: "USD",
      Tags: "Urgente, Proposta",
      Notas: 'Prefere "WhatsApp".\nLigar à tarde.',
      Responsável: "olga@velox.test",
      "Criado em": "2026-10-05T13:14:15.000Z",
    });
  });

  it("tasks, activities, notes, attachments: header rows and a row each", () => {
    const tasks = csv(zip, "tasks.csv");
    expect(tasks.header).toEqual([
      "ID",
      "Título",
      "Descrição",
      "Vencimento",
      "Vencimento com horário",
      "Lead ID",
      "Lead",
      "Responsável",
      "Criado por",
      "Concluída",
      "Concluída em",
      "Criado em",
      "Atualizado em",
    ]);
    expect(tasks.rows.find((row) => row.ID === ids.task)).toMatchObject({
      Título: "Enviar proposta",
      Descrição: "'@SUM(A1)",
      Vencimento: "2026-11-30T20:00:00.000Z",
      "Vencimento com horário": "Sim",
      "Lead ID": ids.lead,
      Lead: "Carla Prado",
      Responsável: "olga@velox.test",
      "Criado por": "olga@velox.test",
      Concluída: "Não",
      "Concluída em": "",
    });

    const activities = csv(zip, "activities.csv");
    expect(activities.header).toEqual(["ID", "Lead ID", "Lead", "Tipo", "Assunto", "Conteúdo", "Metadados", "Autor", "Criado em"]);
    expect(activities.rows.find((row) => row.ID === ids.activity)).toMatchObject({
      "Lead ID": ids.lead,
      Lead: "Carla Prado",
      Tipo: "Ligação",
      Assunto: "Primeira ligação",
      Conteúdo: "Conversamos 10 minutos.",
      Metadados: "",
      Autor: "olga@velox.test",
    });
    expect(activities.rows.find((row) => row.ID === ids.activity)!["Criado em"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const notes = csv(zip, "notes.csv");
    expect(notes.header).toEqual(["ID", "Lead ID", "Lead", "Conteúdo", "Autor", "Criado em", "Atualizado em"]);
    expect(notes.rows.find((row) => row.ID === ids.note)).toMatchObject({
      "Lead ID": ids.lead,
      Conteúdo: "Nota da Carla",
      Autor: "olga@velox.test",
    });

    const attachments = csv(zip, "attachments.csv");
    expect(attachments.header).toEqual([
      "ID",
      "Lead ID",
      "Lead",
      "Nome do arquivo",
      "Tamanho (bytes)",
      "Tipo",
      "Caminho no armazenamento",
      "Enviado por",
      "Criado em",
    ]);
    expect(attachments.rows).toEqual([
      {
        ID: "att-1",
        "Lead ID": ids.lead,
        Lead: "Carla Prado",
        "Nome do arquivo": "proposta.pdf",
        "Tamanho (bytes)": "48213",
        Tipo: "application/pdf",
        "Caminho no armazenamento": `${ids.lead}/1760000000000.pdf`,
        "Enviado por": "olga@velox.test",
        "Criado em": "2026-10-06T10:00:00.000Z",
      },
    ]);
  });

  it("chat-messages.csv: the public channels' messages, never a private channel's", () => {
    const { header, rows } = csv(zip, "chat-messages.csv");
    expect(header).toEqual(["ID", "Canal ID", "Canal", "Autor", "Mensagem", "Enviada em"]);
    expect(rows.map((row) => [row.Canal, row.Autor, row.Mensagem])).toEqual([
      ["geral", "olga@velox.test", "Bom dia, time!"],
      ["geral", "olga@velox.test", "'=1+1"],
    ]);
    for (const [name, content] of Object.entries(zip)) {
      expect(text(content), name).not.toContain("Salários de dezembro");
      expect(text(content), name).not.toContain("diretoria");
    }
  });

  it("users.csv: who they are and their role, without password hashes", () => {
    const { header, rows } = csv(zip, "users.csv");
    expect(header).toEqual(["ID", "Nome", "E-mail", "Telefone", "Função", "Ativo", "Idioma", "Último acesso", "Criado em"]);
    expect(rows.find((row) => row.ID === ids.owner)).toMatchObject({
      Nome: "Olga Dona",
      "E-mail": "olga@velox.test",
      Telefone: "(11) 97777-6666",
      Função: "Vendedor",
      Ativo: "Sim",
      Idioma: "pt",
    });
  });

  it("no password hash, token or token hash anywhere: not in the ZIP's bytes, not in any file inside it", () => {
    const raw = text(bytes);
    const inside = Object.values(zip).map(text).join("\n");
    for (const secret of secrets) {
      expect(raw.includes(secret), `ZIP bytes hold ${secret.slice(0, 12)}…`).toBe(false);
      expect(inside.includes(secret), `a file holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    expect(inside).not.toMatch(/pbkdf2|password_hash|token_hash/i);
  });

  it("formula-safe: what a spreadsheet would run starts with an apostrophe; quotes, delimiters and line breaks survive", () => {
    const { rows } = csv(zip, "leads.csv");
    expect(rows.find((row) => row.ID === ids.hostile)).toMatchObject({
      Nome: `'=HYPERLINK("http://x";"y")`,
      Empresa: "'+1+1",
      Notas: "'-2+3",
    });
    // Every cell of every CSV: none begins with a formula character.
    for (const table of EXPORT_TABLES) {
      for (const row of csv(zip, table.file).rows) {
        for (const cell of Object.values(row)) expect(cell, `${table.file}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it("README.txt: what each file holds (counted), ISO 8601 UTC dates, the organisation's zone", () => {
    const readme = text(zip["README.txt"]!);
    expect(readme).toContain("Exportação de dados do CRM — Minha Empresa");
    expect(readme).toMatch(/- leads\.csv: 2 leads\./);
    expect(readme).toMatch(/- chat-messages\.csv: 2 mensagens dos canais públicos/);
    expect(readme).toMatch(/- attachments\.csv: 1 anexos/);
    expect(readme).toContain("ISO 8601 e em UTC");
    expect(readme).toContain("America/Sao_Paulo");
    expect(readme).toMatch(/\r\n/);
  });
});

describe("languages", () => {
  it("es and en: their own header rows, delimiter and decimal separator, and labels", async () => {
    await createLead(db(), { name: "Luis Gómez", source: "social_media", status: "won", estimatedValue: 1500.5, currency: "EUR" });
    const { session } = await signedInUser("admin");

    const es = await download(session.access_token, "es");
    expect(es.response.headers.get("Content-Disposition")).toMatch(/filename="velox-datos-\d{4}-\d{2}-\d{2}\.zip"/);
    const esLeads = csv(es.zip, "leads.csv", "es");
    expect(esLeads.header).toEqual([
      "ID",
      "Nombre",
      "Correo electrónico",
      "Teléfono",
      "Empresa",
      "Origen",
      "Estado",
      "Valor",
      "Moneda",
      "Etiquetas",
      "Notas",
      "Responsable",
      "Creado el",
    ]);
    expect(esLeads.rows.find((row) => row.Nombre === "Luis Gómez")).toMatchObject({
      Origen: "Redes sociales",
      Estado: "Ganado",
      Valor: "1500,5",
    });
    expect(text(es.zip["README.txt"]!)).toContain("Exportación de datos del CRM");

    const en = await download(session.access_token, "en");
    expect(en.response.headers.get("Content-Disposition")).toMatch(/filename="velox-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const enLeads = csv(en.zip, "leads.csv", "en");
    expect(enLeads.header).toEqual([
      "ID",
      "Name",
      "Email",
      "Phone",
      "Company",
      "Source",
      "Status",
      "Value",
      "Currency",
      "Tags",
      "Notes",
      "Owner",
      "Created at",
    ]);
    expect(enLeads.rows.find((row) => row.Name === "Luis Gómez")).toMatchObject({
      Source: "Social media",
      Status: "Won",
      Value: "1500.5",
      Currency: "EUR",
    });
    expect(csv(en.zip, "users.csv", "en").header).toContain("Role");
  });

  it.each(LANGUAGES)(
    "%s: every leads.csv header but ID is one the import maps by itself, to its own field, each field once",
    (language) => {
      const columns = exportFileText(language).columns.leads;
      const leadsTable = EXPORT_TABLES.find((table) => table.key === "leads")!;
      const header = leadsTable.columns.map((column) => (columns as Record<string, string>)[column]!);
      const mapping = suggestMapping(header);
      expect(mapping).toEqual([
        null,
        "name",
        "email",
        "phone",
        "company",
        "source",
        "status",
        "value",
        "currency",
        "tags",
        "notes",
        "owner",
        "created_at",
      ]);
      for (const [index, column] of leadsTable.columns.entries()) {
        expect(fieldForHeader(header[index]!), `${language} ${header[index]}`).toBe(column === "id" ? null : column);
      }
      expect(mappingProblem(mapping)).toBeNull();
    },
  );

  it("the dictionaries of the file have the same keys in pt, es and en, and a header for every column", () => {
    const shape = (value: unknown): unknown =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
        : Array.isArray(value)
          ? value.length
          : "text";
    expect(shape(exportFileText("es"))).toEqual(shape(exportFileText("pt")));
    expect(shape(exportFileText("en"))).toEqual(shape(exportFileText("pt")));
    for (const language of LANGUAGES) {
      for (const table of EXPORT_TABLES) {
        expect(Object.keys(exportFileText(language).columns[table.key])).toEqual([...table.columns]);
      }
    }
  });

  it("the file's date is the organisation's (New York, 23:30 on 26 November = 04:30 UTC on the 27th)", async () => {
    await env.DB.prepare("update organisation_settings set time_zone = 'America/New_York' where id = 1").run();
    forgetOrgSettings();
    try {
      const admin = await signedInUser("admin");
      const now = new Date("2026-11-27T04:30:00.000Z");
      const result = await exportData(
        { db: db(), env },
        { user: admin.user, session: { id: "s", method: "password", expiresAt: 0 } },
        "pt",
        { now },
      );
      expect(result.fileName).toBe("velox-dados-2026-11-26.zip");
      expect(result.fileName).toBe(exportFileName("pt", localDate(now, "America/New_York")));
      await result.body.cancel();
    } finally {
      await env.DB.prepare("update organisation_settings set time_zone = 'America/Sao_Paulo' where id = 1").run();
      forgetOrgSettings();
    }
  });
});

describe("cells the import reads back", () => {
  it("values: the dialect's decimal separator, no grouping, no exponent, never three decimals alone", () => {
    expect(valueCell(12345.67, ",")).toBe("12345,67");
    expect(valueCell(12345.67, ".")).toBe("12345.67");
    expect(valueCell(1000, ",")).toBe("1000");
    expect(valueCell(0.5, ",")).toBe("0,5");
    // "7,125" would read as 7125 (a group of three after one separator is thousands): "7,1250" cannot.
    expect(valueCell(7.125, ",")).toBe("7,1250");
    expect(valueCell(7.125, ".")).toBe("7.1250");
    expect(valueCell(1e-7, ",")).toBe("0,0000001");
    expect(valueCell(1e21, ".")).toBe("1000000000000000000000");
    expect(valueCell(null, ",")).toBeNull();
  });

  it("tags: one cell, comma-separated; a broken column reads as none", () => {
    expect(tagsCell('["Urgente","Orçamento"]')).toBe("Urgente, Orçamento");
    expect(tagsCell("[]")).toBe("");
    expect(tagsCell("not json")).toBe("");
  });
});

describe("streaming", () => {
  it("5,000 leads: read a page at a time as the ZIP is read, each lead exactly once", async () => {
    const total = 5_000;
    await env.DB.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${total - 1})
       insert into leads (id, name, email, status, source, currency, notes, created_at, updated_at)
       select 'bulk-' || i, 'Bulk ' || i, 'bulk' || i || '@example.test', 'new', 'website', 'BRL',
              'Observação longa o bastante para pesar no arquivo: ' || hex(randomblob(40)),
              '2026-06-01T12:00:00.000Z', '2026-06-01T12:00:00.000Z'
       from n`,
    ).run();
    const admin = await signedInUser("admin");
    // Count the D1 round trips as the stream is read.
    let reads = 0;
    const counting = new Proxy(env.DB, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key === "batch") return (...args: Parameters<D1Database["batch"]>) => (reads++, target.batch(...args));
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { body } = await exportData(
      { db: getDb(counting), env },
      { user: admin.user, session: { id: "s", method: "password", expiresAt: 0 } },
      "en",
      { pageRows: 500 },
    );
    // Before the stream is read: only the rate limit's batch, no table.
    expect(reads).toBe(1);
    reads = 0;
    // Each chunk of the ZIP with the number of D1 reads made before it came out.
    const chunks: Uint8Array[] = [];
    const readsAtChunk: number[] = [];
    let size = 0;
    for await (const chunk of body) {
      chunks.push(chunk);
      readsAtChunk.push(reads);
      size += chunk.length;
    }
    // Pages of 500: leads.csv alone takes 10 reads. The first bytes left after a few of them,
    // the last after every table was read: the reads happened while the ZIP was being read.
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(readsAtChunk[0]).toBeGreaterThanOrEqual(1);
    expect(readsAtChunk[0]).toBeLessThan(5);
    expect(readsAtChunk.at(-1)).toBeGreaterThanOrEqual(total / 500 + EXPORT_TABLES.length);
    const all = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    const zip = unzipSync(all) as Zip;
    const rows = csv(zip, "leads.csv", "en").rows.filter((row) => row.ID?.startsWith("bulk-"));
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.ID)).size).toBe(total);
    expect(text(zip["README.txt"]!)).toMatch(/- leads\.csv: 5,\d{3} leads\./);
  }, 60_000);
});

describe("zip-stream", () => {
  it("entries from async iterables, deflated or stored, read back byte for byte; an entry's failure errors the stream", async () => {
    const encoder = new TextEncoder();
    async function* slowly(parts: string[]) {
      for (const part of parts) {
        await Promise.resolve();
        yield encoder.encode(part);
      }
    }
    const big = "linha de texto repetida\n".repeat(20_000);
    const body = zipStream(
      [
        { name: "a.txt", data: slowly(["olá ", "mundo"]) },
        { name: "dir/b.bin", data: [new Uint8Array([1, 2, 3])], compress: false },
        { name: "big.txt", data: slowly([big, big]) },
        { name: "vazio.txt", data: [] },
      ],
      { level: 1 },
    );
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 5);
    const zip = unzipSync(bytes);
    expect(text(zip["a.txt"]!)).toBe("olá mundo");
    expect([...zip["dir/b.bin"]!]).toEqual([1, 2, 3]);
    expect(text(zip["big.txt"]!)).toBe(big + big);
    expect(zip["vazio.txt"]!.length).toBe(0);

    async function* failing() {
      yield encoder.encode("começo");
      throw new Error("D1 went away");
    }
    const broken = zipBytes([{ name: "x.txt", data: failing() }]);
    await expect(
      (async () => {
        for await (const chunk of broken) void chunk;
      })(),
    ).rejects.toThrow("D1 went away");
  });
});
