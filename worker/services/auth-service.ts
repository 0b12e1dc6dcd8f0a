// Staff authentication: password sign-in, rotating refresh tokens, sign-out scopes,
// password recovery and password changes. Route actions and the GoTrue-compatible API both
// call these functions; every rule lives here.
import { disconnectSessions } from "../../party/publish.ts";
import type { SessionMatch } from "../../party/room-helpers.ts";
import { readableChannelIds } from "./chat-service.ts";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Language } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { AuthError } from "../auth/auth-error.ts";
import { hmacToken, randomToken, sha256Hex } from "../auth/crypto.ts";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from "../auth/jwt.ts";
import { hashPassword, needsRehash, verifyPassword } from "../auth/password.ts";
import { weakPasswordReasons } from "../auth/password-policy.ts";
import {
  authSessions,
  passwordResetTokens,
  refreshTokens,
  users,
  type PasswordTokenPurpose,
  type SessionMethod,
  type User,
} from "../db/schema/index.ts";
import { pushDevices } from "../db/schema/push.ts";
import { auditStatement } from "./audit-service.ts";
import { queueEmail } from "./email-service.ts";
import { DomainError, RateLimitedError } from "./errors.ts";
import { clearRateLimit, consumeRateLimit, type RateLimit } from "./rate-limit-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

/** 5 failed sign-ins per e-mail+IP in 15 minutes; the 6th attempt gets 429. */
export const SIGN_IN_LIMIT: RateLimit = { limit: 5, windowMs: 15 * 60 * 1000 };
/** 5 recovery requests per e-mail+IP in 15 minutes; the 6th gets 429. */
export const RECOVER_LIMIT: RateLimit = { limit: 5, windowMs: 15 * 60 * 1000 };
/** A just-used refresh token may be presented again for this long (parallel tabs, retries). */
export const REFRESH_REUSE_GRACE_MS = 10_000;
/** A refresh token unused for this long no longer renews the session. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const RECOVERY_TOKEN_TTL_MS = 60 * 60 * 1000;

export type Client = { ip: string; userAgent: string | null };

/** GoTrue's user object. */
export type AuthUser = {
  id: string;
  aud: "authenticated";
  role: "authenticated";
  email: string;
  phone: string;
  email_confirmed_at: string;
  confirmed_at: string;
  last_sign_in_at: string | null;
  app_metadata: { provider: "email"; providers: ["email"]; staff_role: User["role"] };
  user_metadata: { name: string };
  identities: [];
  created_at: string;
  updated_at: string;
  is_anonymous: false;
};

/** GoTrue's session object. */
export type AuthSession = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUser;
};

// The acting user's type lives with the service context (every service takes it); kept
// importable from here, where it is made.
export type { Authenticated } from "./service-context.ts";

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    phone: user.phone ?? "",
    email_confirmed_at: user.createdAt,
    confirmed_at: user.createdAt,
    last_sign_in_at: user.lastSignInAt,
    app_metadata: { provider: "email", providers: ["email"], staff_role: user.role },
    user_metadata: { name: user.name },
    identities: [],
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    is_anonymous: false,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const nowIso = () => new Date().toISOString();
const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

function secretOf(env: Env) {
  if (!env.AUTH_SECRET || env.AUTH_SECRET.length < 32) throw new Error("AUTH_SECRET must be set (at least 32 characters)");
  return env.AUTH_SECRET;
}

// Verifying against a fixed hash when the e-mail is unknown keeps response times alike.
let dummyHash: Promise<string> | undefined;

/** The child of a refresh token is derived from it, so a retry can be answered with the same token. */
const childRefreshToken = (env: Env, token: string) => hmacToken(secretOf(env), `refresh:${token}`);

async function issue(
  env: Env,
  user: User,
  session: { id: string; method: SessionMethod },
  refreshToken: string,
  issuedAt: number,
): Promise<AuthSession> {
  const accessToken = await signAccessToken(secretOf(env), {
    sub: user.id,
    session_id: session.id,
    email: user.email,
    staff_role: user.role,
    iat: issuedAt,
    amr: [{ method: session.method, timestamp: issuedAt }],
  });
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    user: toAuthUser(user),
  };
}

async function startSession({ db, env }: ServiceContext, user: User, method: SessionMethod, client: Client) {
  const now = nowIso();
  const refreshToken = randomToken(32);
  const [session] = await db
    .insert(authSessions)
    .values({ userId: user.id, method, ip: client.ip, userAgent: client.userAgent?.slice(0, 300) ?? null, createdAt: now, updatedAt: now })
    .returning();
  await db.batch([
    db.insert(refreshTokens).values({ sessionId: session!.id, tokenHash: await sha256Hex(refreshToken), createdAt: now }),
    db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id)),
  ]);
  return issue(env, { ...user, lastSignInAt: now }, session!, refreshToken, seconds(now));
}

/** Which sessions of a user end: all of them, one (`sessionId`), or all but one (`exceptSessionId`). */
export type SessionsToEnd = SessionMatch;

/**
 * The one way sessions end, whatever ends them (sign-out, a password change, a deactivation,
 * a refresh token replayed or unused too long, a deactivated user's refresh): in one D1
 * batch, together with the write that ends them if there is one (`together`), the sessions
 * are revoked and so is every refresh token of theirs; then their open sockets are closed in
 * every room the user can be in (their user room, the team room, each channel they may
 * read), and those rooms remember the sessions, so a socket already past the connection
 * check cannot open after this. Every access token of the sessions is refused from the
 * batch on (authenticateAccessToken reads the session).
 */
export async function endSessions(ctx: ServiceContext, which: SessionsToEnd, together: BatchItem<"sqlite">[] = []): Promise<void> {
  const { db } = ctx;
  const now = nowIso();
  const sessions = and(
    eq(authSessions.userId, which.userId),
    which.sessionId === undefined ? undefined : eq(authSessions.id, which.sessionId),
    which.exceptSessionId === undefined ? undefined : ne(authSessions.id, which.exceptSessionId),
  );
  const [ended] = await db.batch([
    db
      .update(authSessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(sessions, isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id }),
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          isNull(refreshTokens.revokedAt),
          inArray(refreshTokens.sessionId, db.select({ id: authSessions.id }).from(authSessions).where(sessions)),
        ),
      ),
    // Their browsers' Web Push subscriptions end with them (docs/decisions/029).
    db.delete(pushDevices).where(inArray(pushDevices.sessionId, db.select({ id: authSessions.id }).from(authSessions).where(sessions))),
    ...together,
  ]);
  try {
    const endedIds = ended.map((session) => session.id);
    await disconnectSessions(ctx.env, which, await readableChannelIds(ctx, which.userId), endedIds);
  } catch (error) {
    console.error("auth: sessions ended, their live sockets left to expire", error);
  }
}

const throttleKey = (purpose: string, email: string, ip: string) => `${purpose}:${email}|${ip}`;

export async function signInWithPassword(
  ctx: ServiceContext,
  input: { email: string; password: string },
  client: Client,
): Promise<AuthSession> {
  const email = normalizeEmail(input.email);
  const key = throttleKey("signin", email, client.ip);
  // Every attempt is reserved (counted as a failure) before the password is looked at, in
  // one statement: a parallel burst gets at most SIGN_IN_LIMIT evaluations, and a right
  // password arriving after the limit is refused like any other. A success clears the count.
  const throttle = await consumeRateLimit(ctx.db, key, SIGN_IN_LIMIT);
  if (!throttle.allowed) {
    throw new AuthError(429, "over_request_rate_limit", { retryAfterSeconds: throttle.retryAfterSeconds });
  }

  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  dummyHash ??= hashPassword("not-a-real-password-0000");
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !valid) throw new AuthError(400, "invalid_credentials");
  if (!user.isActive) throw new AuthError(400, "user_banned");

  await clearRateLimit(ctx.db, key);
  if (needsRehash(user.passwordHash)) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  return startSession(ctx, user, "password", client);
}

export async function refreshSession(ctx: ServiceContext, refreshToken: string): Promise<AuthSession> {
  const { db, env } = ctx;
  const row = await db
    .select({ token: refreshTokens, session: authSessions, user: users })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, await sha256Hex(refreshToken)))
    .get();
  if (!row) throw new AuthError(400, "refresh_token_not_found");
  const { token, session, user } = row;
  if (session.revokedAt || token.revokedAt) throw new AuthError(400, "session_not_found");
  if (!user.isActive) {
    await endSessions(ctx, { userId: user.id, sessionId: session.id });
    throw new AuthError(400, "user_banned");
  }

  const now = Date.now();
  if (token.usedAt) return retryOrRevoke(ctx, refreshToken, token, session, user, now);
  if (now - new Date(token.createdAt).getTime() > REFRESH_TOKEN_LIFETIME_MS) {
    await endSessions(ctx, { userId: user.id, sessionId: session.id });
    throw new AuthError(400, "session_not_found");
  }

  const child = await childRefreshToken(env, refreshToken);
  const createdAt = new Date(now).toISOString();
  try {
    await db.batch([
      db.insert(refreshTokens).values({ sessionId: session.id, tokenHash: await sha256Hex(child), parentId: token.id, createdAt }),
      db
        .update(refreshTokens)
        .set({ usedAt: createdAt })
        .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt))),
      db.update(authSessions).set({ refreshedAt: createdAt, updatedAt: createdAt }).where(eq(authSessions.id, session.id)),
    ]);
  } catch (error) {
    // A concurrent request rotated the same token a moment ago: answer like a retry.
    if (String(error).includes("UNIQUE")) return retryOrRevoke(ctx, refreshToken, { ...token, usedAt: createdAt }, session, user, now);
    throw error;
  }
  return issue(env, user, session, child, seconds(createdAt));
}

async function retryOrRevoke(
  ctx: ServiceContext,
  refreshToken: string,
  token: typeof refreshTokens.$inferSelect,
  session: typeof authSessions.$inferSelect,
  user: User,
  now: number,
): Promise<AuthSession> {
  if (token.usedAt && now - new Date(token.usedAt).getTime() <= REFRESH_REUSE_GRACE_MS) {
    const childToken = await childRefreshToken(ctx.env, refreshToken);
    const child = await ctx.db.query.refreshTokens.findFirst({
      where: and(eq(refreshTokens.tokenHash, await sha256Hex(childToken)), isNull(refreshTokens.revokedAt)),
    });
    if (child) return issue(ctx.env, user, session, childToken, seconds(child.createdAt));
  }
  // Presented again after the grace period: the token leaked or was replayed. End the session.
  await endSessions(ctx, { userId: user.id, sessionId: session.id });
  throw new AuthError(400, "refresh_token_already_used");
}

/**
 * The identity behind an access token: a valid signature, an unexpired token, a session
 * that was not revoked and an active user. Otherwise a 401 AuthError.
 */
export async function authenticateAccessToken({ db, env }: ServiceContext, token: string): Promise<Authenticated> {
  const claims = await verifyAccessToken(secretOf(env), token);
  if (!claims) throw new AuthError(401, "bad_jwt");
  const row = await db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, claims.session_id), eq(authSessions.userId, claims.sub)))
    .get();
  if (!row || row.session.revokedAt || !row.user.isActive) throw new AuthError(401, "session_not_found");
  return { user: row.user, session: { id: row.session.id, method: row.session.method, expiresAt: claims.exp } };
}

export type SignOutScope = "global" | "local" | "others";

export async function signOut(ctx: ServiceContext, auth: Authenticated, scope: SignOutScope) {
  const userId = auth.user.id;
  await endSessions(
    ctx,
    scope === "local"
      ? { userId, sessionId: auth.session.id }
      : scope === "global"
        ? { userId }
        : { userId, exceptSessionId: auth.session.id },
  );
}

/**
 * Sends a recovery link (valid 1 hour, single use) when the address belongs to an active
 * user. Answers the same way, and in the same time, whether or not it does: only the
 * throttle runs before the answer; the account lookup and the e-mail run after it
 * (waitUntil), so neither the reply nor its timing reveals an account.
 *
 * `redirectTo` is a path on this site (already made safe by the caller); the link is built
 * from the configured PUBLIC_ORIGIN, never from the request's Host.
 */
export async function requestPasswordRecovery(
  ctx: ServiceContext,
  input: { email: string; redirectTo: string; language: Language },
  client: Client,
) {
  const email = normalizeEmail(input.email);
  const throttle = await consumeRateLimit(ctx.db, throttleKey("recover", email, client.ip), RECOVER_LIMIT);
  if (!throttle.allowed) {
    throw new AuthError(429, "over_email_send_rate_limit", { retryAfterSeconds: throttle.retryAfterSeconds });
  }
  const work = sendRecoveryEmail(ctx, email, input).catch((error) => console.error("auth: recovery e-mail failed", error));
  if (ctx.waitUntil) ctx.waitUntil(work);
  else await work;
}

/** Public origin + a path: the base of every link that leaves the request (e-mails). */
export function publicUrl(env: Env, path: string): URL {
  const origin = new URL(env.PUBLIC_ORIGIN).origin;
  const url = new URL(path.startsWith("/") && !path.startsWith("//") ? path : "/", origin);
  return url.origin === origin ? url : new URL("/", origin);
}

async function sendRecoveryEmail(ctx: ServiceContext, email: string, input: { redirectTo: string; language: Language }) {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user || !user.isActive) return;

  const token = randomToken(32);
  const now = new Date();
  await ctx.db.batch([
    // Only the newest link works.
    ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: now.toISOString() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    ctx.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(now.getTime() + RECOVERY_TOKEN_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
    }),
  ]);

  // The link opens the redirect target (our /auth page by default) in "set new password"
  // mode; the token is spent only when the new password is submitted, so mail scanners that
  // open links cannot burn it.
  const link = publicUrl(ctx.env, input.redirectTo);
  link.searchParams.set("type", "recovery");
  link.searchParams.set("token", token);
  const t = getTranslator(input.language);
  await queueEmail(ctx, {
    to: user.email,
    subject: t("auth.email.recoverySubject"),
    text: t("auth.email.recoveryBody", { name: user.name, link: link.toString() }),
    kind: "password_recovery",
  });
}

/** The account a recovery token would reset, without spending it; null when invalid. */
export async function peekRecoveryToken(
  ctx: ServiceContext,
  token: string,
): Promise<{ email: string; name: string; purpose: PasswordTokenPurpose } | null> {
  const row = await ctx.db
    .select({ email: users.email, name: users.name, isActive: users.isActive, purpose: passwordResetTokens.purpose })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, await sha256Hex(token)),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > ${nowIso()}`,
      ),
    )
    .get();
  return row && row.isActive ? { email: row.email, name: row.name, purpose: row.purpose } : null;
}

/** Spends a recovery token (once, within an hour) and opens a recovery session. */
export async function verifyRecoveryToken(ctx: ServiceContext, token: string, client: Client): Promise<AuthSession> {
  const hash = await sha256Hex(token);
  const now = nowIso();
  const spent = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, hash), isNull(passwordResetTokens.usedAt), sql`${passwordResetTokens.expiresAt} > ${now}`))
    .returning({ userId: passwordResetTokens.userId });
  const userId = spent[0]?.userId;
  const user = userId ? await ctx.db.query.users.findFirst({ where: eq(users.id, userId) }) : undefined;
  if (!user || !user.isActive) throw new AuthError(403, "otp_expired");
  return startSession(ctx, user, "recovery", client);
}

/**
 * Sets a new password (also from a recovery session). Every other session of the user ends
 * in the same batch (endSessions: sessions, refresh tokens, then their sockets); the current
 * one stays and becomes a normal password session.
 */
export async function updatePassword(ctx: ServiceContext, auth: Authenticated, password: string): Promise<User> {
  const reasons = weakPasswordReasons(password);
  if (reasons.length > 0) throw new AuthError(422, "weak_password", { reasons });
  const now = nowIso();
  await endSessions(ctx, { userId: auth.user.id, exceptSessionId: auth.session.id }, [
    ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: now, invitedAt: null })
      .where(eq(users.id, auth.user.id)),
    // An invited colleague who sets their first password has accepted the invitation.
    ...(auth.user.invitedAt
      ? [
          auditStatement(ctx.db, auth.user, {
            action: "user.invitation_accepted",
            targetType: "user",
            targetId: auth.user.id,
            targetLabel: `${auth.user.name} <${auth.user.email}>`,
          }),
        ]
      : []),
    ctx.db.update(authSessions).set({ method: "password", updatedAt: now }).where(eq(authSessions.id, auth.session.id)),
    // Reset links still unused are spent with the old password.
    ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, auth.user.id), isNull(passwordResetTokens.usedAt))),
  ]);
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, auth.user.id) });
  if (!user) throw new AuthError(404, "user_not_found");
  return user;
}

/** Settings → Perfil: 5 password-change attempts per user in 15 minutes (counted before the check; a success clears them). */
export const PASSWORD_CHANGE_LIMIT: RateLimit = {
  limit: 5,
  windowMs: 15 * 60 * 1000,
  message: "apiErrors.password_change_rate_limited",
};

/**
 * Settings → Perfil's 'Alterar senha': the current password, then updatePassword (the
 * sign-in's rules; every other session, refresh token and socket of the user ends, the
 * current one stays). Like sign-in, each attempt is reserved (counted) before the password is
 * looked at, in one statement (consumeRateLimit), so a parallel burst gets at most 5
 * evaluations per user and 15 minutes; a wrong current password is a translated 400
 * (current_password_incorrect); a right one clears the count.
 */
export async function changePassword(
  ctx: ServiceContext,
  auth: Authenticated,
  input: { currentPassword: string; newPassword: string },
): Promise<User> {
  const key = `password-change:${auth.user.id}`;
  const throttle = await consumeRateLimit(ctx.db, key, PASSWORD_CHANGE_LIMIT);
  if (!throttle.allowed) throw new RateLimitedError(throttle.retryAfterSeconds, PASSWORD_CHANGE_LIMIT.message);
  if (!(await verifyPassword(input.currentPassword, auth.user.passwordHash))) {
    throw new DomainError("invalid_input", "current_password_incorrect");
  }
  await clearRateLimit(ctx.db, key);
  return updatePassword(ctx, auth, input.newPassword);
}
