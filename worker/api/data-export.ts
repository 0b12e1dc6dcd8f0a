import { Hono } from "hono";
import { exportData } from "../services/data-export/data-export-service.ts";
import type { AppEnv } from "./context.ts";
import { requireRole } from "./middleware.ts";
import { describe, fileResponse, TAGS } from "./openapi.ts";

/**
 * /api/exports — 'Exportar Dados' (crm.md §2 Sistema; issue 23):
 * GET /api/exports/data → velox-dados-{yyyy-mm-dd}.zip (the organisation's date; the word in the
 * caller's language), every table as CSV, streamed as it is read
 * (services/data-export/data-export-service.ts). Admins and managers; 403 for sales reps,
 * 401 anonymous.
 */
export const exportsApi = new Hono<AppEnv>().get(
  "/data",
  describe(TAGS.exports, {
    summary: "Export every table",
    responses: { 200: fileResponse(["application/zip"], "velox-dados-{yyyy-mm-dd}.zip: every table as CSV, streamed.") },
  }),
  requireRole("manager"),
  async (c) => {
    const { fileName, body } = await exportData(c.get("services"), c.get("viewer"), c.get("language"));
    return c.body(body, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    });
  },
);
