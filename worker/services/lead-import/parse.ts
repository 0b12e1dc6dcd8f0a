// The CSV's rows (issue 23), read with papaparse (the same library the browser's preview
// uses): line ends of every kind folded to LF first (a file saved by hand may mix them), the
// delimiter taken from the header line (comma, semicolon or tab, whichever is most common
// outside quotes), quoted cells with line breaks kept whole. Each data row keeps the line of
// the file it starts on (the header is line 1) for the preview's and failed.csv's reasons.
// The file limits (IMPORT_LIMITS) are checked here: too many columns, rows or a cell too long
// refuse the whole file.
import { detectDelimiter } from "../lead-import-text.ts";
import Papa from "papaparse";
import { IMPORT_LIMITS } from "../lead-import-columns.ts";
import { ImportFileError } from "./errors.ts";

export type ParsedCsv = {
  delimiter: "," | ";" | "\t";
  headers: string[];
  /** The data rows' cells (as many as the headers: missing cells are "", extra ones dropped). */
  rows: string[][];
  /** The file line each data row starts on (header = 1). */
  lines: number[];
};

/** A row with nothing in it (a blank line, or only delimiters). */
const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/**
 * The file's header and rows. `stopAfter`: read only that many data rows (a commit batch needs
 * the rows up to its end: whether an e-mail came earlier never depends on later rows).
 */
export function parseCsv(raw: string, limits = IMPORT_LIMITS, stopAfter = Infinity): ParsedCsv {
  const text = raw.replace(/\r\n?/g, "\n");
  if (text.trim() === "") throw new ImportFileError("import_file_empty");
  const delimiter = detectDelimiter(text);
  const rows: string[][] = [];
  const lines: number[] = [];
  let headers: string[] | null = null;
  let headerLine = 1;
  // Lines are counted as the cursor moves: each row starts where the previous one ended.
  let line = 1;
  let counted = 0;
  let problem: ImportFileError | null = null;
  const advanceTo = (offset: number) => {
    for (let i = counted; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
    counted = Math.max(counted, offset);
  };
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
      advanceTo(start);
      const startLine = line;
      rowStart = result.meta.cursor;
      const cells = result.data;
      const quoteError = result.errors.find((error) => error.type === "Quotes" && error.code === "MissingQuotes");
      if (quoteError) {
        problem = new ImportFileError("import_unclosed_quote", { line: startLine });
        parser.abort();
        return;
      }
      const tooLong = cells.findIndex((cell) => cell.length > limits.maxCellChars);
      if (tooLong >= 0) {
        problem = new ImportFileError("import_cell_too_long", { line: startLine, max: limits.maxCellChars.toLocaleString("en") });
        parser.abort();
        return;
      }
      if (isBlank(cells)) return;
      if (!headers) {
        if (cells.length > limits.maxColumns) {
          problem = new ImportFileError("import_too_many_columns", { count: cells.length, max: limits.maxColumns });
          parser.abort();
          return;
        }
        headers = cells.map((cell) => cell.trim());
        headerLine = startLine;
        return;
      }
      if (rows.length >= limits.maxRows) {
        problem = new ImportFileError("import_too_many_rows", { max: limits.maxRows.toLocaleString("en") });
        parser.abort();
        return;
      }
      const width = headers.length;
      rows.push(cells.length === width ? cells : Array.from({ length: width }, (_, i) => cells[i] ?? ""));
      lines.push(startLine);
      if (rows.length >= stopAfter) parser.abort();
    },
  });
  if (problem) throw problem;
  if (!headers) throw new ImportFileError("import_file_empty");
  if ((headers as string[]).every((header) => header === "")) throw new ImportFileError("import_header_empty", { line: headerLine });
  if (rows.length === 0) throw new ImportFileError("import_only_headers");
  return { delimiter, headers, rows, lines };
}
