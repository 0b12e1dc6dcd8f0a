import { CASE_STUDY_PAGE_SIZE } from "@worker/services/case-study-options";
import type { CaseStudyQuery } from "@worker/services/case-study-service";

/**
 * The query string of a listing view, in a stable order and without defaults or empty
 * values, so shared links stay short: { industry: "fintech", sort: "newest" } → "?industry=fintech".
 */
export function listingSearch(filters: Partial<CaseStudyQuery>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.industry) params.set("industry", filters.industry);
  if (filters.type) params.set("type", filters.type);
  if (filters.timeline) params.set("timeline", filters.timeline);
  if (filters.sort && filters.sort !== "newest") params.set("sort", filters.sort);
  if (filters.limit && filters.limit !== CASE_STUDY_PAGE_SIZE) params.set("limit", String(filters.limit));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** True when a search or a filter (not just a sort or page size) narrows the listing. */
export function isFiltered(filters: Partial<CaseStudyQuery>): boolean {
  return Boolean(filters.q || filters.industry || filters.type || filters.timeline);
}

/** The listing without search and filters (the sort is kept): 'Clear filters'. */
export function clearFiltersHref(pathname: string, filters: Partial<CaseStudyQuery>): string {
  return `${pathname}${listingSearch({ sort: filters.sort })}`;
}
