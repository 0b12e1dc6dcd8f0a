import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { CASE_STUDY_SORTS, CASE_STUDY_TIMELINES } from "@worker/services/case-study-options";
import type { CaseStudyListing, CaseStudyQuery } from "@worker/services/case-study-service";
import { useHydrated } from "~/components/use-hydrated";
import { useI18n } from "~/i18n/react";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { industryLabel, projectTypeLabel } from "./case-study-labels.ts";
import { clearFiltersHref, isFiltered, listingSearch } from "./listing-search.ts";

type Values = { q: string; industry: string; type: string; timeline: string; sort: string };

const valuesOf = (filters: CaseStudyQuery): Values => ({
  q: filters.q ?? "",
  industry: filters.industry ?? "",
  type: filters.type ?? "",
  timeline: filters.timeline ?? "",
  sort: filters.sort,
});

/** How long the search waits after the last keystroke before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm transition focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";
const labelClass = "mb-1.5 block text-xs font-semibold uppercase tracking-wide text-slate-600";

/**
 * Search, industry, project type, timeline and sort for the listing: a plain GET form, so
 * without JavaScript the 'Apply filters' button (rendered only inside <noscript>) submits it
 * and the server answers with the filtered page. With JavaScript every change applies at
 * once (the search ~300 ms after the last keystroke) by navigating to a clean URL (no empty
 * or default params) with `replace` (typing should not fill the history) and
 * `preventScrollReset` (the grid stays where the reader is). A filter change always goes
 * back to the first page: Load More's `limit` is not carried over.
 */
export function CaseStudyFilters({ filters, facets }: { filters: CaseStudyQuery; facets: CaseStudyListing["facets"] }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [values, setValues] = useState<Values>(() => valuesOf(filters));
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Follow the URL (back/forward, 'Clear filters', a shared link). The search box is left
  // alone while the visitor is typing in it, so a slow answer cannot eat keystrokes.
  const applied = valuesOf(filters);
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    setValues((current) => ({
      ...applied,
      q: document.activeElement === searchRef.current ? current.q : applied.q,
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- appliedKey stands for `applied`
  }, [appliedKey]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(next: Values) {
    clearTimeout(timer.current);
    const search = listingSearch({
      q: next.q.trim(),
      industry: next.industry || undefined,
      type: next.type || undefined,
      timeline: (next.timeline || undefined) as CaseStudyQuery["timeline"],
      sort: (next.sort || "newest") as CaseStudyQuery["sort"],
    });
    // Only the listing's loader runs (see shouldRevalidate in routes/site/case-studies.tsx).
    navigate({ pathname, search }, { replace: true, preventScrollReset: true, defaultShouldRevalidate: false });
  }

  function onSelect(event: ChangeEvent<HTMLSelectElement>) {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    apply(next);
  }

  function onSearch(event: ChangeEvent<HTMLInputElement>) {
    const next = { ...values, q: event.target.value };
    setValues(next);
    clearTimeout(timer.current);
    // Only a change in meaning triggers a request ("ab" → "ab " does not).
    if (next.q.trim() === (filters.q ?? "")) return;
    timer.current = setTimeout(() => apply(next), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript, Enter in the search box applies at once (and cleanly).
    event.preventDefault();
    apply(values);
  }

  const clearHref = clearFiltersHref(pathname, filters);

  return (
    <Form
      method="get"
      action={pathname}
      role="search"
      aria-label={t("site.caseStudies.filters.label")}
      onSubmit={onSubmit}
      // Tells browser tests (and curious readers) that changes now apply on their own.
      data-live={hydrated || undefined}
      // `relative`: the panel overlaps the hero above it (which is positioned) and must paint
      // over it, or the hero hides its top border and corners.
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      {/*
        Every option must fit its select whole (a native select cannot wrap): one column on
        phones, two from sm, search over four selects from lg, one row from xl, where a select
        is wide enough for the longest option ("E-commerce e varejo", "Mais de 16 semanas").
      */}
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2 sm:gap-y-4 lg:grid-cols-4 xl:grid-cols-[minmax(0,1.6fr)_repeat(4,minmax(0,1fr))]">
        <div className="sm:col-span-2 lg:col-span-4 xl:col-span-1">
          <label htmlFor="case-study-search" className={labelClass}>
            {t("site.caseStudies.filters.search")}
          </label>
          <div className="relative">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="9" cy="9" r="6" />
              <path d="m14 14 4 4" strokeLinecap="round" />
            </svg>
            <input
              ref={searchRef}
              id="case-study-search"
              type="search"
              name="q"
              value={values.q}
              onChange={onSearch}
              maxLength={100}
              autoComplete="off"
              placeholder={t("site.caseStudies.filters.searchPlaceholder")}
              className={`${fieldClass} pl-9`}
            />
          </div>
        </div>
        <Select
          id="case-study-industry"
          name="industry"
          label={t("site.caseStudies.filters.industry")}
          value={values.industry}
          onChange={onSelect}
        >
          <option value="">{t("site.caseStudies.filters.allIndustries")}</option>
          {facets.industries.map((value) => (
            <option key={value} value={value}>
              {industryLabel(t, value)}
            </option>
          ))}
        </Select>
        <Select id="case-study-type" name="type" label={t("site.caseStudies.filters.type")} value={values.type} onChange={onSelect}>
          <option value="">{t("site.caseStudies.filters.allTypes")}</option>
          {facets.projectTypes.map((value) => (
            <option key={value} value={value}>
              {projectTypeLabel(t, value)}
            </option>
          ))}
        </Select>
        <Select
          id="case-study-timeline"
          name="timeline"
          label={t("site.caseStudies.filters.timeline")}
          value={values.timeline}
          onChange={onSelect}
        >
          <option value="">{t("site.caseStudies.filters.allTimelines")}</option>
          {CASE_STUDY_TIMELINES.map((value) => (
            <option key={value} value={value}>
              {t(`site.caseStudies.filters.timelines.${value}`)}
            </option>
          ))}
        </Select>
        <Select id="case-study-sort" name="sort" label={t("site.caseStudies.filters.sort")} value={values.sort} onChange={onSelect}>
          {CASE_STUDY_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`site.caseStudies.filters.sorts.${value}`)}
            </option>
          ))}
        </Select>
      </div>
      {/* Without JavaScript nothing applies on change: this button submits the GET form. */}
      <noscript>
        <div className="mt-4 flex justify-end">
          <button type="submit" className={buttonClass()}>
            {t("site.caseStudies.filters.apply")}
          </button>
        </div>
      </noscript>
      {isFiltered(filters) ? (
        <div className="mt-3 flex justify-end">
          <Link
            to={clearHref}
            replace
            preventScrollReset
            defaultShouldRevalidate={false}
            className="rounded text-sm font-semibold text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t("site.caseStudies.filters.clear")}
          </Link>
        </div>
      ) : null}
    </Form>
  );
}

function Select({
  id,
  label,
  children,
  ...props
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} {...props} className={`${fieldClass} cursor-pointer pl-2.5 pr-7 sm:pl-3`}>
        {children}
      </select>
    </div>
  );
}
