// The CSV's rows (issue 23), read by the same reader as the browser's preview
// (app/modules/settings/data-import/csv-rows.ts: papaparse, line ends, delimiter, blank rows,
// the line each row starts on, the file limits), kept here with their lines for validation,
// the preview's and failed.csv's reasons. A file the reader refuses throws ImportFileError, as
// does a header cell over HEADER_MAX_CHARS. Limits go into the messages as numbers (written in
// the reader's language when the error is answered).
import { readCsvRows, type CsvRowsRefusal } from "~/modules/settings/data-import/csv-rows";
import type { CsvDelimiter } from "../lead-import-text.ts";
import { HEADER_MAX_CHARS, IMPORT_LIMITS } from "../lead-import-columns.ts";
import { ImportFileError } from "./errors.ts";

export type ParsedCsv = {
  delimiter: CsvDelimiter;
  headers: string[];
  /** The data rows' cells (as many as the headers: missing cells are "", extra ones dropped). */
  rows: string[][];
  /** The file line each data row starts on (header = 1). */
  lines: number[];
  /** Only when the rows stop short of the file's end (stopAfter): reads every data row of the file. */
  eachRow?: (visit: (cells: string[]) => void) => void;
};

/** The reader's refusal as the API's error (apiErrors.<code>, with the limit it passes). */
function fileError(refusal: CsvRowsRefusal, limits: typeof IMPORT_LIMITS): ImportFileError {
  switch (refusal.code) {
    case "empty":
      return new ImportFileError("import_file_empty");
    case "header_only":
      return new ImportFileError("import_only_headers");
    case "header_empty":
      return new ImportFileError("import_header_empty", { line: refusal.line });
    case "unclosed_quote":
      return new ImportFileError("import_unclosed_quote", { line: refusal.line });
    case "cell_too_long":
      return new ImportFileError("import_cell_too_long", { line: refusal.line, max: limits.maxCellChars });
    case "too_many_columns":
      return new ImportFileError("import_too_many_columns", { count: refusal.count, max: limits.maxColumns });
    case "too_many_rows":
      return new ImportFileError("import_too_many_rows", { max: limits.maxRows });
  }
}

/**
 * The file's header and rows. `stopAfter`: read only that many data rows (a commit batch needs
 * the rows up to its end: whether an e-mail came earlier never depends on later rows).
 */
export function parseCsv(raw: string, limits = IMPORT_LIMITS, stopAfter = Infinity): ParsedCsv {
  const rows: string[][] = [];
  const lines: number[] = [];
  const onRow = (cells: string[], line: number) => {
    rows.push(cells);
    lines.push(line);
  };
  const read = readCsvRows(raw, { limits, onRow, stopAfter });
  if ("code" in read) throw fileError(read, limits);
  // A header names a column: one longer than HEADER_MAX_CHARS is not a header row (and the
  // headers are stored with the import, in one D1 row).
  const long = read.headers.findIndex((header) => header.length > HEADER_MAX_CHARS);
  if (long >= 0) throw new ImportFileError("import_header_too_long", { column: long + 1, max: HEADER_MAX_CHARS });
  const parsed: ParsedCsv = { delimiter: read.delimiter, headers: read.headers, rows, lines };
  // Read up to stopAfter: the rest of the file stays reachable for what is decided per file
  // (the order of its dates), so a commit batch reads them as the preview did.
  if (rows.length >= stopAfter)
    parsed.eachRow = (visit) => {
      readCsvRows(raw, { limits, onRow: (cells) => visit(cells) });
    };
  return parsed;
}
