// A report's figure opens the leads list filtered the same way (issue 21): the list's own
// parameters, and never the filters the user last chose on the list (which the list puts only
// into a URL that names none of its filters).
import { describe, expect, it } from "vitest";
import { reportLeadsLink } from "../../app/modules/reports/report-links.ts";
import { LEAD_FILTER_KEYS, leadFiltersFrom } from "../../worker/services/lead-filter-keys.ts";

const paramsOf = (link: string) => new URL(link, "http://x").searchParams;

describe("reportLeadsLink", () => {
  it("carries the period and the figure's status, source or seller", () => {
    expect(reportLeadsLink("30d", { status: "won" })).toBe("/leads?view=list&status=won&period=30d");
    expect(leadFiltersFrom(paramsOf(reportLeadsLink("month", { source: "referral" })))).toEqual({ source: "referral", period: "month" });
    expect(leadFiltersFrom(paramsOf(reportLeadsLink("7d", { owner: "u-1" })))).toEqual({ owner: "u-1", period: "7d" });
  });

  it("all time is no period filter, yet names one, so remembered filters stay out", () => {
    const params = paramsOf(reportLeadsLink("all", { status: "won" }));
    expect(leadFiltersFrom(params)).toEqual({});
    expect(LEAD_FILTER_KEYS.some((key) => params.has(key))).toBe(true);
    expect(params.get("status")).toBe("won");
  });
});
