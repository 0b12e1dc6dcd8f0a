import { describe, expect, it } from "vitest";
import { taskUrgency } from "~/modules/tasks/task-urgency";

// crm.md §4: no date = normal; past = overdue; within 1 day = urgent; within 3 days = high;
// otherwise normal (thresholds 1 and 3 days, §9).
describe("taskUrgency", () => {
  const now = new Date("2026-11-20T12:00:00.000Z");
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;

  it("a task without a due date is normal", () => {
    expect(taskUrgency(null, now)).toBe("normal");
    expect(taskUrgency(undefined, now)).toBe("normal");
    expect(taskUrgency("", now)).toBe("normal");
  });

  it("a due date in the past is overdue, even by a millisecond or by a year", () => {
    expect(taskUrgency(at(-1), now)).toBe("overdue");
    expect(taskUrgency(at(-HOUR), now)).toBe("overdue");
    expect(taskUrgency(at(-365 * DAY), now)).toBe("overdue");
  });

  it("due now or within 1 day (inclusive) is urgent", () => {
    expect(taskUrgency(at(0), now)).toBe("urgent");
    expect(taskUrgency(at(HOUR), now)).toBe("urgent");
    expect(taskUrgency(at(DAY), now)).toBe("urgent");
  });

  it("due after 1 day and within 3 days (inclusive) is high", () => {
    expect(taskUrgency(at(DAY + 1), now)).toBe("high");
    expect(taskUrgency(at(2 * DAY), now)).toBe("high");
    expect(taskUrgency(at(3 * DAY), now)).toBe("high");
  });

  it("due later than 3 days is normal", () => {
    expect(taskUrgency(at(3 * DAY + 1), now)).toBe("normal");
    expect(taskUrgency(at(30 * DAY), now)).toBe("normal");
  });

  it("takes Date objects and epoch milliseconds, and reads an unreadable date as normal", () => {
    expect(taskUrgency(new Date(now.getTime() + 2 * HOUR), now.getTime())).toBe("urgent");
    expect(taskUrgency("not a date", now)).toBe("normal");
  });

  it("a date-only due date (stored as the end of that day in São Paulo, 02:59:59.999Z next day) is urgent all that day", () => {
    const dueToday = "2026-11-21T02:59:59.999Z"; // 2026-11-20 23:59:59.999 -03:00
    expect(taskUrgency(dueToday, new Date("2026-11-20T09:00:00-03:00"))).toBe("urgent");
    expect(taskUrgency(dueToday, new Date("2026-11-20T23:59:00-03:00"))).toBe("urgent");
    expect(taskUrgency(dueToday, new Date("2026-11-21T00:00:00-03:00"))).toBe("overdue");
    expect(taskUrgency(dueToday, new Date("2026-11-18T09:00:00-03:00"))).toBe("high");
  });
});
