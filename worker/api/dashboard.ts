import { Hono } from "hono";
import { getDashboard } from "../services/dashboard-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";

/** GET /api/dashboard — the dashboard's figures (any signed-in role; 401 otherwise). */
export const dashboardApi = new Hono<AppEnv>().get("/", requireAuth, async (c) => {
  return c.json(await getDashboard(c.get("services"), c.get("viewer")));
});
