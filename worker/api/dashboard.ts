import { Hono } from "hono";
import { dashboardQuerySchema, getDashboard } from "../services/dashboard-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { describe, errors, jsonResponse, TAGS } from "./openapi.ts";
import { DashboardSchema } from "./schemas.ts";

/**
 * GET /api/dashboard[?scope=me|team | ?seller=<user id>] — the dashboard's figures, the team's
 * or one seller's (any signed-in role; a sales_rep's own by default, and only their own or the
 * team's: 403 for a colleague's). 401 anonymous, 400 for a bad or unknown seller.
 */
export const dashboardApi = new Hono<AppEnv>().get(
  "/",
  describe(TAGS.dashboard, {
    summary: "The dashboard's figures",
    description: "The team's or one seller's; a sales rep only their own or the team's (403).",
    responses: { 200: jsonResponse(DashboardSchema, "The figures."), ...errors(403) },
  }),
  requireAuth,
  validateWithMessageKeys("query", dashboardQuerySchema),
  async (c) => {
    return c.json(await getDashboard(c.get("services"), c.get("viewer"), new Date(), c.req.valid("query")));
  },
);
