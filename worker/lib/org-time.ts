// The organisation's calendar: periods such as 'Este mês' start at local midnight in its time
// zone, not at UTC midnight. The zone is the organisation's setting (Settings → Sistema,
// org-settings-service.ts), one of ORG_TIME_ZONES; callers pass it, São Paulo by default.

/** The time zones an organisation may choose (crm.md §3 system settings). */
export const ORG_TIME_ZONES = ["America/Sao_Paulo", "America/New_York", "Europe/London"] as const;
export type OrgTimeZone = (typeof ORG_TIME_ZONES)[number];

/** The default zone (a new organisation's), whose days the trigger-kept report totals use (0014). */
export const ORG_TIME_ZONE: OrgTimeZone = "America/Sao_Paulo";

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

/** The instant (UTC) of local midnight on the given local calendar day in `timeZone`. */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const midnight = Date.UTC(year, month, day);
  // The offset at that midnight (a DST change moves it): local − UTC.
  const offset = wallClock(midnight, timeZone) - midnight;
  const guess = midnight - offset;
  return new Date(midnight - (wallClock(guess, timeZone) - guess));
}

/** local − UTC at the instant `ms` (whole seconds), in ms. */
const offsetAt = (ms: number, timeZone: string) => {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
};

/**
 * The instant (UTC) of a local date (YYYY-MM-DD) and clock time (HH:MM, HH:MM:SS or
 * HH:MM:SS.fff) in `timeZone`, daylight saving included (a time in the spring-forward gap
 * lands an hour later, as clocks read it).
 */
export function localInstant(date: string, time: string, timeZone = ORG_TIME_ZONE): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours = 0, minutes = 0, seconds = 0] = time.split(":").map(Number);
  const wall = Date.UTC(year, month - 1, day, hours, minutes) + Math.round(seconds * 1000);
  return new Date(wall - offsetAt(wall - offsetAt(wall, timeZone), timeZone));
}

/** The instant (UTC) of local midnight on the 1st of the month `now` falls in, in `timeZone`. */
export function startOfMonth(now: Date, timeZone = ORG_TIME_ZONE): Date {
  const local = new Date(wallClock(now.getTime(), timeZone));
  return localMidnight(local.getUTCFullYear(), local.getUTCMonth(), 1, timeZone);
}

/** The instant (UTC) of local midnight `daysBack` calendar days before the day `now` falls in. */
export function startOfDay(now: Date, daysBack = 0, timeZone = ORG_TIME_ZONE): Date {
  const local = new Date(wallClock(now.getTime(), timeZone));
  return localMidnight(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysBack, timeZone);
}

/** The local calendar date (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDate(at: Date, timeZone = ORG_TIME_ZONE): string {
  return new Date(wallClock(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** The local date and time (YYYY-MM-DD HH:MM) of an instant in `timeZone`. */
export function localDateTime(at: Date, timeZone = ORG_TIME_ZONE): string {
  return new Date(wallClock(at.getTime(), timeZone)).toISOString().slice(0, 16).replace("T", " ");
}

/** The offset of `timeZone` from UTC at the instant `at`, in minutes (São Paulo: −180). */
export function utcOffsetMinutes(at: Date, timeZone = ORG_TIME_ZONE): number {
  const ms = Math.floor(at.getTime() / 1000) * 1000;
  return Math.round((wallClock(ms, timeZone) - ms) / 60_000);
}

/** The instant (UTC) of local midnight starting a local calendar date (YYYY-MM-DD) in `timeZone`. */
export function startOfLocalDate(date: string, timeZone = ORG_TIME_ZONE): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return localMidnight(year, month - 1, day, timeZone);
}

/** The local calendar date, hour (0–23) and ISO weekday (1 Monday … 7 Sunday) of an instant. */
export function localClock(at: Date, timeZone = ORG_TIME_ZONE): { date: string; hour: number; weekday: number; day: number } {
  const local = new Date(wallClock(at.getTime(), timeZone));
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours(), weekday: local.getUTCDay() || 7, day: local.getUTCDate() };
}

/** The calendar date (YYYY-MM-DD) `n` days after (before, when negative) another. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
