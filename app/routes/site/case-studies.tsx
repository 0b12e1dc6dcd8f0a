import { lazy, Suspense, useEffect, useRef } from "react";
import { data, Link, useLocation, useNavigation, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { formatNumber, formatPercent, pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";
import { CaseStudyCard } from "~/modules/site/case-studies/case-study-card";
import { CaseStudyFilters } from "~/modules/site/case-studies/case-study-filters";
import { loadCaseStudiesPage } from "~/modules/site/case-studies/case-studies-page.server";
import { clearFiltersHref, isFiltered, listingSearch } from "~/modules/site/case-studies/listing-search";
import { LoadingState } from "~/modules/site/ui/state-panel";
import { Spinner } from "~/modules/site/ui/spinner";
import { loaderMeta } from "~/modules/site/seo";
import { pageMeta, pageTranslator } from "~/modules/site/seo.server";
import { pathLanguage } from "~/modules/site/site-paths";
import { pageMessages } from "~/modules/site/site-messages.server";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { PageHero } from "~/modules/site/ui/page-hero";
import { workerContext } from "@worker/router-context";
import { CASE_STUDY_MAX_LIMIT, CASE_STUDY_PAGE_SIZE } from "@worker/services/case-study-options";
import type { Route } from "./+types/case-studies";

// The error, empty and no-match states are rare: their code loads when one is shown.
const states = () => import("~/modules/site/case-studies/listing-states");
const ErrorState = lazy(() => states().then((m) => ({ default: m.ErrorState })));
const EmptyState = lazy(() => states().then((m) => ({ default: m.EmptyState })));
const NoMatchState = lazy(() => states().then((m) => ({ default: m.NoMatchState })));

export const meta = loaderMeta;

/**
 * The listing, filtered by the URL's query (?q=&industry=&type=&timeline=&sort=&limit=), so
 * every view can be shared and renders on the server without JavaScript. When the database
 * fails the page still renders, with the error state, as a 503 (not cached, not indexed).
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const t = pageTranslator(request);
  const result = await loadCaseStudiesPage(context.get(workerContext).db, url, pathLanguage(url.pathname));
  const meta = pageMeta(args, { title: t("site.caseStudies.meta.title"), description: t("site.caseStudies.meta.description") });
  return data({ ...result, meta, messages: pageMessages(request, ["site.caseStudies"]) }, { status: result.ok ? 200 : 503 });
}

/** The listing on screen (recorded by the page): what a change keeps when it cannot reach the server. */
let shownListing: Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>> | undefined;

/**
 * A change of filters, Load More or Clear filters that cannot reach the server (offline, a
 * dropped connection) keeps the listing on screen, flagged `offline` (the page says so and the
 * filters keep the visitor's choices), instead of the error screen. See docs/decisions/008.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (!isNetworkError(error) || !shownListing) throw error;
    return { ...shownListing, offline: true as const };
  }
}

/**
 * Changes on the listing navigate with defaultShouldRevalidate: false, so only this loader
 * runs (the layout's and root's data do not depend on the query): one request, whose failure
 * the clientLoader above catches. The listing itself reloads on every navigation to its own
 * path, also to the URL already shown (trying again after a failed change).
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const mutation = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  return (!mutation && currentUrl.pathname === nextUrl.pathname) || defaultShouldRevalidate;
}

export default function CaseStudiesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const toast = useToast();
  const offline = "offline" in loaderData;
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!("offline" in loaderData)) {
      shownListing = loaderData;
      return;
    }
    if (toasted.current === loaderData) return;
    toasted.current = loaderData;
    toast({
      title: t("site.caseStudies.states.offline.title"),
      description: t("site.caseStudies.states.offline.message"),
      variant: "destructive",
    });
  }, [loaderData, t, toast]);
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // A filter change, Load More or 'Try Again' on this page is on its way.
  const pending =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location?.pathname === location.pathname);

  return (
    <>
      <ListingHero />
      <section aria-labelledby="case-studies-results" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <h2 id="case-studies-results" className="sr-only">
          {t("site.caseStudies.hero.title")}
        </h2>
        {!loaderData.ok ? (
          pending ? (
            <LoadingState />
          ) : (
            <Suspense fallback={<LoadingState />}>
              <ErrorState />
            </Suspense>
          )
        ) : loaderData.all === 0 ? (
          pending ? (
            <LoadingState />
          ) : (
            <Suspense fallback={<LoadingState />}>
              <EmptyState />
            </Suspense>
          )
        ) : (
          <Listing listing={loaderData} pending={pending} offline={offline} />
        )}
      </section>
    </>
  );
}

function ListingHero() {
  const { language, t } = useI18n();
  // The agency's claims (spec §1); the project count under the filters comes from the data.
  const stats = [
    { value: formatNumber(47, language), label: t("site.caseStudies.stats.onTime") },
    { value: formatPercent(340, language, 0), label: t("site.caseStudies.stats.roi") },
    { value: formatPercent(95, language, 0), label: t("site.caseStudies.stats.retention") },
    {
      value: t("site.caseStudies.stats.countriesValue", { count: formatNumber(15, language) }),
      label: t("site.caseStudies.stats.countries"),
    },
  ];
  return (
    <PageHero
      eyebrow={t("site.caseStudies.hero.eyebrow")}
      title={t("site.caseStudies.hero.title")}
      intro={t("site.caseStudies.hero.subtitle")}
    >
      <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse justify-end rounded-2xl border border-slate-200/80 bg-white/80 p-5 shadow-sm backdrop-blur"
          >
            <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
            <dd className="text-3xl font-bold tracking-tight text-ink-900">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </PageHero>
  );
}

type ListingData = Extract<Route.ComponentProps["loaderData"], { ok: true }>;

function Listing({ listing, pending, offline }: { listing: ListingData; pending: boolean; offline: boolean }) {
  const { language, t } = useI18n();
  const { pathname } = useLocation();
  const { items, total, all, facets, filters } = listing;
  const filtered = isFiltered(filters);
  const clearHref = clearFiltersHref(pathname, filters);
  const canLoadMore = items.length < total && filters.limit < CASE_STUDY_MAX_LIMIT;
  const moreHref = `${pathname}${listingSearch({ ...filters, limit: Math.min(CASE_STUDY_MAX_LIMIT, filters.limit + CASE_STUDY_PAGE_SIZE) })}`;

  // After Load More, move keyboard focus to the first new card so the reader continues
  // where the list grew instead of being left on a button that moved or disappeared.
  const grid = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll<HTMLAnchorElement>("li a[href]")[from]?.focus();
  }, [items]);

  const showing = filtered
    ? t(`site.caseStudies.results.showingFiltered.${pluralForm(language, total)}`, {
        count: formatNumber(total, language),
        all: formatNumber(all, language),
      })
    : t(`site.caseStudies.results.showing.${pluralForm(language, total)}`, { count: formatNumber(total, language) });

  return (
    <div className="-mt-2 space-y-6">
      <CaseStudyFilters filters={filters} facets={facets} />
      <div className="flex min-h-6 flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-600" aria-live="polite" data-testid="case-studies-count">
          {showing}
        </p>
        {pending ? (
          <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-brand-700" data-testid="case-studies-loading">
            <Spinner />
            {t("site.caseStudies.states.loading")}
          </p>
        ) : offline ? (
          <p className="text-sm font-medium text-red-700" data-testid="case-studies-offline">
            {t("site.caseStudies.states.offline.message")}
          </p>
        ) : null}
      </div>

      {total === 0 ? (
        pending ? (
          <LoadingState />
        ) : (
          <Suspense fallback={<LoadingState />}>
            <NoMatchState clearHref={clearHref} />
          </Suspense>
        )
      ) : (
        <ul
          ref={grid}
          aria-busy={pending || undefined}
          className={`grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${pending ? "pointer-events-none opacity-50" : ""}`}
          data-testid="case-studies-grid"
        >
          {items.map((study, index) => (
            <li key={study.id}>
              <CaseStudyCard study={study} priority={index < 3} />
            </li>
          ))}
        </ul>
      )}

      {canLoadMore ? (
        <div className="flex flex-col items-center gap-3 pt-4">
          <Link
            to={moreHref}
            replace
            preventScrollReset
            defaultShouldRevalidate={false}
            onClick={() => (focusFrom.current = items.length)}
            className={buttonClass({ variant: "secondary" })}
          >
            {pending ? <Spinner /> : null}
            {t("site.caseStudies.results.loadMore")}
          </Link>
          <p className="text-xs text-slate-500">
            {t("site.caseStudies.results.progress", { shown: formatNumber(items.length, language), total: formatNumber(total, language) })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
