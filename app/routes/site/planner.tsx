import { useI18n } from "~/i18n/react";
import { PlannerTool } from "~/modules/site/planner/planner-tool";
import { parsePlannerQuery } from "~/modules/site/planner/planner-query";
import { buildPlan, canGenerate, missingChoices } from "~/modules/site/planner/project-planner";
import { loaderMeta } from "~/modules/site/seo";
import { pageMeta, pageTranslator } from "~/modules/site/seo.server";
import { pageMessages } from "~/modules/site/site-messages.server";
import type { Route } from "./+types/planner";
import { PageHero } from "~/modules/site/ui/page-hero";

export const meta = loaderMeta;

/**
 * The planner's state lives in the URL (GET form): the loader reads the choices
 * and, when Generate was pressed, builds the plan with the same rules the page uses with
 * JavaScript, or lists the required choices still missing. A plan URL can be shared.
 */
export function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const t = pageTranslator(request);
  const { selection, generate } = parsePlannerQuery(new URL(request.url).searchParams);
  return {
    selection,
    plan: generate && canGenerate(selection) ? buildPlan(selection) : null,
    missing: generate ? missingChoices(selection) : [],
    meta: pageMeta(args, { title: t("site.planner.meta.title"), description: t("site.planner.meta.description") }),
    messages: pageMessages(request, ["site.planner"]),
  };
}

export default function PlannerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <PageHero eyebrow={t("site.planner.hero.eyebrow")} title={t("site.planner.hero.title")} intro={t("site.planner.hero.subtitle")} />
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <PlannerTool selection={loaderData.selection} plan={loaderData.plan} missing={loaderData.missing} />
      </div>
    </>
  );
}
