import { Hono } from "hono";
import { z } from "zod";
import { AuthError } from "../auth/auth-error.ts";
import {
  createApiToken,
  createApiTokenSchema,
  listApiTokenRequests,
  listApiTokens,
  listApiTokensQuery,
  revokeApiToken,
} from "../services/api-token-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";

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
  .use(async (c, next) => {
    if (c.req.header("Authorization") !== undefined) throw new AuthError(403, "api_token_not_allowed");
    await next();
  })
  .use(requireAuth)
  .get("/", validate("query", listApiTokensQuery), async (c) => {
    const all = c.req.valid("query").all === "1";
    return c.json({ tokens: await listApiTokens(c.get("services"), c.get("viewer"), { all }) });
  })
  .post("/", validate("json", createApiTokenSchema), async (c) => {
    return c.json(await createApiToken(c.get("services"), c.get("viewer"), c.req.valid("json")), 201);
  })
  .delete("/:id", validate("param", tokenParam), async (c) => {
    return c.json({ token: await revokeApiToken(c.get("services"), c.get("viewer"), c.req.valid("param").id) });
  })
  .get("/:id/requests", validate("param", tokenParam), async (c) => {
    return c.json({ requests: await listApiTokenRequests(c.get("services"), c.get("viewer"), c.req.valid("param").id) });
  });
