import { apiFile } from "~/modules/crm/api-file";
import { saveFile } from "~/modules/crm/save-file";

/**
 * 'Exportar Dados': GET /api/exports/data (a ZIP the server streams) saved under the name the
 * server gives it (velox-dados-{yyyy-mm-dd}.zip). Loaded on the first click only. Throws the
 * API's translated error (ApiClientError), or OfflineError when no answer came.
 */
export async function downloadDataExport(): Promise<string> {
  const { blob, fileName } = await apiFile("/api/exports/data");
  const name = fileName ?? "velox-dados.zip";
  saveFile(blob, name);
  return name;
}
