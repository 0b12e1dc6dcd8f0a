import { Hono } from "hono";
import { z } from "zod";
import { LEAD_STATUSES } from "../db/schema/index.ts";
import { getLead } from "../services/lead-detail-service.ts";
import { createLead, createLeadSchema, deleteLead, updateLead, updateLeadSchema } from "../services/lead-service.ts";
import { listLeads, loadPipeline, loadPipelineColumn } from "../services/lead-query-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";

const searchText = z.string().trim().max(200).optional();
const cursor = z.string().max(500).optional();

export const leadListQuerySchema = z.object({
  q: searchText,
  status: z.enum(LEAD_STATUSES).optional(),
  cursor,
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const pipelineQuerySchema = z.object({
  q: searchText,
  per_column: z.coerce.number().int().min(1).max(100).optional(),
});

export const pipelineColumnQuerySchema = z.object({
  q: searchText,
  cursor,
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * /api/leads — every route needs a signed-in staff member (401 otherwise).
 * GET / (list: q, status, cursor, limit) · POST / (create: 201; 409 lead_exists with
 * `lead: {id, name}` when the e-mail is taken) · GET /pipeline · GET /pipeline/:status.
 * GET /:id → {lead} · PATCH /:id (any part of the form: the whole form, only {status} for
 * the pipeline, only {tags}) → {lead}; 403 forbidden, 404 not_found, 409 lead_exists ·
 * DELETE /:id (managers and admins) → 204. The /pipeline routes come first so /:id never
 * shadows them.
 */
export const leadsApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", validate("query", leadListQuerySchema), async (c) => {
    return c.json(await listLeads(c.get("services"), c.get("viewer"), c.req.valid("query")));
  })
  .post("/", validate("json", createLeadSchema), async (c) => {
    const lead = await createLead(c.get("services"), c.get("viewer"), c.req.valid("json"));
    return c.json({ lead }, 201);
  })
  .get("/pipeline", validate("query", pipelineQuerySchema), async (c) => {
    const { q, per_column } = c.req.valid("query");
    return c.json(await loadPipeline(c.get("services"), c.get("viewer"), { q, perColumn: per_column }));
  })
  .get(
    "/pipeline/:status",
    validate("param", z.object({ status: z.enum(LEAD_STATUSES) })),
    validate("query", pipelineColumnQuerySchema),
    async (c) => {
      return c.json(await loadPipelineColumn(c.get("services"), c.get("viewer"), c.req.valid("param").status, c.req.valid("query")));
    },
  )
  .get("/:id", async (c) => {
    return c.json({ lead: await getLead(c.get("services"), c.get("viewer"), c.req.param("id")) });
  })
  .patch("/:id", validate("json", updateLeadSchema), async (c) => {
    return c.json({ lead: await updateLead(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json")) });
  })
  .delete("/:id", async (c) => {
    await deleteLead(c.get("services"), c.get("viewer"), c.req.param("id"));
    return c.body(null, 204);
  });
