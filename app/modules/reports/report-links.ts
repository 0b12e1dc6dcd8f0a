import type { LeadSource, LeadStatus } from "@worker/db/schema/enums";
import type { ReportPeriod } from "@worker/services/crm-types";

/**
 * The leads list showing the leads behind a figure: the report's period (empty for all time)
 * and the figure's status, source or seller, with the list's own URL parameters.
 */
export function reportLeadsLink(period: ReportPeriod, filters: { status?: LeadStatus; source?: LeadSource; owner?: string } = {}): string {
  const params = new URLSearchParams({ view: "list" });
  if (filters.status) params.set("status", filters.status);
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.source) params.set("source", filters.source);
  // Always present, empty for all time: a URL that names a filter is taken as it is (the list
  // puts a user's remembered filters only into a URL that names none).
  params.set("period", period === "all" ? "" : period);
  return `/leads?${params.toString()}`;
}
