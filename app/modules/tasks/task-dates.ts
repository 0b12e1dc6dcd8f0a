// Due dates: the API stores instants; the dialog's date input speaks São Paulo calendar days
// (a day entered without a time is stored as the end of that day there, task-service.ts).

const SAO_PAULO_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The São Paulo day of an instant as a date input's value (yyyy-mm-dd), or "" for none. */
export function dueDateInputValue(instant: string | null | undefined): string {
  if (!instant) return "";
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? "" : SAO_PAULO_DAY.format(date);
}
