// 'Importar Dados' in the browser (issue 23): the file is read before anything is uploaded —
// decoded (BOM, UTF-8, Windows-1252, UTF-16), parsed (comma, semicolon, quoted line breaks) and
// refused with its reason when it cannot be a CSV of leads — by the same rules the server reads
// it with again (worker/services/lead-import/parse.ts), so the mapping step's row count and
// headers are the server's.
import { describe, expect, it } from "vitest";
import { IMPORT_LIMITS, suggestMapping } from "../../worker/services/lead-import-columns.ts";
import { parseCsv } from "../../worker/services/lead-import/parse.ts";
import { decodeCsvBytes, parseCsvText, readCsvFile, type CsvReading } from "../../app/modules/settings/data-import/read-csv-file.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readCsvFile(new Blob([utf8(text)]));
const reading = async (text: string) => {
  const result = await read(text);
  if ("code" in result) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as CsvReading;
};

describe("readCsvFile: what the mapping step shows", () => {
  it("a semicolon file with a UTF-8 BOM, CRLF and a quoted cell with a line break: headers, rows, a sample of each column", async () => {
    const csv = await reading(
      "\uFEFFNome;E-mail;Observações\r\n" +
        'Ana Souza;ana@example.com;"primeira linha\r\nsegunda linha"\r\n' +
        "\r\n" +
        "Bruno Lima;;Cliente antigo\r\n" +
        "Carla Dias;carla@example.com;\r\n",
    );
    expect(csv.headers).toEqual(["Nome", "E-mail", "Observações"]);
    expect(csv.delimiter).toBe(";");
    expect(csv.encoding).toBe("utf-8");
    expect(csv.rows).toBe(3);
    expect(csv.samples).toEqual([
      ["Ana Souza", "Bruno Lima"],
      ["ana@example.com", "carla@example.com"],
      ["primeira linha\nsegunda linha", "Cliente antigo"],
    ]);
    expect(suggestMapping(csv.headers)).toEqual(["name", "email", "notes"]);
  });

  it("Windows-1252 as Excel in Brazil saves it: the accents read right", async () => {
    // "Nome,Empresa\nJoão Conceição,Ação & Cia\n" in Windows-1252 (ã = E3, ç = E7).
    const bytes = new Uint8Array([
      ...utf8("Nome,Empresa\nJo"),
      0xe3,
      ...utf8("o Concei"),
      0xe7,
      0xe3,
      ...utf8("o,A"),
      0xe7,
      0xe3,
      ...utf8("o & Cia\n"),
    ]);
    const csv = (await readCsvFile(new Blob([bytes]))) as CsvReading;
    expect(csv.encoding).toBe("windows-1252");
    expect(csv.samples).toEqual([["João Conceição"], ["Ação & Cia"]]);
  });

  it("UTF-16 with its BOM (Excel's 'Unicode text'), tab-separated", () => {
    const text = "\uFEFFName\tEmail\nAna\tana@example.com\n";
    const bytes = new Uint8Array(2 * text.length);
    for (let i = 0; i < text.length; i++) {
      bytes[2 * i] = text.charCodeAt(i) & 0xff;
      bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
    }
    const decoded = decodeCsvBytes(bytes);
    expect(decoded).toEqual({ text: "Name\tEmail\nAna\tana@example.com\n", encoding: "utf-16" });
    expect(parseCsvText((decoded as { text: string }).text)).toMatchObject({ headers: ["Name", "Email"], rows: 1, delimiter: "\t" });
  });

  it("a long sample is cut; only the first two different non-empty values are kept", async () => {
    const long = "x".repeat(100);
    const csv = await reading(`Name,Notes,Tags\nA,,vip\nB,${long},vip\nC,second,vip\nD,third,new\n`);
    expect(csv.samples[1]).toEqual([`${"x".repeat(59)}…`, "second"]);
    expect(csv.samples[2]).toEqual(["vip", "new"]);
    expect(csv.rows).toBe(4);
  });

  it("agrees with the server's reading (rows, headers, delimiter) on line ends, quotes, blank rows and short rows", async () => {
    const files = [
      "Nome,E-mail\nAna,ana@example.com\nBia,bia@example.com\n",
      'Name;Email;Notes\r\n"Smith; John";john@example.com;"a ""quoted"" word"\r\n;;\r\nMary;;\n',
      "Nome,Telefone,Empresa\r\rAna,11 99999-0000\r\nBia,,Acme,extra\n\n\n",
      'First Name,Last Name,Email\n"Ana\nMaria",Souza,ana@example.com\nBruno,Lima,bruno@example.com',
    ];
    for (const file of files) {
      const server = parseCsv(file);
      const browser = await reading(file);
      expect({ headers: browser.headers, rows: browser.rows, delimiter: browser.delimiter }).toEqual({
        headers: server.headers,
        rows: server.rows.length,
        delimiter: server.delimiter,
      });
    }
  });
});

describe("readCsvFile: files refused before any upload, each with its reason", () => {
  it("an empty file, only blank lines, and a file of only the header row", async () => {
    expect(await readCsvFile(new Blob([]))).toEqual({ code: "empty" });
    expect(await read(" \r\n\n\t\n")).toEqual({ code: "empty" });
    expect(await read("Nome;E-mail;Telefone\r\n")).toEqual({ code: "header_only" });
    expect(await read("Nome;E-mail\r\n;\r\n\r\n")).toEqual({ code: "header_only" });
  });

  it("a binary file renamed .csv (NUL bytes, control characters) and an Excel workbook", async () => {
    expect(await readCsvFile(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])]))).toEqual({
      code: "binary",
    });
    const controls = new Uint8Array(400).map((_, i) => (i % 3 === 0 ? 0x01 : 0x41));
    expect(await readCsvFile(new Blob([controls]))).toEqual({ code: "binary" });
    expect(await readCsvFile(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])]))).toEqual({
      code: "spreadsheet",
    });
    expect(await readCsvFile(new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])]))).toEqual({
      code: "spreadsheet",
    });
  });

  it("a file over 10 MB is refused by its size, without being read", async () => {
    const big = new Blob([new Uint8Array(IMPORT_LIMITS.maxBytes + 1)]);
    expect(await readCsvFile(big)).toEqual({ code: "too_big", size: IMPORT_LIMITS.maxBytes + 1 });
  });

  it("1,000 columns; 20,001 rows (counted, for the message)", async () => {
    const wide = `${Array.from({ length: 1000 }, (_, i) => `c${i}`).join(",")}\n${"a,".repeat(999)}a\n`;
    expect(await read(wide)).toEqual({ code: "too_many_columns", count: 1000 });
    const long = `Nome\n${"Ana\n".repeat(IMPORT_LIMITS.maxRows + 1)}`;
    expect(await read(long)).toEqual({ code: "too_many_rows", count: IMPORT_LIMITS.maxRows + 1 });
    expect(await read(`Nome\n${"Ana\n".repeat(IMPORT_LIMITS.maxRows)}`)).toMatchObject({ rows: IMPORT_LIMITS.maxRows });
  });

  it("a cell over 100,000 characters and an unclosed quote name the line they start on (after blank lines and a quoted line break)", async () => {
    const cell = "y".repeat(IMPORT_LIMITS.maxCellChars + 1);
    expect(await read(`Nome,Notas\n"Ana","a\nb"\n\nBia,${cell}\n`)).toEqual({ code: "cell_too_long", line: 5 });
    expect(await read('Nome,Notas\nAna,ok\nBia,"never closed\nCarla,ok\n')).toEqual({ code: "unclosed_quote", line: 3 });
  });
});
