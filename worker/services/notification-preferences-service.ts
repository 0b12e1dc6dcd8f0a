// Settings → Notificações (crm.md §2 Settings, §3 notification settings): the eight switches,
// stored per user in notification_preferences. A user without a row has the spec's defaults
// (the table's column defaults). Every call reads or writes the acting user's own row only;
// a save is one `insert … on conflict (user_id) do update` (conventions 11), so parallel
// saves never mix: the row is always exactly one of the bodies sent.
//
// Who honours which switch (the producers decide in their own write, `not exists (select 1
// from notification_preferences p where p.user_id = … and p.<switch> = 0)`):
// - new_leads: the new_lead notifications of a lead captured by the site's assistant
//   (lead-capture-service) or created by the site's contact form (contact-service);
// - status_changes: the status_change notification of a lead's assignee (lead-service);
// - task_reminders: the task_due reminders of the Cron Trigger (task-reminder-service);
// - meeting_reminders: the meeting_reminder notifications of the `*/5` Cron Trigger
//   (meeting-reminder-service), for the meeting's author and the lead's owner;
// - email_notifications: the digest e-mail of unread notifications (email-digest-service);
// - weekly_reports / monthly_reports: the report e-mails (report-email-service);
// - push_notifications (default off): Web Push of every notification to the user's devices
//   (push-service: queuePushes reads it when queueing, deliverPush again when sending, so a
//   switch turned off in between sends nothing; docs/decisions/029).
// Switching email_notifications back on (0 → 1) stamps email_notifications_since in the same
// upsert: the digest then carries only notifications created after it, never what arrived
// while the e-mails were off (docs/decisions/028).
// email_notifications and the reports are also turned off by an e-mail's one-click
// unsubscribe link, without signing in (unsubscribe-service, docs/decisions/028).
// Assignments (a task or a lead given to you by someone else) are always delivered.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { notificationPreferences, type NotificationPreferences } from "../db/schema/index.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

/** The switches as the API sends and takes them (snake_case, like the rest of the API). */
export type NotificationPreferencesDto = {
  new_leads: boolean;
  status_changes: boolean;
  task_reminders: boolean;
  meeting_reminders: boolean;
  email_notifications: boolean;
  push_notifications: boolean;
  weekly_reports: boolean;
  monthly_reports: boolean;
};

export const NOTIFICATION_PREFERENCE_KEYS = [
  "new_leads",
  "status_changes",
  "task_reminders",
  "meeting_reminders",
  "email_notifications",
  "push_notifications",
  "weekly_reports",
  "monthly_reports",
] as const satisfies readonly (keyof NotificationPreferencesDto)[];

/** crm.md §3: email on, push off, weekly on, monthly off; the four kinds on. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferencesDto = {
  new_leads: true,
  status_changes: true,
  task_reminders: true,
  meeting_reminders: true,
  email_notifications: true,
  push_notifications: false,
  weekly_reports: true,
  monthly_reports: false,
};

const switchValue = z.boolean({ error: "apiErrors.field.invalid_value" });

/** PUT /api/settings/notifications: all eight switches, each a boolean (the form sends them all). */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, switchValue])) as Record<
    keyof NotificationPreferencesDto,
    typeof switchValue
  >,
  { error: "apiErrors.field.invalid_value" },
);

function toDto(row: NotificationPreferences): NotificationPreferencesDto {
  return {
    new_leads: row.newLeads,
    status_changes: row.statusChanges,
    task_reminders: row.taskReminders,
    meeting_reminders: row.meetingReminders,
    email_notifications: row.emailNotifications,
    push_notifications: row.pushNotifications,
    weekly_reports: row.weeklyReports,
    monthly_reports: row.monthlyReports,
  };
}

/** The actor's switches (the defaults when they never saved any). */
export async function getNotificationPreferences({ db }: ServiceContext, actor: Authenticated): Promise<NotificationPreferencesDto> {
  const row = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.user.id)).get();
  return row ? toDto(row) : { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** Saves all eight switches of the actor in one upsert and returns what is stored. */
export async function saveNotificationPreferences(
  { db }: ServiceContext,
  actor: Authenticated,
  input: NotificationPreferencesDto,
): Promise<NotificationPreferencesDto> {
  const values = {
    newLeads: input.new_leads,
    statusChanges: input.status_changes,
    taskReminders: input.task_reminders,
    meetingReminders: input.meeting_reminders,
    emailNotifications: input.email_notifications,
    pushNotifications: input.push_notifications,
    weeklyReports: input.weekly_reports,
    monthlyReports: input.monthly_reports,
  };
  const updatedAt = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  // Switched back on (stored 0, sent 1): from now on only (the digest reads it). Decided against
  // the stored row inside the upsert itself, so of a parallel burst of saves exactly the one
  // that found it off sets it, and a save that keeps it on (or off) leaves it as it was.
  const { emailNotifications: stored, emailNotificationsSince: since } = notificationPreferences;
  const emailNotificationsSince = input.email_notifications ? sql`case when ${stored} = 0 then ${updatedAt} else ${since} end` : since;
  const row = await db
    .insert(notificationPreferences)
    .values({ userId: actor.user.id, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, emailNotificationsSince, updatedAt } })
    .returning()
    .get();
  return toDto(row);
}
