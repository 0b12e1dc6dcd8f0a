import { Hono } from "hono";
import { z } from "zod";
import { IMPORT_LIMITS, IMPORT_MODES } from "../services/lead-import-columns.ts";
import { commitImportBatch, createImport, failedRowsCsv, getImport, listRunningImports } from "../services/lead-import/import-service.ts";
import type { AppEnv } from "./context.ts";
import { ApiError } from "./errors.ts";
import { requireRole } from "./middleware.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { describe, errors, fileResponse, jsonResponse, multipartBody, TAGS, type RouteDescription } from "./openapi.ts";
import { ImportSchema } from "./schemas.ts";

const imports = (spec: RouteDescription) => describe(TAGS.imports, spec);
const importAnswer = (description: string) => jsonResponse(z.strictObject({ import: ImportSchema }), description);

const listSchema = z.object({ status: z.literal("running", { error: "apiErrors.field.invalid_value" }) });
const commitSchema = z.object({ mode: z.enum(IMPORT_MODES, { error: "apiErrors.field.invalid_value" }) });

/**
 * /api/imports — 'Importar Dados' (issue 23): leads from a CSV, previewed, then committed in
 * batches. Admins and managers (sales_rep 403, anonymous 401). The contract the Settings
 * screen is built against:
 * POST / (multipart: file ≤ 10 MB, mapping? JSON LeadImportMapping, values? JSON
 * {status: {raw: key}, source: {raw: key}}) → 201 {import}; a file that cannot be read → 400
 * with its own code (413 import_file_too_large), nothing stored; 429 after 30 previews of new
 * files in 10 min (analysing the same file again has 60 of its own).
 * GET /?status=running → {imports} the unfinished ones (any admin's or manager's), to continue ·
 * GET /:id → {import} · POST /:id/commit {mode} → {import} after writing the next batch (409
 * import_mode_locked for another mode than the first call's) · GET /:id/failed.csv → the
 * rows not written with their line and reason.
 */
export const importsApi = new Hono<AppEnv>()
  .use(requireRole("manager"))
  .post(
    "/",
    imports({
      summary: "Preview a CSV of leads",
      description:
        "Read and checked, nothing written yet. 400 with the file's own code (import_file_missing, import_file_unreadable…); 429 after 30 previews of new files in 10 minutes.",
      requestBody: multipartBody("The CSV (at most 10 MB) in `file`.", "file", {
        mapping: "JSON LeadImportMapping: each column's field (optional).",
        values: "JSON {status: {raw: key}, source: {raw: key}} (optional).",
      }),
      responses: { 201: importAnswer("The preview."), ...errors(400, 413, 429) },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = form["file"];
      if (!(file instanceof File)) throw new ApiError(400, "import_file_missing");
      if (file.size > IMPORT_LIMITS.maxBytes) throw new ApiError(413, "import_file_too_large");
      const text = (key: string) => (typeof form[key] === "string" ? (form[key] as string) : undefined);
      const created = await createImport(
        c.get("services"),
        c.get("viewer"),
        { file, mapping: text("mapping"), values: text("values") },
        c.get("language"),
      );
      return c.json({ import: created }, 201);
    },
  )
  .get(
    "/",
    imports({
      summary: "Unfinished imports",
      responses: {
        200: jsonResponse(z.strictObject({ imports: z.array(ImportSchema) }), "The imports still running (anyone's), to continue."),
      },
    }),
    validateWithMessageKeys("query", listSchema),
    async (c) => {
      return c.json({ imports: await listRunningImports(c.get("services"), c.get("viewer"), c.get("language")) });
    },
  )
  .get("/:id", imports({ summary: "An import", responses: { 200: importAnswer("The import."), ...errors(404, 410) } }), async (c) => {
    return c.json({ import: await getImport(c.get("services"), c.get("viewer"), c.req.param("id"), c.get("language")) });
  })
  .post(
    "/:id/commit",
    imports({
      summary: "Write the next batch",
      description: "Call again until status is done; 409 import_mode_locked for another mode than the first call's.",
      responses: { 200: importAnswer("The import after the batch."), ...errors(404, 409, 410) },
    }),
    validateWithMessageKeys("json", commitSchema),
    async (c) => {
      const { mode } = c.req.valid("json");
      return c.json({ import: await commitImportBatch(c.get("services"), c.get("viewer"), c.req.param("id"), mode, c.get("language")) });
    },
  )
  .get(
    "/:id/failed.csv",
    imports({
      summary: "The rows not written",
      responses: { 200: fileResponse(["text/csv"], "Each row not written with its line and reason."), ...errors(404, 410) },
    }),
    async (c) => {
      const { fileName, body } = await failedRowsCsv(c.get("services"), c.get("viewer"), c.req.param("id"), c.get("language"));
      const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        "Cache-Control": "no-store",
      });
    },
  );
