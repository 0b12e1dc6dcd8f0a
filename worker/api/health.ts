import { Hono } from "hono";
import { checkDatabase } from "../services/health-service.ts";
import type { AppEnv } from "./context.ts";
import { z } from "zod";
import { describe, jsonResponse, PUBLIC_SECURITY, TAGS } from "./openapi.ts";

/** GET /api/health: the Worker is up and D1 answers a real query. */
export const healthApi = new Hono<AppEnv>().get(
  "/",
  describe(TAGS.public, {
    summary: "Health check",
    description: "The Worker is up and D1 answers a real query.",
    security: PUBLIC_SECURITY,
    responses: {
      200: jsonResponse(z.strictObject({ ok: z.literal(true), db: z.literal(true) }), "Healthy."),
      503: jsonResponse(z.strictObject({ ok: z.literal(false), db: z.literal(false) }), "The database does not answer."),
    },
  }),
  async (c) => {
    const db = await checkDatabase(c.get("db"));
    c.header("Cache-Control", "no-store");
    return c.json({ ok: db, db }, db ? 200 : 503);
  },
);
