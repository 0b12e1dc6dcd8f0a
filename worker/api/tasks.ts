import { Hono } from "hono";
import type { AppEnv } from "./context.ts";

/** /api/tasks (routes arrive with the CRM core work). */
export const tasksApi = new Hono<AppEnv>();
