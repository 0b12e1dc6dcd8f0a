import { Hono } from "hono";
import { checkDatabase } from "../services/health-service.ts";
import type { AppEnv } from "./context.ts";

/** GET /api/health: the Worker is up and D1 answers a real query. */
export const healthApi = new Hono<AppEnv>().get("/", async (c) => {
  const db = await checkDatabase(c.get("db"));
  c.header("Cache-Control", "no-store");
  return c.json({ ok: db, db }, db ? 200 : 503);
});
