// The leads list's and pipeline's filters besides the text and the status (issue 20): what
// they are and how a URL carries them. Plain and client-safe (.dependency-cruiser.cjs), and
// small: the leads screen's first JavaScript carries it. Whether a lead passes them (which
// needs the organisation's calendar) is lead-filters.ts, loaded with the live layer.
import { LEAD_SOURCES, type LeadSource } from "../db/schema/enums.ts";

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

/**
 * The list's orders (?sort=): newest first (the default, no parameter), oldest first, highest
 * value first (no value last), name A–Z (accent- and case-blind), latest activity first.
 */
export const LEAD_SORTS = ["newest", "oldest", "value", "name", "activity"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const DEFAULT_LEAD_SORT: LeadSort = "newest";

/** The order a URL names; anything else is the default. */
export function leadSortFrom(params: URLSearchParams): LeadSort {
  const sort = params.get("sort");
  return (LEAD_SORTS as readonly (string | null)[]).includes(sort) ? (sort as LeadSort) : DEFAULT_LEAD_SORT;
}
