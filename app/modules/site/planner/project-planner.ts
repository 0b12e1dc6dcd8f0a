import type { TranslationKey } from "~/i18n";

// The project planner's rules (spec §3 "Planner project type", §4 Planner, §5, §9 "Planner
// tiers"), pure and typed so the route loader (no JavaScript), the page (client-side
// compute) and the unit tests all use the same figures. A plan is data: numbers and
// dictionary keys; the page turns it into words in the visitor's language. The planner's
// URL (query string) is in ./planner-query.ts.

export const PROJECT_TYPES = ["mvp", "saas", "marketplace", "enterprise"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const INDUSTRIES = [
  "healthcare",
  "fintech",
  "ecommerce",
  "education",
  "real-estate",
  "manufacturing",
  "logistics",
  "media",
  "other",
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const URGENCIES = ["asap", "normal", "flexible"] as const;
export type Urgency = (typeof URGENCIES)[number];
export const DEFAULT_URGENCY: Urgency = "normal";

export const TEAM_SIZES = ["startup", "medium", "large"] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

export const BUDGETS = ["under50k", "50k-100k", "100k-200k", "200k+"] as const;
export type Budget = (typeof BUDGETS)[number];

/** What the visitor has chosen so far: urgency always has a value (normal by default). */
export type PlannerSelection = {
  projectType?: ProjectType;
  industry?: Industry;
  urgency: Urgency;
  teamSize?: TeamSize;
  budget?: Budget;
};

/** A selection a plan can be generated from (budget stays optional). */
export type CompletePlannerSelection = PlannerSelection & {
  projectType: ProjectType;
  industry: Industry;
  teamSize: TeamSize;
};

/** The choices Generate needs, in the order the form asks for them. */
export const REQUIRED_CHOICES = ["projectType", "industry", "teamSize"] as const;
export type RequiredChoice = (typeof REQUIRED_CHOICES)[number];

export type Range = { min: number; max: number };

type Tier = {
  timelineWeeks: Range;
  /** US dollars: the agency's pricing, shown the same in every language. */
  investment: Range;
  developers: Range;
  featureKeys: readonly TranslationKey[];
  teamKeys: readonly TranslationKey[];
  idealCustomerKey: TranslationKey;
};

/** The tier table of spec §9, one row per project type. */
export const PLANNER_TIERS = {
  mvp: {
    timelineWeeks: { min: 6, max: 8 },
    investment: { min: 10_000, max: 30_000 },
    developers: { min: 2, max: 3 },
    featureKeys: [
      "site.planner.types.mvp.features.coreFlows",
      "site.planner.types.mvp.features.auth",
      "site.planner.types.mvp.features.admin",
      "site.planner.types.mvp.features.analytics",
      "site.planner.types.mvp.features.launch",
    ],
    teamKeys: ["site.planner.roles.productManager", "site.planner.roles.designer", "site.planner.roles.fullStack", "site.planner.roles.qa"],
    idealCustomerKey: "site.planner.types.mvp.idealCustomer",
  },
  saas: {
    timelineWeeks: { min: 12, max: 16 },
    investment: { min: 40_000, max: 100_000 },
    developers: { min: 3, max: 4 },
    featureKeys: [
      "site.planner.types.saas.features.multiTenant",
      "site.planner.types.saas.features.billing",
      "site.planner.types.saas.features.roles",
      "site.planner.types.saas.features.dashboard",
      "site.planner.types.saas.features.integrations",
      "site.planner.types.saas.features.onboarding",
    ],
    teamKeys: [
      "site.planner.roles.productManager",
      "site.planner.roles.designer",
      "site.planner.roles.fullStack",
      "site.planner.roles.devops",
      "site.planner.roles.qa",
    ],
    idealCustomerKey: "site.planner.types.saas.idealCustomer",
  },
  marketplace: {
    timelineWeeks: { min: 16, max: 24 },
    investment: { min: 60_000, max: 160_000 },
    developers: { min: 4, max: 5 },
    featureKeys: [
      "site.planner.types.marketplace.features.twoSided",
      "site.planner.types.marketplace.features.search",
      "site.planner.types.marketplace.features.payments",
      "site.planner.types.marketplace.features.reviews",
      "site.planner.types.marketplace.features.messaging",
      "site.planner.types.marketplace.features.moderation",
    ],
    teamKeys: [
      "site.planner.roles.productManager",
      "site.planner.roles.designer",
      "site.planner.roles.frontend",
      "site.planner.roles.backend",
      "site.planner.roles.mobile",
      "site.planner.roles.qa",
    ],
    idealCustomerKey: "site.planner.types.marketplace.idealCustomer",
  },
  enterprise: {
    timelineWeeks: { min: 24, max: 36 },
    investment: { min: 100_000, max: 300_000 },
    developers: { min: 5, max: 6 },
    featureKeys: [
      "site.planner.types.enterprise.features.sso",
      "site.planner.types.enterprise.features.legacy",
      "site.planner.types.enterprise.features.workflows",
      "site.planner.types.enterprise.features.audit",
      "site.planner.types.enterprise.features.scale",
      "site.planner.types.enterprise.features.support",
    ],
    teamKeys: [
      "site.planner.roles.productManager",
      "site.planner.roles.architect",
      "site.planner.roles.designer",
      "site.planner.roles.frontend",
      "site.planner.roles.backend",
      "site.planner.roles.devops",
      "site.planner.roles.qa",
    ],
    idealCustomerKey: "site.planner.types.enterprise.idealCustomer",
  },
} as const satisfies Record<ProjectType, Tier>;

export type UrgencyEffect = {
  /** Signed change in cost, in percent: +30 for asap, -15 for flexible. */
  costPercent: number;
  /** How much the timeline changes, in percent (always positive; see direction). */
  speedPercent: number;
  direction: "faster" | "longer";
};

/**
 * Urgency (spec §9): the multiplier, and the effect shown for it. The speed figures are the
 * spec's own (25% faster, 15% longer), not derived from the multiplier.
 */
export const URGENCY_TABLE = {
  asap: { multiplier: 1.3, effect: { costPercent: 30, speedPercent: 25, direction: "faster" } },
  normal: { multiplier: 1, effect: null },
  flexible: { multiplier: 0.85, effect: { costPercent: -15, speedPercent: 15, direction: "longer" } },
} as const satisfies Record<Urgency, { multiplier: number; effect: UrgencyEffect | null }>;

/** The industries that carry a compliance note (spec §9: the first four). */
export const COMPLIANCE_NOTES = {
  healthcare: "site.planner.compliance.healthcare",
  fintech: "site.planner.compliance.fintech",
  ecommerce: "site.planner.compliance.ecommerce",
  education: "site.planner.compliance.education",
} as const satisfies Partial<Record<Industry, TranslationKey>>;

export const COMPLIANCE_INDUSTRIES = Object.keys(COMPLIANCE_NOTES) as readonly (keyof typeof COMPLIANCE_NOTES)[];

/** The three next steps every plan ends with. */
export const NEXT_STEPS = ["discovery", "proposal", "kickoff"] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

export type ProjectPlan = {
  projectType: ProjectType;
  industry: Industry;
  urgency: Urgency;
  teamSize: TeamSize;
  budget: Budget | null;
  timelineWeeks: Range;
  investment: Range;
  /** The investment as the tier table writes it: "$10K-30K" (USD in every language). */
  investmentLabel: string;
  developers: Range;
  featureKeys: readonly TranslationKey[];
  teamKeys: readonly TranslationKey[];
  idealCustomerKey: TranslationKey;
  urgencyEffect: UrgencyEffect | null;
  complianceNoteKey: TranslationKey | null;
  /** The base investment range: urgency is shown as an effect, never applied here. */
  totalEstimate: Range;
  totalEstimateLabel: string;
  nextSteps: readonly NextStep[];
};

/** "$10K-30K": thousands of US dollars, as the tier table writes them. */
export function formatUsdRange(range: Range): string {
  const k = (value: number) => `${Number((value / 1000).toFixed(1))}K`;
  return `$${k(range.min)}-${k(range.max)}`;
}

/** The required choices still missing, in form order (empty when Generate may run). */
export function missingChoices(selection: PlannerSelection): RequiredChoice[] {
  return REQUIRED_CHOICES.filter((choice) => selection[choice] === undefined);
}

/** Generate is allowed once project type, industry and team size are chosen. */
export function canGenerate(selection: PlannerSelection): selection is CompletePlannerSelection {
  return missingChoices(selection).length === 0;
}

/** The plan for a complete selection: everything the result panel shows, as data. */
export function buildPlan(selection: CompletePlannerSelection): ProjectPlan {
  const tier = PLANNER_TIERS[selection.projectType];
  const urgency = URGENCY_TABLE[selection.urgency];
  const complianceNoteKey = isComplianceIndustry(selection.industry) ? COMPLIANCE_NOTES[selection.industry] : null;
  return {
    projectType: selection.projectType,
    industry: selection.industry,
    urgency: selection.urgency,
    teamSize: selection.teamSize,
    budget: selection.budget ?? null,
    timelineWeeks: { ...tier.timelineWeeks },
    investment: { ...tier.investment },
    investmentLabel: formatUsdRange(tier.investment),
    developers: { ...tier.developers },
    featureKeys: tier.featureKeys,
    teamKeys: tier.teamKeys,
    idealCustomerKey: tier.idealCustomerKey,
    urgencyEffect: urgency.effect ? { ...urgency.effect } : null,
    complianceNoteKey,
    totalEstimate: { ...tier.investment },
    totalEstimateLabel: formatUsdRange(tier.investment),
    nextSteps: NEXT_STEPS,
  };
}

function isComplianceIndustry(industry: Industry): industry is keyof typeof COMPLIANCE_NOTES {
  return Object.prototype.hasOwnProperty.call(COMPLIANCE_NOTES, industry);
}
