import { Hono } from "hono";
import type { AppEnv } from "./context.ts";

/** /api/exports — 'Exportar Dados' (issue 23): every table as CSV in one streamed ZIP. */
export const exportsApi = new Hono<AppEnv>();
