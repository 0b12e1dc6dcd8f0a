import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { LOCALES, type Language } from "~/i18n";
import type { Db } from "../db/client.ts";
import { caseStudies, type CaseStudy, type CaseStudyFigure } from "../db/schema/index.ts";
import {
  CASE_STUDY_MAX_LIMIT,
  CASE_STUDY_PAGE_SIZE,
  CASE_STUDY_SORTS,
  CASE_STUDY_TIMELINES,
  timelineBucket,
  type CaseStudySort,
} from "./case-study-options.ts";

// The constants live apart so the browser can import them without zod and drizzle.
export * from "./case-study-options.ts";

/** A case study in one language: the English base row with that language's overrides. */
export type CaseStudyView = {
  id: string;
  slug: string;
  title: string;
  description: string;
  tag: string;
  imageUrl: string;
  industry: string;
  projectType: string;
  timelineWeeks: number;
  overview: string | null;
  keyFeatures: string[];
  figures: CaseStudyFigure[];
  createdAt: string;
};

export function localizeCaseStudy(row: CaseStudy, language: Language): CaseStudyView {
  const tr = row.translations?.[language] ?? {};
  return {
    id: row.id,
    slug: row.slug,
    title: tr.title ?? row.title,
    description: tr.description ?? row.description,
    tag: tr.tag ?? row.tag,
    imageUrl: row.imageUrl,
    industry: row.industry,
    projectType: row.projectType,
    timelineWeeks: row.timelineWeeks,
    overview: tr.overview ?? row.overview,
    keyFeatures: tr.keyFeatures ?? row.keyFeatures,
    figures: tr.figures ?? row.figures,
    createdAt: row.createdAt,
  };
}

/**
 * Case studies newest first, in one language: every one (the spec: the listing has no page
 * limit), or only the newest `limit` (the landing page's teasers read 3 rows, not the table).
 */
export async function listAllCaseStudies(db: Db, language: Language, { limit }: { limit?: number } = {}): Promise<CaseStudyView[]> {
  const newestFirst = db.select().from(caseStudies).orderBy(desc(caseStudies.createdAt), desc(caseStudies.id));
  const rows = await (limit === undefined ? newestFirst : newestFirst.limit(limit));
  return rows.map((row) => localizeCaseStudy(row, language));
}

/** Slugs and dates for the sitemap. */
export async function listCaseStudySlugs(db: Db): Promise<{ slug: string; createdAt: string }[]> {
  return db.select({ slug: caseStudies.slug, createdAt: caseStudies.createdAt }).from(caseStudies).orderBy(desc(caseStudies.createdAt));
}

// ---------------------------------------------------------------------------------------
// The listing's query: search, filters, sort and "Load More".

/** Slugs, industries and project types are lowercase words joined by hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const facetValue = z.string().trim().toLowerCase().max(40).regex(SLUG);

/**
 * The listing's query string (?q=&industry=&type=&timeline=&sort=&limit=), shared by the
 * page loader and GET /api/case-studies. It never rejects: a value it cannot use falls back
 * to its default (no filter, newest first, one page), because a shared or hand-edited URL
 * should still show the portfolio rather than an error. Empty strings (what a no-JS GET
 * form sends for "All") count as absent.
 */
export const caseStudyQuerySchema = z.object({
  q: z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, " ").slice(0, 100))
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  industry: facetValue.optional().catch(undefined),
  type: facetValue.optional().catch(undefined),
  timeline: z.enum(CASE_STUDY_TIMELINES).optional().catch(undefined),
  sort: z.enum(CASE_STUDY_SORTS).catch("newest").default("newest"),
  limit: z.coerce
    .number()
    .int()
    .transform((n) => Math.min(CASE_STUDY_MAX_LIMIT, Math.max(CASE_STUDY_PAGE_SIZE, n)))
    .catch(CASE_STUDY_PAGE_SIZE)
    .default(CASE_STUDY_PAGE_SIZE),
});

export type CaseStudyQuery = z.output<typeof caseStudyQuerySchema>;

/** Parses a URL's search params (or a plain record) into a query; never throws. */
export function parseCaseStudyQuery(input: URLSearchParams | Record<string, string | undefined>): CaseStudyQuery {
  const record = input instanceof URLSearchParams ? Object.fromEntries(input) : input;
  // "" means "All" in a GET form: drop it so defaults apply.
  const cleaned = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== ""));
  return caseStudyQuerySchema.parse(cleaned);
}

export type CaseStudyListing = {
  /** The page of matching case studies (at most `filters.limit`). */
  items: CaseStudyView[];
  /** How many case studies match the search and filters. */
  total: number;
  /** How many case studies exist at all (tells "empty portfolio" from "no match"). */
  all: number;
  /** The values present in the table, for the filter selects (sorted, distinct). */
  facets: { industries: string[]; projectTypes: string[] };
  /** The query actually applied: an industry or type that no case study has is dropped. */
  filters: CaseStudyQuery;
};

/** Lowercase without accents, so "saude" finds "Saúde" and "LOGISTICA" finds "Logística". */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

const byNewest = (a: CaseStudyView, b: CaseStudyView) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * The listing: search, filter, sort and cut one case-study query. The portfolio is a
 * handful of rows (tens at most, each a few KB), so one SELECT of the whole table and
 * filtering in the Worker is cheaper and simpler than building SQL per filter, and it lets
 * the search match the *localized* copy stored in the translations JSON with Unicode-aware
 * accent folding, which SQLite's LIKE cannot do. Revisit if the table ever grows to
 * thousands of rows.
 */
export async function queryCaseStudies(db: Db, language: Language, query: Partial<CaseStudyQuery> = {}): Promise<CaseStudyListing> {
  const parsed = caseStudyQuerySchema.parse(query);
  const studies = await listAllCaseStudies(db, language);

  const distinct = (values: string[]) => [...new Set(values)].sort();
  const facets = {
    industries: distinct(studies.map((s) => s.industry)),
    projectTypes: distinct(studies.map((s) => s.projectType)),
  };
  const filters: CaseStudyQuery = {
    ...parsed,
    industry: parsed.industry && facets.industries.includes(parsed.industry) ? parsed.industry : undefined,
    type: parsed.type && facets.projectTypes.includes(parsed.type) ? parsed.type : undefined,
  };

  // Every word of the search must appear in the title, description, tag or industry.
  const terms = filters.q ? foldText(filters.q).split(" ").filter(Boolean) : [];
  const matching = studies.filter((study) => {
    if (filters.industry && study.industry !== filters.industry) return false;
    if (filters.type && study.projectType !== filters.type) return false;
    if (filters.timeline && timelineBucket(study.timelineWeeks) !== filters.timeline) return false;
    if (terms.length === 0) return true;
    const haystack = foldText([study.title, study.description, study.tag, study.industry].join(" \n "));
    return terms.every((term) => haystack.includes(term));
  });

  const collator = new Intl.Collator(LOCALES[language], { sensitivity: "base", numeric: true });
  const compare: Record<CaseStudySort, (a: CaseStudyView, b: CaseStudyView) => number> = {
    newest: byNewest,
    oldest: (a, b) => -byNewest(a, b),
    shortest: (a, b) => a.timelineWeeks - b.timelineWeeks || byNewest(a, b),
    longest: (a, b) => b.timelineWeeks - a.timelineWeeks || byNewest(a, b),
    title: (a, b) => collator.compare(a.title, b.title) || byNewest(a, b),
  };
  matching.sort(compare[filters.sort]);

  return { items: matching.slice(0, filters.limit), total: matching.length, all: studies.length, facets, filters };
}

/** One case study by slug in a language, or null when no case study has that slug. */
export async function getCaseStudyBySlug(db: Db, slug: string, language: Language): Promise<CaseStudyView | null> {
  if (!SLUG.test(slug) || slug.length > 120) return null;
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.slug, slug)).limit(1);
  return row ? localizeCaseStudy(row, language) : null;
}

/**
 * Other case studies to suggest under a detail page: same industry first, then same
 * project type, then the newest.
 */
export async function listRelatedCaseStudies(
  db: Db,
  study: Pick<CaseStudyView, "slug" | "industry" | "projectType">,
  language: Language,
  count = 3,
): Promise<CaseStudyView[]> {
  const others = (await listAllCaseStudies(db, language)).filter((s) => s.slug !== study.slug);
  const score = (s: CaseStudyView) => (s.industry === study.industry ? 2 : 0) + (s.projectType === study.projectType ? 1 : 0);
  return others
    .map((s, index) => ({ s, index }))
    .sort((a, b) => score(b.s) - score(a.s) || a.index - b.index)
    .slice(0, count)
    .map(({ s }) => s);
}
