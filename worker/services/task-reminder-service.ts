// task_due notifications (crm.md §3): a scheduled run tells each assignee about
// their open tasks due soon, once per task and due date: a day alone within the next 24
// hours, a date with a time within the hour before it.
import { sql } from "drizzle-orm";
import { getTranslator } from "~/i18n/dictionaries.server";
import { sqlUuid } from "../db/sql-uuid.ts";
import { notifications, taskDueReminders, tasks, users } from "../db/schema/index.ts";
import { publishNotifications } from "./notification-service.ts";
import type { ServiceContext } from "./service-context.ts";
import { utcOffsetMinutes } from "../lib/org-time.ts";
import { readOrgSettings } from "./org-settings-service.ts";

/** How far ahead a due day (a date without a time) counts as "due soon". */
export const TASK_DUE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How far ahead a due date with a time counts as "due soon": its reminder comes within the hour before. */
export const TASK_DUE_TIMED_WINDOW_MS = 60 * 60 * 1000;

/**
 * HH:MM of a stored instant in the organisation's time zone, in SQL: moved by the zone's offset
 * now (the reminded tasks are due within the next 24 hours; a daylight-saving change in between
 * is an hour off at most).
 */
const localTime = (column: typeof tasks.dueDate, offsetMinutes: number) => sql`strftime('%H:%M', ${column}, ${`${offsetMinutes} minutes`})`;

/**
 * One run (the Cron Trigger calls it every 15 minutes), in one D1 batch with no read before
 * the write (conventions 11): every open task with an active assignee whose due date falls
 * in (now, now + 24 h] — (now, now + 1 h] when it has a time (tasks.due_has_time), so
 * "Ligar às 14:30" is reminded at about 13:30, not the day before — and who has not
 * switched off 'Lembretes de Tarefas' gets a row in
 * task_due_reminders (`on conflict do nothing` on task + due date), and a task_due
 * notification is written for exactly the rows this run inserted. Overlapping runs, a retry
 * or a second region can therefore never notify twice; a task whose due date moves is
 * reminded again for the new date. Then the assignees' open tabs hear of it. The row stores
 * its kind (taskDue / taskDueAt) and params (the task's title, the time): each assignee reads it
 * in their own language (notification-text.ts); title/message keep the pt text.
 */
export async function remindTasksDueSoon(ctx: ServiceContext, now = new Date()): Promise<{ notified: number }> {
  const runId = crypto.randomUUID();
  const from = now.toISOString();
  const until = new Date(now.getTime() + TASK_DUE_WINDOW_MS).toISOString();
  const untilTimed = new Date(now.getTime() + TASK_DUE_TIMED_WINDOW_MS).toISOString();
  const t = getTranslator("pt");
  const title = t("notifications.taskDue.title");
  const message = t("notifications.taskDue.message", { title: "{title}" });
  const messageAt = t("notifications.taskDue.messageAt", { title: "{title}", time: "{time}" });
  const offset = utcOffsetMinutes(now, (await readOrgSettings(ctx)).time_zone);
  const [, notified] = await ctx.db.batch([
    // Column order of task_due_reminders: task_id, due_date, run_id, created_at.
    ctx.db
      .insert(taskDueReminders)
      .select(
        sql`select ${tasks.id}, ${tasks.dueDate}, ${runId}, ${from}
            from ${tasks} join ${users} on ${users.id} = ${tasks.assignedTo} and ${users.isActive} = 1
            where ${tasks.completed} = 0 and ${tasks.dueDate} > ${from} and ${tasks.dueDate} <= ${until}
              and (${tasks.dueHasTime} = 0 or ${tasks.dueDate} <= ${untilTimed})
              and not exists (select 1 from notification_preferences p where p.user_id = ${tasks.assignedTo} and p.task_reminders = 0)`,
      )
      .onConflictDoNothing(),
    // Column order of notifications: id, user_id, type, title, message, link, read, created_at, kind, params.
    ctx.db
      .insert(notifications)
      .select(
        sql`select ${sqlUuid}, ${tasks.assignedTo}, 'task_due', ${title},
              case when ${tasks.dueHasTime} then replace(replace(${messageAt}, '{time}', ${localTime(tasks.dueDate, offset)}), '{title}', ${tasks.title})
                   else replace(${message}, '{title}', ${tasks.title}) end,
              '/tasks?task=' || ${tasks.id}, 0, ${from},
              case when ${tasks.dueHasTime} then 'taskDueAt' else 'taskDue' end,
              case when ${tasks.dueHasTime} then json_object('title', ${tasks.title}, 'time', ${localTime(tasks.dueDate, offset)})
                   else json_object('title', ${tasks.title}) end
            from ${taskDueReminders} join ${tasks} on ${tasks.id} = ${taskDueReminders.taskId}
            where ${taskDueReminders.runId} = ${runId}`,
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
