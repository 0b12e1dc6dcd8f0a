// Phones (issue 20): stored in E.164, shown as (11) 98888-7777 for Brazil and +CC … elsewhere
// (app/modules/leads/phone.ts for writes, phone-format.ts for the CRM's cards, detail, history and form).
import { describe, expect, it } from "vitest";
import { formatPhone } from "../../app/modules/leads/phone-format.ts";
import { normalizePhone } from "../../app/modules/leads/phone.ts";

describe("normalizePhone", () => {
  it.each([
    ["(11) 98888-7777", "+5511988887777"],
    ["11 98888 7777", "+5511988887777"],
    ["11988887777", "+5511988887777"],
    ["011 98888-7777", "+5511988887777"],
    ["55 11 98888-7777", "+5511988887777"],
    ["+55 (31) 3222-1100", "+553132221100"],
    ["(31) 3222.1100", "+553132221100"],
    ["+1 (415) 555-0132", "+14155550132"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("%s → %s", (typed, e164) => {
    expect(normalizePhone(typed)).toBe(e164);
  });

  it("is null for what is not a whole phone number", () => {
    for (const typed of [
      "98888-7777",
      "(01) 98765-4321",
      "11 88765-4321",
      "123.456.789-09",
      "+55 11 1234",
      "ramal 20",
      "+1 555",
      "11 98888-7777 (Ana)",
      "",
    ]) {
      expect(normalizePhone(typed), typed).toBeNull();
    }
  });
});

describe("formatPhone", () => {
  it("shows a stored Brazilian number in the national format", () => {
    expect(formatPhone("+5511988887777")).toBe("(11) 98888-7777");
    expect(formatPhone("+553132221100")).toBe("(31) 3222-1100");
    // Whatever people type becomes this on its way in.
    expect(formatPhone(normalizePhone("11 98888 7777")!)).toBe("(11) 98888-7777");
  });

  it("shows another country's number in the international format: its code, then groups", () => {
    expect(formatPhone("+14155550132")).toBe("+1 415 555 0132");
    expect(formatPhone("+442079460958")).toBe("+44 207 946 0958");
    expect(formatPhone("+34612345678")).toBe("+34 612 345 678");
    expect(formatPhone("+351912345678")).toBe("+351 912 345 678");
    expect(formatPhone("+525512345678")).toBe("+52 551 234 5678");
  });

  it("shows anything else as it was typed (old rows the migration could not read)", () => {
    expect(formatPhone(" ramal 204 ")).toBe("ramal 204");
    expect(formatPhone("(11) 98888-7777")).toBe("(11) 98888-7777");
    expect(formatPhone("+55 11 1234")).toBe("+55 11 1234");
    expect(formatPhone("11 98765-4321 (Ana)")).toBe("11 98765-4321 (Ana)");
    expect(formatPhone("98888-7777")).toBe("98888-7777");
  });
});
