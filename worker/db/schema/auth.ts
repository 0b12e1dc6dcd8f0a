import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, sqlList, updatedAt } from "./columns.ts";

/** How a session was established: a password sign-in, or a password-recovery link. */
export const SESSION_METHODS = ["password", "recovery"] as const;
export type SessionMethod = (typeof SESSION_METHODS)[number];
import { users } from "./users.ts";

/** One signed-in device: access tokens carry its id, refresh tokens hang off it. */
export const authSessions = sqliteTable(
  "auth_sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").$type<SessionMethod>().notNull().default("password"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    refreshedAt: text("refreshed_at"),
    revokedAt: text("revoked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("auth_sessions_user_idx").on(t.userId, t.revokedAt),
    check("auth_sessions_method_check", sql`${t.method} in ${sqlList(SESSION_METHODS)}`),
  ],
);

/** Rotating refresh tokens, stored as SHA-256 hashes; each is used once. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: id(),
    sessionId: text("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    parentId: text("parent_id"),
    usedAt: text("used_at"),
    revokedAt: text("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_unique").on(t.tokenHash),
    index("refresh_tokens_session_idx").on(t.sessionId),
    index("refresh_tokens_parent_idx").on(t.parentId),
  ],
);

/** What a password link is for: recovering a password (1 hour) or accepting an invitation (7 days). */
export const PASSWORD_TOKEN_PURPOSES = ["recovery", "invite"] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/** Single-use password tokens (hash only): recovery links (one hour) and invitations (7 days). */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    purpose: text("purpose").$type<PasswordTokenPurpose>().notNull().default("recovery"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
    check("password_reset_tokens_purpose_check", sql`${t.purpose} in ${sqlList(PASSWORD_TOKEN_PURPOSES)}`),
  ],
);

/** Sliding-window throttle counters (sign-in, recovery, public forms), keyed by purpose+subject. */
export const rateLimitEvents = sqliteTable(
  "rate_limit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_events_key_idx").on(t.key, t.createdAt)],
);
