import { Hono } from "hono";
import type { AppEnv } from "./context.ts";

/** /api/imports — 'Importar Dados' (issue 23): leads from a CSV, previewed, then committed in batches. */
export const importsApi = new Hono<AppEnv>();
