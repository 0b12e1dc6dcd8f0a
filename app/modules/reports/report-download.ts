import type { ReportPeriod } from "@worker/services/crm-types";
import { ApiClientError } from "~/modules/crm/api-client";

/**
 * 'Exportar CSV': fetches GET /api/reports/export (the server streams it) and saves the file
 * under the name the server gives it (relatorio-leads-{yyyy-mm-dd}.csv). Throws the API's
 * translated error (ApiClientError), or the fetch's when no answer came (offline).
 */
export async function downloadReportCsv(period: ReportPeriod): Promise<string> {
  const response = await fetch(`/api/reports/export?period=${encodeURIComponent(period)}`, { credentials: "same-origin" });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new ApiClientError(response.status, body && typeof body === "object" ? (body as Record<string, unknown>) : {});
  }
  const blob = await response.blob();
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "relatorio-leads.csv";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
