import { Hono } from "hono";
import { z } from "zod";
import { quickSearch } from "../services/search-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";
import { describe, jsonResponse, TAGS } from "./openapi.ts";
import { QuickSearchSchema } from "./schemas.ts";

/** GET /api/search?q= — the Ctrl/⌘+K search over leads and tasks (any signed-in role). */
export const searchApi = new Hono<AppEnv>().get(
  "/",
  describe(TAGS.search, {
    summary: "Quick search",
    description: "At most 6 leads and 6 tasks matching the text.",
    responses: { 200: jsonResponse(QuickSearchSchema, "The matches.") },
  }),
  requireAuth,
  validate("query", z.object({ q: z.string().trim().max(200).default("") })),
  async (c) => c.json(await quickSearch(c.get("services"), c.get("viewer"), c.req.valid("query").q)),
);
