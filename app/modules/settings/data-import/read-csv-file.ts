import { IMPORT_LIMITS } from "@worker/services/lead-import-columns";
import { decodeCsvText, type CsvDelimiter, type CsvEncoding, type CsvText } from "@worker/services/lead-import-text";
import { readCsvRows } from "./csv-rows.ts";

// 'Importar Dados' (issue 23), in the browser: the chosen file is read here before anything is
// sent, so a file that cannot be a CSV of leads is refused at once with its reason. The rules
// are the server's (the decoding of worker/services/lead-import-text.ts, the reader of
// csv-rows.ts that worker/services/lead-import/parse.ts uses too), so the two agree on what a
// file holds; the server reads the same bytes again and never trusts this reading,
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
 * Reads the CSV text by the server's reader (csv-rows.ts): the header, the data rows counted
 * (all of them, for a "too many rows" message) and a sample of each column from the first rows;
 * or the reader's refusal (IMPORT_LIMITS, unclosed quotes), with the line it starts on.
 */
export function parseCsvText(raw: string, encoding: CsvReading["encoding"] = "utf-8"): CsvReading | CsvRefusal {
  const samples: string[][] = [];
  const onRow = (cells: string[], _line: number, count: number) => {
    if (count > SAMPLE_ROWS) return;
    cells.forEach((cell, column) => {
      const value = cell.trim();
      const kept = (samples[column] ??= []);
      const shown = value.length > SAMPLE_CHARS ? `${value.slice(0, SAMPLE_CHARS - 1)}…` : value;
      // Two different values say more about a column than the same one twice.
      if (value && kept.length < SAMPLES_PER_COLUMN && !kept.includes(shown)) kept.push(shown);
    });
  };
  const read = readCsvRows(raw, { limits: IMPORT_LIMITS, onRow, countAllRows: true });
  if (isRefusal(read)) return read;
  return { headers: read.headers, rows: read.rows, samples, encoding, delimiter: read.delimiter };
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
