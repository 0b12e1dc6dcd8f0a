// The report's periods (issue 21) and how a URL names one. Plain and client-safe
// (.dependency-cruiser.cjs): the reports screen reads the period from its URL in the browser too.
import type { ReportPeriod } from "./crm-types.ts";

export const REPORT_PERIODS = ["7d", "30d", "month", "all"] as const satisfies readonly ReportPeriod[];
/** 'Últimos 30 dias' unless the URL says otherwise (crm.md §9). */
export const DEFAULT_REPORT_PERIOD: ReportPeriod = "30d";

/** The period a URL names; anything else is the default (the screen's links and reloads). */
export function reportPeriodFrom(params: URLSearchParams): ReportPeriod {
  const period = params.get("period");
  return (REPORT_PERIODS as readonly (string | null)[]).includes(period) ? (period as ReportPeriod) : DEFAULT_REPORT_PERIOD;
}
