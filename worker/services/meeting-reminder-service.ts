// meeting_reminder notifications (crm.md §3, issue 24 'Lembretes de Reuniões'): a meeting
// logged on a lead's timeline with its date and time (lead_meetings, migration 0022) is
// reminded to its author and to the lead's owner 30 minutes before it (± 5 minutes), once.
// The Cron Trigger `*/5 * * * *` (wrangler.toml, worker/index.ts) runs it; docs/decisions/027
// says why a cron every five minutes and not a Durable Object alarm.
import { sql } from "drizzle-orm";
import { getTranslator } from "~/i18n/dictionaries.server";
import { sqlUuid } from "../db/sql-uuid.ts";
import { leadActivities, leadMeetings, leads, meetingReminders, notifications, users } from "../db/schema/index.ts";
import { publishNotifications } from "./notification-service.ts";
import type { ServiceContext } from "./service-context.ts";
import { utcOffsetMinutes } from "../lib/org-time.ts";
import { readOrgSettings } from "./org-settings-service.ts";

/** The cron expression of the runs (wrangler.toml); the scheduled handler runs only this job for it. */
export const MEETING_REMINDER_CRON = "*/5 * * * *";
/** A meeting is reminded this long before it … */
export const MEETING_REMINDER_LEAD_MS = 30 * 60 * 1000;
/** … give or take this much (a run every five minutes finds each meeting 30-35 minutes ahead). */
export const MEETING_REMINDER_TOLERANCE_MS = 5 * 60 * 1000;

/** HH:MM of a stored instant in the organisation's time zone (its offset now: the meeting is 35 minutes away at most). */
const localTime = (column: typeof meetingReminders.meetingAt, offsetMinutes: number) =>
  sql`strftime('%H:%M', ${column}, ${`${offsetMinutes} minutes`})`;

/** The meeting's subject, else the first line of its text (at most 80 characters). */
const meetingTitle = sql`coalesce(nullif(trim(${leadActivities.subject}), ''),
  substr(substr(${leadActivities.content}, 1, instr(${leadActivities.content} || char(10), char(10)) - 1), 1, 80))`;

/**
 * One run, in one D1 batch with no read before the write (conventions 11): every meeting
 * whose time falls in (now + 25 min, now + 35 min] gets a row in meeting_reminders for each
 * recipient — its author and the lead's owner (one row when they are the same person), each
 * active and without 'Lembretes de Reuniões' switched off — `on conflict do nothing` on
 * (meeting, time, recipient); then a meeting_reminder notification is written for exactly the
 * rows this run inserted. Overlapping runs, a retry or a burst can therefore never remind
 * twice; a removed meeting (its row gone) is never reminded; a moved one is reminded for its
 * new time only (the old time is no longer stored). The row keeps its kind (meetingReminder)
 * and params (the lead's name, the meeting's title, its time in the organisation's zone): each
 * reader sees it in their language (notification-text.ts). Then the recipients' tabs hear of it.
 */
export async function remindMeetingsSoon(ctx: ServiceContext, now = new Date()): Promise<{ notified: number }> {
  const runId = crypto.randomUUID();
  const from = now.toISOString();
  const earliest = new Date(now.getTime() + MEETING_REMINDER_LEAD_MS - MEETING_REMINDER_TOLERANCE_MS).toISOString();
  const latest = new Date(now.getTime() + MEETING_REMINDER_LEAD_MS + MEETING_REMINDER_TOLERANCE_MS).toISOString();
  const t = getTranslator("pt");
  const title = t("notifications.meetingReminder.title");
  const message = t("notifications.meetingReminder.message", { title: "{title}", lead: "{lead}", time: "{time}" });
  const offset = utcOffsetMinutes(now, (await readOrgSettings(ctx)).time_zone);
  const time = localTime(meetingReminders.meetingAt, offset);
  const [, notified] = await ctx.db.batch([
    // Column order of meeting_reminders: activity_id, meeting_at, user_id, run_id, created_at.
    ctx.db
      .insert(meetingReminders)
      .select(
        sql`select ${leadMeetings.activityId}, ${leadMeetings.meetingAt}, ${users.id}, ${runId}, ${from}
            from ${leadMeetings}
            join ${leadActivities} on ${leadActivities.id} = ${leadMeetings.activityId} and ${leadActivities.type} = 'meeting'
            join ${leads} on ${leads.id} = ${leadActivities.leadId}
            join ${users} on ${users.id} in (${leadActivities.authorId}, ${leads.assignedTo}) and ${users.isActive} = 1
            where ${leadMeetings.meetingAt} > ${earliest} and ${leadMeetings.meetingAt} <= ${latest}
              and not exists (select 1 from notification_preferences p where p.user_id = ${users.id} and p.meeting_reminders = 0)`,
      )
      .onConflictDoNothing(),
    // Column order of notifications: id, user_id, type, title, message, link, read, created_at, kind, params.
    ctx.db
      .insert(notifications)
      .select(
        sql`select ${sqlUuid}, ${meetingReminders.userId}, 'meeting_reminder', ${title},
              replace(replace(replace(${message}, '{time}', ${time}), '{lead}', ${leads.name}), '{title}', ${meetingTitle}),
              '/leads?lead=' || ${leads.id}, 0, ${from}, 'meetingReminder',
              json_object('lead', ${leads.name}, 'title', ${meetingTitle}, 'time', ${time})
            from ${meetingReminders}
            join ${leadActivities} on ${leadActivities.id} = ${meetingReminders.activityId}
            join ${leads} on ${leads.id} = ${leadActivities.leadId}
            where ${meetingReminders.runId} = ${runId}`,
      )
      .returning({ userId: notifications.userId }),
  ]);
  await publishNotifications(
    ctx,
    notified.map((row) => row.userId),
    { since: from },
  );
  return { notified: notified.length };
}
