import Papa from "papaparse";
import { IMPORT_LIMITS } from "@worker/services/lead-import-columns";
import { decodeCsvText, detectDelimiter, type CsvDelimiter, type CsvEncoding, type CsvText } from "@worker/services/lead-import-text";

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
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
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

const isRefusal = (value: object): value is CsvRefusal => "code" in value;

/** The file's text, decoded by the server's rules (worker/services/lead-import-text.ts), or why it is not a CSV. */
export function decodeCsvBytes(bytes: Uint8Array): CsvText | CsvRefusal {
  const decoded = decodeCsvText(bytes);
  return "refused" in decoded ? { code: decoded.refused } : decoded;
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
