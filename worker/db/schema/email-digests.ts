// Issue 24: notification digest e-mails and one-click unsubscribe (migration 0023,
// docs/decisions/028). Written with raw SQL by worker/services/email-digest-service.ts and
// unsubscribe-service.ts; declared here so the schema tests know the tables.
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, sqlList } from "./columns.ts";
import { notifications } from "./notifications.ts";
import { users } from "./users.ts";

export const DIGEST_STATUSES = ["claimed", "queued", "empty", "abandoned"] as const;
export type DigestStatus = (typeof DIGEST_STATUSES)[number];

/** The switches a one-click unsubscribe link turns off (one per link). */
export const UNSUBSCRIBE_SWITCHES = ["email_notifications", "weekly_reports", "monthly_reports"] as const;
export type UnsubscribeSwitch = (typeof UNSUBSCRIBE_SWITCHES)[number];

/** One digest e-mail of a user's unread notifications, claimed by one Cron run. */
export const notificationDigests = sqliteTable(
  "notification_digests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runId: text("run_id").notNull(),
    status: text("status").$type<DigestStatus>().notNull().default("claimed"),
    /** The outbox row of its e-mail, once queued. */
    emailId: text("email_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_digests_user_created_at_idx").on(t.userId, t.createdAt),
    index("notification_digests_run_idx").on(t.runId),
    index("notification_digests_status_created_at_idx").on(t.status, t.createdAt),
    check("notification_digests_status_check", sql`${t.status} in ${sqlList(DIGEST_STATUSES)}`),
  ],
);

/** The notifications a digest carries; the key is the notification, so none is in two digests. */
export const notificationDigestItems = sqliteTable(
  "notification_digest_items",
  {
    notificationId: text("notification_id")
      .primaryKey()
      .references(() => notifications.id, { onDelete: "cascade" }),
    digestId: text("digest_id")
      .notNull()
      .references(() => notificationDigests.id, { onDelete: "cascade" }),
  },
  (t) => [index("notification_digest_items_digest_idx").on(t.digestId)],
);

/** A used unsubscribe token (its jti): used again, it changes nothing. */
export const unsubscribeTokenUses = sqliteTable(
  "unsubscribe_token_uses",
  {
    jti: text("jti").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    switch: text("switch").$type<UnsubscribeSwitch>().notNull(),
    requestId: text("request_id").notNull(),
    usedAt: text("used_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [check("unsubscribe_token_uses_switch_check", sql`${t.switch} in ${sqlList(UNSUBSCRIBE_SWITCHES)}`)],
);
