// The landing page's ROI calculator (spec §9): constants and formulas, pure and typed, so
// the browser (on submit) and the route loader (no-JS GET form) compute the same figures.

export const INDUSTRIES = ["healthcare", "fintech", "ecommerce", "saas", "other"] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const PROJECT_TYPES = ["mvp", "platform", "enterprise"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const DEFAULT_INDUSTRY: Industry = "saas";
export const DEFAULT_PROJECT_TYPE: ProjectType = "platform";

type IndustryMultipliers = { revenue: number; cost: number; timeline: number };
type ProjectTypeBase = { baseCost: number; baseWeeks: number; revenueMultiplier: number };

export const INDUSTRY_MULTIPLIERS: Readonly<Record<Industry, IndustryMultipliers>> = {
  healthcare: { revenue: 1.2, cost: 1.1, timeline: 1.1 },
  fintech: { revenue: 1.3, cost: 1.2, timeline: 1 },
  ecommerce: { revenue: 1.1, cost: 1, timeline: 0.9 },
  saas: { revenue: 1.25, cost: 1.05, timeline: 1 },
  other: { revenue: 1, cost: 1, timeline: 1 },
};

export const PROJECT_TYPE_BASES: Readonly<Record<ProjectType, ProjectTypeBase>> = {
  mvp: { baseCost: 25_000, baseWeeks: 8, revenueMultiplier: 2.5 },
  platform: { baseCost: 75_000, baseWeeks: 16, revenueMultiplier: 4 },
  enterprise: { baseCost: 150_000, baseWeeks: 24, revenueMultiplier: 6 },
};

/**
 * Revenue figures above this are read as this (15 nines: every digit still exact in a
 * double, and no Infinity however long the typed text is).
 */
export const MAX_REVENUE = 999_999_999_999_999;

export type RoiInput = { revenue: number; industry: Industry; projectType: ProjectType };

export type RoiResult = {
  /** US dollars: base cost × industry cost multiplier. */
  cost: number;
  /** Base weeks × industry timeline multiplier; may be fractional (16 × 1.1 = 17.6). */
  weeks: number;
  /** Revenue × project-type multiplier × industry revenue multiplier. */
  projectedRevenue: number;
  /** (projected revenue − cost) / cost × 100. */
  roiPercent: number;
  /** Projected revenue − entered revenue. */
  totalGain: number;
  /** Total gain / 12. */
  monthlyIncrease: number;
  /**
   * ceil(cost / monthly increase); null when there is no monthly increase (revenue 0), so
   * the page says "no payback projected" instead of dividing by zero (Infinity).
   */
  paybackMonths: number | null;
};

/**
 * Drops binary floating-point noise (24 × 1.1 = 26.400000000000002 → 26.4) so the figures
 * are the decimal results of the spec's formulas and ceil() never rounds noise up.
 */
const decimal = (value: number) => Number(value.toPrecision(12));

/** The spec's "non-digit characters are stripped": "$1,000,000.50" → 100000050, "abc" → 0. */
export function parseRevenue(text: string): number {
  const digits = text.replace(/\D/g, "");
  if (digits === "") return 0;
  return Math.min(Number(digits), MAX_REVENUE);
}

export function calculateRoi({ revenue, industry, projectType }: RoiInput): RoiResult {
  const multipliers = INDUSTRY_MULTIPLIERS[industry];
  const base = PROJECT_TYPE_BASES[projectType];

  const cost = decimal(base.baseCost * multipliers.cost);
  const weeks = decimal(base.baseWeeks * multipliers.timeline);
  const projectedRevenue = decimal(revenue * base.revenueMultiplier * multipliers.revenue);
  const roiPercent = decimal(((projectedRevenue - cost) / cost) * 100);
  const totalGain = decimal(projectedRevenue - revenue);
  const monthlyIncrease = decimal(totalGain / 12);
  const paybackMonths = monthlyIncrease > 0 ? Math.ceil(decimal(cost / monthlyIncrease)) : null;

  return { cost, weeks, projectedRevenue, roiPercent, totalGain, monthlyIncrease, paybackMonths };
}
