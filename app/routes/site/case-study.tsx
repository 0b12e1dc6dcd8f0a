import type { MouseEvent } from "react";
import { data, Link, useNavigate } from "react-router";
import { localizeFigure } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { CaseStudyCard } from "~/modules/site/case-studies/case-study-card";
import { industryLabel, projectTypeLabel, weeksLabel } from "~/modules/site/case-studies/case-study-labels";
import { loaderMeta } from "~/modules/site/seo";
import { pageMeta, pageTranslator } from "~/modules/site/seo.server";
import { pathLanguage, sitePath } from "~/modules/site/site-paths";
import { pageMessages } from "~/modules/site/site-messages.server";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { iconBase } from "~/modules/site/ui/icons";
import { workerContext } from "@worker/router-context";
import { getCaseStudyBySlug, listRelatedCaseStudies, type CaseStudyView } from "@worker/services/case-study-service";
import type { Route } from "./+types/case-study";

export const meta = loaderMeta;

/**
 * One case study in the page's language. An unknown slug renders the page's own
 * 'Case Study Not Found' state (inside the site frame, with Go Back) with HTTP 404, so it is
 * neither indexed nor mistaken for content; a database failure is not caught here and
 * reaches the fallback error screen.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params, request, context } = args;
  const language = pathLanguage(new URL(request.url).pathname);
  const { db } = context.get(workerContext);
  const study = await getCaseStudyBySlug(db, params.slug, language);
  const messages = pageMessages(request, ["site.caseStudies"]);
  if (!study) {
    const t = pageTranslator(request);
    const meta = pageMeta(args, {
      title: t("site.caseStudies.detail.notFound.title"),
      description: t("site.caseStudies.detail.notFound.message"),
      extra: [{ name: "robots", content: "noindex" }],
    });
    return data({ study: null, related: [] as CaseStudyView[], meta, messages }, { status: 404 });
  }
  const related = await listRelatedCaseStudies(db, study, language, 3);
  const meta = pageMeta(args, { title: study.title, description: study.description, ogType: "article" });
  return data({ study, related, meta, messages });
}

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { study, related } = loaderData;
  return study ? <CaseStudyDetail study={study} related={related} /> : <CaseStudyNotFound />;
}

function CaseStudyDetail({ study, related }: { study: CaseStudyView; related: CaseStudyView[] }) {
  const { language, t } = useI18n();
  const facts = [
    { label: t("site.caseStudies.detail.industry"), value: industryLabel(t, study.industry) },
    { label: t("site.caseStudies.detail.type"), value: projectTypeLabel(t, study.projectType) },
    { label: t("site.caseStudies.detail.timeline"), value: weeksLabel(t, language, study.timelineWeeks) },
  ];

  return (
    <article>
      <header className="bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto max-w-7xl px-4 pb-12 pt-8 sm:px-6 lg:px-8">
          <Link
            to={sitePath(language, "/case-studies")}
            className="inline-flex items-center gap-2 rounded text-sm font-semibold text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <ArrowLeftIcon />
            {t("site.caseStudies.detail.back")}
          </Link>
          <div className="mt-8 grid items-center gap-10 lg:grid-cols-2">
            <div>
              <span className="inline-block rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-700">{study.tag}</span>
              <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl lg:text-5xl">{study.title}</h1>
              <p className="mt-5 text-lg leading-relaxed text-slate-600">{study.description}</p>
              <dl className="mt-8 grid grid-cols-3 gap-4 border-t border-slate-200 pt-6">
                {facts.map((fact) => (
                  <div key={fact.label}>
                    <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{fact.label}</dt>
                    <dd className="mt-1 font-semibold text-ink-900">{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <img
              src={study.imageUrl}
              alt=""
              width={640}
              height={400}
              className="aspect-[16/10] w-full rounded-2xl object-cover shadow-xl ring-1 ring-slate-900/5"
            />
          </div>
        </div>
      </header>

      {study.figures.length > 0 ? (
        <section aria-labelledby="case-study-results" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="case-study-results" className="sr-only">
            {t("site.caseStudies.detail.results")}
          </h2>
          <dl className="grid gap-4 rounded-2xl bg-ink-900 p-6 text-white sm:grid-cols-3 sm:p-8" data-testid="case-study-figures">
            {study.figures.map((figure) => (
              <div key={`${figure.value}-${figure.label}`} className="flex flex-col-reverse text-center">
                <dt className="mt-1 text-sm text-white/70">{figure.label}</dt>
                <dd className="text-3xl font-bold tracking-tight sm:text-4xl">{localizeFigure(figure.value, language)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <section aria-labelledby="case-study-overview" className="lg:col-span-2">
          <h2 id="case-study-overview" className="text-2xl font-bold text-ink-900">
            {t("site.caseStudies.detail.overview")}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{study.overview ?? t("site.caseStudies.detail.overviewFallback")}</p>
        </section>
        {study.keyFeatures.length > 0 ? (
          <section aria-labelledby="case-study-features" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="case-study-features" className="text-lg font-bold text-ink-900">
              {t("site.caseStudies.detail.features")}
            </h2>
            <ul className="mt-4 space-y-3" data-testid="case-study-features">
              {study.keyFeatures.map((feature) => (
                <li key={feature} className="flex gap-3 text-slate-700">
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" fill="currentColor">
                    <path
                      fillRule="evenodd"
                      d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
                      clipRule="evenodd"
                    />
                  </svg>
                  {feature}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <section aria-labelledby="case-study-cta" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 p-8 text-white sm:p-10 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 id="case-study-cta" className="text-2xl font-bold">
              {t("site.caseStudies.detail.cta.title")}
            </h2>
            <p className="mt-2 max-w-xl text-white/85">{t("site.caseStudies.detail.cta.text")}</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to={sitePath(language, "/contact")} className={buttonClass({ variant: "onDark" })}>
              {t("site.caseStudies.detail.start")}
            </Link>
            <Link to={sitePath(language, "/case-studies")} className={buttonClass({ variant: "onDarkOutline" })}>
              {t("site.caseStudies.detail.more")}
            </Link>
          </div>
        </div>
      </section>

      {related.length > 0 ? (
        <section aria-labelledby="case-study-related" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="case-study-related" className="text-2xl font-bold text-ink-900">
            {t("site.caseStudies.detail.related")}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((other) => (
              <li key={other.id}>
                <CaseStudyCard study={other} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <div className="pb-16" />
      )}
    </article>
  );
}

/**
 * 'Case Study Not Found'. Go Back returns to the previous page of this site when there is
 * one (JavaScript, in-app history); otherwise, and without JavaScript, it is a plain link
 * to the case studies listing.
 */
function CaseStudyNotFound() {
  const { language, t } = useI18n();
  const navigate = useNavigate();
  function goBack(event: MouseEvent<HTMLAnchorElement>) {
    // React Router numbers its history entries (history.state.idx): 0 is the page the visitor
    // opened, so there is nothing of ours to go back to and the link leads to the listing.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index <= 0) return;
    event.preventDefault();
    void navigate(-1);
  }
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6" data-testid="case-study-not-found">
      <div className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-100">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5M11 8v3m0 3h.01" strokeLinecap="round" />
        </svg>
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink-900">{t("site.caseStudies.detail.notFound.title")}</h1>
      <p className="mt-3 text-slate-600">{t("site.caseStudies.detail.notFound.message")}</p>
      <Link to={sitePath(language, "/case-studies")} onClick={goBack} className={`${buttonClass()} mt-8`}>
        <ArrowLeftIcon />
        {t("site.caseStudies.detail.notFound.back")}
      </Link>
    </section>
  );
}

/** Back to the listing (only this page draws it). */
function ArrowLeftIcon() {
  return (
    <svg {...iconBase} viewBox="0 0 20 20" className="h-4 w-4">
      <path d="M16 10H4M9 5l-5 5 5 5" />
    </svg>
  );
}
