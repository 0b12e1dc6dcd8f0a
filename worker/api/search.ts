import { Hono } from "hono";
import { z } from "zod";
import { quickSearch } from "../services/search-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";

/** GET /api/search?q= — the Ctrl/⌘+K search over leads and tasks (any signed-in role). */
export const searchApi = new Hono<AppEnv>().get(
  "/",
  requireAuth,
  validate("query", z.object({ q: z.string().trim().max(200).default("") })),
  async (c) => c.json(await quickSearch(c.get("services"), c.get("viewer"), c.req.valid("query").q)),
);
