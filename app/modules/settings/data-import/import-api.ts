import type { LeadSource, LeadStatus } from "@worker/db/schema/enums";
import type { ImportMode, LeadImportMapping } from "@worker/services/lead-import-columns";
import type { ImportDto } from "@worker/services/lead-import/import-dto";
import { apiClient, call } from "~/modules/crm/api-client";

// The import's HTTP contract (/tmp/briefs/import-contract.md → /api/imports): the upload that
// previews, and the commit the dialog calls batch after batch.

/** An import as the API returns it (POST /api/imports, GET /api/imports/:id, each commit batch): the server's own type. */
export type { ImportDto };

/** Raw values of the file mapped to a known status or source (unknown_values answered). */
export type ImportValues = { status: Record<string, LeadStatus>; source: Record<string, LeadSource> };

/** Uploads the file with its mapping (and value mapping): the server reads it all and answers the preview. */
export async function previewImport(
  file: File,
  mapping: LeadImportMapping,
  values: ImportValues,
  signal?: AbortSignal,
): Promise<ImportDto> {
  const form = new FormData();
  form.set("file", file, file.name);
  form.set("mapping", JSON.stringify(mapping));
  if (Object.keys(values.status).length || Object.keys(values.source).length) form.set("values", JSON.stringify(values));
  return (await call(apiClient.imports.$post(undefined, { init: { body: form, signal } }))).import;
}

/** Writes the next batch of rows (idempotent on the server); `status: "done"` when none is left. */
export async function commitImportBatch(id: string, mode: ImportMode, signal?: AbortSignal): Promise<ImportDto> {
  return (await call(apiClient.imports[":id"].commit.$post({ param: { id }, json: { mode } }, { init: { signal } }))).import;
}

/** The imports whose commit started and did not finish (any admin's or manager's), newest first: to continue one. */
export async function listRunningImports(signal?: AbortSignal): Promise<ImportDto[]> {
  return (await call(apiClient.imports.$get({ query: { status: "running" } }, { init: { signal } }))).imports;
}

/** Where the failed rows (with their line and reason) download from. */
export const failedRowsUrl = (id: string) => `/api/imports/${encodeURIComponent(id)}/failed.csv`;
