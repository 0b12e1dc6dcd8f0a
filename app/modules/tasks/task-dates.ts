// Due dates: the API stores instants; the dialog's date and time inputs speak São Paulo
// calendar days and clock times (a day entered without a time is stored as the end of that
// day there and has no time, task-service.ts).

const SAO_PAULO_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const SAO_PAULO_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "America/Sao_Paulo",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const instant = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** The São Paulo day of an instant as a date input's value (yyyy-mm-dd), or "" for none. */
export function dueDateInputValue(value: string | null | undefined): string {
  const date = instant(value);
  return date ? SAO_PAULO_DAY.format(date) : "";
}

/** The São Paulo time of a due date that has one, as a time input's value (HH:mm), or "". */
export function dueTimeInputValue(task: { due_date: string | null; due_has_time: boolean } | null | undefined): string {
  const date = task?.due_has_time ? instant(task.due_date) : null;
  return date ? SAO_PAULO_TIME.format(date) : "";
}

/** What the API takes from the two inputs: the day alone, the day and its time, or null. */
export function dueDateValue(day: string, time: string): string | null {
  if (!day) return null;
  return time ? `${day}T${time}` : day;
}
