import { describe, expect, it } from "vitest";
import {
  calculateRoi,
  INDUSTRIES,
  MAX_REVENUE,
  parseRevenue,
  PROJECT_TYPES,
  type Industry,
  type ProjectType,
  type RoiResult,
} from "../../app/modules/site/roi/roi-calculator.ts";
import { formatRoi } from "../../app/modules/site/roi/format-roi.ts";
import { roiFromParams, roiSearch } from "../../app/modules/site/roi/roi-query.ts";

type Row = [revenue: number, industry: Industry, projectType: ProjectType, expected: RoiResult];

// Spec §9, worked by hand: cost = base × industry cost, weeks = base × industry timeline,
// projected = revenue × type × industry revenue, ROI % = (projected − cost) / cost × 100,
// gain = projected − revenue, monthly = gain / 12, payback = ceil(cost / monthly).
const TABLE: Row[] = [
  // The defaults (saas / platform) with the e2e journey's $1,000,000.
  [
    1_000_000,
    "saas",
    "platform",
    {
      cost: 78_750,
      weeks: 16,
      projectedRevenue: 5_000_000,
      roiPercent: 6249.20634921,
      totalGain: 4_000_000,
      monthlyIncrease: 333_333.333333,
      paybackMonths: 1,
    },
  ],
  // Every industry (platform).
  [
    1_000_000,
    "healthcare",
    "platform",
    {
      cost: 82_500,
      weeks: 17.6,
      projectedRevenue: 4_800_000,
      roiPercent: 5718.18181818,
      totalGain: 3_800_000,
      monthlyIncrease: 316_666.666667,
      paybackMonths: 1,
    },
  ],
  [
    1_000_000,
    "fintech",
    "platform",
    {
      cost: 90_000,
      weeks: 16,
      projectedRevenue: 5_200_000,
      roiPercent: 5677.77777778,
      totalGain: 4_200_000,
      monthlyIncrease: 350_000,
      paybackMonths: 1,
    },
  ],
  [
    1_000_000,
    "ecommerce",
    "platform",
    {
      cost: 75_000,
      weeks: 14.4,
      projectedRevenue: 4_400_000,
      roiPercent: 5766.66666667,
      totalGain: 3_400_000,
      monthlyIncrease: 283_333.333333,
      paybackMonths: 1,
    },
  ],
  [
    1_000_000,
    "other",
    "platform",
    {
      cost: 75_000,
      weeks: 16,
      projectedRevenue: 4_000_000,
      roiPercent: 5233.33333333,
      totalGain: 3_000_000,
      monthlyIncrease: 250_000,
      paybackMonths: 1,
    },
  ],
  // Every project type (saas).
  [
    1_000_000,
    "saas",
    "mvp",
    {
      cost: 26_250,
      weeks: 8,
      projectedRevenue: 3_125_000,
      roiPercent: 11804.7619048,
      totalGain: 2_125_000,
      monthlyIncrease: 177_083.333333,
      paybackMonths: 1,
    },
  ],
  [
    1_000_000,
    "saas",
    "enterprise",
    {
      cost: 157_500,
      weeks: 24,
      projectedRevenue: 7_500_000,
      roiPercent: 4661.9047619,
      totalGain: 6_500_000,
      monthlyIncrease: 541_666.666667,
      paybackMonths: 1,
    },
  ],
  // Smaller revenues, where payback takes months and ROI can be negative.
  [
    50_000,
    "saas",
    "platform",
    {
      cost: 78_750,
      weeks: 16,
      projectedRevenue: 250_000,
      roiPercent: 217.46031746,
      totalGain: 200_000,
      monthlyIncrease: 16_666.6666667,
      paybackMonths: 5,
    },
  ],
  [
    10_000,
    "healthcare",
    "enterprise",
    {
      cost: 165_000,
      weeks: 26.4,
      projectedRevenue: 72_000,
      roiPercent: -56.3636363636,
      totalGain: 62_000,
      monthlyIncrease: 5_166.66666667,
      paybackMonths: 32,
    },
  ],
  [
    100_000,
    "ecommerce",
    "mvp",
    {
      cost: 25_000,
      weeks: 7.2,
      projectedRevenue: 275_000,
      roiPercent: 1000,
      totalGain: 175_000,
      monthlyIncrease: 14_583.3333333,
      paybackMonths: 2,
    },
  ],
  [
    1_000,
    "fintech",
    "mvp",
    {
      cost: 30_000,
      weeks: 8,
      projectedRevenue: 3_250,
      roiPercent: -89.1666666667,
      totalGain: 2_250,
      monthlyIncrease: 187.5,
      paybackMonths: 160,
    },
  ],
  [
    30_000,
    "other",
    "enterprise",
    { cost: 150_000, weeks: 24, projectedRevenue: 180_000, roiPercent: 20, totalGain: 150_000, monthlyIncrease: 12_500, paybackMonths: 12 },
  ],
  [
    200_000,
    "healthcare",
    "mvp",
    {
      cost: 27_500,
      weeks: 8.8,
      projectedRevenue: 600_000,
      roiPercent: 2081.81818182,
      totalGain: 400_000,
      monthlyIncrease: 33_333.3333333,
      paybackMonths: 1,
    },
  ],
  [
    200_000,
    "ecommerce",
    "enterprise",
    {
      cost: 150_000,
      weeks: 21.6,
      projectedRevenue: 1_320_000,
      roiPercent: 780,
      totalGain: 1_120_000,
      monthlyIncrease: 93_333.3333333,
      paybackMonths: 2,
    },
  ],
  [
    200_000,
    "fintech",
    "enterprise",
    {
      cost: 180_000,
      weeks: 24,
      projectedRevenue: 1_560_000,
      roiPercent: 766.666666667,
      totalGain: 1_360_000,
      monthlyIncrease: 113_333.333333,
      paybackMonths: 2,
    },
  ],
];

describe("calculateRoi", () => {
  it.each(TABLE)("revenue %d, %s, %s", (revenue, industry, projectType, expected) => {
    const result = calculateRoi({ revenue, industry, projectType });
    expect(result.cost).toBe(expected.cost);
    expect(result.weeks).toBe(expected.weeks);
    expect(result.projectedRevenue).toBe(expected.projectedRevenue);
    expect(result.roiPercent).toBeCloseTo(expected.roiPercent, 6);
    expect(result.totalGain).toBe(expected.totalGain);
    expect(result.monthlyIncrease).toBeCloseTo(expected.monthlyIncrease, 5);
    expect(result.paybackMonths).toBe(expected.paybackMonths);
  });

  it("covers every industry and every project type", () => {
    expect(new Set(TABLE.map((row) => row[1]))).toEqual(new Set(INDUSTRIES));
    expect(new Set(TABLE.map((row) => row[2]))).toEqual(new Set(PROJECT_TYPES));
  });

  it("returns exact decimal weeks, without floating-point noise", () => {
    // 24 × 1.1 is 26.400000000000002 in plain doubles.
    expect(calculateRoi({ revenue: 1, industry: "healthcare", projectType: "enterprise" }).weeks).toBe(26.4);
    expect(calculateRoi({ revenue: 1, industry: "healthcare", projectType: "platform" }).weeks).toBe(17.6);
  });

  it("payback is the ceiling of cost / monthly increase, exact at the boundary", () => {
    // saas/platform: monthly increase = revenue × (5 − 1) / 12 = revenue / 3; cost 78,750.
    expect(calculateRoi({ revenue: 47_250, industry: "saas", projectType: "platform" }).paybackMonths).toBe(5);
    expect(calculateRoi({ revenue: 47_249, industry: "saas", projectType: "platform" }).paybackMonths).toBe(6);
    expect(calculateRoi({ revenue: 236_250, industry: "saas", projectType: "platform" }).paybackMonths).toBe(1);
    expect(calculateRoi({ revenue: 236_249, industry: "saas", projectType: "platform" }).paybackMonths).toBe(2);
    for (const [revenue, industry, projectType] of TABLE) {
      const result = calculateRoi({ revenue, industry, projectType });
      expect(result.paybackMonths).toBe(Math.ceil(result.cost / result.monthlyIncrease - 1e-9));
    }
  });

  it("zero revenue: no payback projected (null), never Infinity or NaN", () => {
    const result = calculateRoi({ revenue: 0, industry: "saas", projectType: "platform" });
    expect(result).toEqual({
      cost: 78_750,
      weeks: 16,
      projectedRevenue: 0,
      roiPercent: -100,
      totalGain: 0,
      monthlyIncrease: 0,
      paybackMonths: null,
    });
    for (const value of Object.values(result)) if (value !== null) expect(Number.isFinite(value)).toBe(true);
  });

  it("stays finite at the largest revenue", () => {
    const result = calculateRoi({ revenue: MAX_REVENUE, industry: "fintech", projectType: "enterprise" });
    for (const value of Object.values(result)) expect(Number.isFinite(value)).toBe(true);
    expect(result.paybackMonths).toBe(1);
  });
});

describe("parseRevenue", () => {
  it.each([
    ["$1,000,000", 1_000_000],
    ["1000000", 1_000_000],
    ["1.000.000", 1_000_000],
    ["US$ 250.000", 250_000],
    ["$1,000,000.50", 100_000_050], // the spec strips every non-digit, the decimal point too
    ["  42k revenue ", 42],
    ["-500", 500],
    ["abc", 0],
    ["$", 0],
    ["", 0],
    ["9".repeat(400), MAX_REVENUE],
  ])("%j → %d", (text, expected) => {
    expect(parseRevenue(text)).toBe(expected);
  });
});

describe("roiFromParams (the form's query string)", () => {
  it("computes the defaults' result from ?revenue=…", () => {
    const outcome = roiFromParams(new URLSearchParams("revenue=%241%2C000%2C000"));
    expect(outcome.values).toEqual({ revenueText: "$1,000,000", industry: "saas", projectType: "platform" });
    expect(outcome.result?.cost).toBe(78_750);
    expect(outcome.result?.projectedRevenue).toBe(5_000_000);
  });

  it("reads industry and type", () => {
    const outcome = roiFromParams(new URLSearchParams("revenue=1000&industry=fintech&type=mvp"));
    expect(outcome.values).toEqual({ revenueText: "1000", industry: "fintech", projectType: "mvp" });
    expect(outcome.result?.paybackMonths).toBe(160);
  });

  it("falls back to the defaults for unknown values and never throws", () => {
    const outcome = roiFromParams(new URLSearchParams("revenue=50000&industry=mining&type=%3Cscript%3E"));
    expect(outcome.values).toEqual({ revenueText: "50000", industry: "saas", projectType: "platform" });
    expect(outcome.result?.paybackMonths).toBe(5);
  });

  it("gives no result without revenue, with blank revenue or with oversized revenue", () => {
    expect(roiFromParams(new URLSearchParams("")).result).toBeNull();
    expect(roiFromParams(new URLSearchParams("revenue=%20%20&industry=fintech")).result).toBeNull();
    const long = roiFromParams(new URLSearchParams(`revenue=${"1".repeat(41)}`));
    expect(long.result).toBeNull();
    expect(long.values.revenueText).toBe("");
  });

  it("revenue text with no digits reads as 0 and still gives a (finite) result", () => {
    const outcome = roiFromParams(new URLSearchParams("revenue=abc"));
    expect(outcome.result?.paybackMonths).toBeNull();
    expect(outcome.result?.roiPercent).toBe(-100);
  });

  it("reads FormData too, and writes the query string back", () => {
    const form = new FormData();
    form.set("revenue", "$1,000,000");
    form.set("industry", "healthcare");
    form.set("type", "enterprise");
    const outcome = roiFromParams(form);
    expect(outcome.result?.weeks).toBe(26.4);
    expect(roiSearch(outcome.values)).toBe("?revenue=%241%2C000%2C000&industry=healthcare&type=enterprise");
  });
});

describe("formatRoi (what the page shows)", () => {
  const defaults = calculateRoi({ revenue: 1_000_000, industry: "saas", projectType: "platform" });

  it("formats US dollars for each language", () => {
    expect(formatRoi(defaults, "en")).toEqual({
      cost: "$78,750",
      weeks: "16",
      projectedRevenue: "$5,000,000",
      roiPercent: "6,249%",
      totalGain: "$4,000,000",
      monthlyIncrease: "$333,333",
      paybackMonths: "1",
    });
    expect(formatRoi(defaults, "pt")).toEqual({
      cost: "US$\u00a078.750",
      weeks: "16",
      projectedRevenue: "US$\u00a05.000.000",
      roiPercent: "6.249%",
      totalGain: "US$\u00a04.000.000",
      monthlyIncrease: "US$\u00a0333.333",
      paybackMonths: "1",
    });
    expect(formatRoi(defaults, "es").cost).toBe("78.750\u00a0US$");
  });

  it("shows fractional weeks with one decimal", () => {
    const healthcare = calculateRoi({ revenue: 1_000_000, industry: "healthcare", projectType: "platform" });
    expect(formatRoi(healthcare, "en").weeks).toBe("17.6");
    expect(formatRoi(healthcare, "pt").weeks).toBe("17,6");
  });

  it("zero revenue shows no payback rather than Infinity", () => {
    const formatted = formatRoi(calculateRoi({ revenue: 0, industry: "saas", projectType: "platform" }), "en");
    expect(formatted.paybackMonths).toBeNull();
    expect(formatted.roiPercent).toBe("-100%");
    expect(formatted.monthlyIncrease).toBe("$0");
    expect(Object.values(formatted).join(" ")).not.toMatch(/Infinity|NaN|∞/);
  });
});
