import { workerContext } from "@worker/router-context";
import { listAllCaseStudies } from "@worker/services/case-study-service";
import { CaseStudyTeaserSection, TEASER_COUNT, type CaseStudyTeasers } from "~/modules/site/landing/case-study-teasers";
import { FinalCta } from "~/modules/site/landing/final-cta";
import { GuaranteeSection } from "~/modules/site/landing/guarantee-section";
import { LandingHero } from "~/modules/site/landing/landing-hero";
import { ProcessSection } from "~/modules/site/landing/process-steps";
import { TrackRecordSection } from "~/modules/site/landing/track-record";
import { RoiCalculatorSection } from "~/modules/site/roi/roi-calculator-section";
import { roiFromParams } from "~/modules/site/roi/roi-query";
import { metaTranslator, pageMeta } from "~/modules/site/seo";
import { pathLanguage } from "~/modules/site/site-paths";
import { pageMessages } from "~/modules/site/site-messages.server";
import type { Route } from "./+types/landing";

export function meta(args: Route.MetaArgs) {
  const t = metaTranslator(args);
  return pageMeta(args, {
    title: t("site.landing.meta.title"),
    brand: false,
    description: t("site.landing.meta.description"),
    extra: [{ name: "keywords", content: t("site.landing.meta.keywords") }],
  });
}

/**
 * The newest case studies for the teasers, and the ROI calculator's result when the page was
 * reached by submitting its GET form (?revenue=…&industry=…&type=…, the no-JS path). Bad
 * query values fall back to the defaults or to "no result"; a database failure only empties
 * the teaser section.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = pathLanguage(url.pathname);
  const roi = roiFromParams(url.searchParams);
  let teasers: CaseStudyTeasers;
  try {
    teasers = { status: "ok", studies: await listAllCaseStudies(context.get(workerContext).db, language, { limit: TEASER_COUNT }) };
  } catch (error) {
    console.error("landing: case studies could not be read", error);
    teasers = { status: "error" };
  }
  return { teasers, roi, messages: pageMessages(request, ["site.landing", "site.caseStudies.card"]) };
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LandingHero />
      <CaseStudyTeaserSection teasers={loaderData.teasers} />
      <TrackRecordSection />
      <RoiCalculatorSection initial={loaderData.roi} />
      <ProcessSection />
      <GuaranteeSection />
      <FinalCta />
    </>
  );
}
