import type { Language } from "~/i18n";
import type { Db } from "@worker/db/client";
import { parseCaseStudyQuery, queryCaseStudies, type CaseStudyListing } from "@worker/services/case-study-service";

export type CaseStudiesPageData = ({ ok: true } & CaseStudyListing) | { ok: false; filters: ReturnType<typeof parseCaseStudyQuery> };

/**
 * The listing page's data for a request URL. A database failure does not reach the error
 * boundary: it is logged and answered with `ok: false`, so the page keeps its header and
 * footer and shows the spec's error state with 'Try Again' (the caller sends it with a 503
 * so the failure is not cached or indexed as content).
 */
export async function loadCaseStudiesPage(db: Db, url: URL, language: Language): Promise<CaseStudiesPageData> {
  const query = parseCaseStudyQuery(url.searchParams);
  try {
    return { ok: true, ...(await queryCaseStudies(db, language, query)) };
  } catch (error) {
    console.error("case studies: failed to load the listing", error);
    return { ok: false, filters: query };
  }
}
