// The leads list's and pipeline's filters besides the text and the status (issue 20): what
// they are, how a URL carries them, and whether a lead passes them. Plain and client-safe
// (.dependency-cruiser.cjs): the server's queries (lead-query-service.ts) and the screen's
// live layer (a lead changed elsewhere joins or leaves the list) read them the same way.
import { LEAD_SOURCES, type LeadSource } from "../db/schema/enums.ts";
import { startOfMonth } from "../lib/org-time.ts";

/** Created in the last 7 or 30 days, or since local midnight of this month's 1st (org-time.ts). */
export const LEAD_PERIODS = ["7d", "30d", "month"] as const;
export type LeadPeriod = (typeof LEAD_PERIODS)[number];

export type LeadFilters = {
  /** "me": the viewer's leads; "none": nobody's; else a user's id. */
  owner?: string;
  source?: LeadSource;
  period?: LeadPeriod;
  /** One tag, in any case. */
  tag?: string;
};

/** The URL parameters of the filters, in the order the screen shows them. */
export const LEAD_FILTER_KEYS = ["owner", "source", "period", "tag"] as const;

export const OWNER_MAX = 64;
export const TAG_MAX = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the period begins (ISO, the created_at format). */
export function periodStart(period: LeadPeriod, now: Date): string {
  if (period === "month") return startOfMonth(now).toISOString();
  return new Date(now.getTime() - (period === "7d" ? 7 : 30) * DAY_MS).toISOString();
}

/** The filters a URL's parameters name; what is not a valid value is no filter. */
export function leadFiltersFrom(params: URLSearchParams): LeadFilters {
  const filters: LeadFilters = {};
  const owner = params.get("owner")?.trim();
  if (owner && owner.length <= OWNER_MAX) filters.owner = owner;
  const source = params.get("source");
  if ((LEAD_SOURCES as readonly (string | null)[]).includes(source)) filters.source = source as LeadSource;
  const period = params.get("period");
  if ((LEAD_PERIODS as readonly (string | null)[]).includes(period)) filters.period = period as LeadPeriod;
  const tag = params.get("tag")?.trim();
  if (tag && tag.length <= TAG_MAX) filters.tag = tag;
  return filters;
}

export const hasLeadFilters = (filters: LeadFilters) => LEAD_FILTER_KEYS.some((key) => Boolean(filters[key]));

/** Whether a lead passes the filters, as the server's query decides it. */
export function leadInFilters(
  lead: { assigned_to: string | null; source: string; created_at: string; tags: readonly string[] },
  filters: LeadFilters,
  viewerId: string | null,
  now = new Date(),
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
  if (filters.period && lead.created_at < periodStart(filters.period, now)) return false;
  if (filters.tag) {
    const wanted = filters.tag.toLowerCase();
    if (!lead.tags.some((tag) => tag === filters.tag || tag.toLowerCase() === wanted)) return false;
  }
  return true;
}
