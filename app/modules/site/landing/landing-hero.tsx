import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { sitePath } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { ArrowRightIcon, CheckIcon } from "~/modules/site/ui/icons";
import { CONTAINER, LandingSection } from "./landing-section.tsx";

const POINTS = ["fixedPrice", "onTime", "guarantee"] as const;

/** 1. The key claim, the two buttons (contact, case studies) and a delivery-time panel. */
export function LandingHero() {
  const { language, t } = useI18n();
  return (
    <LandingSection id="hero" className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 -z-10 h-[36rem] w-[72rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgba(59,108,246,0.18),transparent)]"
      />
      <div className={`${CONTAINER} grid items-center gap-12 pb-20 pt-14 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pb-28 lg:pt-24`}>
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
            {t("site.landing.hero.badge")}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-5xl lg:text-6xl">
            {t("site.landing.hero.title")}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600">{t("site.landing.hero.subtitle")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={sitePath(language, "/contact")} data-testid="hero-contact" className={buttonClass({ size: "lg" })}>
              {t("site.landing.hero.primaryCta")}
              <ArrowRightIcon />
            </Link>
            <Link
              to={sitePath(language, "/case-studies")}
              data-testid="hero-case-studies"
              className={buttonClass({ variant: "secondary", size: "lg" })}
            >
              {t("site.landing.hero.secondaryCta")}
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm font-medium text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <span className="flex h-5 w-5 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                  <CheckIcon className="h-3.5 w-3.5" />
                </span>
                {t(`site.landing.hero.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <DeliveryPanel />
      </div>
    </LandingSection>
  );
}

/** 90 days vs 6-12 months as two bars, plus the on-time rate. */
function DeliveryPanel() {
  const { t } = useI18n();
  return (
    <div className="relative rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
      <p className="text-sm font-semibold text-slate-500">{t("site.landing.hero.panel.title")}</p>
      <ul className="mt-6 space-y-6">
        <li>
          <div className="flex items-baseline justify-between gap-4">
            <span className="font-semibold text-ink-900">{t("site.landing.hero.panel.velox")}</span>
            <span className="text-sm font-semibold text-brand-700">{t("site.landing.hero.panel.veloxValue")}</span>
          </div>
          <div className="mt-2 h-3 rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-3 w-1/4 rounded-full bg-gradient-to-r from-brand-500 to-brand-600" />
          </div>
        </li>
        <li>
          <div className="flex items-baseline justify-between gap-4">
            <span className="font-semibold text-slate-600">{t("site.landing.hero.panel.traditional")}</span>
            <span className="text-sm font-semibold text-slate-500">{t("site.landing.hero.panel.traditionalValue")}</span>
          </div>
          <div className="mt-2 h-3 rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-3 w-full rounded-full bg-slate-300" />
          </div>
        </li>
        <li className="flex items-center justify-between gap-4 rounded-2xl bg-emerald-50 px-4 py-3">
          <span className="text-sm font-medium text-emerald-900">{t("site.landing.hero.panel.onTime")}</span>
          <span className="text-2xl font-bold text-emerald-700">{t("site.landing.hero.panel.onTimeValue")}</span>
        </li>
      </ul>
    </div>
  );
}
