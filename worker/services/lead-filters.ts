// Whether a lead passes the leads screen's filters (lead-filter-keys.ts), decided the same way
// by the server's queries (lead-query-service.ts) and the screen's live layer (a lead changed
// elsewhere joins or leaves the list). Plain and client-safe (.dependency-cruiser.cjs).
import { ORG_TIME_ZONE, startOfDay, startOfMonth, type OrgTimeZone } from "../lib/org-time.ts";
import type { LeadFilters, LeadPeriod } from "./lead-filter-keys.ts";

export * from "./lead-filter-keys.ts";

/**
 * Where the period begins (ISO, the created_at format), in the organisation's calendar: the
 * last 7 or 30 days are today and the 6 or 29 days before it from local midnight (what a
 * report's days show), this month from local midnight of the 1st.
 */
export function periodStart(period: LeadPeriod, now: Date, timeZone: OrgTimeZone = ORG_TIME_ZONE): string {
  if (period === "month") return startOfMonth(now, timeZone).toISOString();
  return startOfDay(now, period === "7d" ? 6 : 29, timeZone).toISOString();
}

/** Whether a lead passes the filters, as the server's query decides it. */
export function leadInFilters(
  lead: { assigned_to: string | null; source: string; created_at: string; tags: readonly string[] },
  filters: LeadFilters,
  viewerId: string | null,
  now = new Date(),
  timeZone: OrgTimeZone = ORG_TIME_ZONE,
): boolean {
  if (
    filters.owner === "me"
      ? lead.assigned_to !== viewerId
      : filters.owner === "none"
        ? lead.assigned_to !== null
        : filters.owner && lead.assigned_to !== filters.owner
  ) {
    return false;
  }
  if (filters.source && lead.source !== filters.source) return false;
  if (filters.period && lead.created_at < periodStart(filters.period, now, timeZone)) return false;
  if (filters.tag) {
    const wanted = filters.tag.toLowerCase();
    if (!lead.tags.some((tag) => tag === filters.tag || tag.toLowerCase() === wanted)) return false;
  }
  return true;
}
