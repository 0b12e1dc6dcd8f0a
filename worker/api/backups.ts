import { Hono } from "hono";
import { z } from "zod";
import { listBackups, openBackupDownload } from "../services/backup-service.ts";
import type { AppEnv } from "./context.ts";
import { requireRole } from "./middleware.ts";
import { describe, errors, fileResponse, jsonResponse, TAGS } from "./openapi.ts";
import { BackupSummarySchema } from "./schemas.ts";

/**
 * /api/backups — the automatic daily backups in R2 (issue 23; docs/decisions/023), admins only
 * (401 anonymous, 403 managers and sales reps):
 * GET / → {auto_backup, backups: [{date, created_at, bytes, tables, rows}]}, newest first ·
 * GET /:date/download → backup-<date>.zip (manifest.json and each table's .ndjson.gz), streamed;
 * 404 for a date that is not one or has no complete backup.
 */
export const backupsApi = new Hono<AppEnv>()
  .get(
    "/",
    describe(TAGS.backups, {
      summary: "The backups",
      responses: {
        200: jsonResponse(
          z.strictObject({ auto_backup: z.boolean(), backups: z.array(BackupSummarySchema) }),
          "Newest first, and whether the daily backup is on.",
        ),
      },
    }),
    requireRole("admin"),
    async (c) => c.json(await listBackups(c.get("services"), c.get("viewer"))),
  )
  .get(
    "/:date/download",
    describe(TAGS.backups, {
      summary: "Download a backup",
      description: "404 for a date that is not one or has no complete backup.",
      responses: {
        200: fileResponse(["application/zip"], "backup-<date>.zip: manifest.json and each table's .ndjson.gz."),
        ...errors(404),
      },
    }),
    requireRole("admin"),
    async (c) => {
      const { filename, body } = await openBackupDownload(c.get("services"), c.get("viewer"), c.req.param("date"));
      return new Response(body, {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "no-store",
        },
      });
    },
  );
