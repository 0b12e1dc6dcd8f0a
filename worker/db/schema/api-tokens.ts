import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./users.ts";

/** What a personal API token may do (issue 25, docs/decisions/031). */
export const API_TOKEN_SCOPES = ["leads:read", "leads:write", "tasks:read", "tasks:write", "reports:read"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/**
 * A personal API token (issue 25, migration 0026, docs/decisions/031): a named secret a staff
 * member made for a machine, acting as them with `scopes` (a JSON array of ApiTokenScope). Only
 * the SHA-256 of the secret is kept (`token_hash`, hex) plus its first characters for display
 * (`prefix`, e.g. `vxl_pat_Ab3dE`); revoked by setting `revoked_at`, never deleted (the audit
 * trail names it).
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    scopes: text("scopes").notNull(),
    createdAt: createdAt(),
    /** null: never expires. */
    expiresAt: text("expires_at"),
    /** Kept to the minute: written at most once a minute per token. */
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
    /** Who revoked it (the owner, or an admin). */
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("api_tokens_token_hash_unique").on(t.tokenHash),
    index("api_tokens_user_idx").on(t.userId, t.createdAt),
    check("api_tokens_scopes_check", sql`json_valid(${t.scopes}) and json_array_length(${t.scopes}) > 0`),
  ],
);

export type ApiToken = typeof apiTokens.$inferSelect;
