import { Hono } from "hono";
import { AuthError } from "../auth/auth-error.ts";
import { refreshSession, toAuthUser } from "../services/auth-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";

/**
 * The browser app's own view of its cookie session (tokens never reach JavaScript):
 * GET /api/session → who is signed in and when the access token expires;
 * POST /api/session/refresh → rotate the tokens now (the client does this when 90 s or less remain).
 */
export const sessionApi = new Hono<AppEnv>()
  .get("/", requireAuth, (c) => {
    const { user, session } = c.get("viewer");
    c.header("Cache-Control", "no-store");
    return c.json({ user: toAuthUser(user), expires_at: session.expiresAt });
  })
  .post("/refresh", async (c) => {
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
  });
