// 'Exportar CSV' of Relatórios e Analytics (crm.md §7, §9): relatorio-leads-{yyyy-mm-dd}.csv,
// a summary block (total, converted, conversion rate with 2 decimals, total and average value)
// then one row per lead of the period, newest first. Streamed: the rows are read a page at a
// time (keyset over the created_at index) while the file is being sent, so 50,000 leads never
// sit in memory together. The cells are app/lib/csv.ts's: formula-safe, RFC 4180 quoting, a
// BOM, CRLF, and the reader's delimiter and decimal separator.
import { sql } from "drizzle-orm";
import { getTranslator } from "~/i18n/dictionaries.server";
import type { Language } from "~/i18n";
import { csvCell, csvDialect, type CsvCell } from "~/lib/csv";
import { formatPhone } from "~/modules/leads/phone-format";
import { readBatch } from "../db/raw-batch.ts";
import { localDate, localDateTime, ORG_TIME_ZONE, type OrgTimeZone } from "../lib/org-time.ts";
import type { LeadDto, MoneySums, ReportPeriod } from "./crm-types.ts";
import { getReport, inPeriod } from "./report-service.ts";
import type { ServiceContext } from "./service-context.ts";

/** Rows read per page while streaming. */
export const EXPORT_PAGE = 500;

/** A lead as the export reads it: the list's fields and the owner's name. */
type ExportRow = Pick<
  LeadDto,
  "id" | "name" | "email" | "phone" | "company" | "source" | "status" | "estimated_value" | "currency" | "created_at"
> & {
  assignee: string | null;
};

/** The file's name: the organisation's date of the export (in its time zone). */
export const reportFileName = (now: Date, timeZone: OrgTimeZone = ORG_TIME_ZONE) => `relatorio-leads-${localDate(now, timeZone)}.csv`;

/** The CSV of the period's report in `language`, as a stream of UTF-8 bytes. */
export async function exportReportCsv(
  ctx: ServiceContext,
  period: ReportPeriod,
  language: Language,
  now = new Date(),
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const t = getTranslator(language);
  const dialect = csvDialect(language);
  const line = (cells: readonly CsvCell[]) => `${cells.map((cell) => csvCell(cell, dialect)).join(dialect.delimiter)}\r\n`;
  const decimals = (n: number) => n.toFixed(2).replace(".", dialect.decimal);
  const encoder = new TextEncoder();
  // One line per currency with a sum, the organisation's first and always (Settings → Sistema):
  // "Valor Total (BRL);1234,50".
  const moneyLines = (label: string, sums: MoneySums) => {
    const all = new Map<string, number>([
      ["BRL", sums.value],
      ...Object.entries(sums.other).map(([code, value]) => [code, value ?? 0] as const),
    ]);
    const order = [report.currency, ...[...all.keys()].filter((code) => code !== report.currency)];
    return order
      .filter((code) => code === report.currency || Math.abs(all.get(code) ?? 0) >= 0.005)
      .map((code) => line([`${label} (${code})`, decimals(all.get(code) ?? 0)]));
  };

  // The figures first, before anything is sent: a failure here is an error answer, not a
  // download cut short.
  const report = await getReport(ctx, period, now);
  const from = report.from;
  const c = (key: string) => t(`crm.reports.csv.columns.${key}` as never);
  const head =
    "\uFEFF" +
    line([t("crm.reports.csv.title"), t(`crm.reports.period.${period}`)]) +
    line([t("crm.reports.csv.generated"), `${localDateTime(now, report.timeZone)} (${report.timeZone})`]) +
    line([t("crm.reports.csv.total"), report.total]) +
    line([t("crm.reports.csv.converted"), report.won]) +
    line([t("crm.reports.csv.conversion"), `${decimals(report.conversionRate)}%`]) +
    moneyLines(t("crm.reports.csv.totalValue"), report.totalValue).join("") +
    moneyLines(t("crm.reports.csv.averageValue"), report.averageValue).join("") +
    "\r\n" +
    line(["name", "email", "phone", "company", "source", "status", "value", "currency", "assignee", "created"].map(c));

  let cursor: { createdAt: string; id: string } | null = null;
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    // One page per pull: the stream asks for more only as the client reads.
    async pull(controller) {
      try {
        if (done) return;
        // Newest first by (created_at, id): a lead created while the file streams sorts above
        // the cursor and is not taken; none is taken twice.
        const after = cursor
          ? sql`and (l.created_at < ${cursor.createdAt} or (l.created_at = ${cursor.createdAt} and l.id < ${cursor.id}))`
          : sql``;
        const [rows] = await readBatch<[ExportRow]>(ctx.db, [
          sql`select l.id, l.name, l.email, l.phone, l.company, l.source, l.status, l.estimated_value, l.currency,
                     u.name as assignee, l.created_at
              from leads l indexed by leads_created_at_idx left join users u on u.id = l.assigned_to
              where ${inPeriod(from)} ${after}
              order by l.created_at desc, l.id desc limit ${sql.raw(String(EXPORT_PAGE))}`,
        ]);
        const text = rows
          .map((row) =>
            line([
              row.name,
              row.email,
              // As staff read it: "(11) 98888-7777" (a "+" first would need the formula guard).
              row.phone && formatPhone(row.phone),
              row.company,
              t(`crm.shared.sources.${row.source}`),
              t(`crm.shared.statuses.${row.status}`),
              row.estimated_value,
              row.currency,
              row.assignee,
              localDateTime(new Date(row.created_at), report.timeZone),
            ]),
          )
          .join("");
        if (text) controller.enqueue(encoder.encode(text));
        const last = rows.at(-1);
        if (rows.length < EXPORT_PAGE || !last) {
          done = true;
          controller.close();
        } else cursor = { createdAt: last.created_at, id: last.id };
      } catch (error) {
        // The response has started: the client sees a cut-off download, and the log says why.
        console.error("reports: the CSV export failed", error);
        controller.error(error);
      }
    },
  });
  return { fileName: reportFileName(now, report.timeZone), body };
}
