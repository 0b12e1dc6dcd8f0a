// The API's OpenAPI 3.1 document (GET /api/openapi.json, the reference page /api/docs), made
// from the code: hono-openapi walks the Hono app's routes and reads what each one carries —
// its validate() schemas (query, path, body), its requireAuth/requireRole (security, 401,
// 403) and its describe() (summary, tag, responses with their zod schemas). Nothing here is
// written by hand per route but the describe() call. docs/decisions/030.
import type { Hono, MiddlewareHandler } from "hono";
import { describeRoute, generateSpecs, resolver, uniqueSymbol, type DescribeRouteOptions } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import type { UserRole } from "../db/schema/index.ts";

/** The body of every API error (worker/http/error-response.ts ApiErrorBody). */
export const ErrorBodySchema = z
  .object({
    error: z.string().meta({ description: "A stable code (docs/decisions/016), e.g. validation_failed, not_found, lead_exists." }),
    message: z.string().meta({ description: "What went wrong, in the caller's language (?lang=, cookie, Accept-Language)." }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "validation_failed: one entry per problem, `path` the field (dotted; `(body)` for the whole body)." }),
  })
  .catchall(z.unknown())
  .meta({
    id: "Error",
    description:
      "Every error of the API: `{error, message}`, `issues` for validation_failed, and a code's own details (lead_exists: `lead`).",
  });

/** The statuses the API answers errors with (worker/http/error-response.ts ErrorStatus). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

const RETRY_AFTER: OpenAPIV3_1.HeaderObject = {
  description: "Seconds to wait before trying again.",
  schema: { type: "integer", minimum: 1 },
};

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: "validation_failed (with `issues`), invalid_json, or a code of the route.",
  401: "Not signed in: no session cookie or bearer token, or one that expired or was revoked.",
  403: "Signed in, but this role or user may not do this (insufficient_role, forbidden, a code of the route).",
  404: "not_found: nothing with that id, or nothing the caller may see.",
  409: "A conflict with the current state (a code of the route, e.g. lead_exists, lead_moved, last_admin).",
  410: "Gone: the thing expired.",
  413: "payload_too_large: the body is over the limit (1 MB for JSON; a route's own for files).",
  415: "The body is not of a type this route reads.",
  429: "rate_limited (or a route's own code): too many requests; see Retry-After.",
  503: "The service this needs is unavailable now; see Retry-After when present.",
};

/** Plain JSON (hono-openapi clones the validation 400 into every operation): a reference to the Error schema. */
const errorContent = () => ({ "application/json": { schema: { $ref: "#/components/schemas/Error" } } });

/** One error response of the document: the `{error, message}` body (and Retry-After for 429/503). */
export function errorResponse(status: ErrorStatus, description = ERROR_DESCRIPTIONS[status]) {
  return {
    description,
    content: errorContent(),
    ...(status === 429 ? { headers: { "Retry-After": RETRY_AFTER } } : {}),
  };
}

/** Error responses for `statuses`, each with its standard description: `...errors(404, 409)`. */
export function errors(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(status)]));
}

/** A JSON response whose body is `schema` (a zod schema: the same one the contract test checks answers against). */
export function jsonResponse(schema: z.ZodType, description: string) {
  return { description, content: { "application/json": { schema: resolver(schema) } } };
}

/** A response with no body (204). */
export const noContent = (description = "Done; no body.") => ({ description });

/** A file download (CSV, ZIP, an attachment's bytes, an image): its media type(s), named by Content-Disposition. */
export function fileResponse(mediaTypes: string[], description: string): OpenAPIV3_1.ResponseObject {
  return {
    description,
    headers: { "Content-Disposition": { description: "attachment (or inline) with the file's name.", schema: { type: "string" } } },
    content: Object.fromEntries(
      mediaTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } as OpenAPIV3_1.SchemaObject }]),
    ),
  };
}

/** A redirect (303) to `location`. */
export function redirectResponse(description: string): OpenAPIV3_1.ResponseObject {
  return { description, headers: { Location: { description: "Where to go.", schema: { type: "string" } } } };
}

/** The document's tags: one per resource sub-app (worker/api/index.ts), in the reference page's order. */
export const TAGS = {
  leads: "Leads",
  leadDetail: "Lead detail",
  attachments: "Attachments",
  tasks: "Tasks",
  dashboard: "Dashboard",
  reports: "Reports",
  search: "Search",
  notifications: "Notifications",
  users: "Users",
  profile: "Profile",
  settings: "Settings",
  push: "Push",
  apiTokens: "API tokens",
  webhooks: "Webhooks",
  chat: "Chat",
  imports: "Imports",
  exports: "Exports",
  backups: "Backups",
  session: "Session",
  auth: "Auth",
  public: "Public site",
  meta: "API",
} as const;
export type Tag = (typeof TAGS)[keyof typeof TAGS];

const TAG_DESCRIPTIONS: Record<Tag, string> = {
  Leads: "The leads list, the pipeline board, creating, editing, deleting and bulk actions.",
  "Lead detail": "A lead's timeline, notes, meetings and files.",
  Attachments: "Downloading and removing a lead's files.",
  Tasks: "Tasks, their assignees and completion.",
  Dashboard: "The dashboard's figures.",
  Reports: "Reports and their CSV export.",
  Search: "The Ctrl/⌘+K quick search.",
  Notifications: "The signed-in user's own notifications.",
  Users: "The team: invitations, roles, (de)activation, the audit trail.",
  Profile: "The signed-in user's own photo and password.",
  Settings: "The signed-in user's notification settings and the organisation's settings.",
  Push: "Web Push devices of the signed-in user.",
  "API tokens":
    "Personal API tokens (Settings → API): create one with scopes, list, revoke, see its recent requests. The browser's session only: a request with an Authorization header is refused.",
  Webhooks:
    "Signed webhooks (Standard Webhooks) for other systems (Settings → API, admins): endpoints, their secrets, recent deliveries and resending one.",
  Chat: "The internal team chat.",
  Imports: "Importing leads from a CSV.",
  Exports: "Exporting every table as CSV in a ZIP.",
  Backups: "The automatic daily backups.",
  Session: "The browser app's cookie session.",
  Auth: "Sign-in in GoTrue's wire format (@supabase/auth-js works against /api/auth); errors are GoTrue's `{code, error_code, msg}`.",
  "Public site":
    "The public site's forms and data (no session): contact, newsletter, the chat assistant, case studies, unsubscribe, health.",
  API: "This document.",
};

/** Signed-in staff: a personal API token (issue 25) as a bearer token (first: the reference page's examples use it), or the browser's session cookie. */
export const STAFF_SECURITY: OpenAPIV3_1.SecurityRequirementObject[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

/** The browser's session cookie only (a bearer token is refused): the routes behind requireSession. */
export const SESSION_SECURITY: OpenAPIV3_1.SecurityRequirementObject[] = [{ cookieAuth: [] }];

/** Public routes (no session) say so: `security: []`. */
export const PUBLIC_SECURITY: OpenAPIV3_1.SecurityRequirementObject[] = [];

const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  cookieAuth: {
    type: "apiKey",
    in: "cookie",
    name: "__Host-crm-access",
    description:
      "The CRM's own session: the HttpOnly cookies set by signing in at /auth (`__Host-crm-access` over https, `crm-access` on http://localhost; renewed by POST /api/session/refresh). What the CRM's screens and this reference page use.",
  },
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description:
      "A personal API token (Settings → API; its scopes limit what it may do) or a session's access token from POST /api/auth/token, sent as `Authorization: Bearer <token>`.",
  },
};

/**
 * What requireAuth (any signed-in role) or requireRole(minimum) adds to every route it guards,
 * mounted with `.use()` or on the route: the staff security schemes, 401, and 403 below
 * `minimum`. worker/api/middleware.ts attaches it, so no route repeats it.
 */
export function guardSpec(minimum: UserRole | null): DescribeRouteOptions {
  const roles = minimum === "admin" ? "admins" : minimum === "manager" ? "managers and admins" : null;
  return {
    security: STAFF_SECURITY,
    ...(roles ? { "x-required-role": minimum, description: `Only ${roles} (403 insufficient_role for other roles).` } : {}),
    responses: minimum && minimum !== "sales_rep" ? errors(401, 403) : errors(401),
  };
}

/**
 * What requireSession (worker/api/middleware.ts) adds to every route it guards: the session
 * cookie as the only security, 401, and 403 api_token_not_allowed for a request with any
 * Authorization header. /api/tokens: a token can never list, mint or revoke tokens.
 */
export function sessionGuardSpec(): DescribeRouteOptions {
  return {
    security: SESSION_SECURITY,
    responses: {
      401: errorResponse(401, "Not signed in: no session cookie, or one that expired or was revoked."),
      403: errorResponse(
        403,
        "api_token_not_allowed: the browser's session only; a request with an Authorization header (a personal API token, a session's access token) is refused.",
      ),
    },
  };
}

/** Marks a middleware so the document gets `spec` for every route it runs on (hono-openapi's own mark). */
export function withSpec<M extends MiddlewareHandler>(middleware: M, spec: DescribeRouteOptions): M {
  return Object.assign(middleware, { [uniqueSymbol]: { spec } });
}

export type RouteDescription = Omit<DescribeRouteOptions, "tags" | "responses"> & {
  /** A one-line summary: the reference page's title of the operation. */
  summary: string;
  /** Every status this route answers with and its body: jsonResponse(), errors(), fileResponse(), noContent(). */
  responses: NonNullable<DescribeRouteOptions["responses"]>;
  /** Its validate() never fails (a schema whose every field falls back to a default): no 400 in the document. */
  neverInvalid?: true;
};

/**
 * Describes one route for the document: put it first among the route's handlers,
 * `.get("/:id", describe(TAGS.leads, {summary, responses: {200: jsonResponse(LeadEnvelope, "…"), ...errors(404)}}), …)`.
 * The request side (query, path, body) comes from the route's validate() calls, security,
 * 401 and 403 from requireAuth/requireRole, 400 from validate(); list here the success
 * answers and the route's own errors. tests/api/openapi-routes.test.ts fails for a route
 * without one; tests/api/openapi-contract.test.ts checks real answers against it.
 */
export function describe(tag: Tag, { neverInvalid, ...description }: RouteDescription): MiddlewareHandler {
  return describeRoute({ tags: [tag], ...description, ...(neverInvalid ? { [NEVER_INVALID]: true } : {}) });
}

/** Marks an operation whose 400 hono-openapi adds but that never answers one; tidy() removes both. */
const NEVER_INVALID = "x-never-invalid";

/** The standard 400 of a route with a validate(): hono-openapi adds it to every such operation. */
const VALIDATION_RESPONSE = errorResponse(
  400,
  "validation_failed (the body, query or path does not match the schema: `issues` names each field), or invalid_json.",
);

/** The JSON of GET /api/openapi.json for `app` (every route registered on it by then). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app of this API (its env and schema do not matter here)
export async function buildOpenApiDocument(app: Hono<any, any, any>): Promise<OpenAPIV3_1.Document> {
  const error = await resolver(ErrorBodySchema).toOpenAPISchema();
  // The Error schema itself (zod gives a $ref to its `id` with the definition beside it).
  const errorSchema = stripId(
    (error.schema as { $defs?: Record<string, object> }).$defs?.Error ?? error.components?.schemas?.Error ?? error.schema,
  );
  const document = (await generateSpecs(app, {
    documentation: {
      openapi: "3.1.0",
      info: {
        title: "Velox CRM API",
        version: "1.0.0",
        description:
          "The JSON API the CRM's own screens use, for other systems too. Staff routes need a session cookie or `Authorization: Bearer <personal API token>`. Errors are `{error, message}` (the Error schema) in the caller's language. Generated from the code's zod schemas (docs/decisions/030).",
      },
      servers: [{ url: "/", description: "This server" }],
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: SECURITY_SCHEMES,
        schemas: { Error: errorSchema },
      },
    },
    defaultValidationErrorResponse: VALIDATION_RESPONSE,
    excludeStaticFile: false,
  } as Parameters<typeof generateSpecs>[1])) as OpenAPIV3_1.Document;
  return tidy(document);
}

/** A schema with its zod `id` left out (the component's name says it). */
function stripId(schema: object) {
  const { id: _id, ...rest } = schema as { id?: unknown };
  return rest;
}

/**
 * Small tidying of what hono-openapi makes: one copy of each security requirement (a guard
 * on the sub-app and on the route both add it), and a JSON round trip so no object is shared.
 */
function tidy(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const copy = JSON.parse(JSON.stringify(document)) as OpenAPIV3_1.Document;
  for (const item of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      if (!operation || typeof operation !== "object" || !("responses" in operation)) continue;
      const marked = operation as unknown as Record<string, unknown>;
      if (marked[NEVER_INVALID]) {
        delete operation.responses?.["400"];
        delete marked[NEVER_INVALID];
      }
      if (operation.security) {
        const seen = new Set<string>();
        operation.security = operation.security.filter((requirement) => {
          const key = JSON.stringify(requirement);
          return seen.has(key) ? false : (seen.add(key), true);
        });
      }
    }
  }
  return copy;
}

/** A multipart/form-data request body with a file field (and optional text fields), for describe()'s requestBody. */
export function multipartBody(
  description: string,
  fileField = "file",
  textFields: Record<string, string> = {},
): OpenAPIV3_1.RequestBodyObject {
  const text = (description: string): OpenAPIV3_1.SchemaObject => ({ type: "string", description });
  return {
    required: true,
    description,
    content: {
      "multipart/form-data": {
        schema: {
          type: "object",
          properties: {
            [fileField]: { type: "string", contentMediaType: "application/octet-stream", description: "The file." },
            ...Object.fromEntries(Object.entries(textFields).map(([name, about]) => [name, text(about)])),
          },
          required: [fileField],
        },
      },
    },
  };
}
