import { Hono } from "hono";
import type { AppEnv } from "./context.ts";

/** /api/attachments (routes arrive with the CRM core work). */
export const attachmentsApi = new Hono<AppEnv>();
