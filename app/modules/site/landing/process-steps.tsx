import type { ReactNode } from "react";
import { useI18n } from "~/i18n/react";
import { PenIcon, RocketIcon, SearchIcon } from "~/modules/site/landing/landing-icons";
import { CONTAINER, LandingSection, SectionHeading } from "./landing-section.tsx";

const STEPS = [
  { key: "discovery", icon: <SearchIcon /> },
  { key: "design", icon: <PenIcon /> },
  { key: "development", icon: <RocketIcon /> },
] as const satisfies readonly { key: string; icon: ReactNode }[];

/** 5. Discovery & Strategy → Design & Prototype → Development & Launch, as a stepper. */
export function ProcessSection() {
  const { t } = useI18n();
  return (
    <LandingSection id="process" className="bg-white py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading
          id="process"
          eyebrow={t("site.landing.process.eyebrow")}
          title={t("site.landing.process.title")}
          subtitle={t("site.landing.process.subtitle")}
        />
        <ol className="relative mt-14 grid gap-10 lg:grid-cols-3 lg:gap-8">
          {/* The line joining the steps: vertical on small screens, horizontal on large ones. */}
          <span aria-hidden="true" className="absolute bottom-6 left-6 top-6 w-0.5 bg-brand-100 lg:hidden" />
          <span aria-hidden="true" className="absolute left-[16.6%] right-[16.6%] top-6 hidden h-0.5 bg-brand-100 lg:block" />
          {STEPS.map((step, index) => (
            <li key={step.key} className="relative flex gap-5 lg:flex-col lg:items-center lg:text-center">
              <span className="relative z-10 flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/25 ring-8 ring-white">
                {step.icon}
              </span>
              <div>
                <p className="text-sm font-semibold text-brand-600">{t("site.landing.process.step", { number: index + 1 })}</p>
                <h3 className="mt-1 text-xl font-bold text-ink-900">{t(`site.landing.process.steps.${step.key}.title`)}</h3>
                <p className="mt-2 text-slate-600 lg:mx-auto lg:max-w-xs">{t(`site.landing.process.steps.${step.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </LandingSection>
  );
}
