// 'Importar Dados' (issue 23): the one reading of a CSV's rows, for the browser (which refuses a
// file before uploading it and fills the mapping step: read-csv-file.ts) and the server (which
// reads the same bytes again and never trusts the browser: worker/services/lead-import/parse.ts),
// so the two agree on the header, the rows, the line each row starts on and every refusal.
// The decoded text (worker/services/lead-import-text.ts) is read with papaparse: line ends of
// every kind folded to LF first (a file saved by hand may mix them), the delimiter taken from
// the header line (or Excel's "sep=;" first line), quoted cells with line breaks kept whole, blank rows (nothing, or only
// delimiters) skipped. The first non-blank row is the header; each data row keeps the line of
// the file it starts on (the header is line 1). The file limits (IMPORT_LIMITS: columns, rows,
// one cell) and unclosed quotes refuse the whole file; each caller words a refusal its own way.
//
// Why here: papaparse is a package, so this cannot be one of the CLIENT_SAFE worker/ modules
// (.dependency-cruiser.cjs). It is plain TypeScript (no React, no .tsx), which services may
// import from app/; and next to the import dialog, the only browser code that loads it (lazily,
// with read-csv-file.ts), papaparse stays out of the Settings page's first load.
import Papa from "papaparse";
import type { IMPORT_LIMITS } from "@worker/services/lead-import-columns";
import { detectDelimiter, type CsvDelimiter } from "@worker/services/lead-import-text";

export type CsvRowsLimits = Pick<typeof IMPORT_LIMITS, "maxColumns" | "maxRows" | "maxCellChars">;

/** The file's header and how many data rows it has (the rows themselves go to `onRow`). */
export type CsvRows = { delimiter: CsvDelimiter; headers: string[]; rows: number };

/** Why the rows cannot be read, with the line it starts on or the count that is too many. */
export type CsvRowsRefusal =
  | { code: "empty" | "header_only" }
  | { code: "too_many_columns" | "too_many_rows"; count: number }
  | { code: "cell_too_long" | "unclosed_quote" | "header_empty"; line: number };

export type CsvRowsOptions = {
  limits: CsvRowsLimits;
  /**
   * Each data row: its cells (as many as the headers: missing cells are "", extra ones
   * dropped), the line it starts on, and how many data rows have been read with it.
   */
  onRow?: (cells: string[], line: number, count: number) => void;
  /** Read only that many data rows (the server's commit batch needs the rows up to its end). */
  stopAfter?: number;
  /**
   * The browser's: rows past limits.maxRows are still read and counted (the refusal gives the
   * count, and a problem found later wins). Otherwise reading stops at the first row too many.
   */
  countAllRows?: boolean;
};

/** A row with nothing in it (a blank line, or only delimiters). */
const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

export function readCsvRows(raw: string, options: CsvRowsOptions): CsvRows | CsvRowsRefusal {
  const { limits, onRow, stopAfter = Infinity, countAllRows = false } = options;
  let text = raw.replace(/\r\n?/g, "\n");
  // Excel's "sep=;" first line names the delimiter; it is not the header (which is then line 2).
  const sep = /^sep=(.)[^\S\n]*(?:\n|$)/i.exec(text);
  const named = sep && [",", ";", "\t"].includes(sep[1]!) ? (sep[1] as CsvDelimiter) : null;
  if (sep) text = `\n${text.slice(sep[0].length)}`;
  if (text.trim() === "") return { code: "empty" };
  const delimiter = named ?? detectDelimiter(text);
  // Assigned in the parser's callback (typed with `as` so that the checks below are not narrowed to null).
  let headers = null as string[] | null;
  let headerLine = 1;
  let refusal = null as CsvRowsRefusal | null;
  let rows = 0;
  // Lines are counted as the cursor moves: each row starts where the previous one ended.
  let line = 1;
  let counted = 0;
  let rowStart = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: "\n",
    quoteChar: '"',
    skipEmptyLines: false,
    step: (result, parser) => {
      // Skip the line break(s) before the row: its line is where its first character is.
      let start = rowStart;
      while (start < text.length && text.charCodeAt(start) === 10) start++;
      for (let i = counted; i < start; i++) if (text.charCodeAt(i) === 10) line++;
      counted = Math.max(counted, start);
      rowStart = result.meta.cursor;
      const cells = result.data;
      const stop = (problem: CsvRowsRefusal | null) => {
        refusal = problem;
        parser.abort();
      };
      if (result.errors.some((error) => error.type === "Quotes" && error.code === "MissingQuotes"))
        return stop({ code: "unclosed_quote", line });
      if (cells.some((cell) => cell.length > limits.maxCellChars)) return stop({ code: "cell_too_long", line });
      if (isBlank(cells)) return;
      if (!headers) {
        if (cells.length > limits.maxColumns) return stop({ code: "too_many_columns", count: cells.length });
        headers = cells.map((cell) => cell.trim());
        headerLine = line;
        return;
      }
      rows += 1;
      if (rows > limits.maxRows && !countAllRows) return stop({ code: "too_many_rows", count: rows });
      const width = headers.length;
      onRow?.(cells.length === width ? cells : Array.from({ length: width }, (_, i) => cells[i] ?? ""), line, rows);
      if (rows >= stopAfter) stop(null);
    },
  });
  if (refusal) return refusal;
  if (!headers) return { code: "empty" };
  if (headers.every((header) => header === "")) return { code: "header_empty", line: headerLine };
  if (rows === 0) return { code: "header_only" };
  if (rows > limits.maxRows) return { code: "too_many_rows", count: rows };
  return { delimiter, headers, rows };
}
