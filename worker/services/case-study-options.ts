// The listing's sort, timeline and paging constants. A module of its own with no imports,
// so the browser bundle can use them without pulling in zod, drizzle or the schema.

export const CASE_STUDY_SORTS = ["newest", "oldest", "shortest", "longest", "title"] as const;
export type CaseStudySort = (typeof CASE_STUDY_SORTS)[number];

/** Timeline buckets by delivery weeks: short ≤ 8, medium 9-16, long > 16. */
export const CASE_STUDY_TIMELINES = ["short", "medium", "long"] as const;
export type CaseStudyTimeline = (typeof CASE_STUDY_TIMELINES)[number];

export function timelineBucket(weeks: number): CaseStudyTimeline {
  if (weeks <= 8) return "short";
  if (weeks <= 16) return "medium";
  return "long";
}

/** Cards per "page": the first view shows 6, each Load More adds 6, at most 60 at once. */
export const CASE_STUDY_PAGE_SIZE = 6;
export const CASE_STUDY_MAX_LIMIT = 60;
