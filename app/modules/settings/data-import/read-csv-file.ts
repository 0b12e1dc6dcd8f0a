import Papa from "papaparse";
import { IMPORT_LIMITS } from "@worker/services/lead-import-columns";

// 'Importar Dados' (issue 23), in the browser: the chosen file is read here before anything is
// sent, so a file that cannot be a CSV of leads is refused at once with its reason. The rules
// are the server's (worker/services/lead-import/decode.ts and parse.ts), so the two agree on
// what a file holds; the server reads the same bytes again and never trusts this reading,
// which only fills the mapping step (headers, a sample of each column, the row count).
// Loaded with the import dialog only (papaparse is not in the Settings page's first load).

/** What the mapping step needs from the file. */
export type CsvReading = {
  headers: string[];
  /** Data rows (the header row and blank rows not counted). */
  rows: number;
  /** Up to SAMPLES_PER_COLUMN different non-empty values of each column, from the first rows. */
  samples: string[][];
  encoding: "utf-8" | "windows-1252" | "utf-16";
  delimiter: "," | ";" | "\t";
};

/** Why a file is refused before upload: a key of the dialog's `file.errors`, with its numbers. */
export type CsvRefusal =
  | { code: "too_big"; size: number }
  | { code: "empty" | "header_only" | "binary" | "spreadsheet" | "unreadable" }
  | { code: "too_many_columns" | "too_many_rows"; count: number }
  | { code: "cell_too_long" | "unclosed_quote" | "header_empty"; line: number };

export const SAMPLES_PER_COLUMN = 2;
/** A sample longer than this is cut (the mapping step shows a hint of each column, not its text). */
const SAMPLE_CHARS = 60;
/** Samples come from the first rows only. */
const SAMPLE_ROWS = 200;

/** Files that are certainly not text: Excel workbooks (ZIP, OLE2), which people often send as they are. */
const SPREADSHEET_MAGIC = [
  [0x50, 0x4b, 0x03, 0x04], // .xlsx, .ods (ZIP)
  [0xd0, 0xcf, 0x11, 0xe0], // .xls (OLE2)
];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/** Share of control characters (other than tab, CR, LF) above which a "text" is binary (the server's). */
const CONTROL_SHARE = 0.01;

const isRefusal = (value: object): value is CsvRefusal => "code" in value;

/**
 * The file's text, decoded as the server decodes it: UTF-16 after its BOM (Excel's "Unicode
 * text"), else UTF-8 (with or without BOM), else Windows-1252 (what Excel in Brazil saves).
 * A BOM anywhere is dropped. NUL bytes or many control characters: binary, whatever the name.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvReading["encoding"] } | CsvRefusal {
  if (SPREADSHEET_MAGIC.some((magic) => startsWith(bytes, magic))) return { code: "spreadsheet" };
  let text: string;
  let encoding: CsvReading["encoding"];
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : null;
  if (utf16) {
    text = new TextDecoder(utf16).decode(bytes);
    encoding = "utf-16";
  } else {
    if (bytes.includes(0)) return { code: "binary" };
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      encoding = "utf-8";
    } catch {
      text = new TextDecoder("windows-1252").decode(bytes);
      encoding = "windows-1252";
    }
  }
  text = text.replaceAll("\uFEFF", "");
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return { code: "binary" };
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) controls += 1;
  }
  if (controls > Math.max(8, text.length * CONTROL_SHARE)) return { code: "binary" };
  return { text, encoding };
}

/** The delimiter of the header line: the most common of , ; and tab outside quotes (comma on a tie), as the server decides. */
export function detectDelimiter(text: string): CsvReading["delimiter"] {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "\n") break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","] && counts["\t"] > counts[";"]) return "\t";
  return ",";
}

/**
 * Reads the CSV text (line ends of every kind as one): the first non-blank row is the header;
 * counts the data rows, keeps a sample of each column and checks IMPORT_LIMITS (columns, rows,
 * one cell) and unclosed quotes, each refusal with the line it starts on (header = 1).
 */
export function parseCsvText(raw: string, encoding: CsvReading["encoding"] = "utf-8"): CsvReading | CsvRefusal {
  const text = raw.replace(/\r\n?/g, "\n");
  if (!text.trim()) return { code: "empty" };
  const delimiter = detectDelimiter(text);
  // Assigned in the parser's callback (typed with `as` so that the checks below are not narrowed to null).
  let headers = null as string[] | null;
  let headerLine = 1;
  let refusal = null as CsvRefusal | null;
  let rows = 0;
  const samples: string[][] = [];
  let line = 1;
  let counted = 0;
  let rowStart = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: "\n",
    quoteChar: '"',
    skipEmptyLines: false,
    step: (result, parser) => {
      // The row's line is where its first character is (after the line breaks before it).
      let start = rowStart;
      while (start < text.length && text.charCodeAt(start) === 10) start++;
      for (let i = counted; i < start; i++) if (text.charCodeAt(i) === 10) line++;
      counted = Math.max(counted, start);
      rowStart = result.meta.cursor;
      const cells = result.data;
      const stop = (problem: CsvRefusal) => {
        refusal = problem;
        parser.abort();
      };
      if (result.errors.some((error) => error.type === "Quotes" && error.code === "MissingQuotes"))
        return stop({ code: "unclosed_quote", line });
      if (cells.some((cell) => cell.length > IMPORT_LIMITS.maxCellChars)) return stop({ code: "cell_too_long", line });
      if (cells.every((cell) => cell.trim() === "")) return;
      if (!headers) {
        if (cells.length > IMPORT_LIMITS.maxColumns) return stop({ code: "too_many_columns", count: cells.length });
        headers = cells.map((cell) => cell.trim());
        headerLine = line;
        for (let column = 0; column < headers.length; column++) samples.push([]);
        return;
      }
      rows += 1;
      if (rows > SAMPLE_ROWS) return;
      for (let column = 0; column < headers.length; column++) {
        const value = (cells[column] ?? "").trim();
        const kept = samples[column]!;
        const shown = value.length > SAMPLE_CHARS ? `${value.slice(0, SAMPLE_CHARS - 1)}…` : value;
        // Two different values say more about a column than the same one twice.
        if (value && kept.length < SAMPLES_PER_COLUMN && !kept.includes(shown)) kept.push(shown);
      }
    },
  });
  if (refusal) return refusal;
  if (!headers) return { code: "empty" };
  if (headers.every((header) => header === "")) return { code: "header_empty", line: headerLine };
  if (rows === 0) return { code: "header_only" };
  if (rows > IMPORT_LIMITS.maxRows) return { code: "too_many_rows", count: rows };
  return { headers, rows, samples, encoding, delimiter };
}

/** Reads a chosen or dropped file: its size first, then its bytes, its text and its rows. */
export async function readCsvFile(file: Blob): Promise<CsvReading | CsvRefusal> {
  if (file.size > IMPORT_LIMITS.maxBytes) return { code: "too_big", size: file.size };
  if (file.size === 0) return { code: "empty" };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { code: "unreadable" };
  }
  const decoded = decodeCsvBytes(bytes);
  if (isRefusal(decoded)) return decoded;
  return parseCsvText(decoded.text, decoded.encoding);
}

export { isRefusal as isCsvRefusal };
