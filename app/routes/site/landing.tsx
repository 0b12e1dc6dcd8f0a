import { workerContext } from "@worker/router-context";
import { listAllCaseStudies } from "@worker/services/case-study-service";
import { island } from "~/components/island";
import { TEASER_COUNT, type CaseStudyTeasers } from "~/modules/site/landing/case-study-teasers";
import { LandingHero } from "~/modules/site/landing/landing-hero";
import { roiFromParams } from "~/modules/site/roi/roi-query";
import { loaderMeta } from "~/modules/site/seo";
import { pageMeta, pageTranslator } from "~/modules/site/seo.server";
import { pathLanguage } from "~/modules/site/site-paths";
import { pageMessages } from "~/modules/site/site-messages.server";
import type { Route } from "./+types/landing";

// Under the hero, each section's code loads when it nears the viewport (server-rendered
// before that, so the page is complete without JavaScript and for crawlers).
const CaseStudyTeaserSection = island("island-teasers", () =>
  import("~/modules/site/landing/case-study-teasers").then((m) => m.CaseStudyTeaserSection),
);
const TrackRecordSection = island("island-track-record", () =>
  import("~/modules/site/landing/track-record").then((m) => m.TrackRecordSection),
);
const RoiCalculatorSection = island("island-roi", () =>
  import("~/modules/site/roi/roi-calculator-section").then((m) => m.RoiCalculatorSection),
);
const ProcessSection = island("island-process", () => import("~/modules/site/landing/process-steps").then((m) => m.ProcessSection));
const GuaranteeSection = island("island-guarantee", () =>
  import("~/modules/site/landing/guarantee-section").then((m) => m.GuaranteeSection),
);
const FinalCta = island("island-cta", () => import("~/modules/site/landing/final-cta").then((m) => m.FinalCta));

export const meta = loaderMeta;

/**
 * The newest case studies for the teasers, and the ROI calculator's result when the page was
 * reached by submitting its GET form (?revenue=…&industry=…&type=…, the no-JS path). Bad
 * query values fall back to the defaults or to "no result"; a database failure only empties
 * the teaser section.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
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
  const t = pageTranslator(request);
  const meta = pageMeta(args, {
    title: t("site.landing.meta.title"),
    brand: false,
    description: t("site.landing.meta.description"),
    extra: [{ name: "keywords", content: t("site.landing.meta.keywords") }],
  });
  return { teasers, roi, meta, messages: pageMessages(request, ["site.landing", "site.caseStudies.card"]) };
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
