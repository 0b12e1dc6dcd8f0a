import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { authSessions } from "./auth.ts";
import { createdAt, id } from "./columns.ts";
import { users } from "./users.ts";

/**
 * A browser's Web Push subscription (issue 24, migration 0024, docs/decisions/029): one per
 * push endpoint, owned by the user and the session that subscribed it. Ending that session
 * (sign-out, password change elsewhere, deactivation…) deletes it (auth-service endSessions).
 */
export const pushDevices = sqliteTable(
  "push_devices",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    /** The push service's URL for this browser (https; unique: a browser has one per site). */
    endpoint: text("endpoint").notNull().unique(),
    /** RFC 8291: the browser's P-256 public key and auth secret (base64url). */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What Settings shows: "Chrome · Android", from the subscribing request's User-Agent. */
    label: text("label").notNull(),
    createdAt: createdAt(),
    /** The last push the endpoint accepted (null: none yet). */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    index("push_devices_user_idx").on(t.userId),
    index("push_devices_session_idx").on(t.sessionId),
    check("push_devices_endpoint_check", sql`${t.endpoint} like 'https://%'`),
  ],
);

export type PushDevice = typeof pushDevices.$inferSelect;
