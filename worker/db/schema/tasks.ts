import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { leads } from "./leads.ts";
import { users } from "./users.ts";

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    /** ISO-8601 UTC instant or NULL (no date). */
    dueDate: text("due_date"),
    /**
     * Whether the due date carries a time chosen by someone (true) or is a day alone (false:
     * due_date is the end of that day in the organisation's time zone). The lists show the
     * time and the task_due reminder comes an hour before it, instead of the day before.
     */
    dueHasTime: integer("due_has_time", { mode: "boolean" }).notNull().default(false),
    leadId: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    completed: integer("completed", { mode: "boolean" }).notNull().default(false),
    completedAt: text("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_due_date_idx").on(t.dueDate),
    index("tasks_assigned_to_due_date_idx").on(t.assignedTo, t.dueDate),
    index("tasks_lead_idx").on(t.leadId),
    // Each lead's next open task (the lead cards' line): the open tasks of a page's leads by due date.
    index("tasks_open_lead_due_idx")
      .on(t.leadId, t.dueDate)
      .where(sql`${t.completed} = 0`),
    check("tasks_title_check", sql`length(trim(${t.title})) > 0`),
    check(
      "tasks_completed_at_check",
      sql`(${t.completed} = 1 and ${t.completedAt} is not null) or (${t.completed} = 0 and ${t.completedAt} is null)`,
    ),
  ],
);

/**
 * One task_due reminder per task and due date: the scheduled run inserts here with
 * `on conflict do nothing` and notifies only the rows its own run_id wrote, so overlapping
 * runs never notify twice, and a task whose due date moves is reminded again for the new one.
 */
export const taskDueReminders = sqliteTable(
  "task_due_reminders",
  {
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    dueDate: text("due_date").notNull(),
    runId: text("run_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.dueDate] }), index("task_due_reminders_run_idx").on(t.runId)],
);

export type Task = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;
