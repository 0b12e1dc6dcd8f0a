import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, sqlList, updatedAt } from "./columns.ts";
import { NOTIFICATION_TYPES, REPORT_EMAIL_KINDS, type NotificationType, type ReportEmailKind } from "./enums.ts";
import { users } from "./users.ts";

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<NotificationType>().notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** Optional in-app path the item opens, e.g. /leads?lead=<id>. */
    link: text("link"),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    /**
     * What happened (worker/services/notification-text.ts), rendered with `params` in the
     * reader's language when shown (migration 0020; the table's last columns); null: an old row shown as `title`/`message` (pt).
     */
    kind: text("kind"),
    /** The kind's values as JSON (names, statuses as values, a task's title, a count …). */
    params: text("params"),
  },
  (t) => [
    index("notifications_user_created_at_idx").on(t.userId, t.createdAt),
    index("notifications_user_unread_idx").on(t.userId, t.read),
    check("notifications_type_check", sql`${t.type} in ${sqlList(NOTIFICATION_TYPES)}`),
  ],
);

/** The Settings → Notificações switches, persisted per user (defaults of the spec). */
export const notificationPreferences = sqliteTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  newLeads: integer("new_leads", { mode: "boolean" }).notNull().default(true),
  statusChanges: integer("status_changes", { mode: "boolean" }).notNull().default(true),
  taskReminders: integer("task_reminders", { mode: "boolean" }).notNull().default(true),
  meetingReminders: integer("meeting_reminders", { mode: "boolean" }).notNull().default(true),
  emailNotifications: integer("email_notifications", { mode: "boolean" }).notNull().default(true),
  pushNotifications: integer("push_notifications", { mode: "boolean" }).notNull().default(false),
  weeklyReports: integer("weekly_reports", { mode: "boolean" }).notNull().default(true),
  monthlyReports: integer("monthly_reports", { mode: "boolean" }).notNull().default(false),
  /** When email_notifications last went 0 → 1 (migration 0025): the digest carries only notifications after it. */
  emailNotificationsSince: text("email_notifications_since"),
  updatedAt: updatedAt(),
});

export type Notification = typeof notifications.$inferSelect;
export type NotificationPreferences = typeof notificationPreferences.$inferSelect;

/**
 * A report e-mail written to the outbox: one per user, kind and period (migration 0013). The
 * Cron Trigger inserts `on conflict do nothing` and writes e-mails for its own run_id's rows.
 */
export const reportDeliveries = sqliteTable(
  "report_deliveries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ReportEmailKind>().notNull(),
    /** The week's Monday or the month's first day (YYYY-MM-DD, the organisation's calendar). */
    periodStart: text("period_start").notNull(),
    runId: text("run_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.periodStart] }),
    index("report_deliveries_run_idx").on(t.runId),
    check("report_deliveries_kind_check", sql`${t.kind} in ${sqlList(REPORT_EMAIL_KINDS)}`),
  ],
);
