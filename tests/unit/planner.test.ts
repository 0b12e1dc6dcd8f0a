import { describe, expect, it } from "vitest";
import { getTranslator } from "../../app/i18n/dictionaries.server.ts";
import {
  buildPlan,
  canGenerate,
  COMPLIANCE_INDUSTRIES,
  DEFAULT_URGENCY,
  formatUsdRange,
  INDUSTRIES,
  missingChoices,
  NEXT_STEPS,
  PROJECT_TYPES,
  URGENCIES,
  URGENCY_TABLE,
  type CompletePlannerSelection,
  type PlannerSelection,
  type ProjectType,
} from "../../app/modules/site/planner/project-planner.ts";
import { parsePlannerQuery, plannerSearchParams } from "../../app/modules/site/planner/planner-query.ts";

const base: CompletePlannerSelection = { projectType: "mvp", industry: "other", urgency: "normal", teamSize: "startup" };

describe("planner tiers (spec §9)", () => {
  const table: Record<ProjectType, { weeks: [number, number]; investment: string; developers: [number, number] }> = {
    mvp: { weeks: [6, 8], investment: "$10K-30K", developers: [2, 3] },
    saas: { weeks: [12, 16], investment: "$40K-100K", developers: [3, 4] },
    marketplace: { weeks: [16, 24], investment: "$60K-160K", developers: [4, 5] },
    enterprise: { weeks: [24, 36], investment: "$100K-300K", developers: [5, 6] },
  };

  it.each(PROJECT_TYPES)("%s has the table's timeline, investment and developers", (projectType) => {
    const plan = buildPlan({ ...base, projectType });
    const row = table[projectType];
    expect([plan.timelineWeeks.min, plan.timelineWeeks.max]).toEqual(row.weeks);
    expect(plan.investmentLabel).toBe(row.investment);
    expect([plan.developers.min, plan.developers.max]).toEqual(row.developers);
  });

  it("shows the figures as the table writes them, in every language", () => {
    const plan = buildPlan({ ...base, projectType: "saas" });
    expect(getTranslator("en")("site.planner.plan.timelineValue", plan.timelineWeeks)).toBe("12-16 weeks");
    expect(getTranslator("pt")("site.planner.plan.timelineValue", plan.timelineWeeks)).toBe("12-16 semanas");
    expect(getTranslator("en")("site.planner.plan.developersValue", plan.developers)).toBe("3-4 developers");
    expect(formatUsdRange({ min: 100_000, max: 300_000 })).toBe("$100K-300K");
  });

  it.each(PROJECT_TYPES)("%s lists features, team and an ideal customer that exist in every dictionary", (projectType) => {
    const plan = buildPlan({ ...base, projectType });
    expect(plan.featureKeys.length).toBeGreaterThanOrEqual(4);
    expect(plan.teamKeys.length).toBeGreaterThanOrEqual(4);
    for (const language of ["pt", "es", "en"] as const) {
      const t = getTranslator(language);
      for (const key of [...plan.featureKeys, ...plan.teamKeys, plan.idealCustomerKey]) expect(t(key)).not.toBe(key);
    }
  });
});

describe("urgency", () => {
  it("defaults to normal", () => {
    expect(DEFAULT_URGENCY).toBe("normal");
    expect(parsePlannerQuery(new URLSearchParams()).selection.urgency).toBe("normal");
    expect(parsePlannerQuery(new URLSearchParams("urgency=tomorrow")).selection.urgency).toBe("normal");
  });

  it("has the spec's multipliers", () => {
    expect(URGENCY_TABLE.asap.multiplier).toBe(1.3);
    expect(URGENCY_TABLE.normal.multiplier).toBe(1);
    expect(URGENCY_TABLE.flexible.multiplier).toBe(0.85);
  });

  it("asap is +30% cost and 25% faster; flexible -15% and 15% longer; normal has no effect", () => {
    expect(buildPlan({ ...base, urgency: "asap" }).urgencyEffect).toEqual({ costPercent: 30, speedPercent: 25, direction: "faster" });
    expect(buildPlan({ ...base, urgency: "flexible" }).urgencyEffect).toEqual({
      costPercent: -15,
      speedPercent: 15,
      direction: "longer",
    });
    expect(buildPlan({ ...base, urgency: "normal" }).urgencyEffect).toBeNull();
  });

  it.each(PROJECT_TYPES)("%s: the total estimate is the base range for every urgency", (projectType) => {
    const normal = buildPlan({ ...base, projectType, urgency: "normal" });
    for (const urgency of URGENCIES) {
      const plan = buildPlan({ ...base, projectType, urgency });
      expect(plan.totalEstimate).toEqual(normal.investment);
      expect(plan.totalEstimateLabel).toBe(normal.investmentLabel);
      expect(plan.investment).toEqual(normal.investment);
      expect(plan.timelineWeeks).toEqual(normal.timelineWeeks);
    }
  });
});

describe("compliance notes", () => {
  it("exist exactly for Healthcare, Fintech, E-commerce and Education", () => {
    const withNote = INDUSTRIES.filter((industry) => buildPlan({ ...base, industry }).complianceNoteKey !== null);
    expect(withNote).toEqual(["healthcare", "fintech", "ecommerce", "education"]);
    expect(COMPLIANCE_INDUSTRIES).toEqual(withNote);
  });

  it("name the rules of each industry", () => {
    const t = getTranslator("en");
    const note = (industry: (typeof INDUSTRIES)[number]) => t(buildPlan({ ...base, industry }).complianceNoteKey!);
    expect(note("healthcare")).toMatch(/HIPAA/);
    expect(note("healthcare")).toMatch(/LGPD/);
    expect(note("fintech")).toMatch(/PCI DSS/);
    expect(note("fintech")).toMatch(/KYC/);
    expect(note("fintech")).toMatch(/open-banking/);
    expect(note("ecommerce")).toMatch(/PCI DSS/);
    expect(note("ecommerce")).toMatch(/consumer-protection/);
    expect(note("ecommerce")).toMatch(/LGPD\/GDPR/);
    expect(note("education")).toMatch(/FERPA/);
    expect(note("education")).toMatch(/COPPA/);
    expect(note("education")).toMatch(/accessibility/);
  });
});

describe("canGenerate", () => {
  const choices = [{ projectType: "saas" as const }, { industry: "fintech" as const }, { teamSize: "medium" as const }];

  // Every combination of the three required choices, with and without a budget.
  const rows = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((mask) =>
    [undefined, "50k-100k" as const].map((budget) => {
      const selection: PlannerSelection = { urgency: "normal", budget };
      choices.forEach((choice, index) => {
        if (mask & (1 << index)) Object.assign(selection, choice);
      });
      return { selection, expected: mask === 7 };
    }),
  );

  it.each(rows)("%o", ({ selection, expected }) => {
    expect(canGenerate(selection)).toBe(expected);
    expect(missingChoices(selection).length === 0).toBe(expected);
  });

  it("names what is missing, in form order", () => {
    expect(missingChoices({ urgency: "asap", industry: "media" })).toEqual(["projectType", "teamSize"]);
  });
});

describe("plan and URL", () => {
  it("ends with the three next steps and keeps the choices", () => {
    const plan = buildPlan({ ...base, industry: "healthcare", teamSize: "large", budget: "200k+" });
    expect(plan.nextSteps).toEqual(["discovery", "proposal", "kickoff"]);
    expect(NEXT_STEPS).toHaveLength(3);
    expect(plan).toMatchObject({ industry: "healthcare", teamSize: "large", budget: "200k+" });
    expect(buildPlan(base).budget).toBeNull();
  });

  it("round-trips a selection through the query string and ignores unknown values", () => {
    const selection: CompletePlannerSelection = {
      projectType: "marketplace",
      industry: "real-estate",
      urgency: "flexible",
      teamSize: "large",
      budget: "200k+",
    };
    expect(parsePlannerQuery(plannerSearchParams(selection))).toEqual({ selection, generate: true });
    const parsed = parsePlannerQuery(new URLSearchParams("type=spaceship&industry=&team=medium&budget=lots"));
    expect(parsed).toEqual({
      selection: { projectType: undefined, industry: undefined, urgency: "normal", teamSize: "medium", budget: undefined },
      generate: false,
    });
  });
});
