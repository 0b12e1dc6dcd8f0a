// Whether a meeting just logged or moved will be reminded (issue 24, docs/decisions/027): the
// `*/5` Cron Trigger reminds, at a run `t` (a multiple of 5 minutes), the meetings whose time
// falls in (t + 25 min, t + 35 min]. The first run that can see a meeting written at `now` is the
// next multiple of 5 minutes; after it every run moves the window on by 5 minutes, so the
// meeting is reminded exactly when it is still more than 25 minutes after that first run.
// tests/api/meeting-reminder-timing.test.ts checks this against the real Cron job.

const MINUTE = 60_000;
/** The Cron Trigger's cadence (MEETING_REMINDER_CRON, every 5 minutes). */
export const REMINDER_RUN_EVERY_MS = 5 * MINUTE;
/** A run reminds meetings more than this far ahead (MEETING_REMINDER_LEAD_MS - MEETING_REMINDER_TOLERANCE_MS). */
export const REMINDER_EARLIEST_MS = 25 * MINUTE;

/**
 * Why a meeting at `meetingAt` (an instant), written at `now`, gets no reminder: "past" (its
 * time has passed), "soon" (the last run that could remind it is before the next one), or null
 * when it will be reminded.
 */
export function missedMeetingReminder(meetingAt: string, now: number = Date.now()): "past" | "soon" | null {
  const at = Date.parse(meetingAt);
  if (Number.isNaN(at)) return null;
  if (at <= now) return "past";
  const firstRun = Math.ceil(now / REMINDER_RUN_EVERY_MS) * REMINDER_RUN_EVERY_MS;
  return at - firstRun > REMINDER_EARLIEST_MS ? null : "soon";
}
