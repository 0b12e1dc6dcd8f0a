import { useId, useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { formatMoney, pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { ChartIcon } from "~/modules/site/landing/landing-icons";
import { ArrowRightIcon } from "~/modules/site/ui/icons";
import { CONTAINER, LandingSection, SectionHeading } from "~/modules/site/landing/landing-section";
import { sitePath } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { formatRoi } from "./format-roi.ts";
import { INDUSTRIES, PROJECT_TYPES, type Industry, type ProjectType, type RoiResult } from "./roi-calculator.ts";
import { REVENUE_MAX_LENGTH, roiFromParams, roiSearch, type RoiFormValues, type RoiOutcome } from "./roi-query.ts";

const sameValues = (a: RoiFormValues, b: RoiFormValues) =>
  a.revenueText.trim() === b.revenueText.trim() && a.industry === b.industry && a.projectType === b.projectType;

/**
 * 4. The ROI calculator. A GET form to the landing URL (?revenue=…&industry=…&type=…#roi):
 * without JavaScript the loader computes the result; with JavaScript the browser computes it
 * on submit with the same pure function (no reload) and rewrites the query string in place.
 * The result appears only after Calculate ROI; when an input changes afterwards the last
 * result stays, with a note that it is out of date until the button is pressed again.
 */
export function RoiCalculatorSection({ initial }: { initial: RoiOutcome }) {
  const { language, t } = useI18n();
  const hydrated = useHydrated();
  const ids = useId();
  const [values, setValues] = useState<RoiFormValues>(initial.values);
  const [outcome, setOutcome] = useState<RoiOutcome>(initial);

  const revenueEmpty = values.revenueText.trim() === "";
  const stale = outcome.result !== null && !sameValues(values, outcome.values);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = roiFromParams(new FormData(event.currentTarget));
    if (next.result === null) return;
    setOutcome(next);
    // Keep the URL shareable without a navigation (no loader round trip, no scroll).
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, "", `${pathname}${roiSearch(next.values)}${hash}`);
  };

  const field =
    "mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-ink-900 shadow-sm transition placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-500/15";

  return (
    <LandingSection id="roi" className="bg-white py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading
          id="roi"
          eyebrow={t("site.landing.roi.eyebrow")}
          title={t("site.landing.roi.title")}
          subtitle={t("site.landing.roi.subtitle")}
        />
        <div className="mt-12 grid gap-6 lg:grid-cols-[1fr_1.25fr]">
          <Form
            method="get"
            action={`${sitePath(language)}#roi`}
            onSubmit={onSubmit}
            className="rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
            data-testid="roi-form"
          >
            <div>
              <label htmlFor={`${ids}-revenue`} className="block text-sm font-semibold text-ink-900">
                {t("site.landing.roi.revenue")}
              </label>
              <input
                id={`${ids}-revenue`}
                name="revenue"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                required
                maxLength={REVENUE_MAX_LENGTH}
                placeholder={formatMoney(1_000_000, language, "USD", 0)}
                aria-describedby={`${ids}-revenue-hint`}
                value={values.revenueText}
                onChange={(event) => setValues((v) => ({ ...v, revenueText: event.target.value }))}
                className={field}
              />
              <p id={`${ids}-revenue-hint`} className="mt-2 text-sm text-slate-500">
                {t("site.landing.roi.revenueHint")}
              </p>
            </div>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              <div>
                <label htmlFor={`${ids}-industry`} className="block text-sm font-semibold text-ink-900">
                  {t("site.landing.roi.industry")}
                </label>
                <select
                  id={`${ids}-industry`}
                  name="industry"
                  value={values.industry}
                  onChange={(event) => setValues((v) => ({ ...v, industry: event.target.value as Industry }))}
                  className={field}
                >
                  {INDUSTRIES.map((industry) => (
                    <option key={industry} value={industry}>
                      {t(`site.landing.roi.industries.${industry}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${ids}-type`} className="block text-sm font-semibold text-ink-900">
                  {t("site.landing.roi.projectType")}
                </label>
                <select
                  id={`${ids}-type`}
                  name="type"
                  value={values.projectType}
                  onChange={(event) => setValues((v) => ({ ...v, projectType: event.target.value as ProjectType }))}
                  className={field}
                >
                  {PROJECT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`site.landing.roi.projectTypes.${type}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {/* Without JavaScript the button stays enabled and `required` guards the empty field. */}
            <button type="submit" disabled={hydrated && revenueEmpty} className={`${buttonClass({ size: "lg", block: true })} mt-8`}>
              <ChartIcon className="h-5 w-5" />
              {t("site.landing.roi.submit")}
            </button>
          </Form>
          <RoiResultPanel outcome={outcome} stale={stale} />
        </div>
      </div>
    </LandingSection>
  );
}

const FIGURES = ["cost", "weeks", "projectedRevenue", "totalGain", "monthlyIncrease", "payback"] as const;

/** The result card: an empty note before the first calculation, then the figures. */
function RoiResultPanel({ outcome, stale }: { outcome: RoiOutcome; stale: boolean }) {
  const { t } = useI18n();
  return (
    <div
      className="relative flex min-h-[20rem] flex-col lg:min-h-[26rem] overflow-hidden rounded-3xl bg-ink-900 p-6 text-white shadow-xl sm:p-8"
      aria-live="polite"
      aria-labelledby="roi-result-title"
    >
      <h3 id="roi-result-title" className="text-sm font-semibold uppercase tracking-wider text-brand-100">
        {t("site.landing.roi.resultTitle")}
      </h3>
      {outcome.result === null ? (
        <div className="flex flex-1 flex-col items-center justify-center text-center" data-testid="roi-empty">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-white/10 text-brand-100">
            <ChartIcon className="h-7 w-7" />
          </span>
          <p className="mt-4 max-w-xs text-slate-300">{t("site.landing.roi.empty")}</p>
        </div>
      ) : (
        <RoiFigures result={outcome.result} stale={stale} />
      )}
      <p className="mt-6 text-xs text-slate-400">{t("site.landing.roi.disclaimer")}</p>
    </div>
  );
}

function RoiFigures({ result, stale }: { result: RoiResult; stale: boolean }) {
  const { language, t } = useI18n();
  const figures = formatRoi(result, language);
  const paybackText =
    result.paybackMonths === null || figures.paybackMonths === null
      ? t("site.landing.roi.results.paybackNone")
      : t(
          pluralForm(language, result.paybackMonths) === "one"
            ? "site.landing.roi.results.paybackOne"
            : "site.landing.roi.results.paybackOther",
          {
            count: figures.paybackMonths,
          },
        );
  const text: Record<(typeof FIGURES)[number], string> = {
    cost: figures.cost,
    weeks: t("site.landing.roi.results.weeksValue", { weeks: figures.weeks }),
    projectedRevenue: figures.projectedRevenue,
    totalGain: figures.totalGain,
    monthlyIncrease: figures.monthlyIncrease,
    payback: paybackText,
  };
  return (
    <div className="mt-4 flex flex-1 flex-col" data-testid="roi-results">
      {stale ? (
        <p className="mb-4 rounded-xl bg-amber-400/15 px-4 py-2.5 text-sm text-amber-100" data-testid="roi-stale">
          {t("site.landing.roi.stale")}
        </p>
      ) : null}
      <div>
        <p className="text-sm text-slate-300">{t("site.landing.roi.results.roiPercent")}</p>
        <p
          className={`text-5xl font-extrabold tracking-tight sm:text-6xl ${result.roiPercent >= 0 ? "text-emerald-400" : "text-rose-300"}`}
          data-testid="roi-roiPercent"
        >
          {figures.roiPercent}
        </p>
      </div>
      <dl className="mt-6 grid flex-1 grid-cols-2 gap-3 sm:grid-cols-3">
        {FIGURES.map((figure) => (
          <div key={figure} className="rounded-2xl bg-white/5 p-4 ring-1 ring-white/10">
            <dt className="text-xs font-medium text-slate-400">{t(`site.landing.roi.results.${figure}`)}</dt>
            <dd className="mt-1 text-base font-bold break-words text-white sm:text-lg" data-testid={`roi-${figure}`}>
              {text[figure]}
            </dd>
          </div>
        ))}
      </dl>
      {result.paybackMonths === null ? (
        <p className="mt-3 text-sm text-slate-400">{t("site.landing.roi.results.paybackNoneHint")}</p>
      ) : null}
      <Link
        to={sitePath(language, "/contact")}
        className="mt-6 inline-flex items-center gap-2 self-start font-semibold text-brand-100 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t("site.landing.roi.cta")}
        <ArrowRightIcon />
      </Link>
    </div>
  );
}
