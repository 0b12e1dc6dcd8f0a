import { Hono } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { describe, jsonResponse, TAGS } from "./openapi.ts";

/** An OpenAPI 3.1 document (its top level; the whole is described by the OpenAPI specification). */
const OpenApiDocumentSchema = z
  .object({
    openapi: z.string().startsWith("3.1"),
    info: z.object({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown());

/**
 * GET /api/openapi.json — this API's OpenAPI 3.1 document, made from the code once per isolate
 * (worker/api/openapi.ts); signed-in staff only (401 otherwise), like everything it describes.
 * `document` builds it from the whole app (index.ts passes it, as the app is not complete
 * until every sub-app is mounted).
 */
export function apiDocsApi(document: () => Promise<OpenAPIV3_1.Document>) {
  let cached: Promise<OpenAPIV3_1.Document> | undefined;
  return new Hono<AppEnv>().get(
    "/openapi.json",
    describe(TAGS.meta, {
      summary: "This API's OpenAPI 3.1 document",
      description: "Generated from the routes' zod schemas; what /api/docs shows.",
      responses: {
        200: jsonResponse(OpenApiDocumentSchema, "The document."),
      },
    }),
    requireAuth,
    async (c) => {
      cached ??= document().catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
      c.header("Cache-Control", "private, no-cache");
      return c.json(await cached);
    },
  );
}

export { OpenApiDocumentSchema };
