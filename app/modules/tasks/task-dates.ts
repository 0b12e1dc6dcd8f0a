// Due dates: the API stores instants; the dialog's date and time inputs speak the
// organisation's calendar days and clock times (Settings → Sistema; a day entered without a
// time is stored as the end of that day there and has no time, task-service.ts).
import { cachedIntl } from "~/i18n/intl-cache";

const dayFormat = (timeZone: string) =>
  cachedIntl(
    `task-day:${timeZone}`,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  );

const timeFormat = (timeZone: string) =>
  cachedIntl(
    `task-time:${timeZone}`,
    () => new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  );

const instant = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** The local day of an instant in `timeZone` as a date input's value (yyyy-mm-dd), or "" for none. */
export function dueDateInputValue(value: string | null | undefined, timeZone: string): string {
  const date = instant(value);
  return date ? dayFormat(timeZone).format(date) : "";
}

/** The local time of a due date that has one, as a time input's value (HH:mm), or "". */
export function dueTimeInputValue(task: { due_date: string | null; due_has_time: boolean } | null | undefined, timeZone: string): string {
  const date = task?.due_has_time ? instant(task.due_date) : null;
  return date ? timeFormat(timeZone).format(date) : "";
}

/** What the API takes from the two inputs: the day alone, the day and its time, or null. */
export function dueDateValue(day: string, time: string): string | null {
  if (!day) return null;
  return time ? `${day}T${time}` : day;
}
