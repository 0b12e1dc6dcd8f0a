import { Hono } from "hono";
import { listBackups, openBackupDownload } from "../services/backup-service.ts";
import type { AppEnv } from "./context.ts";
import { requireRole } from "./middleware.ts";

/**
 * /api/backups — the automatic daily backups in R2 (issue 23; docs/decisions/023), admins only
 * (401 anonymous, 403 managers and sales reps):
 * GET / → {auto_backup, backups: [{date, created_at, bytes, tables, rows}]}, newest first ·
 * GET /:date/download → backup-<date>.zip (manifest.json and each table's .ndjson.gz), streamed;
 * 404 for a date that is not one or has no complete backup.
 */
export const backupsApi = new Hono<AppEnv>()
  .get("/", requireRole("admin"), async (c) => c.json(await listBackups(c.get("services"), c.get("viewer"))))
  .get("/:date/download", requireRole("admin"), async (c) => {
    const { filename, body } = await openBackupDownload(c.get("services"), c.get("viewer"), c.req.param("date"));
    return new Response(body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  });
