// Personal API tokens (issue 25, migration 0026, docs/decisions/031). A staff member makes a
// named token with scopes and an optional expiry for another system; the secret is shown once
// and only its SHA-256 is stored. Sent as `Authorization: Bearer vxl_pat_…` it acts as its
// owner (the owner's role rules, through the same services) within its scopes. Admins also
// see and revoke everyone's tokens. Every request made with one is in the audit log.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { CONTROL_CHAR, hasNoBidiControl } from "../lib/control-chars.ts";
import { AuthError } from "../auth/auth-error.ts";
import { randomToken, sha256Hex } from "../auth/crypto.ts";
import { API_TOKEN_SCOPES, apiTokens, auditLog, users, type ApiToken, type ApiTokenScope, type User } from "../db/schema/index.ts";
import { auditStatement } from "./audit-service.ts";
import { DomainError, ForbiddenError, invalidField, NotFoundError } from "./errors.ts";
import type { RateLimit } from "./rate-limit-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

export { API_TOKEN_SCOPES, type ApiTokenScope } from "../db/schema/index.ts";

/** Every personal token starts with this: the API tells it from a session's JWT by it. */
export const API_TOKEN_PREFIX = "vxl_pat_";
/** How much of the token is kept in clear for display ("vxl_pat_Ab3dE…"). */
const DISPLAY_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 5;
/** Active (not revoked, not expired) tokens a user may hold. */
export const MAX_ACTIVE_API_TOKENS = 20;
/** The longest expiry: a year (366 days, so "365 days" from a browser a little ahead still fits). */
export const MAX_API_TOKEN_DAYS = 366;
/** Requests per token per minute (the atomic limiter of rate-limit-service). */
export const API_TOKEN_RATE_LIMIT: RateLimit = {
  limit: 600,
  windowMs: 60_000,
  message: "apiErrors.api_token_rate_limited",
  // A busy token keeps at most its last minute of events (600 rows), not a day's.
  retainMs: 60_000,
};
/** last_used_at is written at most this often per token. */
const LAST_USED_PRECISION_MS = 60_000;
/** A token's recent requests shown in its row. */
export const API_TOKEN_RECENT_REQUESTS = 20;
/** The audit action of one request made with a token (kept out of the trail of changes). */
export const TOKEN_REQUEST_ACTION = "token.request";

/** Whether a bearer credential is a personal API token (rather than a session's JWT). */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/** Which token a request came with: the owner's identity carries it (Authenticated.token). */
export type ApiTokenIdentity = { id: string; name: string; scopes: ApiTokenScope[] };

export type ApiTokenDto = {
  id: string;
  name: string;
  /** The first characters of the secret, for telling tokens apart ("vxl_pat_Ab3dE"). */
  prefix: string;
  scopes: ApiTokenScope[];
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  /** active, expired or revoked, as of the answer. */
  status: "active" | "expired" | "revoked";
  owner: { id: string; name: string; email: string };
};

/** The secret, once: the answer to POST /api/tokens. */
export type CreatedApiTokenDto = { token: ApiTokenDto; secret: string };

export type ApiTokenRequestDto = { id: string; method: string; route: string; status: number; created_at: string };

const FIELD = {
  required: { error: "apiErrors.field.required" },
  tooLong: { error: "apiErrors.field.too_long" },
  invalid: { error: "apiErrors.field.invalid_value" },
  control: { error: "apiErrors.field.control_characters" },
} as const;

/** POST /api/tokens. `expires_at`: an instant (ISO 8601) in the future, at most a year ahead; null or absent: never. */
export const createApiTokenSchema = z
  .object(
    {
      name: z
        .string(FIELD.required)
        .trim()
        .min(1, FIELD.required)
        .max(80, FIELD.tooLong)
        .refine((value) => !CONTROL_CHAR.test(value) && hasNoBidiControl(value), FIELD.control),
      scopes: z
        .array(z.enum(API_TOKEN_SCOPES, FIELD.invalid), FIELD.required)
        .min(1, { error: "apiErrors.field.api_token_scopes_required" })
        .max(API_TOKEN_SCOPES.length * 2, { error: "apiErrors.field.too_many" })
        .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
      expires_at: z.iso.datetime({ offset: true, error: "apiErrors.field.invalid_date" }).nullable().optional(),
    },
    // No message of its own: an unknown field reads 'Campo não permitido.', a body that is not an object says so.
  )
  .strict();
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

/** GET /api/tokens?all=1: admins list everyone's tokens. */
export const listApiTokensQuery = z.object({ all: z.enum(["0", "1"], FIELD.invalid).optional() }, FIELD.invalid);

const parseScopes = (value: string): ApiTokenScope[] => {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? API_TOKEN_SCOPES.filter((scope) => parsed.includes(scope)) : [];
  } catch {
    return [];
  }
};

const statusOf = (row: Pick<ApiToken, "revokedAt" | "expiresAt">, now = Date.now()): ApiTokenDto["status"] =>
  row.revokedAt ? "revoked" : row.expiresAt && new Date(row.expiresAt).getTime() <= now ? "expired" : "active";

const toDto = (row: ApiToken, owner: Pick<User, "id" | "name" | "email">): ApiTokenDto => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: parseScopes(row.scopes),
  created_at: row.createdAt,
  expires_at: row.expiresAt,
  last_used_at: row.lastUsedAt,
  revoked_at: row.revokedAt,
  status: statusOf(row),
  owner: { id: owner.id, name: owner.name, email: owner.email },
});

/** Token management is for the browser's session only: a token cannot list, mint or revoke tokens. */
function assertSession(actor: Authenticated) {
  if (actor.token) throw new AuthError(403, "api_token_not_allowed");
}

/**
 * Creates a token for the actor and returns its secret (never stored, never shown again).
 * The limit of MAX_ACTIVE_API_TOKENS active tokens is decided in the INSERT itself
 * (conventions 11): `insert … select … where (active tokens) < limit`, so a parallel burst
 * gets exactly the limit through. The audit entry joins the same batch, written only if the
 * token was.
 */
export async function createApiToken(
  { db }: ServiceContext,
  actor: Authenticated,
  input: CreateApiTokenInput,
  now = new Date(),
): Promise<CreatedApiTokenDto> {
  assertSession(actor);
  // A recovery link's session is for setting a new password: a token minted there would outlive
  // the reset (tokens survive password changes, decision 031), turning a mailed link or a stolen
  // recovery cookie into a year of access.
  if (actor.session.method !== "password") throw new AuthError(403, "api_token_recovery_session");
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw invalidField("expires_at", "apiErrors.field.api_token_expiry_past");
  if (expiresAt && expiresAt.getTime() > now.getTime() + MAX_API_TOKEN_DAYS * 86_400_000) {
    throw invalidField("expires_at", "apiErrors.field.api_token_expiry_too_far");
  }
  const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const id = crypto.randomUUID();
  const nowIso = now.toISOString();
  const row = {
    id,
    userId: actor.user.id,
    name: input.name,
    tokenHash: await sha256Hex(secret),
    prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH),
    scopes: JSON.stringify(input.scopes),
    createdAt: nowIso,
    expiresAt: expiresAt?.toISOString() ?? null,
  };
  // The table's columns in their declared order (insert … select names them all in it).
  const values = sql`${row.id}, ${row.userId}, ${row.name}, ${row.tokenHash}, ${row.prefix}, ${row.scopes}, ${row.createdAt}, ${row.expiresAt}, null, null, null`;
  const activeCount = sql`(select count(*) from api_tokens where user_id = ${actor.user.id} and revoked_at is null and (expires_at is null or expires_at > ${nowIso}))`;
  const [inserted] = await db.batch([
    db
      .insert(apiTokens)
      .select(sql`select ${values} where ${activeCount} < ${MAX_ACTIVE_API_TOKENS}`)
      .returning({ id: apiTokens.id }),
    auditStatement(
      db,
      actor.user,
      {
        action: "token.created",
        targetType: "api_token",
        targetId: id,
        targetLabel: `${row.name} (${actor.user.name})`,
        after: { scopes: input.scopes, expires_at: row.expiresAt },
      },
      { onlyIfChanged: true },
    ),
  ]);
  if (inserted.length !== 1) {
    throw new DomainError("conflict", "api_token_limit", { limit: MAX_ACTIVE_API_TOKENS });
  }
  const stored = await db.select().from(apiTokens).where(eq(apiTokens.id, id)).get();
  if (!stored) throw new NotFoundError();
  return { token: toDto(stored, actor.user), secret };
}

/** The actor's own tokens, newest first; `all` (admins only, 403 otherwise): everyone's. */
export async function listApiTokens({ db }: ServiceContext, actor: Authenticated, { all = false } = {}): Promise<ApiTokenDto[]> {
  assertSession(actor);
  if (all && actor.user.role !== "admin") throw new ForbiddenError();
  const rows = await db
    .select({ token: apiTokens, owner: { id: users.id, name: users.name, email: users.email } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(all ? undefined : eq(apiTokens.userId, actor.user.id))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(all ? 1000 : 200)
    .all();
  return rows.map((row) => toDto(row.token, row.owner));
}

/** A token the actor may manage: their own, or anyone's for an admin; 404 otherwise (no hint that it exists). */
async function manageable({ db }: ServiceContext, actor: Authenticated, id: string) {
  const row = await db
    .select({ token: apiTokens, owner: { id: users.id, name: users.name, email: users.email } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, id))
    .get();
  if (!row || (row.token.userId !== actor.user.id && actor.user.role !== "admin")) throw new NotFoundError();
  return row;
}

/**
 * Revokes a token at once: the next request made with it is a 401. Revoking a revoked token
 * changes nothing (and writes no second audit entry: the guarded UPDATE decides).
 */
export async function revokeApiToken(ctx: ServiceContext, actor: Authenticated, id: string, now = new Date()): Promise<ApiTokenDto> {
  assertSession(actor);
  const { db } = ctx;
  const { token, owner } = await manageable(ctx, actor, id);
  await db.batch([
    db
      .update(apiTokens)
      .set({ revokedAt: now.toISOString(), revokedBy: actor.user.id })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt))),
    auditStatement(
      db,
      actor.user,
      { action: "token.revoked", targetType: "api_token", targetId: id, targetLabel: `${token.name} (${owner.name})` },
      { onlyIfChanged: true },
    ),
  ]);
  const stored = await db.select().from(apiTokens).where(eq(apiTokens.id, id)).get();
  return toDto(stored ?? token, owner);
}

/** The newest requests made with a token (its owner, or an admin). */
export async function listApiTokenRequests(ctx: ServiceContext, actor: Authenticated, id: string): Promise<ApiTokenRequestDto[]> {
  assertSession(actor);
  await manageable(ctx, actor, id);
  const rows = await ctx.db
    .select({ id: auditLog.id, after: auditLog.after, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, TOKEN_REQUEST_ACTION)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(API_TOKEN_RECENT_REQUESTS)
    .all();
  return rows.map((row) => {
    let after: { method?: unknown; route?: unknown; status?: unknown } = {};
    try {
      after = JSON.parse(row.after ?? "{}") as typeof after;
    } catch {
      // an unreadable entry shows empty
    }
    return {
      id: row.id,
      method: String(after.method ?? ""),
      route: String(after.route ?? ""),
      status: Number(after.status ?? 0),
      created_at: row.createdAt,
    };
  });
}

/**
 * Who a personal token speaks for: its owner, as a session would (same role rules), with the
 * token's id, name and scopes. Unknown, revoked, expired, or its owner deactivated: a 401
 * that says which (the token's holder can do nothing else with a bad one anyway).
 */
export async function authenticateApiToken({ db }: ServiceContext, secret: string, now = new Date()): Promise<Authenticated> {
  // Only the shape a token can have reaches the database (length and alphabet).
  if (!/^vxl_pat_[A-Za-z0-9_-]{43}$/.test(secret)) throw new AuthError(401, "api_token_invalid");
  const row = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, await sha256Hex(secret)))
    .get();
  if (!row) throw new AuthError(401, "api_token_invalid");
  if (row.token.revokedAt) throw new AuthError(401, "api_token_revoked");
  if (row.token.expiresAt && new Date(row.token.expiresAt).getTime() <= now.getTime()) throw new AuthError(401, "api_token_expired");
  if (!row.user.isActive) throw new AuthError(401, "api_token_owner_inactive");
  const expiresAt = row.token.expiresAt ? Math.floor(new Date(row.token.expiresAt).getTime() / 1000) : 0;
  return {
    user: row.user,
    // No session: a token is its own credential. Nothing a token may reach reads the session.
    session: { id: `api-token:${row.token.id}`, method: "api_token", expiresAt },
    token: { id: row.token.id, name: row.token.name, scopes: parseScopes(row.token.scopes) },
  };
}

/**
 * After the answer (waitUntil): the request's audit entry (token, route pattern, method,
 * status) and the token's last use, kept to the minute (the UPDATE's own WHERE skips a token
 * used less than a minute ago, so a busy token costs one write per minute, not per request).
 */
export async function recordApiTokenRequest(
  { db }: ServiceContext,
  actor: Authenticated,
  request: { method: string; route: string; status: number },
  now = new Date(),
): Promise<void> {
  const token = actor.token;
  if (!token) return;
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS).toISOString();
  await db.batch([
    auditStatement(db, actor.user, {
      action: TOKEN_REQUEST_ACTION,
      targetType: "api_token",
      targetId: token.id,
      targetLabel: token.name,
      after: { method: request.method, route: request.route, status: request.status },
    }),
    db
      .update(apiTokens)
      .set({ lastUsedAt: nowIso })
      .where(and(eq(apiTokens.id, token.id), sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < ${staleBefore})`)),
  ]);
}

/** How long a token's per-request audit entries are kept (its changes, made and revoked, stay). */
export const TOKEN_REQUEST_KEEP_DAYS = 90;
/** At most this many are removed per Cron run, so one run stays short whatever piled up. */
export const TOKEN_REQUEST_PRUNE_BATCH = 5000;

/**
 * The Cron's clean-up (every 15 minutes): removes per-request audit entries of tokens older than
 * TOKEN_REQUEST_KEEP_DAYS, TOKEN_REQUEST_PRUNE_BATCH at a time (a busy token writes up to 600 a
 * minute; 5000 every 15 minutes outpaces any steady rate the limit allows per token). Returns how
 * many went.
 */
export async function pruneApiTokenRequests({ db }: ServiceContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TOKEN_REQUEST_KEEP_DAYS * 86_400_000).toISOString();
  const result = await db.run(sql`delete from audit_log where id in (
    select id from audit_log where action = ${TOKEN_REQUEST_ACTION} and created_at < ${before} limit ${TOKEN_REQUEST_PRUNE_BATCH})`);
  return result.meta.changes ?? 0;
}
