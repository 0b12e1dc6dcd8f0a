import { formatNumber } from "~/i18n/format";
import { companyStats } from "~/modules/site/about/company-figures";
import { useI18n } from "~/i18n/react";
import { CrossIcon } from "~/modules/site/landing/landing-icons";
import { CheckIcon } from "~/modules/site/ui/icons";
import { CONTAINER, LandingSection, SectionHeading } from "./landing-section.tsx";

const STATS = ["revenue", "users", "countries", "retention", "roi"] as const;
const COMPARISON_ROWS = ["delivery", "scaling", "onTime", "cost"] as const;

/** The spec's cost comparison, in US dollars. */
const IN_HOUSE_PER_YEAR = 560_000;
const VELOX_IN_90_DAYS = 100_000;
const SAVINGS = 460_000;

/** 3. Track record cards (47 on-time projects featured), Velox vs traditional, and the cost comparison. */
export function TrackRecordSection() {
  const { t } = useI18n();
  return (
    <LandingSection id="track-record" className="bg-slate-50 py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading
          id="track-record"
          eyebrow={t("site.landing.trackRecord.eyebrow")}
          title={t("site.landing.trackRecord.title")}
          subtitle={t("site.landing.trackRecord.subtitle")}
        />
        <StatCards />
        <div className="mt-16 grid gap-8 lg:grid-cols-2">
          <ComparisonTable />
          <CostComparison />
        </div>
      </div>
    </LandingSection>
  );
}

function StatCards() {
  const { language, t } = useI18n();
  const stats = companyStats(language);
  return (
    <ul className="mt-12 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 lg:grid-rows-3" data-testid="track-record-stats">
      <li
        data-featured="true"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-700 p-6 text-white shadow-xl shadow-brand-600/20 col-span-2 sm:p-8 lg:col-span-1 lg:row-span-3"
      >
        <p className="text-7xl font-extrabold tracking-tight">{t("site.landing.trackRecord.featured.value")}</p>
        <p className="mt-2 text-xl font-semibold">{t("site.landing.trackRecord.featured.label")}</p>
        <p className="mt-4 text-brand-100">{t("site.landing.trackRecord.featured.text")}</p>
        <div className="mt-8 grid grid-cols-[repeat(12,minmax(0,1fr))] gap-1.5" aria-hidden="true">
          {Array.from({ length: 47 }, (_, index) => (
            <span key={index} className="flex aspect-square items-center justify-center rounded-full bg-white/15">
              <CheckIcon className="h-2.5 w-2.5 text-white/90" />
            </span>
          ))}
        </div>
      </li>
      {STATS.map((stat) => (
        <li
          key={stat}
          className={`rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${stat === "roi" ? "col-span-2" : ""}`}
        >
          <p className="text-2xl font-bold tracking-tight whitespace-nowrap text-ink-900 sm:text-4xl">{stats[stat]}</p>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">{t(`site.landing.trackRecord.stats.${stat}.label`)}</p>
        </li>
      ))}
    </ul>
  );
}

function ComparisonTable() {
  const { t } = useI18n();
  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 className="text-xl font-bold text-ink-900">{t("site.landing.comparison.title")}</h3>
      {/* A table from sm up; on phones each row stacks (label above the two values). The
          explicit roles keep the table semantics when the display changes. */}
      <table role="table" className="mt-6 block w-full text-left text-sm sm:table sm:table-fixed" data-testid="comparison-table">
        <caption className="sr-only">{t("site.landing.comparison.caption")}</caption>
        <thead role="rowgroup" className="block sm:table-header-group">
          <tr
            role="row"
            className="grid grid-cols-2 gap-x-3 border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 sm:table-row"
          >
            <th role="columnheader" scope="col" className="hidden w-[32%] pb-3 pr-2 font-semibold sm:table-cell">
              {t("site.landing.comparison.criterion")}
            </th>
            <th role="columnheader" scope="col" className="pb-3 pr-2 font-semibold">
              {t("site.landing.comparison.traditional")}
            </th>
            <th role="columnheader" scope="col" className="pb-3 font-semibold text-brand-700">
              {t("site.landing.comparison.velox")}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-100 sm:table-row-group">
          {COMPARISON_ROWS.map((row) => (
            <tr key={row} role="row" className="grid grid-cols-2 gap-x-3 py-4 sm:table-row sm:py-0">
              <th role="rowheader" scope="row" className="col-span-2 pb-1.5 font-semibold text-ink-900 sm:py-4 sm:pr-2 sm:align-top">
                {t(`site.landing.comparison.rows.${row}.label`)}
              </th>
              <td role="cell" className="text-slate-500 sm:py-4 sm:pr-2 sm:align-top">
                <span className="flex items-start gap-1.5">
                  <CrossIcon className="mt-0.5 h-4 w-4 shrink-0 text-rose-400" />
                  {t(`site.landing.comparison.rows.${row}.traditional`)}
                </span>
              </td>
              <td role="cell" className="font-semibold text-ink-900 sm:py-4 sm:align-top">
                <span className="flex items-start gap-1.5">
                  <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                  {t(`site.landing.comparison.rows.${row}.velox`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CostComparison() {
  const { language, t } = useI18n();
  const usd = (value: number) =>
    formatNumber(value, language, { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 0 });
  return (
    <div className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-testid="cost-comparison">
      <h3 className="text-xl font-bold text-ink-900">{t("site.landing.cost.title")}</h3>
      <div className="mt-6 grid flex-1 gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
          <p className="text-sm font-semibold text-slate-500">{t("site.landing.cost.inHouse.label")}</p>
          <p className="mt-2 text-2xl font-bold text-slate-700">
            {t("site.landing.cost.inHouse.amount", { amount: usd(IN_HOUSE_PER_YEAR) })}
          </p>
          <p className="mt-3 text-sm text-slate-600">{t("site.landing.cost.inHouse.text")}</p>
        </div>
        <div className="rounded-2xl border-2 border-brand-500 bg-brand-50 p-5">
          <p className="text-sm font-semibold text-brand-700">{t("site.landing.cost.velox.label")}</p>
          <p className="mt-2 text-2xl font-bold text-ink-900">{t("site.landing.cost.velox.amount", { amount: usd(VELOX_IN_90_DAYS) })}</p>
          <p className="mt-3 text-sm text-slate-700">{t("site.landing.cost.velox.text")}</p>
        </div>
      </div>
      <p className="mt-4 flex items-center justify-center gap-2 rounded-2xl bg-emerald-700 px-5 py-4 text-center text-lg font-bold text-white">
        <CheckIcon className="h-5 w-5 shrink-0" />
        {t("site.landing.cost.savings", { amount: usd(SAVINGS) })}
      </p>
    </div>
  );
}
