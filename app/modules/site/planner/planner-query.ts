import { oneOf } from "~/lib/one-of";
import { BUDGETS, DEFAULT_URGENCY, INDUSTRIES, PROJECT_TYPES, TEAM_SIZES, URGENCIES, type PlannerSelection } from "./project-planner.ts";

// The planner's URL: a plan is shareable as /{lang}/planner?type=saas&industry=healthcare&…
// The no-JS form submits these names with GET (read by the route loader), and the page
// writes them back in place with JavaScript.

export const PLANNER_PARAMS = {
  projectType: "type",
  industry: "industry",
  urgency: "urgency",
  teamSize: "team",
  budget: "budget",
  /** Set by the Generate button: the visitor asked for a plan (vs. just opening the page). */
  generate: "generate",
} as const;

export type PlannerQuery = { selection: PlannerSelection; generate: boolean };

/** Reads the selection (and whether Generate was pressed) from a planner URL's search params. */
export function parsePlannerQuery(params: URLSearchParams): PlannerQuery {
  // An unknown or empty value counts as "not chosen" rather than an error.
  const read = (name: string) => params.get(name) || undefined;
  return {
    selection: {
      projectType: oneOf(PROJECT_TYPES, read(PLANNER_PARAMS.projectType), undefined),
      industry: oneOf(INDUSTRIES, read(PLANNER_PARAMS.industry), undefined),
      urgency: oneOf(URGENCIES, read(PLANNER_PARAMS.urgency), DEFAULT_URGENCY),
      teamSize: oneOf(TEAM_SIZES, read(PLANNER_PARAMS.teamSize), undefined),
      budget: oneOf(BUDGETS, read(PLANNER_PARAMS.budget), undefined),
    },
    generate: read(PLANNER_PARAMS.generate) !== undefined,
  };
}

/** The search params of a selection (the inverse of parsePlannerQuery). */
export function plannerSearchParams(selection: PlannerSelection, generate = true): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.projectType) params.set(PLANNER_PARAMS.projectType, selection.projectType);
  if (selection.industry) params.set(PLANNER_PARAMS.industry, selection.industry);
  params.set(PLANNER_PARAMS.urgency, selection.urgency);
  if (selection.teamSize) params.set(PLANNER_PARAMS.teamSize, selection.teamSize);
  if (selection.budget) params.set(PLANNER_PARAMS.budget, selection.budget);
  if (generate) params.set(PLANNER_PARAMS.generate, "1");
  return params;
}
