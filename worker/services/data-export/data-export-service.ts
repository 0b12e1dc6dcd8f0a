// 'Exportar Dados' (crm.md §2 Sistema; issue 23): every table a team would take to another
// CRM, as CSVs in one ZIP, streamed: each table is read EXPORT_PAGE_ROWS rows at a time while
// the archive is being sent (worker/lib/zip-stream.ts), so 50,000 leads never sit in memory
// together. The CSVs are app/lib/csv.ts's (a BOM, formula-safe cells, RFC 4180 quoting, the
// exporter's delimiter and decimal separator), their header rows in the exporter's language;
// dates are ISO 8601 UTC, as stored. README.txt, written last, counts what each file holds.
// Admins and managers only, EXPORT_RATE_LIMIT each. Which tables and columns: export-tables.ts.
import { csvCell, csvDialect, type CsvCell } from "~/lib/csv";
import { getTranslator } from "~/i18n/dictionaries.server";
import { formatNumber } from "~/i18n/format";
import type { Language } from "~/i18n";
import { dataExportFilePt } from "~/i18n/crm/settings/system/data-export/pt";
import { dataExportFileEs } from "~/i18n/crm/settings/system/data-export/es";
import { dataExportFileEn } from "~/i18n/crm/settings/system/data-export/en";
import { hasRole } from "../../auth/permissions.ts";
import { readBatch } from "../../db/raw-batch.ts";
import { localDate } from "../../lib/org-time.ts";
import { zipStream, type ZipEntry } from "../../lib/zip-stream.ts";
import { ForbiddenError } from "../errors.ts";
import { readOrgSettings } from "../org-settings-service.ts";
import { enforceRateLimit, type RateLimit } from "../rate-limit-service.ts";
import type { Authenticated, ServiceContext } from "../service-context.ts";
import { EXPORT_PAGE_ROWS, EXPORT_TABLES, type CellFormat, type ExportTable, type ExportTableKey } from "./export-tables.ts";

type FileText = typeof dataExportFilePt;
const FILE_TEXT: Record<Language, FileText> = { pt: dataExportFilePt, es: dataExportFileEs, en: dataExportFileEn };

/** The dictionary's text of the ZIP in `language` (the CSV headers, the README). */
export const exportFileText = (language: Language): FileText => FILE_TEXT[language];

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));

/** The archive's name: the organisation's date of the export, e.g. velox-dados-2026-11-27.zip. */
export const exportFileName = (language: Language, date: string) => fill(FILE_TEXT[language].fileName, { date });

export type DataExport = { fileName: string; body: ReadableStream<Uint8Array> };

/**
 * Exports per person: each reads every table (50,000 leads: about 2 s of the Worker's time),
 * so a script or a held-down button cannot make the Worker do it without end. Plenty for a
 * person (a retry, the three languages).
 */
export const EXPORT_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60_000, message: "apiErrors.export_rate_limited" };

/**
 * The ZIP of the CRM's data in `language`, as a stream of bytes. The settings are read before
 * anything is returned (a failure there is an error answer, not a download cut short); the
 * tables are read only as the stream is.
 */
export async function exportData(
  ctx: ServiceContext,
  actor: Authenticated,
  language: Language,
  options: { now?: Date; pageRows?: number } = {},
): Promise<DataExport> {
  if (!hasRole(actor.user, "manager")) throw new ForbiddenError();
  await enforceRateLimit(ctx.db, `data-export:${actor.user.id}`, EXPORT_RATE_LIMIT);
  const now = options.now ?? new Date();
  const pageRows = options.pageRows ?? EXPORT_PAGE_ROWS;
  const settings = await readOrgSettings(ctx);
  const text = FILE_TEXT[language];
  const dialect = csvDialect(language);
  const format: CellFormat = { t: getTranslator(language), yes: text.yes, no: text.no, decimal: dialect.decimal };
  const counts = new Map<ExportTableKey, number>();

  function* entries(): Generator<ZipEntry> {
    for (const table of EXPORT_TABLES) {
      const header = table.columns.map((column) => (text.columns[table.key] as Record<string, string>)[column] ?? column);
      yield {
        name: table.file,
        modified: now,
        data: tableCsv(ctx, table, header, format, dialect, pageRows, (n) => counts.set(table.key, (counts.get(table.key) ?? 0) + n)),
      };
    }
    // Made only now that every table is written: it counts their rows.
    const lines = [
      fill(text.readme.title, { company: settings.company_name }),
      fill(text.readme.generated, { date: now.toISOString(), name: actor.user.name, email: actor.user.email }),
      "",
      text.readme.filesTitle,
      ...EXPORT_TABLES.map(
        (table) => `- ${table.file}: ${fill(text.readme.files[table.key], { count: formatNumber(counts.get(table.key) ?? 0, language) })}`,
      ),
      "",
      text.readme.formatTitle,
      ...text.readme.format.map((line) => `- ${fill(line, { zone: settings.time_zone })}`),
    ];
    yield { name: "README.txt", modified: now, data: [new TextEncoder().encode(`${lines.join("\r\n")}\r\n`)] };
  }

  return { fileName: exportFileName(language, localDate(now, settings.time_zone)), body: zipStream(entries()) };
}

/** One table's CSV, a page of rows per chunk: the BOM and the header row, then the rows by rowid. */
async function* tableCsv(
  ctx: ServiceContext,
  table: ExportTable,
  header: readonly string[],
  format: CellFormat,
  dialect: { delimiter: string; decimal: string },
  pageRows: number,
  counted: (rows: number) => void,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (cells: readonly CsvCell[]) => `${cells.map((cell) => csvCell(cell, dialect)).join(dialect.delimiter)}\r\n`;
  yield encoder.encode(`\uFEFF${line(header)}`);
  let after = 0;
  for (;;) {
    const [rows] = await readBatch<[Parameters<ExportTable["cells"]>[0]]>(ctx.db, [table.page(after, pageRows)]);
    counted(rows.length);
    if (rows.length > 0) yield encoder.encode(rows.map((row) => line(table.cells(row, format))).join(""));
    const last = rows.at(-1);
    if (!last || rows.length < pageRows) return;
    after = last.k;
  }
}
