import { useEffect, useRef, type RefObject } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { sitePath } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { budgetLabel } from "./budget-label.ts";
import type { ProjectPlan } from "./project-planner.ts";
import { urgencyEffectText } from "./urgency-effect.ts";
import { CheckIcon } from "~/modules/site/ui/icons";

/**
 * The generated plan: the tier's figures, urgency effect, compliance, estimate and next steps.
 * Loaded when first needed (see planner-tool.tsx); when `focusRequest` is set it takes the
 * focus once it is on screen, so a keyboard user lands on the new plan.
 */
export function PlanResult({ plan, focusRequest: focusRequestRef }: { plan: ProjectPlan; focusRequest?: RefObject<boolean> }) {
  const { language, t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusRequestRef?.current) return;
    focusRequestRef.current = false;
    headingRef.current?.focus();
  }, [plan, focusRequestRef]);
  const type = plan.projectType;
  const effect = plan.urgencyEffect;
  const industry = t(`site.planner.industries.${plan.industry}`);

  return (
    <article
      aria-labelledby="plan-title"
      data-testid="plan"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="bg-gradient-to-br from-brand-700 to-ink-900 px-6 py-6 text-white sm:px-8">
        <p className="text-xs font-semibold uppercase tracking-wider text-brand-100">{t("site.planner.plan.title")}</p>
        <h2 id="plan-title" ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold outline-none sm:text-3xl">
          {t(`site.planner.types.${type}.title`)}
        </h2>
        <p className="mt-2 text-sm text-slate-200">{t(`site.planner.types.${type}.description`)}</p>
        <p className="mt-3 flex flex-wrap gap-2 text-xs">
          <span className="rounded-full bg-white/10 px-2.5 py-1">
            {t("site.planner.plan.summary", { industry, teamSize: t(`site.planner.teamSize.${plan.teamSize}.label`) })}
          </span>
          <span className="rounded-full bg-white/10 px-2.5 py-1">{t(`site.planner.urgency.${plan.urgency}`)}</span>
          {plan.budget ? (
            <span className="rounded-full bg-white/10 px-2.5 py-1">
              {t("site.planner.plan.budgetChosen", { budget: budgetLabel(t, language, plan.budget) })}
            </span>
          ) : null}
        </p>
      </header>

      <div className="space-y-8 px-6 py-6 sm:px-8">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure
            testId="plan-timeline"
            label={t("site.planner.plan.timeline")}
            value={t("site.planner.plan.timelineValue", plan.timelineWeeks)}
          />
          <Figure testId="plan-investment" label={t("site.planner.plan.investment")} value={plan.investmentLabel} />
          <Figure
            testId="plan-developers"
            label={t("site.planner.plan.developers")}
            value={t("site.planner.plan.developersValue", plan.developers)}
          />
        </dl>

        {effect ? (
          <div
            data-testid="plan-urgency"
            className={`flex items-start gap-3 rounded-xl border p-4 ${
              effect.direction === "faster" ? "border-amber-200 bg-amber-50" : "border-emerald-200 bg-emerald-50"
            }`}
          >
            <ClockIcon className={effect.direction === "faster" ? "text-amber-600" : "text-emerald-600"} />
            <div>
              <h3 className="text-sm font-semibold text-slate-900">
                {t("site.planner.plan.urgencyTitle", { urgency: t(`site.planner.urgency.${plan.urgency}`) })}
              </h3>
              <p className="mt-0.5 text-sm text-slate-700">{urgencyEffectText(effect, language, t)}</p>
            </div>
          </div>
        ) : null}

        <div className="grid gap-8 sm:grid-cols-2">
          <section aria-labelledby="plan-features">
            <h3 id="plan-features" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              {t("site.planner.plan.features")}
            </h3>
            <ul className="mt-3 space-y-2">
              {plan.featureKeys.map((key) => (
                <li key={key} className="flex gap-2 text-sm text-slate-700">
                  <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                  {t(key)}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="plan-team">
            <h3 id="plan-team" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              {t("site.planner.plan.team")}
            </h3>
            <ul className="mt-3 space-y-2">
              {plan.teamKeys.map((key) => (
                <li key={key} className="flex gap-2 text-sm text-slate-700">
                  <PersonIcon />
                  {t(key)}
                </li>
              ))}
            </ul>
            <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">{t("site.planner.plan.idealCustomer")}</h3>
            <p className="mt-2 text-sm text-slate-700">{t(plan.idealCustomerKey)}</p>
          </section>
        </div>

        {plan.complianceNoteKey ? (
          <section
            data-testid="plan-compliance"
            aria-labelledby="plan-compliance-title"
            className="flex gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4"
          >
            <ShieldIcon />
            <div>
              <h3 id="plan-compliance-title" className="text-sm font-semibold text-slate-900">
                {t("site.planner.plan.complianceTitle", { industry })}
              </h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-700">{t(plan.complianceNoteKey)}</p>
            </div>
          </section>
        ) : null}

        <section data-testid="plan-total" aria-labelledby="plan-total-title" className="rounded-xl bg-slate-50 p-5">
          <h3 id="plan-total-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            {t("site.planner.plan.totalEstimate")}
          </h3>
          <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{plan.totalEstimateLabel}</p>
          <p className="mt-1 text-xs text-slate-600">{t("site.planner.plan.totalEstimateNote")}</p>
        </section>

        <section data-testid="plan-next-steps" aria-labelledby="plan-next-title">
          <h3 id="plan-next-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            {t("site.planner.plan.nextStepsTitle")}
          </h3>
          <ol className="mt-3 grid gap-3 sm:grid-cols-3">
            {plan.nextSteps.map((step, index) => (
              <li key={step} className="rounded-xl border border-slate-200 p-4">
                <span
                  aria-hidden="true"
                  className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
                >
                  {index + 1}
                </span>
                <p className="mt-3 text-sm font-semibold text-slate-900">{t(`site.planner.nextSteps.${step}.title`)}</p>
                <p className="mt-1 text-xs text-slate-600">{t(`site.planner.nextSteps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Link to={sitePath(language, "/contact")} className={buttonClass()}>
            {t("site.planner.plan.cta")}
          </Link>
          <p className="text-xs text-slate-600">{t("site.planner.plan.ctaNote")}</p>
        </div>
      </div>
    </article>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div data-testid={testId} className="rounded-xl border border-slate-200 p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" fill="currentColor">
      <circle cx="10" cy="6.5" r="3.5" />
      <path d="M3 17c0-3.3 3.1-5.5 7-5.5s7 2.2 7 5.5z" />
    </svg>
  );
}

function ClockIcon({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={`mt-0.5 h-5 w-5 shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <circle cx="10" cy="10" r="7.5" />
      <path d="M10 5.5V10l3 2" strokeLinecap="round" />
    </svg>
  );
}

function ShieldIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="mt-0.5 h-5 w-5 shrink-0 text-brand-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M10 2.5 4 5v4.5c0 3.8 2.6 6.9 6 8 3.4-1.1 6-4.2 6-8V5z" strokeLinejoin="round" />
      <path d="m7.5 10 1.8 1.8 3.4-3.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
