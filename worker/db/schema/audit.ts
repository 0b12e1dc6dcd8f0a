import { sql } from "drizzle-orm";
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./users.ts";

/**
 * Who changed what (issue 22): one row per change to the team or the organisation's settings.
 * `before`/`after` hold JSON of the fields that changed; the actor's name is a copy, so the
 * entry reads the same after a rename or removal (migration 0015).
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    // Issue 25 (migration 0026): a token's own requests, newest first (its row in Settings → API)…
    index("audit_log_target_created_idx").on(t.targetId, t.createdAt),
    // …and the trail of changes without them (Settings → Usuários), however many requests tokens make.
    index("audit_log_changes_created_idx")
      .on(t.createdAt)
      .where(sql`action <> 'token.request'`),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
