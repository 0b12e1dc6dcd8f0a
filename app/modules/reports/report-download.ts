import type { ReportPeriod } from "@worker/services/crm-types";
import { saveFile } from "~/modules/crm/save-file";
import { apiFile } from "~/modules/crm/api-file";

/**
 * 'Exportar CSV': fetches GET /api/reports/export (the server streams it) and saves the file
 * under the name the server gives it (relatorio-leads-{yyyy-mm-dd}.csv). Throws the API's
 * translated error (ApiClientError), or OfflineError when no answer came.
 */
export async function downloadReportCsv(period: ReportPeriod): Promise<string> {
  const { blob, fileName } = await apiFile(`/api/reports/export?period=${encodeURIComponent(period)}`);
  const name = fileName ?? "relatorio-leads.csv";
  saveFile(blob, name);
  return name;
}
