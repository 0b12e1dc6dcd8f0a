import type { MouseEvent } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/react";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { Spinner } from "~/modules/site/ui/spinner";
import { StatePanel } from "~/modules/site/ui/state-panel";

const actionClass = `${buttonClass()} mt-6`;

/**
 * The spec's error state. 'Try Again' is a link to the same URL, so it works without
 * JavaScript (a full reload); with JavaScript it re-runs the loader in place instead.
 */
export function ErrorState() {
  const { t } = useI18n();
  const location = useLocation();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  function retry(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (!retrying) void revalidator.revalidate();
  }
  return (
    <StatePanel
      role="alert"
      testId="case-studies-error"
      title={t("site.caseStudies.states.error.title")}
      icon={
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 text-amber-600" fill="none" stroke="currentColor" strokeWidth="2">
          <path
            d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      }
    >
      <p className="mt-2 text-sm text-slate-600">{t("site.caseStudies.states.error.message")}</p>
      <Link to={`${location.pathname}${location.search}`} onClick={retry} aria-disabled={retrying || undefined} className={actionClass}>
        {retrying ? <Spinner /> : null}
        {t("site.caseStudies.states.error.retry")}
      </Link>
    </StatePanel>
  );
}

export function EmptyState() {
  const { t } = useI18n();
  return (
    <StatePanel
      testId="case-studies-empty"
      title={t("site.caseStudies.states.empty.title")}
      icon={
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 7h18M5 7v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7M9 11h6M8 3h8l1 4H7l1-4Z" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      }
    >
      <p className="mt-2 text-sm text-slate-600">{t("site.caseStudies.states.empty.message")}</p>
    </StatePanel>
  );
}

/** Filters that match nothing: not the same as an empty portfolio, and one click undoes it. */
export function NoMatchState({ clearHref }: { clearHref: string }) {
  const { t } = useI18n();
  return (
    <StatePanel
      role="status"
      testId="case-studies-no-match"
      title={t("site.caseStudies.states.noMatch.title")}
      icon={
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5M8.5 8.5l5 5m0-5-5 5" strokeLinecap="round" />
        </svg>
      }
    >
      <p className="mt-2 text-sm text-slate-600">{t("site.caseStudies.states.noMatch.message")}</p>
      <Link to={clearHref} replace preventScrollReset className={actionClass}>
        {t("site.caseStudies.filters.clear")}
      </Link>
    </StatePanel>
  );
}
