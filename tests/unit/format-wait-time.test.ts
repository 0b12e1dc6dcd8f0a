import { describe, expect, it } from "vitest";
import { formatWaitTime } from "~/i18n/format";

// "Try again in …" (sign-in and recovery lockouts, rate-limited API calls): whole minutes,
// rounded up, from one minute on; seconds below that; the language's own words and plural.
describe("formatWaitTime", () => {
  it("speaks in whole minutes, rounded up, in each language", () => {
    expect(formatWaitTime(900, "pt")).toBe("15 minutos");
    expect(formatWaitTime(897, "pt")).toBe("15 minutos");
    expect(formatWaitTime(841, "es")).toBe("15 minutos");
    expect(formatWaitTime(61, "en")).toBe("2 minutes");
    expect(formatWaitTime(3600, "en")).toBe("60 minutes");
  });

  it("says one minute in the singular", () => {
    expect(formatWaitTime(60, "pt")).toBe("1 minuto");
    expect(formatWaitTime(60, "es")).toBe("1 minuto");
    expect(formatWaitTime(60, "en")).toBe("1 minute");
  });

  it("under a minute says seconds, singular or plural", () => {
    expect(formatWaitTime(45, "pt")).toBe("45 segundos");
    expect(formatWaitTime(58.4, "es")).toBe("59 segundos");
    expect(formatWaitTime(59.2, "es")).toBe("1 minuto");
    expect(formatWaitTime(1, "pt")).toBe("1 segundo");
    expect(formatWaitTime(1, "es")).toBe("1 segundo");
    expect(formatWaitTime(1, "en")).toBe("1 second");
    expect(formatWaitTime(30, "en")).toBe("30 seconds");
  });

  it("never asks to wait zero or less", () => {
    expect(formatWaitTime(0, "en")).toBe("1 second");
    expect(formatWaitTime(-5, "pt")).toBe("1 segundo");
  });
});
