import { oneOf } from "~/lib/one-of";
import {
  calculateRoi,
  DEFAULT_INDUSTRY,
  DEFAULT_PROJECT_TYPE,
  INDUSTRIES,
  parseRevenue,
  PROJECT_TYPES,
  type Industry,
  type ProjectType,
  type RoiResult,
} from "./roi-calculator.ts";

/** Longest revenue text accepted (the input's maxLength too). */
export const REVENUE_MAX_LENGTH = 40;

/**
 * The calculator form's fields (?revenue=…&industry=…&type=…), read by the landing loader
 * (no-JS GET submission) and by the browser on submit. Never fails: an unknown industry or
 * type falls back to the defaults, a missing or oversized revenue means "no result yet".
 */
function readRoiQuery(raw: { revenue?: string; industry?: string; type?: string }) {
  const revenue = (raw.revenue ?? "").trim();
  return {
    revenue: revenue.length > REVENUE_MAX_LENGTH ? "" : revenue,
    industry: oneOf(INDUSTRIES, raw.industry, DEFAULT_INDUSTRY),
    type: oneOf(PROJECT_TYPES, raw.type, DEFAULT_PROJECT_TYPE),
  };
}

export type RoiFormValues = { revenueText: string; industry: Industry; projectType: ProjectType };

/** A result and the form values it was computed from. */
export type RoiOutcome = { values: RoiFormValues; result: RoiResult | null };

type Params = URLSearchParams | FormData;

/** Reads the calculator's fields and computes the result when revenue was given. */
export function roiFromParams(params: Params): RoiOutcome {
  const read = (name: string) => {
    const value = params.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = readRoiQuery({ revenue: read("revenue"), industry: read("industry"), type: read("type") });
  const values: RoiFormValues = { revenueText: parsed.revenue, industry: parsed.industry, projectType: parsed.type };
  if (values.revenueText === "") return { values, result: null };
  return {
    values,
    result: calculateRoi({ revenue: parseRevenue(values.revenueText), industry: values.industry, projectType: values.projectType }),
  };
}

/** The query string of a calculation, for the URL (?revenue=…&industry=…&type=…). */
export function roiSearch(values: RoiFormValues): string {
  return `?${new URLSearchParams({ revenue: values.revenueText, industry: values.industry, type: values.projectType })}`;
}
