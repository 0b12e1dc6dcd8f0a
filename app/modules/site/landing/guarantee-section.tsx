import type { ReactNode } from "react";
import { useI18n } from "~/i18n/react";
import { ClockIcon, LockIcon, ShieldIcon } from "~/modules/site/landing/landing-icons";
import { CONTAINER, LandingSection, SectionHeading } from "./landing-section.tsx";

const POINTS = [
  { key: "onTime", icon: <ClockIcon /> },
  { key: "fixed", icon: <LockIcon /> },
  { key: "quality", icon: <ShieldIcon /> },
] as const satisfies readonly { key: string; icon: ReactNode }[];

/** 6. On time, on budget, or the next month is free; fixed investment; quality assurance. */
export function GuaranteeSection() {
  const { t } = useI18n();
  return (
    <LandingSection id="guarantee" className="relative isolate overflow-hidden bg-ink-900 py-20 sm:py-24">
      <div
        aria-hidden="true"
        className="absolute -right-40 -top-40 -z-10 h-[32rem] w-[32rem] rounded-full bg-[radial-gradient(closest-side,rgba(59,108,246,0.35),transparent)]"
      />
      <div className={CONTAINER}>
        <SectionHeading
          id="guarantee"
          inverted
          eyebrow={t("site.landing.guarantee.eyebrow")}
          title={t("site.landing.guarantee.title")}
          subtitle={t("site.landing.guarantee.subtitle")}
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {POINTS.map((point) => (
            <li key={point.key} className="rounded-3xl border border-white/10 bg-white/5 p-7">
              <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-500/20 text-brand-100">{point.icon}</span>
              <h3 className="mt-5 text-lg font-bold text-white">{t(`site.landing.guarantee.points.${point.key}.title`)}</h3>
              <p className="mt-2 text-slate-300">{t(`site.landing.guarantee.points.${point.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </LandingSection>
  );
}
