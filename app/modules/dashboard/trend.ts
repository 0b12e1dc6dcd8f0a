import type { DashboardTrend } from "@worker/services/crm-types";

/** The change from `before` to `now` in whole percent; null when there was nothing before to compare with. */
export function trendPercent({ now, before }: DashboardTrend): number | null {
  if (!(before > 0)) return null;
  return Math.round(((now - before) / before) * 100);
}
