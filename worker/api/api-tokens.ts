import { Hono } from "hono";
import { z } from "zod";
import {
  createApiToken,
  createApiTokenSchema,
  listApiTokenRequests,
  listApiTokens,
  listApiTokensQuery,
  MAX_ACTIVE_API_TOKENS,
  revokeApiToken,
} from "../services/api-token-service.ts";
import type { AppEnv } from "./context.ts";
import { requireSession } from "./middleware.ts";
import { describe, errorResponse, errors, jsonResponse, TAGS, type RouteDescription } from "./openapi.ts";
import { ApiTokenRequestSchema, ApiTokenSchema, CreatedApiTokenSchema } from "./schemas.ts";
import { validate } from "./validate.ts";

const tokens = (spec: RouteDescription) => describe(TAGS.apiTokens, spec);

const tokenParam = z.object({ id: z.string().min(1).max(64) });

/**
 * /api/tokens — personal API tokens (Settings → API, issue 25, docs/decisions/031). The
 * browser's cookie session only: a request with any Authorization header (a personal token,
 * a session's JWT) is 403 `api_token_not_allowed`, so a token can never list, mint or revoke
 * tokens. Any role manages their own; admins also everyone's (`?all=1`, 403 for others;
 * another user's token is 404 to non-admins).
 * GET / → {tokens} · POST / {name, scopes, expires_at?} → 201 {token, secret} (the secret, once;
 * 409 api_token_limit over 20 active) · DELETE /:id → {token} (revoked at once) ·
 * GET /:id/requests → {requests} (the newest 20 made with it).
 */
export const apiTokensApi = new Hono<AppEnv>()
  .use(requireSession)
  .get(
    "/",
    tokens({
      summary: "List API tokens",
      description: "The signed-in user's own tokens, newest first; `?all=1` (admins only): everyone's.",
      responses: {
        200: jsonResponse(z.strictObject({ tokens: z.array(ApiTokenSchema) }), "The tokens, without their secrets."),
        403: errorResponse(
          403,
          "forbidden: `?all=1` by someone who is not an admin; api_token_not_allowed: a request with an Authorization header (the browser's session only).",
        ),
      },
    }),
    validate("query", listApiTokensQuery),
    async (c) => {
      const all = c.req.valid("query").all === "1";
      return c.json({ tokens: await listApiTokens(c.get("services"), c.get("viewer"), { all }) });
    },
  )
  .post(
    "/",
    tokens({
      summary: "Create an API token",
      description: `A named token with scopes and an optional expiry (at most a year ahead), for the signed-in user; its secret is in this answer only. At most ${MAX_ACTIVE_API_TOKENS} active tokens a user.`,
      responses: {
        201: jsonResponse(CreatedApiTokenSchema, "The token and its secret (shown once)."),
        403: errorResponse(
          403,
          "api_token_recovery_session: a recovery link's session (set the new password first); api_token_not_allowed: a request with an Authorization header (the browser's session only).",
        ),
        409: errorResponse(409, `api_token_limit: the user already has ${MAX_ACTIVE_API_TOKENS} active tokens (revoke one first).`),
      },
    }),
    validate("json", createApiTokenSchema),
    async (c) => c.json(await createApiToken(c.get("services"), c.get("viewer"), c.req.valid("json")), 201),
  )
  .delete(
    "/:id",
    tokens({
      summary: "Revoke an API token",
      description: "The next request made with it is a 401. Revoking a revoked token changes nothing. Admins may revoke anyone's.",
      responses: {
        200: jsonResponse(z.strictObject({ token: ApiTokenSchema }), "The token, revoked."),
        ...errors(404),
      },
    }),
    validate("param", tokenParam),
    async (c) => c.json({ token: await revokeApiToken(c.get("services"), c.get("viewer"), c.req.valid("param").id) }),
  )
  .get(
    "/:id/requests",
    tokens({
      summary: "Recent requests made with an API token",
      description: "The newest 20 (method, route pattern, status), from the audit log. The token's owner or an admin.",
      responses: {
        200: jsonResponse(z.strictObject({ requests: z.array(ApiTokenRequestSchema) }), "Newest first."),
        ...errors(404),
      },
    }),
    validate("param", tokenParam),
    async (c) => c.json({ requests: await listApiTokenRequests(c.get("services"), c.get("viewer"), c.req.valid("param").id) }),
  );
