import { desc } from "drizzle-orm";
import type { Language } from "~/i18n";
import type { Db } from "../db/client.ts";
import { caseStudies, type CaseStudy, type CaseStudyFigure } from "../db/schema/index.ts";

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

/** Every case study, newest first (the spec: no page limit), in one language. */
export async function listAllCaseStudies(db: Db, language: Language): Promise<CaseStudyView[]> {
  const rows = await db.select().from(caseStudies).orderBy(desc(caseStudies.createdAt), desc(caseStudies.id));
  return rows.map((row) => localizeCaseStudy(row, language));
}

/** Slugs and dates for the sitemap. */
export async function listCaseStudySlugs(db: Db): Promise<{ slug: string; createdAt: string }[]> {
  return db
    .select({ slug: caseStudies.slug, createdAt: caseStudies.createdAt })
    .from(caseStudies)
    .orderBy(desc(caseStudies.createdAt));
}
