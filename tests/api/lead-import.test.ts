// 'Importar Dados', the preview (issue 23, POST /api/imports and GET /api/imports/:id): the
// file decoded (UTF-8 with and without BOM, Windows-1252), parsed (comma, semicolon, quoted
// line breaks, mixed line ends), its headers mapped in pt, es and en and from Pipedrive's and
// HubSpot's exports, every row checked with the lead form's rules, e-mails matched against
// the stored leads; bad files refused with a translated 4xx and nothing stored; access.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportDto } from "../../worker/services/lead-import/import-dto.ts";
import { suggestMapping, type LeadImportMapping } from "../../worker/services/lead-import-columns.ts";
import { parseCreatedAt, parseMoney } from "../../worker/services/lead-import/values.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, eventually, request, signedInUser } from "../helpers.ts";
import ptCsv from "../fixtures/import/pt-leads.csv?raw";
import esCsv from "../fixtures/import/es-leads.csv?raw";
import enCsv from "../fixtures/import/en-leads.csv?raw";
import pipedriveCsv from "../fixtures/import/pipedrive-leads.csv?raw";
import hubspotCsv from "../fixtures/import/hubspot-contacts.csv?raw";
// windows-1252.csv as base64 (`base64 windows-1252.csv`): Vite reads ?raw files as UTF-8, which would spoil its bytes.
import cp1252Base64 from "../fixtures/import/windows-1252.csv.b64?raw";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let admin: Staff;
let manager: Staff;
let rep: Staff;

const OWNER_EMAIL = "importador.vendas@exemplo.com.br";

beforeAll(async () => {
  admin = await signedInUser("admin");
  manager = await signedInUser("manager");
  rep = await signedInUser("sales_rep");
  await createUser(db(), { email: OWNER_EMAIL, name: "Importador Vendas" });
});

beforeEach(async () => {
  await env.DB.prepare("delete from leads").run();
  await env.DB.prepare("delete from lead_imports").run();
  await env.DB.prepare("delete from rate_limit_events").run();
  const stored = await env.ATTACHMENTS.list({ prefix: "imports/" });
  if (stored.objects.length > 0) await env.ATTACHMENTS.delete(stored.objects.map((o) => o.key));
});

/** The bytes of a base64 fixture (the Windows-1252 file must not pass through a UTF-8 string). */
function base64Bytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64.replace(/\s/g, "")), (c) => c.charCodeAt(0));
}

type Upload = { name?: string; mapping?: LeadImportMapping | string; values?: unknown; language?: string; who?: Staff | null };

function upload(content: string | Uint8Array, options: Upload = {}) {
  const form = new FormData();
  form.append("file", new File([content as BlobPart], options.name ?? "leads.csv", { type: "text/csv" }));
  if (options.mapping !== undefined)
    form.append("mapping", typeof options.mapping === "string" ? options.mapping : JSON.stringify(options.mapping));
  if (options.values !== undefined) form.append("values", JSON.stringify(options.values));
  const who = options.who === undefined ? manager : options.who;
  return request("/api/imports", {
    method: "POST",
    body: form,
    headers: { ...(who ? bearer(who.session.access_token) : {}), "Accept-Language": options.language ?? "pt-BR" },
  });
}

async function preview(content: string | Uint8Array, options: Upload = {}): Promise<ImportDto> {
  const response = await upload(content, options);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { import: ImportDto }).import;
}

async function refused(content: string | Uint8Array, status: number, code: string, options: Upload = {}) {
  const response = await upload(content, options);
  const body = (await response.json()) as { error: string; message: string };
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.error).toBe(code);
  expect(body.message).not.toBe(code);
  expect(body.message).not.toMatch(/^apiErrors\./);
  return body;
}

async function nothingStored() {
  expect((await env.DB.prepare("select count(*) as n from lead_imports").first<{ n: number }>())!.n).toBe(0);
  expect((await env.DB.prepare("select count(*) as n from leads").first<{ n: number }>())!.n).toBe(0);
  expect((await env.ATTACHMENTS.list({ prefix: "imports/" })).objects).toHaveLength(0);
}

const header = "Nome,E-mail,Telefone,Empresa,Origem,Status,Valor,Moeda,Tags,Notas,Responsável,Criado em";
/** One row of the header above (only the cells given, the rest empty). */
const csvRow = (
  cells: Partial<
    Record<
      "name" | "email" | "phone" | "company" | "source" | "status" | "value" | "currency" | "tags" | "notes" | "owner" | "created",
      string
    >
  >,
) =>
  [
    cells.name,
    cells.email,
    cells.phone,
    cells.company,
    cells.source,
    cells.status,
    cells.value,
    cells.currency,
    cells.tags,
    cells.notes,
    cells.owner,
    cells.created,
  ]
    .map((cell) => (cell === undefined ? "" : /[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(",");
const file = (...rows: string[]) => [header, ...rows].join("\n") + "\n";

describe("POST /api/imports: reading the file", () => {
  it("reads the pt fixture: BOM, semicolons, CRLF, a quoted cell with a line break, pt-BR money, dd/mm/yyyy", async () => {
    const dto = await preview(ptCsv, { name: "leads-pt.csv" });
    expect(dto).toMatchObject({
      file_name: "leads-pt.csv",
      status: "previewed",
      mode: null,
      rows: 3,
      valid: 3,
      new: 3,
      matches: 0,
      invalid: 0,
      duplicates: 0,
      processed: 0,
      created: 0,
      created_by: { id: manager.user.id, name: manager.user.name },
    });
    expect(dto.headers[0]).toBe("Nome");
    expect(dto.mapping).toEqual([
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
    expect(dto.issues).toEqual([]);
    // Stored: the file in R2 and the row in D1, nothing else.
    expect(await env.ATTACHMENTS.head(`imports/${dto.id}.csv`)).not.toBeNull();
    expect((await env.DB.prepare("select count(*) as n from leads").first<{ n: number }>())!.n).toBe(0);
  });

  it("maps es and en headers by themselves, and reads their values and labels", async () => {
    const es = await preview(esCsv);
    expect(es.mapping).toEqual([
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
    expect(es).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
    const en = await preview(enCsv);
    expect(en.mapping).toEqual([
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
    expect(en).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
  });

  it("maps Pipedrive's leads export: the person's name (not the lead's title), owner by name, entity-prefixed headers", async () => {
    const dto = await preview(pipedriveCsv);
    expect(Object.fromEntries(dto.headers.map((h, i) => [h, dto.mapping[i]]))).toEqual({
      "Lead - Title": null,
      "Lead - Owner": "owner",
      "Lead - Value": "value",
      "Lead - Currency": "currency",
      "Lead - Labels": "tags",
      "Lead - Source": "source",
      "Lead - Lead created": "created_at",
      "Person - Name": "name",
      "Person - Email": "email",
      "Person - Phone": "phone",
      "Organization - Name": "company",
    });
    expect(dto).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
  });

  it("maps HubSpot's contacts export: First + Last Name, the first status column, owner by name; its lead statuses known", async () => {
    const dto = await preview(hubspotCsv);
    expect(Object.fromEntries(dto.headers.map((h, i) => [h, dto.mapping[i]]))).toEqual({
      "Record ID": null,
      "First Name": "name",
      "Last Name": "name",
      Email: "email",
      "Phone Number": "phone",
      "Company Name": "company",
      "Lead Status": "status",
      "Lifecycle Stage": null,
      "Contact owner": "owner",
      "Create Date": "created_at",
      "Original Source": "source",
      "Job Title": null,
    });
    // HubSpot's lead statuses ("Open": contacted) are known (decision 024).
    expect(dto).toMatchObject({ rows: 3, valid: 3, invalid: 0, unknown_values: { status: [], source: [] } });
    // A status of nobody's is listed and waits for the user's mapping of the value.
    const odd = hubspotCsv.replace(",Open,", ",Esperando retorno,");
    const unknown = await preview(odd);
    expect(unknown).toMatchObject({ valid: 2, invalid: 1, unknown_values: { status: ["Esperando retorno"], source: [] } });
    expect(unknown.issues).toEqual([
      { line: 3, field: "status", code: "unknown_status", message: "Status desconhecido: Esperando retorno." },
    ]);
    const mapped = await preview(odd, { values: { status: { "Esperando retorno": "contacted" } } });
    expect(mapped).toMatchObject({ valid: 3, invalid: 0, unknown_values: { status: [], source: [] } });
  });

  it("decodes Windows-1252 (Excel in Brazil) when the bytes are not UTF-8", async () => {
    const bytes = base64Bytes(cp1252Base64);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const dto = await preview(bytes, { name: "excel.csv" });
    expect(dto.headers).toEqual(["Nome", "E-mail", "Empresa", "Origem", "Valor"]);
    expect(dto).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
  });

  it("reads UTF-16 with its BOM (Excel's 'Unicode text', tab-separated)", async () => {
    const text = "Nome\tE-mail\tEmpresa\r\nJoão Conceição\tjoao@x.com\tAçúcar & Cia\r\n";
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) new DataView(bytes.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true);
    const dto = await preview(bytes);
    expect(dto.headers).toEqual(["Nome", "E-mail", "Empresa"]);
    expect(dto.mapping).toEqual(["name", "email", "company"]);
    expect(dto).toMatchObject({ rows: 1, valid: 1 });
  });

  it("reads UTF-8 without BOM, with a BOM, and with a stray BOM in the middle alike", async () => {
    const plain = file(csvRow({ name: "Zoë Ñandú", email: "zoe@x.com" }));
    for (const content of [plain, `\uFEFF${plain}`, plain.replace("Zoë", "Zo\uFEFFë")]) {
      const dto = await preview(content);
      expect(dto.headers[0]).toBe("Nome");
      expect(dto).toMatchObject({ rows: 1, valid: 1 });
    }
  });

  it("takes mixed line ends (CRLF, LF, CR) and counts lines right", async () => {
    const content = `${header}\r\n${csvRow({ name: "A", email: "a@x.com" })}\n${csvRow({ name: "B", email: "bad" })}\r${csvRow({ name: "", email: "c@x.com" })}\r\n`;
    const dto = await preview(content);
    expect(dto.rows).toBe(3);
    expect(dto.issues.map((issue) => [issue.line, issue.code])).toEqual([
      [3, "invalid_email"],
      [4, "required"],
    ]);
  });

  it("numbers lines in the file, a quoted multi-line cell counting its lines", async () => {
    const content = file(csvRow({ name: "A", notes: "one\ntwo\nthree" }), "", csvRow({ name: "B", email: "x" }));
    const dto = await preview(content);
    expect(dto.rows).toBe(2);
    expect(dto.issues).toMatchObject([{ line: 6, field: "email", code: "invalid_email" }]);
  });

  it("detects the delimiter from the header line (a semicolon file with commas in cells)", async () => {
    const dto = await preview("Nome;Empresa;Tags\nAna;Silva, Souza & Cia;a,b\n");
    expect(dto.headers).toEqual(["Nome", "Empresa", "Tags"]);
    expect(dto).toMatchObject({ rows: 1, valid: 1 });
  });

  it("uses the mapping sent with the file, and refuses one without a name or with a field twice", async () => {
    const content = "Pessoa,Correio\nAna,ana@x.com\n";
    await refused(content, 400, "import_mapping_invalid");
    await refused(content, 400, "import_mapping_invalid", { mapping: ["email", "email"] });
    await refused(content, 400, "import_mapping_invalid", { mapping: ["name"] });
    await refused(content, 400, "import_mapping_invalid", { mapping: ["name", "birthday"] as unknown as LeadImportMapping });
    await refused(content, 400, "import_mapping_invalid", { mapping: "{not json" });
    await nothingStored();
    const dto = await preview(content, { mapping: ["name", "email"] });
    expect(dto).toMatchObject({ mapping: ["name", "email"], valid: 1 });
  });

  it("counts rows whose e-mail matches a stored lead (case and spaces aside) as matches", async () => {
    await createLead(db(), { name: "Já Existe", email: "Ana@X.com" });
    const dto = await preview(
      file(csvRow({ name: "Ana", email: " ana@x.COM " }), csvRow({ name: "Bia", email: "bia@x.com" }), csvRow({ name: "Sem e-mail" })),
    );
    expect(dto).toMatchObject({ rows: 3, valid: 3, new: 2, matches: 1 });
  });
});

describe("POST /api/imports: every row by the lead form's rules", () => {
  it("gives each reason with its line, field and a translated message", async () => {
    const content = file(
      csvRow({ name: "", email: "a@x.com" }),
      csvRow({ name: "B", email: "não-é-email" }),
      csvRow({ name: "C", value: "-10" }),
      csvRow({ name: "D", value: "doze" }),
      csvRow({ name: "E", status: "Fechado" }),
      csvRow({ name: "F", source: "Feira" }),
      csvRow({ name: "G", currency: "GBP" }),
      csvRow({ name: "H", owner: "ninguem@x.com" }),
      csvRow({ name: "I", created: "31/02/2024" }),
      csvRow({ name: "J", phone: "123" }),
      csvRow({ name: "K".repeat(201) }),
      csvRow({ name: "L", tags: Array.from({ length: 31 }, (_, i) => `t${i}`).join(",") }),
      csvRow({ name: "M", tags: "x".repeat(51) }),
      csvRow({ name: "N", notes: "n".repeat(10_001) }),
      csvRow({ name: "O", company: "c".repeat(201) }),
      csvRow({ name: "P\u202eevil" }),
    );
    const dto = await preview(content);
    expect(dto).toMatchObject({ rows: 16, valid: 0, invalid: 16 });
    expect(dto.issues.map((i) => [i.line, i.field, i.code])).toEqual([
      [2, "name", "required"],
      [3, "email", "invalid_email"],
      [4, "value", "invalid_value"],
      [5, "value", "invalid_value"],
      [6, "status", "unknown_status"],
      [7, "source", "unknown_source"],
      [8, "currency", "unknown_currency"],
      [9, "owner", "unknown_owner"],
      [10, "created_at", "invalid_date"],
      [11, "phone", "invalid_phone"],
      [12, "name", "too_long"],
      [13, "tags", "too_many_tags"],
      [14, "tags", "too_long"],
      [15, "notes", "too_long"],
      [16, "company", "too_long"],
      [17, "name", "invalid"],
    ]);
    const messages = dto.issues.map((i) => i.message);
    expect(messages[0]).toBe("Nome: campo obrigatório.");
    expect(messages[1]).toBe("E-mail inválido: não-é-email.");
    expect(messages[4]).toBe("Status desconhecido: Fechado.");
    expect(messages[7]).toBe("Responsável não encontrado ou inativo: ninguem@x.com.");
    expect(messages[15]).toBe("Nome: valor inválido.");
    expect(dto.unknown_values).toEqual({ status: ["Fechado"], source: ["Feira"] });
    // The same import read in English and Spanish.
    const en = (
      (await (await request(`/api/imports/${dto.id}?lang=en`, { headers: bearer(manager.session.access_token) })).json()) as {
        import: ImportDto;
      }
    ).import;
    expect(en.issues[0]!.message).toBe("Name: required.");
    expect(en.issues[4]!.message).toBe("Unknown status: Fechado.");
    const es = (
      (await (await request(`/api/imports/${dto.id}?lang=es`, { headers: bearer(manager.session.access_token) })).json()) as {
        import: ImportDto;
      }
    ).import;
    expect(es.issues[1]!.message).toBe("Correo no válido: não-é-email.");
  });

  it("accepts values in pt-BR and en formats, statuses and sources by key or label in pt, es and en, currencies by code or symbol", async () => {
    const content = file(
      csvRow({ name: "A", value: "12.345,67", status: "Qualificado", source: "Indicação" }),
      csvRow({ name: "B", value: "12,345.67", status: "Calificado", source: "Referencia" }),
      csvRow({ name: "C", value: "12345.67", status: "qualified", source: "referral" }),
      csvRow({ name: "D", value: "1234,5", status: "QUALIFIED", source: "Referral", currency: "usd" }),
      csvRow({ name: "E", value: "€ 1.000", status: "Ganado", source: "Redes sociales", currency: "€" }),
      csvRow({ name: "F", value: "0", status: "Perdido", source: "Sitio web", currency: "R$" }),
    );
    const dto = await preview(content);
    expect(dto.issues).toEqual([]);
    expect(dto).toMatchObject({ valid: 6, invalid: 0 });
  });

  it("takes the owner by the e-mail (any case) of an ACTIVE user only", async () => {
    const inactive = await createUser(db(), { email: "saiu@exemplo.com", isActive: false });
    const dto = await preview(file(csvRow({ name: "A", owner: OWNER_EMAIL.toUpperCase() }), csvRow({ name: "B", owner: inactive.email })));
    expect(dto.issues).toMatchObject([{ line: 3, field: "owner", code: "unknown_owner" }]);
  });

  it("reports repeated e-mails: the first row wins, each later one names the first row's line", async () => {
    const dto = await preview(
      file(
        csvRow({ name: "A", email: "dup@x.com" }),
        csvRow({ name: "B", email: "other@x.com" }),
        csvRow({ name: "C", email: "DUP@x.com" }),
        csvRow({ name: "D", email: " dup@x.com" }),
      ),
    );
    expect(dto).toMatchObject({ rows: 4, valid: 2, invalid: 2, duplicates: 2, new: 2 });
    expect(dto.issues).toEqual([
      { line: 4, field: "email", code: "duplicate_email", message: "E-mail repetido: já aparece na linha 2." },
      { line: 5, field: "email", code: "duplicate_email", message: "E-mail repetido: já aparece na linha 2." },
    ]);
  });

  it("keeps at most 200 issues in the preview (the counts cover every row)", async () => {
    const rows = Array.from({ length: 250 }, (_, i) => csvRow({ name: `N${i}`, email: `bad${i}` }));
    const dto = await preview(file(...rows));
    expect(dto).toMatchObject({ rows: 250, invalid: 250 });
    expect(dto.issues).toHaveLength(200);
  });
});

describe("POST /api/imports: bad input is refused clearly, nothing stored, never a 5xx", () => {
  it("an empty file, a blank one, only headers", async () => {
    await refused("", 400, "import_file_empty");
    await refused(" \r\n\n", 400, "import_file_empty");
    await refused(`${header}\n`, 400, "import_only_headers");
    await refused(`${header}\n,,,,\n\n`, 400, "import_only_headers");
    await nothingStored();
  });

  it("a binary file renamed .csv (a PNG, a ZIP/XLSX) and text full of control characters", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const body = await refused(png, 400, "import_binary_file", { name: "photo.csv" });
    expect(body.message).toContain("CSV");
    await refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), 400, "import_binary_file", { name: "planilha.csv" });
    await refused("Nome\n" + "\u0001\u0002\u0003\u0004".repeat(20) + "\n", 400, "import_binary_file");
    await nothingStored();
  });

  it("a file over 10 MB: 413 with the import's own code (and a 50 MB one too)", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    await refused(big, 413, "import_file_too_large");
    const huge = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    const body = await refused(huge, 413, "import_file_too_large", { language: "en" });
    expect(body.message).toMatch(/10 MB/);
    await nothingStored();
  });

  it("more than 20,000 rows", async () => {
    const rows = Array.from({ length: 20_001 }, (_, i) => `N${i}`);
    await refused(`Nome\n${rows.join("\n")}\n`, 400, "import_too_many_rows");
    await nothingStored();
  });

  it("more than 200 columns (1,000 columns)", async () => {
    const headers = Array.from({ length: 1_000 }, (_, i) => (i === 0 ? "Nome" : `C${i}`));
    const body = await refused(`${headers.join(",")}\nAna\n`, 400, "import_too_many_columns");
    expect(body.message).toContain("1.000");
    await nothingStored();
  });

  it("a cell over 100,000 characters (a cell of 1 MB)", async () => {
    const body = await refused(`Nome,Notas\nAna,"${"x".repeat(1024 * 1024)}"\n`, 400, "import_cell_too_long");
    expect(body.message).toContain("2");
    await nothingStored();
  });

  it("a quote that is never closed", async () => {
    await refused(`Nome,Notas\nAna,ok\nBia,"sem fim\nCia,x\n`, 400, "import_unclosed_quote");
    await nothingStored();
  });

  it("no file part, or values that are not a value mapping", async () => {
    const response = await request("/api/imports", { method: "POST", body: new FormData(), headers: bearer(manager.session.access_token) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("import_file_missing");
    await refused(file(csvRow({ name: "A" })), 400, "import_values_invalid", { values: ["x"] });
    await nothingStored();
  });

  it("formulas are kept as text; the apostrophe the CRM's export put before one is taken off; control characters stripped", async () => {
    const content = file(
      csvRow({ name: '=HYPERLINK("http://evil")', company: "'=1+1", notes: "@SUM(A1)", tags: "'-urgente" }),
      csvRow({ name: "Ana\u0007 Souza\u001b", email: "ana@x.com" }),
    );
    const dto = await preview(content);
    expect(dto).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
  });
});

describe("GET /api/imports/:id and access", () => {
  it("any admin or manager reads an import; an unknown id is 404", async () => {
    const dto = await preview(file(csvRow({ name: "A" })));
    const read = await request(`/api/imports/${dto.id}`, { headers: bearer(admin.session.access_token) });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { import: ImportDto }).import).toEqual(dto);
    const missing = await request(`/api/imports/${crypto.randomUUID()}`, { headers: bearer(admin.session.access_token) });
    expect(missing.status).toBe(404);
  });

  it("forgets imports older than 30 days (their file and row) when a new preview is made", async () => {
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    for (const [id, days] of [
      [old, 31],
      [recent, 29],
    ] as const) {
      await env.DB.prepare("insert into lead_imports (id, file_name, file_size, created_at) values (?, 'x.csv', 1, ?)")
        .bind(id, new Date(Date.now() - days * 86_400_000).toISOString())
        .run();
      await env.ATTACHMENTS.put(`imports/${id}.csv`, "Nome\nAna\n");
    }
    await preview(file(csvRow({ name: "A" })));
    expect(
      await eventually(
        () => env.DB.prepare("select id from lead_imports where id = ?").bind(old).first(),
        (row) => row === null,
      ),
    ).toBeNull();
    expect(await env.ATTACHMENTS.head(`imports/${old}.csv`)).toBeNull();
    expect(await env.ATTACHMENTS.head(`imports/${recent}.csv`)).not.toBeNull();
    expect(await env.DB.prepare("select id from lead_imports where id = ?").bind(recent).first()).not.toBeNull();
  });

  it("anonymous 401, sales_rep 403 on every route, and nothing stored", async () => {
    const content = file(csvRow({ name: "A" }));
    expect((await upload(content, { who: null })).status).toBe(401);
    const forbidden = await upload(content, { who: rep });
    expect(forbidden.status).toBe(403);
    await nothingStored();
    const dto = await preview(content);
    for (const [path, init] of [
      [`/api/imports/${dto.id}`, {}],
      [`/api/imports/${dto.id}/failed.csv`, {}],
      [
        `/api/imports/${dto.id}/commit`,
        { method: "POST", body: JSON.stringify({ mode: "skip" }), headers: { "Content-Type": "application/json" } },
      ],
    ] as const) {
      const anonymous = await request(path, init);
      expect(anonymous.status, path).toBe(401);
      const asRep = await request(path, {
        ...init,
        headers: { ...("headers" in init ? init.headers : {}), ...bearer(rep.session.access_token) },
      });
      expect(asRep.status, path).toBe(403);
    }
    expect((await env.DB.prepare("select count(*) as n from leads").first<{ n: number }>())!.n).toBe(0);
  });

  it("allows exactly 30 previews of new files per person in 10 minutes, even in a parallel burst", async () => {
    const content = file(csvRow({ name: "A" }));
    const responses = await Promise.all(Array.from({ length: 34 }, (_, i) => upload(content, { who: admin, name: `leads-${i}.csv` })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const limited = responses.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string; message: string }).message).toMatch(/importações/);
    // Another person still may.
    expect((await upload(content, { who: manager })).status).toBe(201);
  });
});

describe("reading values", () => {
  it("money: pt-BR and en grouping, a lone separator before three digits is thousands, negatives and words refused", () => {
    expect(parseMoney("12.345,67")).toBe(12345.67);
    expect(parseMoney("12,345.67")).toBe(12345.67);
    expect(parseMoney("12345.67")).toBe(12345.67);
    expect(parseMoney("1234,5")).toBe(1234.5);
    expect(parseMoney("1.000")).toBe(1000);
    expect(parseMoney("7,125")).toBe(7125);
    expect(parseMoney("7,1250")).toBe(7.125);
    expect(parseMoney("1.234.567,8")).toBe(1234567.8);
    expect(parseMoney("R$ 1.500,00")).toBe(1500);
    expect(parseMoney("US$ 99")).toBe(99);
    expect(parseMoney("")).toBeNull();
    for (const bad of ["-10", "doze", "1,2,3", "12.34.5", "1.", "1e5", "R$"]) expect(parseMoney(bad), bad).toBeUndefined();
  });

  it("creation dates: ISO (kept to the millisecond), dd/mm/yyyy, a day as noon UTC; impossible and future dates refused", () => {
    const now = Date.parse("2026-11-27T00:00:00Z");
    expect(parseCreatedAt("2024-05-13", now)).toBe("2024-05-13T12:00:00.000Z");
    expect(parseCreatedAt("13/05/2024", now)).toBe("2024-05-13T12:00:00.000Z");
    // A time without a zone is the organisation's clock (São Paulo unless told: UTC−3).
    expect(parseCreatedAt("13/05/2024 08:30", now)).toBe("2024-05-13T11:30:00.000Z");
    expect(parseCreatedAt("2024-05-13 10:22:33", now)).toBe("2024-05-13T13:22:33.000Z");
    expect(parseCreatedAt("2026-11-27T14:05:00.123Z", now)).toBe("2026-11-27T14:05:00.123Z");
    expect(parseCreatedAt("2024-05-13T10:00:00-03:00", now)).toBe("2024-05-13T13:00:00.000Z");
    expect(parseCreatedAt("", now)).toBeNull();
    for (const bad of ["31/02/2024", "2024-13-01", "ontem", "2030-01-01", "1/1/24"]) expect(parseCreatedAt(bad, now), bad).toBeUndefined();
  });
});

describe("suggestMapping (shared with the browser)", () => {
  it("matches headers in pt, es and en regardless of case, accents and punctuation", () => {
    expect(suggestMapping(["NOME", "e-mail", "Teléfono", "Responsável", "Valor Estimado", "Criado em", "Notas", "Observações"])).toEqual([
      "name",
      "email",
      "phone",
      "owner",
      "value",
      "created_at",
      "notes",
      "notes",
    ]);
    expect(suggestMapping(["Title", "Job Title", "Lead - Title"])).toEqual([null, null, null]);
  });
});
