import { Link } from "react-router";
import type { CaseStudyView } from "@worker/services/case-study-service";
import { useI18n } from "~/i18n/react";
import { CaseStudyCard } from "~/modules/site/case-studies/case-study-card";
import { sitePath } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { ArrowRightIcon } from "~/modules/site/ui/icons";
import { CONTAINER, LandingSection, SectionHeading } from "./landing-section.tsx";

/** What the loader read: the newest case studies, or that reading them failed. */
export type CaseStudyTeasers = { status: "ok"; studies: CaseStudyView[] } | { status: "error" };

/** How many case studies the landing page shows. */
export const TEASER_COUNT = 3;

/**
 * 2. The newest case studies and a button to the listing. With none in the database (or when
 * they could not be read) the section stays, with a short note, so the button to the
 * listing is always there.
 */
export function CaseStudyTeaserSection({ teasers }: { teasers: CaseStudyTeasers }) {
  const { language, t } = useI18n();
  return (
    <LandingSection id="case-studies" className="bg-white py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading
          id="case-studies"
          eyebrow={t("site.landing.caseStudies.eyebrow")}
          title={t("site.landing.caseStudies.title")}
          subtitle={t("site.landing.caseStudies.subtitle")}
        />
        {teasers.status === "ok" && teasers.studies.length > 0 ? (
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="case-study-teasers">
            {teasers.studies.map((study) => (
              <li key={study.id} className="flex [&>*]:flex-1">
                <CaseStudyCard study={study} />
              </li>
            ))}
          </ul>
        ) : (
          <p
            className="mx-auto mt-12 max-w-xl rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-8 text-center text-slate-600"
            role={teasers.status === "error" ? "alert" : undefined}
            data-testid="case-study-teasers-empty"
          >
            {teasers.status === "error" ? t("site.landing.caseStudies.error") : t("site.landing.caseStudies.empty")}
          </p>
        )}
        <div className="mt-12 flex justify-center">
          <Link
            to={sitePath(language, "/case-studies")}
            data-testid="teasers-view-all"
            className={buttonClass({ variant: "secondary", size: "lg" })}
          >
            {t("site.landing.caseStudies.viewAll")}
            <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </LandingSection>
  );
}
