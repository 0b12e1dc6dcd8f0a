// A task's urgency from its due date (crm.md §4 and §9: thresholds 1 and 3 days). Pure and
// browser-safe: the tasks screen shows it as a badge, the server can use it too.

export type TaskUrgency = "overdue" | "urgent" | "high" | "normal";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Within this long of now (and not past) a task is urgent ('Urgente'). */
const URGENT_WITHIN_MS = 1 * DAY_MS;
/** Within this long of now (and not urgent) a task is high ('Alta'). */
const HIGH_WITHIN_MS = 3 * DAY_MS;

/**
 * No date (or an unreadable one): normal. Due before `now`: overdue. Due within 1 day:
 * urgent; within 3 days: high; later: normal. The bounds are inclusive (due exactly 24 h
 * from now is still urgent). Due dates are instants (TaskDto.due_date); a date entered
 * without a time is stored as the end of that day in the organisation's time zone, so a task due today is
 * urgent until midnight and overdue after it.
 */
export function taskUrgency(dueDate: string | Date | null | undefined, now: Date | number = Date.now()): TaskUrgency {
  if (dueDate === null || dueDate === undefined || dueDate === "") return "normal";
  const due = (dueDate instanceof Date ? dueDate : new Date(dueDate)).getTime();
  if (Number.isNaN(due)) return "normal";
  const left = due - (now instanceof Date ? now.getTime() : now);
  if (left < 0) return "overdue";
  if (left <= URGENT_WITHIN_MS) return "urgent";
  if (left <= HIGH_WITHIN_MS) return "high";
  return "normal";
}
