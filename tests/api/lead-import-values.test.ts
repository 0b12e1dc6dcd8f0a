// 'Importar Dados', how the server reads values and headers (issue 23, after the fresh-eyes
// review): a currency from the value's own symbol (and a clash with the currency column),
// Pipedrive's standard sources and HubSpot's lead statuses, dates day or month first per file
// and times on the organisation's clock, "0,125" as 0.125, headers with a bracketed suffix,
// in the singular or as people type them; what the stored leads hold after the commit.
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import Papa from "papaparse";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportDto } from "../../worker/services/lead-import/import-dto.ts";
import { fieldForHeader, suggestMapping } from "../../worker/services/lead-import-columns.ts";
import {
  detectDateOrder,
  headerCurrency,
  moneyCurrency,
  parseCreatedAt,
  parseMoney,
  parseSource,
  parseStatus,
  toValueMap,
} from "../../worker/services/lead-import/values.ts";
import { domainErrorReply } from "../../worker/http/error-response.ts";
import { ImportFileExpiredError } from "../../worker/services/lead-import/errors.ts";
import { bearer, json, request, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let manager: Staff;

beforeAll(async () => {
  manager = await signedInUser("manager");
});

beforeEach(async () => {
  await env.DB.prepare("delete from leads").run();
  await env.DB.prepare("delete from lead_imports").run();
  await env.DB.prepare("delete from rate_limit_events").run();
});

async function preview(content: string, language = "pt-BR"): Promise<ImportDto> {
  const form = new FormData();
  form.append("file", new File([content], "leads.csv", { type: "text/csv" }));
  const response = await request("/api/imports", {
    method: "POST",
    body: form,
    headers: { ...bearer(manager.session.access_token), "Accept-Language": language },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { import: ImportDto }).import;
}

async function refused(content: string, status: number, code: string, language = "pt-BR") {
  const form = new FormData();
  form.append("file", new File([content], "leads.csv", { type: "text/csv" }));
  const response = await request("/api/imports", {
    method: "POST",
    body: form,
    headers: { ...bearer(manager.session.access_token), "Accept-Language": language },
  });
  const body = (await response.json()) as { error: string; message: string };
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.error).toBe(code);
  return body.message;
}

async function commitAll(id: string): Promise<ImportDto> {
  for (let i = 0; i < 20; i++) {
    const response = await request(
      `/api/imports/${id}/commit`,
      json("POST", { mode: "update_empty" }, bearer(manager.session.access_token)),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const dto = ((await response.json()) as { import: ImportDto }).import;
    if (dto.status === "done") return dto;
  }
  throw new Error("the import never finished");
}

type StoredLead = { name: string; estimated_value: number | null; currency: string; source: string; status: string; created_at: string };
const stored = async (name: string) =>
  (await env.DB.prepare("select name, estimated_value, currency, source, status, created_at from leads where name = ?")
    .bind(name)
    .first<StoredLead>())!;

const NOW = Date.parse("2026-11-27T00:00:00Z");

describe("values read from the cells", () => {
  it("money: a zero whole part is never a group of thousands ('0,125' is 0.125), '7,125' still is 7125", () => {
    expect(parseMoney("0,125")).toBe(0.125);
    expect(parseMoney("0.125")).toBe(0.125);
    expect(parseMoney("R$ 0,125")).toBe(0.125);
    expect(parseMoney("7,125")).toBe(7125);
    expect(parseMoney("1.000")).toBe(1000);
    for (const bad of ["0.125.000", "01.000.000"]) expect(parseMoney(bad), bad).toBeUndefined();
  });

  it("money: the currency a value's symbol or code names, and one a header names in brackets", () => {
    expect(moneyCurrency("US$ 5,000.00")).toBe("USD");
    expect(moneyCurrency("$10")).toBe("USD");
    expect(moneyCurrency("R$ 1.500,00")).toBe("BRL");
    expect(moneyCurrency("5.000,00 €")).toBe("EUR");
    expect(moneyCurrency("EUR 12")).toBe("EUR");
    expect(moneyCurrency("5000")).toBeNull();
    expect(headerCurrency("Valor (R$)")).toBe("BRL");
    expect(headerCurrency("Amount [USD]")).toBe("USD");
    expect(headerCurrency("Valor (estimado)")).toBeNull();
    expect(headerCurrency("Valor")).toBeNull();
  });

  it("Pipedrive's standard sources and HubSpot's lead statuses (as shown and as their internal values) are known", () => {
    const none = toValueMap(undefined);
    expect(
      Object.fromEntries(
        ["Web forms", "Manually created", "Prospector", "Import", "LeadBooster", "Live chat", "Chatbot", "API", "Web visitors"].map((s) => [
          s,
          parseSource(s, none),
        ]),
      ),
    ).toEqual({
      "Web forms": "website",
      "Manually created": "other",
      Prospector: "other",
      Import: "other",
      LeadBooster: "website",
      "Live chat": "website",
      Chatbot: "website",
      API: "other",
      "Web visitors": "website",
    });
    const statuses = ["NEW", "OPEN", "IN_PROGRESS", "OPEN_DEAL", "UNQUALIFIED", "ATTEMPTED_TO_CONTACT", "CONNECTED", "BAD_TIMING"];
    expect(statuses.map((s) => parseStatus(s, none))).toEqual([
      "new",
      "contacted",
      "contacted",
      "negotiating",
      "lost",
      "contacted",
      "contacted",
      "lost",
    ]);
    expect(
      ["New", "Open", "In progress", "Open deal", "Unqualified", "Attempted to contact", "Connected", "Bad timing"].map((s) =>
        parseStatus(s, none),
      ),
    ).toEqual(statuses.map((s) => parseStatus(s, none)));
    // The user's own mapping still wins over a known word.
    expect(parseStatus("Open", toValueMap({ status: { Open: "qualified" } }))).toBe("qualified");
  });

  it("dates: the order a column shows (a part over 12), else the zone's; a time without zone on the organisation's clock", () => {
    expect(detectDateOrder(["03/05/2025", "25/12/2024"])).toEqual({ order: "dmy", guessed: false });
    expect(detectDateOrder(["03/05/2025", "05/13/2024 10:22"])).toEqual({ order: "mdy", guessed: false });
    expect(detectDateOrder(["03/05/2025", "04/06/2025"])).toEqual({ order: "dmy", guessed: true });
    expect(detectDateOrder(["03/05/2025"], "America/New_York")).toEqual({ order: "mdy", guessed: true });
    expect(detectDateOrder(["2025-03-05", ""])).toBeNull();

    expect(parseCreatedAt("03/05/2025", NOW)).toBe("2025-05-03T12:00:00.000Z");
    expect(parseCreatedAt("03/05/2025", NOW, { order: "mdy" })).toBe("2025-03-05T12:00:00.000Z");
    expect(parseCreatedAt("13/05/2025", NOW, { order: "mdy" })).toBeUndefined();
    // São Paulo (UTC−3) unless told: 10:22 there is 13:22 UTC; London in May is UTC+1.
    expect(parseCreatedAt("13/05/2024 10:22", NOW)).toBe("2024-05-13T13:22:00.000Z");
    expect(parseCreatedAt("2024-05-13 10:22:33", NOW)).toBe("2024-05-13T13:22:33.000Z");
    expect(parseCreatedAt("2024-05-13 10:22:33", NOW, { timeZone: "Europe/London" })).toBe("2024-05-13T09:22:33.000Z");
    expect(parseCreatedAt("5/13/2024 10:22 PM", NOW, { order: "mdy", timeZone: "America/New_York" })).toBe("2024-05-14T02:22:00.000Z");
    expect(parseCreatedAt("13.05.2024", NOW)).toBe("2024-05-13T12:00:00.000Z");
    // A zone written in the cell is the cell's.
    expect(parseCreatedAt("2024-05-13T10:22:00Z", NOW)).toBe("2024-05-13T10:22:00.000Z");
    for (const bad of ["13/05/2024 25:00", "13/05/2024 13:00 PM", "2024-05-13 10:61"])
      expect(parseCreatedAt(bad, NOW), bad).toBeUndefined();
  });
});

describe("headers people type", () => {
  it("a bracketed suffix, a trailing number, the singular and the review's headers map to their fields", () => {
    expect(
      Object.fromEntries(
        [
          "Valor (R$)",
          "Observação",
          "Nome da empresa",
          "Razão social",
          "Fone",
          "E-mail do contato",
          "Data de cadastro",
          "Telefone celular",
          "Email 1",
          "Deal Stage",
          "Responsável (e-mail)",
          "Nota",
          "Etiqueta",
          "Responsáveis",
          "Comentário",
        ].map((h) => [h, fieldForHeader(h)]),
      ),
    ).toEqual({
      "Valor (R$)": "value",
      Observação: "notes",
      "Nome da empresa": "company",
      "Razão social": "company",
      Fone: "phone",
      "E-mail do contato": "email",
      "Data de cadastro": "created_at",
      "Telefone celular": "phone",
      "Email 1": "email",
      "Deal Stage": "status",
      "Responsável (e-mail)": "owner",
      Nota: "notes",
      Etiqueta: "tags",
      Responsáveis: "owner",
      Comentário: "notes",
    });
    // Still not the person's name, and a second e-mail column waits for the user.
    for (const h of ["Lead - Title", "Job Title", "Title", "Record ID"]) expect(fieldForHeader(h), h).toBeNull();
    expect(suggestMapping(["Nome", "Email 1", "Email 2"])).toEqual(["name", "email", null]);
  });
});

describe("POST /api/imports then commit: the stored leads", () => {
  it("the currency comes from the value's symbol when no column says it; a different currency column is the row's error", async () => {
    const csv = [
      "Nome;Valor;Moeda",
      "Dólar Símbolo;US$ 5,000.00;",
      "Euro Sufixo;5.000,00 €;",
      "Sem Símbolo;1.500,00;",
      "Mesma Moeda;US$ 10;USD",
      "Conflito;US$ 10;BRL",
    ].join("\n");
    const dto = await preview(csv);
    expect(dto).toMatchObject({ rows: 5, valid: 4, invalid: 1 });
    expect(dto.issues).toEqual([
      { line: 6, field: "currency", code: "currency_conflict", message: "Moeda em conflito: o valor US$ 10 não está em BRL." },
    ]);
    const en = await preview(csv, "en");
    expect(en.issues[0]!.message).toBe("Conflicting currency: the value US$ 10 is not in BRL.");
    await commitAll(dto.id);
    expect(await stored("Dólar Símbolo")).toMatchObject({ estimated_value: 5000, currency: "USD" });
    expect(await stored("Euro Sufixo")).toMatchObject({ estimated_value: 5000, currency: "EUR" });
    expect(await stored("Sem Símbolo")).toMatchObject({ estimated_value: 1500, currency: "BRL" });
    expect(await stored("Mesma Moeda")).toMatchObject({ estimated_value: 10, currency: "USD" });
  });

  it("'Valor (US$)' maps to the value and gives its currency; '0,125' is stored as 0.125", async () => {
    const dto = await preview('Nome,Valor (US$)\nCabeçalho,"1.250,50"\nFração,"0,125"\n');
    expect(dto.mapping).toEqual(["name", "value"]);
    await commitAll(dto.id);
    expect(await stored("Cabeçalho")).toMatchObject({ estimated_value: 1250.5, currency: "USD" });
    expect(await stored("Fração")).toMatchObject({ estimated_value: 0.125, currency: "USD" });
  });

  it("a Pipedrive export with its standard sources and a HubSpot one with its lead statuses import without any mapping", async () => {
    const pipedrive = await preview(
      [
        "Person - Name,Lead - Source",
        "Web Forms Lead,Web forms",
        "Manual Lead,Manually created",
        "Prospector Lead,Prospector",
        "Import Lead,Import",
      ].join("\n"),
    );
    expect(pipedrive).toMatchObject({ rows: 4, valid: 4, invalid: 0, unknown_values: { status: [], source: [] } });
    const hubspot = await preview(
      ["First Name,Last Name,Lead Status", "Hub,Aberto,OPEN", "Hub,Negócio,OPEN_DEAL", "Hub,Momento,Bad timing", "Hub,Novo,NEW"].join("\n"),
    );
    expect(hubspot).toMatchObject({ rows: 4, valid: 4, invalid: 0, unknown_values: { status: [], source: [] } });
    await commitAll(pipedrive.id);
    await commitAll(hubspot.id);
    expect(await stored("Web Forms Lead")).toMatchObject({ source: "website" });
    expect(await stored("Manual Lead")).toMatchObject({ source: "other" });
    expect(await stored("Hub Aberto")).toMatchObject({ status: "contacted" });
    expect(await stored("Hub Negócio")).toMatchObject({ status: "negotiating" });
    expect(await stored("Hub Momento")).toMatchObject({ status: "lost" });
    expect(await stored("Hub Novo")).toMatchObject({ status: "new" });
  });

  it("a US file's dates are read month first throughout (one value shows it); times are São Paulo's clock", async () => {
    const us = await preview(["Name,Created", "Us One,03/05/2025", "Us Two,05/13/2024 10:22", "Us Three,12/01/2024"].join("\n"), "en");
    expect(us).toMatchObject({ rows: 3, valid: 3, invalid: 0 });
    await commitAll(us.id);
    expect((await stored("Us One")).created_at).toBe("2025-03-05T12:00:00.000Z");
    expect((await stored("Us Two")).created_at).toBe("2024-05-13T13:22:00.000Z");
    expect((await stored("Us Three")).created_at).toBe("2024-12-01T12:00:00.000Z");

    const br = await preview(["Nome,Criado em", "Br Um,03/05/2025", "Br Dois,13/05/2024 10:22"].join("\n"));
    expect(br).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
    await commitAll(br.id);
    expect((await stored("Br Um")).created_at).toBe("2025-05-03T12:00:00.000Z");
    expect((await stored("Br Dois")).created_at).toBe("2024-05-13T13:22:00.000Z");
  });

  it("a time without zone is read on the organisation's clock once Sistema says New York; numbers in row reasons are the reader's", async () => {
    const admin = await signedInUser("admin");
    const system = (time_zone: string) =>
      request(
        "/api/settings/system",
        json(
          "PUT",
          { company_name: "Minha Empresa", time_zone, currency: "BRL", auto_backup: true, maintenance_mode: false, debug_mode: false },
          bearer(admin.session.access_token),
        ),
      );
    expect((await system("America/New_York")).status).toBe(200);
    try {
      // 13/05 shows the day comes first; 10:22 in New York (EDT, UTC-4) is 14:22 UTC, not São Paulo's 13:22.
      const dto = await preview(`Nome,Criado em,Notas\nNy Um,13/05/2024 10:22,\nNotas Longas,,${"n".repeat(10_001)}\n`);
      expect(dto).toMatchObject({ rows: 2, valid: 1, invalid: 1 });
      expect(dto.issues[0]!.message).toContain("10.000");
      await commitAll(dto.id);
      expect((await stored("Ny Um")).created_at).toBe("2024-05-13T14:22:00.000Z");
    } finally {
      expect((await system("America/Sao_Paulo")).status).toBe(200);
    }
  });

  it("a commit batch reads dates in the order the whole file shows, even when the telling value comes after the batch", async () => {
    // 600 rows: the first batch (500) holds only ambiguous dates; row 601 is month first.
    const rows = Array.from({ length: 600 }, (_, i) => `Lote ${i + 1},03/05/2025`);
    rows.push("Lote Final,05/13/2024");
    const dto = await preview(["Name,Created", ...rows].join("\n"), "en");
    expect(dto).toMatchObject({ rows: 601, valid: 601, invalid: 0 });
    await commitAll(dto.id);
    expect((await stored("Lote 1")).created_at).toBe("2025-03-05T12:00:00.000Z");
    expect((await stored("Lote 600")).created_at).toBe("2025-03-05T12:00:00.000Z");
    expect((await stored("Lote Final")).created_at).toBe("2024-05-13T12:00:00.000Z");
  });

  it("a date in the future and a text too long say so, in the reader's language", async () => {
    const csv = `Nome,Criado em\nFuturo,01/01/2099\n${"N".repeat(201)},\n`;
    const pt = await preview(csv);
    expect(pt.issues.map((i) => [i.line, i.field, i.code, i.message])).toEqual([
      [2, "created_at", "future_date", "Data de criação no futuro: 01/01/2099."],
      [3, "name", "too_long", "Nome: texto longo demais (no máximo 200 caracteres)."],
    ]);
    const es = await preview(csv, "es");
    expect(es.issues.map((i) => i.message)).toEqual([
      "Fecha de creación en el futuro: 01/01/2099.",
      "Nombre: texto demasiado largo (máximo 200 caracteres).",
    ]);
    const en = await preview(csv, "en");
    expect(en.issues.map((i) => i.message)).toEqual([
      "Creation date in the future: 01/01/2099.",
      "Name: text too long (at most 200 characters).",
    ]);
  });
});

describe("the file's own refusals and first line", () => {
  it("Excel's 'sep=;' first line names the delimiter and is not the header (rows keep their file lines)", async () => {
    const dto = await preview("sep=;\r\nNome;E-mail;Valor\r\nAna Sep;ana.sep@exemplo.com;1.234,50\r\n;;\r\nBia Sep;bia@;\r\n");
    expect(dto.headers).toEqual(["Nome", "E-mail", "Valor"]);
    expect(dto.mapping).toEqual(["name", "email", "value"]);
    expect(dto).toMatchObject({ rows: 2, valid: 1, invalid: 1 });
    expect(dto.issues.map((i) => [i.line, i.code])).toEqual([[5, "invalid_email"]]);
  });

  it("a header cell over 500 characters refuses the file (nothing stored), saying which column", async () => {
    const message = await refused(`Nome,${"H".repeat(501)}\nAna,x\n`, 400, "import_header_too_long");
    expect(message).toBe("O nome da coluna 2 passa de 500 caracteres: a primeira linha precisa ter os nomes das colunas.");
    expect((await env.DB.prepare("select count(*) as n from lead_imports").first<{ n: number }>())!.n).toBe(0);
    // 500 characters are still a header.
    expect((await preview(`Nome,${"H".repeat(500)}\nAna,x\n`)).headers[1]).toHaveLength(500);
  });

  it("limits in a refusal are written the reader's way: 20.000 in pt, 20,000 in en", async () => {
    const rows = Array.from({ length: 20_001 }, (_, i) => `N${i}`).join("\n");
    expect(await refused(`Nome\n${rows}\n`, 400, "import_too_many_rows")).toBe(
      "O arquivo passa do limite de 20.000 linhas. Divida-o em arquivos menores.",
    );
    expect(await refused(`Nome\n${rows}\n`, 400, "import_too_many_rows", "en")).toBe(
      "The file is over the limit of 20,000 rows. Split it into smaller files.",
    );
    expect(await refused(`Nome,Notas\nAna,"${"x".repeat(100_001)}"\n`, 400, "import_cell_too_long", "es")).toBe(
      "La celda de la línea 2 supera el límite de 100.000 caracteres.",
    );
  });

  it("an import whose stored file is gone answers 410 import_file_expired, saying to send the file again", () => {
    const pt = domainErrorReply(new ImportFileExpiredError(30), "pt");
    expect(pt.status).toBe(410);
    expect(pt.body).toEqual({
      error: "import_file_expired",
      message: "O arquivo desta importação não está mais guardado (os arquivos ficam 30 dias). Envie o arquivo de novo.",
    });
    expect(domainErrorReply(new ImportFileExpiredError(30), "en").body.message).toBe(
      "This import's file is no longer kept (files are kept 30 days). Upload the file again.",
    );
  });
});

describe("the export of imported leads", () => {
  it("activities.csv shows the import's timeline entry in the exporter's language, not the stored Portuguese text", async () => {
    const first = await preview("Nome,E-mail\nExportada Import,exportada.import@exemplo.com\n");
    await commitAll(first.id);
    const again = await preview("Nome,E-mail,Empresa\nExportada Import,exportada.import@exemplo.com,Acme\n");
    await commitAll(again.id);
    const rowsOf = async (language: "pt" | "es" | "en") => {
      const response = await request("/api/exports/data", {
        headers: { ...bearer(manager.session.access_token), Cookie: `language=${language}` },
      });
      expect(response.status).toBe(200);
      const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const content = new TextDecoder("utf-8", { ignoreBOM: true }).decode(zip["activities.csv"]!).slice(1);
      const parsed = Papa.parse<string[]>(content, { delimiter: language === "en" ? "," : ";", skipEmptyLines: true });
      return parsed.data
        .slice(1)
        .filter((row) => row[2] === "Exportada Import")
        .map((row) => row[5]);
    };
    expect((await rowsOf("en")).sort()).toEqual(["Imported from leads.csv", "Updated by the import of leads.csv"]);
    expect((await rowsOf("pt")).sort()).toEqual(["Atualizado pela importação de leads.csv", "Importado de leads.csv"]);
  });
});
