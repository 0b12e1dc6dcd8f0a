import { useI18n } from "~/i18n/react";
import { PlannerTool } from "~/modules/site/planner/planner-tool";
import { parsePlannerQuery } from "~/modules/site/planner/planner-query";
import { buildPlan, canGenerate, missingChoices } from "~/modules/site/planner/project-planner";
import { metaTranslator, pageMeta } from "~/modules/site/seo";
import type { Route } from "./+types/planner";

export function meta(args: Route.MetaArgs) {
  const t = metaTranslator(args.location);
  return pageMeta(args, { title: t("site.planner.meta.title"), description: t("site.planner.meta.description") });
}

/**
 * The planner's state lives in the URL (GET form): the loader reads the choices with zod
 * and, when Generate was pressed, builds the plan with the same rules the page uses with
 * JavaScript, or lists the required choices still missing. A plan URL can be shared.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { selection, generate } = parsePlannerQuery(new URL(request.url).searchParams);
  return {
    selection,
    plan: generate && canGenerate(selection) ? buildPlan(selection) : null,
    missing: generate ? missingChoices(selection) : [],
  };
}

export default function PlannerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-10 pt-14 sm:px-6 sm:pt-20 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{t("site.planner.hero.eyebrow")}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-950 sm:text-5xl">{t("site.planner.hero.title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">{t("site.planner.hero.subtitle")}</p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <PlannerTool selection={loaderData.selection} plan={loaderData.plan} missing={loaderData.missing} />
      </div>
    </>
  );
}
