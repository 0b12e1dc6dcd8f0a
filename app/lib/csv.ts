// CSV that opens right in a spreadsheet (Excel, LibreOffice, Google Sheets) and cannot run
// anything there: shared by every export (the leads table's selection, reports, backups).
//
// - Formula-safe (OWASP "CSV injection"): a text cell that begins with = + - @, a tab or a
//   carriage return is prefixed with an apostrophe, so the spreadsheet shows it as text.
// - Quoted when it holds the delimiter, a quote or a line break; quotes doubled (RFC 4180).
// - The delimiter follows the reader's decimal separator: ";" where the decimal comma is used
//   (pt, es: Excel in Brazil splits on ";"), "," otherwise; numbers are written with that
//   decimal separator and no grouping.
// - A UTF-8 byte-order mark first, so Excel reads accents right; CRLF line ends.

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvDialect(language: string): { delimiter: string; decimal: string } {
  return language === "en" ? { delimiter: ",", decimal: "." } : { delimiter: ";", decimal: "," };
}

/** One cell as text. */
export function csvCell(value: CsvCell, dialect: { delimiter: string; decimal: string }): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "number") {
    text = Number.isFinite(value) ? String(value).replace(".", dialect.decimal) : "";
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value;
  }
  return /["\r\n]/.test(text) || text.includes(dialect.delimiter) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header row and the rows, with the BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], language: string): string {
  const dialect = csvDialect(language);
  const line = (cells: readonly CsvCell[]) => cells.map((cell) => csvCell(cell, dialect)).join(dialect.delimiter);
  return `\uFEFF${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}
