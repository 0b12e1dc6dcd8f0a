import { Hono } from "hono";
import { z } from "zod";
import { caseStudyQuerySchema, getCaseStudyBySlug, queryCaseStudies } from "../services/case-study-service.ts";
import type { AppEnv } from "./context.ts";
import { ApiError } from "./errors.ts";
import { validate } from "./validate.ts";
import { describe, errors, jsonResponse, PUBLIC_SECURITY, TAGS } from "./openapi.ts";
import { CaseStudyItemSchema, CaseStudyListingSchema } from "./schemas.ts";

/** A little caching for the public, read-only portfolio (it changes rarely). */
const PUBLIC_CACHE = "public, max-age=60";

/**
 * The public, read-only case studies API. The language is the API's usual one (`?lang=`,
 * then the cookie, then Accept-Language, then pt).
 *
 * GET /api/case-studies?q=&industry=&type=&timeline=&sort=&limit= answers the same query
 * as the /case-studies page, with the page's schema: a value it cannot use falls back to
 * its default (never a 400 or a 500), so the JSON and the page always agree.
 * GET /api/case-studies/:slug answers one case study or 404 `not_found`.
 */
export const caseStudiesApi = new Hono<AppEnv>()
  .get(
    "/",
    describe(TAGS.public, {
      summary: "Case studies",
      description: "The /case-studies page's query; a value it cannot use falls back to its default (never a 400).",
      security: PUBLIC_SECURITY,
      neverInvalid: true,
      responses: { 200: jsonResponse(CaseStudyListingSchema, "The matching case studies and the filters' values.") },
    }),
    validate("query", caseStudyQuerySchema),
    async (c) => {
      const language = c.get("language");
      const listing = await queryCaseStudies(c.get("db"), language, c.req.valid("query"));
      c.header("Cache-Control", PUBLIC_CACHE);
      return c.json({ language, ...listing });
    },
  )
  .get(
    "/:slug",
    describe(TAGS.public, {
      summary: "A case study",
      security: PUBLIC_SECURITY,
      responses: { 200: jsonResponse(CaseStudyItemSchema, "The case study."), ...errors(404) },
    }),
    validate("param", z.object({ slug: z.string().max(120) })),
    async (c) => {
      const language = c.get("language");
      const item = await getCaseStudyBySlug(c.get("db"), c.req.valid("param").slug, language);
      if (!item) throw new ApiError(404, "not_found");
      c.header("Cache-Control", PUBLIC_CACHE);
      return c.json({ language, item });
    },
  );
