import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { useI18n } from "~/i18n/react";
import { sitePath } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { budgetLabel } from "./budget-label.ts";
import { ChoiceCard } from "./choice-card.tsx";
import { urgencyEffectText } from "./urgency-effect.ts";
import {
  BUDGETS,
  buildPlan,
  canGenerate,
  INDUSTRIES,
  missingChoices,
  PROJECT_TYPES,
  REQUIRED_CHOICES,
  TEAM_SIZES,
  URGENCIES,
  URGENCY_TABLE,
  type PlannerSelection,
  type ProjectPlan,
  type RequiredChoice,
} from "./project-planner.ts";
import { PLANNER_PARAMS, plannerSearchParams } from "./planner-query.ts";

export type PlannerToolProps = {
  /** The choices read from the URL by the loader. */
  selection: PlannerSelection;
  /** The plan the loader built (Generate was pressed with every required choice). */
  plan: ProjectPlan | null;
  /** Generate was pressed without every required choice (the no-JavaScript path). */
  missing: RequiredChoice[];
};

const FIELD_ID: Record<RequiredChoice, string> = {
  projectType: "planner-project-type",
  industry: "planner-industry",
  teamSize: "planner-team-size",
};

const LEGEND_KEY = {
  projectType: "site.planner.form.projectType",
  industry: "site.planner.form.industry",
  teamSize: "site.planner.form.teamSize",
} as const;

/**
 * The planner form and its result. Without JavaScript the form is a plain GET to the
 * planner URL and the loader builds the plan (or lists what is missing). With JavaScript
 * Generate stays disabled until the required choices are made, the plan is computed here
 * with the same rules, and the URL is updated in place so the plan can be shared.
 */
// The plan's code is not needed until there is a plan: it loads as soon as the visitor starts
// choosing (so Generate shows it at once, offline too) or when the page arrives with a plan.
const loadPlanResult = () => import("./plan-result.tsx").then((m) => ({ default: m.PlanResult }));
const PlanResult = lazy(loadPlanResult);

export function PlannerTool(props: PlannerToolProps) {
  const { language, t } = useI18n();
  const hydrated = useHydrated();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<PlannerSelection>(props.selection);
  const [plan, setPlan] = useState<ProjectPlan | null>(props.plan);
  const focusPlan = useRef(false);
  const ownSearch = useRef<string | null>(null);

  // A navigation we did not start (a shared link, the header's planner link) brings new
  // loader data: show what it says. Our own URL update brings back what we already show.
  useEffect(() => {
    if (location.search === ownSearch.current) return;
    setSelection(props.selection);
    setPlan(props.plan);
  }, [props.selection, props.plan, location.search]);

  const choose = <K extends keyof PlannerSelection>(field: K, value: PlannerSelection[K]) =>
    setSelection((current) => ({ ...current, [field]: value }));

  const ready = canGenerate(selection);
  // The server's "what is missing" answer stays up, shrinking as the visitor fills the gaps.
  const missingNow = hydrated ? missingChoices(selection) : props.missing;
  const showMissing = props.missing.length > 0 && missingNow.length > 0;

  function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canGenerate(selection)) return;
    focusPlan.current = true;
    setPlan(buildPlan(selection));
    const params = plannerSearchParams(selection);
    ownSearch.current = `?${params.toString()}`;
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="grid gap-8 lg:grid-cols-12 lg:gap-10">
      <Form
        method="get"
        action={`${sitePath(language, "/planner")}#plan`}
        onSubmit={hydrated ? generate : undefined}
        onFocus={() => void loadPlanResult()}
        onPointerDown={() => void loadPlanResult()}
        // Required choices are checked by the app (disabled Generate with JavaScript, the
        // server's message without), not by the browser's validation bubbles.
        noValidate
        className="space-y-7 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 lg:col-span-5 lg:self-start"
        aria-labelledby="planner-form-title"
      >
        <h2 id="planner-form-title" className="text-lg font-semibold text-slate-900">
          {t("site.planner.form.title")}
        </h2>

        <ChoiceGroup id={FIELD_ID.projectType} legend={t("site.planner.form.projectType")} requirement="required">
          <div className="grid gap-3 sm:grid-cols-2">
            {PROJECT_TYPES.map((type) => (
              <ChoiceCard
                key={type}
                required
                name={PLANNER_PARAMS.projectType}
                value={type}
                checked={selection.projectType === type}
                onSelect={() => choose("projectType", type)}
                label={t(`site.planner.types.${type}.title`)}
                description={t(`site.planner.types.${type}.description`)}
              />
            ))}
          </div>
        </ChoiceGroup>

        <div id={FIELD_ID.industry} className="scroll-mt-24">
          <FieldLabel htmlFor="planner-industry-select" requirement="required">
            {t("site.planner.form.industry")}
          </FieldLabel>
          <Select
            id="planner-industry-select"
            required
            name={PLANNER_PARAMS.industry}
            value={selection.industry ?? ""}
            onChange={(value) =>
              choose(
                "industry",
                INDUSTRIES.find((industry) => industry === value),
              )
            }
          >
            <option value="">{t("site.planner.form.industryPlaceholder")}</option>
            {INDUSTRIES.map((industry) => (
              <option key={industry} value={industry}>
                {t(`site.planner.industries.${industry}`)}
              </option>
            ))}
          </Select>
        </div>

        <ChoiceGroup id={FIELD_ID.teamSize} legend={t("site.planner.form.teamSize")} requirement="required">
          <div className="grid gap-2 sm:grid-cols-3">
            {TEAM_SIZES.map((size) => (
              <ChoiceCard
                key={size}
                compact
                required
                name={PLANNER_PARAMS.teamSize}
                value={size}
                checked={selection.teamSize === size}
                onSelect={() => choose("teamSize", size)}
                label={t(`site.planner.teamSize.${size}.label`)}
                description={t(`site.planner.teamSize.${size}.hint`)}
              />
            ))}
          </div>
        </ChoiceGroup>

        <ChoiceGroup id="planner-urgency" legend={t("site.planner.form.urgency")}>
          <div className="grid gap-2 sm:grid-cols-3">
            {URGENCIES.map((urgency) => (
              <ChoiceCard
                key={urgency}
                compact
                name={PLANNER_PARAMS.urgency}
                value={urgency}
                checked={selection.urgency === urgency}
                onSelect={() => choose("urgency", urgency)}
                label={t(`site.planner.urgency.${urgency}`)}
                description={<UrgencyHint urgency={urgency} />}
              />
            ))}
          </div>
        </ChoiceGroup>

        <div>
          <FieldLabel htmlFor="planner-budget-select" requirement="optional">
            {t("site.planner.form.budget")}
          </FieldLabel>
          <Select
            id="planner-budget-select"
            name={PLANNER_PARAMS.budget}
            value={selection.budget ?? ""}
            onChange={(value) =>
              choose(
                "budget",
                BUDGETS.find((budget) => budget === value),
              )
            }
          >
            <option value="">{t("site.planner.form.budgetPlaceholder")}</option>
            {BUDGETS.map((budget) => (
              <option key={budget} value={budget}>
                {budgetLabel(t, language, budget)}
              </option>
            ))}
          </Select>
        </div>

        <div className="border-t border-slate-100 pt-6">
          <button
            type="submit"
            name={PLANNER_PARAMS.generate}
            value="1"
            disabled={hydrated && !ready}
            aria-describedby="planner-generate-hint"
            className={buttonClass({ block: true })}
          >
            {t("site.planner.form.generate")}
          </button>
          <p id="planner-generate-hint" aria-live="polite" className="mt-2 text-center text-xs text-slate-600">
            {ready ? t("site.planner.form.readyHint") : t("site.planner.form.disabledHint")}
          </p>
        </div>
      </Form>

      <section
        id="plan"
        aria-label={t("site.planner.plan.title")}
        className={`scroll-mt-24 lg:col-span-7 ${plan ? "" : "lg:sticky lg:top-24 lg:self-start"}`}
      >
        {plan ? (
          <Suspense fallback={null}>
            <PlanResult plan={plan} focusRequest={focusPlan} />
          </Suspense>
        ) : showMissing ? (
          <MissingChoices missing={missingNow} />
        ) : (
          <EmptyPlan selection={selection} />
        )}
      </section>
    </div>
  );
}

/** The server's answer to a Generate without every required choice (no JavaScript). */
function MissingChoices({ missing }: { missing: RequiredChoice[] }) {
  const { t } = useI18n();
  return (
    <div role="alert" data-testid="planner-missing" className="rounded-2xl border border-amber-300 bg-amber-50 p-6">
      <h2 className="text-lg font-semibold text-amber-900">{t("site.planner.missing.title")}</h2>
      <p className="mt-1 text-sm text-amber-900">{t("site.planner.missing.text")}</p>
      <ul className="mt-3 list-inside list-disc space-y-1 text-sm">
        {missing.map((choice) => (
          <li key={choice}>
            <a href={`#${FIELD_ID[choice]}`} className="font-medium text-amber-950 underline underline-offset-2 hover:no-underline">
              {t(LEGEND_KEY[choice])}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Before a plan: what it will contain and which required choices are done. */
function EmptyPlan({ selection }: { selection: PlannerSelection }) {
  const { t } = useI18n();
  return (
    <div
      data-testid="plan-empty"
      className="flex min-h-64 flex-col justify-center rounded-2xl border-2 border-dashed border-slate-200 bg-slate-50/60 p-8"
    >
      <h2 className="text-lg font-semibold text-slate-900">{t("site.planner.plan.emptyTitle")}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{t("site.planner.plan.emptyText")}</p>
      <ul className="mt-5 space-y-2 text-sm">
        {REQUIRED_CHOICES.map((choice) => {
          const done = selection[choice] !== undefined;
          return (
            <li key={choice} className={`flex items-center gap-2 ${done ? "text-slate-900" : "text-slate-500"}`}>
              <span
                aria-hidden="true"
                className={`flex h-5 w-5 items-center justify-center rounded-full text-[10px] font-bold ${
                  done ? "bg-brand-600 text-white" : "border border-slate-300 bg-white"
                }`}
              >
                {done ? "✓" : ""}
              </span>
              {t(LEGEND_KEY[choice])}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function UrgencyHint({ urgency }: { urgency: PlannerSelection["urgency"] }) {
  const { language, t } = useI18n();
  const effect = URGENCY_TABLE[urgency].effect;
  return effect ? urgencyEffectText(effect, language, t) : t("site.planner.urgency.noEffect");
}

type Requirement = "required" | "optional";

function ChoiceGroup({
  id,
  legend,
  requirement,
  children,
}: {
  id: string;
  legend: string;
  requirement?: Requirement;
  children: ReactNode;
}) {
  return (
    <fieldset id={id} className="scroll-mt-24">
      <legend className="mb-3 flex w-full items-center justify-between text-sm font-semibold text-slate-900">
        {legend}
        {requirement ? <RequirementBadge requirement={requirement} /> : null}
      </legend>
      {children}
    </fieldset>
  );
}

function FieldLabel({ htmlFor, requirement, children }: { htmlFor: string; requirement: Requirement; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-2 flex items-center justify-between text-sm font-semibold text-slate-900">
      {children}
      <RequirementBadge requirement={requirement} />
    </label>
  );
}

/** "Required" / "Optional" for sighted visitors; assistive tech gets the inputs' required state. */
function RequirementBadge({ requirement }: { requirement: Requirement }) {
  const { t } = useI18n();
  return (
    <span
      aria-hidden="true"
      className={`rounded-full px-2 py-0.5 text-[11px] font-medium ${
        requirement === "required" ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-600"
      }`}
    >
      {t(requirement === "required" ? "site.planner.form.required" : "site.planner.form.optional")}
    </span>
  );
}

function Select({
  id,
  required = false,
  name,
  value,
  onChange,
  children,
}: {
  id: string;
  required?: boolean;
  name: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="relative">
      <select
        id={id}
        name={name}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full appearance-none rounded-xl border border-slate-200 bg-white py-3 pl-4 pr-10 text-sm text-slate-900 shadow-sm hover:border-brand-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
