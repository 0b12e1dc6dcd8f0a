import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, sqlList, updatedAt } from "./columns.ts";
import { NOTIFICATION_TYPES, type NotificationType } from "./enums.ts";
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
  updatedAt: updatedAt(),
});

export type Notification = typeof notifications.$inferSelect;
export type NotificationPreferences = typeof notificationPreferences.$inferSelect;
