import { Hono } from "hono";
import { exportReportCsv } from "../services/report-export.ts";
import { getReport, reportQuerySchema } from "../services/report-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { describe, fileResponse, jsonResponse, TAGS } from "./openapi.ts";
import { ReportSchema } from "./schemas.ts";

/**
 * Relatórios e Analytics (crm.md §2, §6: any signed-in role; 401 anonymous):
 * - GET /api/reports?period=7d|30d|month|all (default 30d): every figure of the period, counted
 *   in SQL in one D1 batch (report-service.ts); 400 for another period;
 * - GET /api/reports/export?period=…: relatorio-leads-{yyyy-mm-dd}.csv, streamed, in the
 *   caller's language (report-export.ts).
 */
export const reportsApi = new Hono<AppEnv>()
  .get(
    "/",
    describe(TAGS.reports, { summary: "A report", responses: { 200: jsonResponse(ReportSchema, "Every figure of the period.") } }),
    requireAuth,
    validateWithMessageKeys("query", reportQuerySchema),
    async (c) => {
      return c.json(await getReport(c.get("services"), c.req.valid("query").period));
    },
  )
  .get(
    "/export",
    describe(TAGS.reports, {
      summary: "A report as CSV",
      responses: { 200: fileResponse(["text/csv"], "relatorio-leads-{yyyy-mm-dd}.csv in the caller's language.") },
    }),
    requireAuth,
    validateWithMessageKeys("query", reportQuerySchema),
    async (c) => {
      const { fileName, body } = await exportReportCsv(c.get("services"), c.req.valid("query").period, c.get("language"));
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      });
    },
  );
