import { Hono } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { getTranslator } from "~/i18n/dictionaries.server";
import type { AppEnv } from "./context.ts";
import { pageLanguage } from "./page-language.ts";
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
/**
 * Where the build serves Scalar's standalone API reference (@scalar/api-reference's
 * dist/browser/standalone.js, copied there by vite.config.ts's apiReferenceScript plugin):
 * our own origin, as the CSP allows no other.
 */
export const SCALAR_SCRIPT_PATH = "/vendor/scalar-api-reference.js";

/** public/vendor/api-docs-setup.js: runs first, so the zod inside Scalar never probes for eval (a CSP violation). */
const SETUP_SCRIPT_PATH = "/vendor/api-docs-setup.js";

/** Scalar's settings for this page: nothing fetched from elsewhere (fonts, proxy), curl first, the bearer token offered. */
const SCALAR_CONFIGURATION = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  hideClientButton: false,
  showDeveloperTools: "never",
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  authentication: { preferredSecurityScheme: "bearerAuth" },
  defaultOpenAllTags: false,
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The reference page's HTML: no inline script (the CSP allows none without this response's nonce); Scalar reads its settings from the data attributes. */
function docsPage(language: "pt" | "es" | "en"): string {
  const t = getTranslator(language);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t("apiDocs.title"))}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{margin:0}.api-docs-loading{font:16px/1.5 system-ui,sans-serif;padding:2rem;color:#555}body:has(.scalar-app) .api-docs-loading{display:none}</style>
</head>
<body>
<p class="api-docs-loading" role="status">${escapeHtml(t("apiDocs.loading"))}</p>
<noscript><p>${escapeHtml(t("apiDocs.noscript"))} <a href="/api/openapi.json">/api/openapi.json</a></p></noscript>
<script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration="${escapeHtml(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
<script src="${SETUP_SCRIPT_PATH}"></script>
<script src="${SCALAR_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

export function apiDocsApi(document: () => Promise<OpenAPIV3_1.Document>) {
  let cached: Promise<OpenAPIV3_1.Document> | undefined;
  return (
    new Hono<AppEnv>()
      .get(
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
      )
      /**
       * GET /api/docs — the reference page for signed-in staff (Scalar, loaded only here). Not an
       * operation of the API (tests/api/openapi-support.ts NOT_OPERATIONS). A browser that is not
       * signed in is sent to sign in and back (as the CRM's pages do: app/modules/auth/guards.server.ts);
       * anything else gets the API's 401. It answers under the pages' CSP, not the API's
       * (worker/http/security-headers.ts isApiDocsPage).
       */
      .get("/docs", async (c) => {
        const auth = c.get("auth");
        const viewer = await auth.current();
        const wantsPage = (c.req.header("Accept") ?? "").includes("text/html");
        if (!viewer) {
          if (wantsPage) return c.redirect(`/auth?${new URLSearchParams({ redirectTo: "/api/docs" })}`, 302);
          await auth.require(); // throws the API's 401 with its reason
        }
        if (viewer?.session.method === "recovery" && wantsPage) return c.redirect("/auth?type=recovery", 302);
        c.header("Cache-Control", "private, no-store");
        return c.html(docsPage(pageLanguage(c.req.raw)));
      })
  );
}

export { OpenApiDocumentSchema };
