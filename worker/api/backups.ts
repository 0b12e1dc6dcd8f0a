import { Hono } from "hono";
import type { AppEnv } from "./context.ts";

/** /api/backups — the automatic daily backups in R2 (issue 23): list and download, admins only. */
export const backupsApi = new Hono<AppEnv>();
