import { Hono } from "hono";
import { createLead, createLeadSchema } from "../services/lead-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";

/**
 * POST /api/leads — a staff member creates a lead (any signed-in role). 201 with the lead;
 * 400 validation_failed; 401 signed out; 409 lead_exists with `lead: {id, name}` when the
 * e-mail already belongs to a lead (one lead per e-mail).
 */
export const leadsApi = new Hono<AppEnv>().post("/", requireAuth, validate("json", createLeadSchema), async (c) => {
  const lead = await createLead(c.get("services"), c.get("viewer"), c.req.valid("json"));
  return c.json({ lead }, 201);
});
