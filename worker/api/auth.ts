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
import { resolver } from "hono-openapi";
import { z as zod } from "zod";
import { describe, jsonResponse, noContent, PUBLIC_SECURITY, TAGS, type RouteDescription } from "./openapi.ts";
import { AuthSessionSchema, AuthUserSchema, GoTrueErrorSchema } from "./schemas.ts";

/** The auth API answers errors in GoTrue's shape, not the API's `{error, message}`. */
function goTrueErrors(statuses: Record<number, string>) {
  return Object.fromEntries(
    Object.entries(statuses).map(([status, description]) => [
      status,
      {
        description,
        content: { "application/json": { schema: resolver(GoTrueErrorSchema) } },
        ...(status === "429" ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
      },
    ]),
  );
}
/** Put after requireAuth, so its GoTrue-shaped 401 replaces the API-shaped one requireAuth adds. */
const auth = (spec: RouteDescription) => describe(TAGS.auth, spec);
const requestJson = (schema: zod.ZodType, description: string) => ({
  required: true,
  description,
  content: { "application/json": { schema: resolver(schema) } },
});
const UNAUTHORIZED = { 401: "no_authorization, bad_jwt or session_not_found." };

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
  .post(
    "/token",
    auth({
      summary: "Sign in, or renew a session",
      description:
        "`?grant_type=password` with {email, password}; `?grant_type=refresh_token` with {refresh_token}. Answers GoTrue's session (the access token is a bearer token for this API).",
      security: PUBLIC_SECURITY,
      parameters: [{ in: "query", name: "grant_type", required: true, schema: { type: "string", enum: ["password", "refresh_token"] } }],
      requestBody: requestJson(
        zod.union([signInSchema, zod.object({ refresh_token: zod.string().min(1) })]),
        "The credentials of the grant.",
      ),
      responses: {
        200: jsonResponse(AuthSessionSchema, "The session."),
        ...goTrueErrors({
          400: "validation_failed, invalid_credentials, user_banned (a deactivated account), unsupported_grant_type, refresh_token_not_found…",
          429: "over_request_rate_limit.",
        }),
      },
    }),
    async (c) => {
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
    },
  )
  .get(
    "/user",
    requireAuth,
    auth({
      summary: "The signed-in user (GoTrue)",
      responses: { 200: jsonResponse(AuthUserSchema, "The user."), ...goTrueErrors(UNAUTHORIZED) },
    }),
    (c) => c.json(toAuthUser(c.get("viewer").user)),
  )
  // A new password without the current one: only from a recovery (or invitation) link's
  // session. A normal session changes it with the current one (POST /api/users/me/password,
  // throttled), so a stolen session cannot take the account over here.
  .put(
    "/user",
    requireAuth,
    auth({
      summary: "Set a new password from a recovery link",
      description:
        "Only with a recovery (or invitation) link's session: 403 reauthentication_needed otherwise (a normal session uses POST /api/users/me/password).",
      requestBody: requestJson(newPasswordSchema, "The new password."),
      responses: {
        200: jsonResponse(AuthUserSchema, "The user."),
        ...goTrueErrors({
          ...UNAUTHORIZED,
          400: "validation_failed.",
          403: "reauthentication_needed.",
          422: "weak_password (with weak_password.reasons).",
        }),
      },
    }),
    async (c) => {
      if (c.get("viewer").session.method !== "recovery") throw new AuthError(403, "reauthentication_needed");
      const { password } = parse(newPasswordSchema, await jsonBody(c));
      const user = await updatePassword(c.get("services"), c.get("viewer"), password);
      return c.json(toAuthUser(user));
    },
  )
  .post(
    "/logout",
    requireAuth,
    auth({
      summary: "Sign out",
      parameters: [{ in: "query", name: "scope", schema: { type: "string", enum: ["global", "local", "others"], default: "global" } }],
      responses: {
        204: noContent("Signed out (the session cookies cleared)."),
        ...goTrueErrors({ ...UNAUTHORIZED, 400: "validation_failed (an unknown scope)." }),
      },
    }),
    async (c) => {
      const scope = c.req.query("scope") ?? "global";
      const parsed = signOutScopeSchema.safeParse(scope);
      if (!parsed.success) throw new AuthError(400, "validation_failed");
      await signOut(c.get("services"), c.get("viewer"), parsed.data);
      if (!c.get("auth").bearer) c.get("auth").clear();
      return c.body(null, 204);
    },
  )
  .post(
    "/recover",
    auth({
      summary: "E-mail a password recovery link",
      description: "Answers the same whether the address is known or not.",
      security: PUBLIC_SECURITY,
      parameters: [
        { in: "query", name: "redirect_to", schema: { type: "string" }, description: "A path on this site the link opens (else /auth)." },
      ],
      requestBody: requestJson(recoverSchema, "The account's e-mail."),
      responses: {
        200: jsonResponse(zod.strictObject({}), "Sent, if the address is an account's."),
        ...goTrueErrors({ 400: "validation_failed.", 429: "over_email_send_rate_limit or over_request_rate_limit." }),
      },
    }),
    async (c) => {
      const { email } = parse(recoverSchema, await jsonBody(c));
      const redirectTo = safeRedirect(c.req.url, c.req.query("redirect_to"), c.env.PUBLIC_ORIGIN);
      await requestPasswordRecovery(c.get("services"), { email, redirectTo, language: c.get("language") }, c.get("auth").client);
      return c.json({});
    },
  )
  .post(
    "/verify",
    auth({
      summary: "Open a recovery link",
      description: "Trades the link's token for a recovery session (which may only set a new password).",
      security: PUBLIC_SECURITY,
      requestBody: requestJson(
        zod.object({ type: zod.literal("recovery"), token_hash: zod.string().optional(), token: zod.string().optional() }),
        "The link's token.",
      ),
      responses: {
        200: jsonResponse(AuthSessionSchema, "The recovery session."),
        ...goTrueErrors({
          400: "validation_failed.",
          403: "otp_expired (a used, altered or expired link).",
          429: "over_request_rate_limit.",
        }),
      },
    }),
    async (c) => {
      const body = (await jsonBody(c)) as { type?: unknown; token_hash?: unknown; token?: unknown };
      const token = typeof body.token_hash === "string" ? body.token_hash : body.token;
      if (body.type !== "recovery" || typeof token !== "string" || !token) throw new AuthError(400, "validation_failed");
      return c.json(await verifyRecoveryToken(c.get("services"), token, c.get("auth").client));
    },
  );
