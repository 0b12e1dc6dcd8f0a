import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
    check("tasks_title_check", sql`length(trim(${t.title})) > 0`),
    check(
      "tasks_completed_at_check",
      sql`(${t.completed} = 1 and ${t.completedAt} is not null) or (${t.completed} = 0 and ${t.completedAt} is null)`,
    ),
  ],
);

export type Task = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;
