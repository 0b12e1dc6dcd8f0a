import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns.ts";
import { leadActivities } from "./leads.ts";
import { users } from "./users.ts";

/**
 * When a meeting logged on a lead's timeline (an activity of type meeting) takes place
 * (migration 0022): at most one row per activity, gone with it. Moving the meeting changes
 * meeting_at (an ISO-8601 UTC instant).
 */
export const leadMeetings = sqliteTable(
  "lead_meetings",
  {
    activityId: text("activity_id")
      .primaryKey()
      .references(() => leadActivities.id, { onDelete: "cascade" }),
    meetingAt: text("meeting_at").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index("lead_meetings_meeting_at_idx").on(t.meetingAt)],
);

/**
 * One meeting_reminder per meeting, meeting time and recipient: the scheduled run inserts
 * here with `on conflict do nothing` and notifies only the rows its own run_id wrote, so
 * overlapping runs never notify twice, and a moved meeting is reminded again for its new time.
 */
export const meetingReminders = sqliteTable(
  "meeting_reminders",
  {
    activityId: text("activity_id")
      .notNull()
      .references(() => leadActivities.id, { onDelete: "cascade" }),
    meetingAt: text("meeting_at").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runId: text("run_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.meetingAt, t.userId] }), index("meeting_reminders_run_idx").on(t.runId)],
);

export type LeadMeeting = typeof leadMeetings.$inferSelect;
