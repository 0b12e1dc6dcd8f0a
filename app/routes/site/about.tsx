import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { companyFigureParams, companyStats } from "~/modules/site/about/company-figures";
import { TeamMemberCard } from "~/modules/site/about/team-member-card";
import { ABOUT_STATS, ABOUT_VALUES, TEAM_MEMBERS } from "~/modules/site/about/team-members";
import { loaderMeta } from "~/modules/site/seo";
import { pageMeta, pageTranslator } from "~/modules/site/seo.server";
import { pageMessages } from "~/modules/site/site-messages.server";
import { sitePath } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { PageHero } from "~/modules/site/ui/page-hero";
import type { Route } from "./+types/about";

export const meta = loaderMeta;

export function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const t = pageTranslator(request);
  return {
    meta: pageMeta(args, { title: t("site.about.meta.title"), description: t("site.about.meta.description") }),
    messages: pageMessages(request, ["site.about"]),
  };
}

/** The team page: stats, four team members, the company story and a call to action. */
export default function AboutPage() {
  const { language, t } = useI18n();
  const stats = companyStats(language);
  return (
    <>
      <PageHero eyebrow={t("site.about.hero.eyebrow")} title={t("site.about.hero.title")} intro={t("site.about.hero.subtitle")} />

      <section aria-labelledby="about-stats" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="about-stats" className="sr-only">
          {t("site.about.stats.title")}
        </h2>
        <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 lg:grid-cols-4">
          {ABOUT_STATS.map((stat) => (
            <div key={stat} data-testid="about-stat" className="flex flex-col-reverse bg-white p-6 sm:p-8">
              <dt className="mt-1 text-sm text-slate-600">{t(`site.about.stats.${stat}.label`)}</dt>
              <dd className="text-3xl font-bold tracking-tight text-brand-700 sm:text-4xl">{stats[stat]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="about-team" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{t("site.about.team.eyebrow")}</p>
        <h2 id="about-team" className="mt-2 text-3xl font-bold tracking-tight text-slate-950">
          {t("site.about.team.title")}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">{t("site.about.team.subtitle")}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM_MEMBERS.map((member) => (
            <TeamMemberCard key={member.id} member={member} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-story" className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{t("site.about.story.eyebrow")}</p>
            <h2 id="about-story" className="mt-2 text-3xl font-bold tracking-tight text-slate-950">
              {t("site.about.story.title")}
            </h2>
            <div className="mt-6 space-y-4 text-slate-700">
              <p>{t("site.about.story.p1")}</p>
              <p>{t("site.about.story.p2", companyFigureParams(language))}</p>
              <p className="font-semibold text-slate-900">{t("site.about.story.p3")}</p>
            </div>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-slate-950">{t("site.about.values.title")}</h3>
            <ul className="mt-6 space-y-4">
              {ABOUT_VALUES.map((value, index) => (
                <li key={value} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold text-slate-900">{t(`site.about.values.${value}.title`)}</p>
                    <p className="mt-1 text-sm text-slate-600">{t(`site.about.values.${value}.text`)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="about-cta" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-ink-900 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="about-cta" className="text-3xl font-bold tracking-tight">
            {t("site.about.cta.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">{t("site.about.cta.text")}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={sitePath(language, "/contact")} className={buttonClass({ variant: "onDark" })}>
              {t("site.about.cta.contact")}
            </Link>
            <Link to={sitePath(language, "/planner")} className={buttonClass({ variant: "onDarkOutline" })}>
              {t("site.about.cta.planner")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
