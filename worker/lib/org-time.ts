// The organisation's calendar: periods such as 'Este mês' start at local midnight in its time
// zone, not at UTC midnight (America/Sao_Paulo until settings can change it).

export const ORG_TIME_ZONE = "America/Sao_Paulo";

const parts = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string) {
  let format = parts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    parts.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and time in `timeZone` at the instant `ms`, as if it were UTC (ms). */
function wallClock(ms: number, timeZone: string): number {
  const values: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(ms))) values[part.type] = Number(part.value);
  return Date.UTC(values.year!, values.month! - 1, values.day!, values.hour!, values.minute!, values.second!);
}

/** The instant (UTC) of local midnight on the 1st of the month `now` falls in, in `timeZone`. */
export function startOfMonth(now: Date, timeZone = ORG_TIME_ZONE): Date {
  const local = new Date(wallClock(now.getTime(), timeZone));
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  // The offset at that midnight (a DST change within the month moves it): local − UTC.
  const offset = wallClock(midnight, timeZone) - midnight;
  const guess = midnight - offset;
  return new Date(midnight - (wallClock(guess, timeZone) - guess));
}
