// The auth API at /api/auth, in GoTrue's wire format, so a standard client
// (@supabase/auth-js GoTrueClient with url <origin>/api/auth) works against it.
import { Hono, type Context } from "hono";
import type { z } from "zod";
import { newPasswordSchema, recoverSchema, signInSchema, signOutScopeSchema } from "~/modules/auth/auth-schemas";
import { AuthError } from "../auth/auth-error.ts";
import { safeSitePath } from "../lib/safe-redirect.ts";
import {
  refreshSession,
  requestPasswordRecovery,
  signInWithPassword,
  signOut,
  toAuthUser,
  updatePassword,
  verifyRecoveryToken,
} from "../services/auth-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";

/** Reads a JSON body leniently (GoTrue accepts an empty body on some endpoints). */
async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AuthError(400, "validation_failed");
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AuthError(400, "validation_failed");
  return result.data;
}

/**
 * The path on this site a recovery link should open: a relative path, or an absolute URL on
 * the request's origin or PUBLIC_ORIGIN, reduced to its path; anything else yields /auth.
 */
export function safeRedirect(requestUrl: string, target: string | undefined | null, publicOrigin?: string): string {
  return safeSitePath(target, [requestUrl, publicOrigin], "/auth");
}

export const authApi = new Hono<AppEnv>()
  .post("/token", async (c) => {
    const grantType = c.req.query("grant_type");
    const body = await jsonBody(c);
    const services = c.get("services");
    if (grantType === "password") {
      const input = parse(signInSchema, body);
      return c.json(await signInWithPassword(services, input, c.get("auth").client));
    }
    if (grantType === "refresh_token") {
      const { refresh_token: token } = (body ?? {}) as { refresh_token?: unknown };
      if (typeof token !== "string" || !token) throw new AuthError(400, "validation_failed");
      return c.json(await refreshSession(services, token));
    }
    throw new AuthError(400, "unsupported_grant_type");
  })
  .get("/user", requireAuth, (c) => c.json(toAuthUser(c.get("viewer").user)))
  // A new password without the current one: only from a recovery (or invitation) link's
  // session. A normal session changes it with the current one (POST /api/users/me/password,
  // throttled), so a stolen session cannot take the account over here.
  .put("/user", requireAuth, async (c) => {
    if (c.get("viewer").session.method !== "recovery") throw new AuthError(403, "reauthentication_needed");
    const { password } = parse(newPasswordSchema, await jsonBody(c));
    const user = await updatePassword(c.get("services"), c.get("viewer"), password);
    return c.json(toAuthUser(user));
  })
  .post("/logout", requireAuth, async (c) => {
    const scope = c.req.query("scope") ?? "global";
    const parsed = signOutScopeSchema.safeParse(scope);
    if (!parsed.success) throw new AuthError(400, "validation_failed");
    await signOut(c.get("services"), c.get("viewer"), parsed.data);
    if (!c.get("auth").bearer) c.get("auth").clear();
    return c.body(null, 204);
  })
  .post("/recover", async (c) => {
    const { email } = parse(recoverSchema, await jsonBody(c));
    const redirectTo = safeRedirect(c.req.url, c.req.query("redirect_to"), c.env.PUBLIC_ORIGIN);
    await requestPasswordRecovery(c.get("services"), { email, redirectTo, language: c.get("language") }, c.get("auth").client);
    return c.json({});
  })
  .post("/verify", async (c) => {
    const body = (await jsonBody(c)) as { type?: unknown; token_hash?: unknown; token?: unknown };
    const token = typeof body.token_hash === "string" ? body.token_hash : body.token;
    if (body.type !== "recovery" || typeof token !== "string" || !token) throw new AuthError(400, "validation_failed");
    return c.json(await verifyRecoveryToken(c.get("services"), token, c.get("auth").client));
  });
