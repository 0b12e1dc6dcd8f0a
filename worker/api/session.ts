import { Hono } from "hono";
import { z } from "zod";
import { AuthError } from "../auth/auth-error.ts";
import { refreshSession, toAuthUser } from "../services/auth-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { describe, jsonResponse, TAGS } from "./openapi.ts";
import { AuthUserSchema } from "./schemas.ts";

const sessionAnswer = (description: string) =>
  jsonResponse(
    z.strictObject({
      user: AuthUserSchema,
      expires_at: z.number().int().meta({ description: "When the access token expires (Unix seconds)." }),
    }),
    description,
  );

/**
 * The browser app's own view of its cookie session (tokens never reach JavaScript):
 * GET /api/session → who is signed in and when the access token expires;
 * POST /api/session/refresh → rotate the tokens now (the client does this when 90 s or less remain).
 */
export const sessionApi = new Hono<AppEnv>()
  .get(
    "/",
    describe(TAGS.session, {
      summary: "Who is signed in",
      responses: { 200: sessionAnswer("The user and when the access token expires.") },
    }),
    requireAuth,
    (c) => {
      const { user, session } = c.get("viewer");
      c.header("Cache-Control", "no-store");
      return c.json({ user: toAuthUser(user), expires_at: session.expiresAt });
    },
  )
  .post(
    "/refresh",
    describe(TAGS.session, {
      summary: "Renew the session now",
      description: "Rotates the session cookies (the refresh cookie is read; tokens never reach JavaScript).",
      security: [{ cookieAuth: [] }],
      responses: {
        200: sessionAnswer("The renewed session; new cookies are set."),
        401: {
          description: "No refresh cookie, or one no longer valid (cookies cleared).",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    }),
    async (c) => {
      const auth = c.get("auth");
      const refreshToken = auth.refreshCookie;
      if (!refreshToken) throw new AuthError(401, "no_authorization");
      try {
        const session = await refreshSession(c.get("services"), refreshToken);
        auth.establish(session);
        return c.json({ user: session.user, expires_at: session.expires_at });
      } catch (error) {
        if (error instanceof AuthError) {
          auth.clear();
          throw new AuthError(401, "session_not_found");
        }
        throw error;
      }
    },
  );
