import type { Language, Translate } from "~/i18n";
import { formatAtLeast, formatCompact, formatCompactRange } from "~/i18n/format";
import type { Budget } from "./project-planner.ts";

/** The budget choices' amounts in US dollars, written by Intl in the page's language. */
const BUDGET_AMOUNTS: Record<Budget, (language: Language) => string> = {
  under50k: (language) => formatCompact(50_000, language, "USD"),
  "50k-100k": (language) => formatCompactRange(50_000, 100_000, language, "USD"),
  "100k-200k": (language) => formatCompactRange(100_000, 200_000, language, "USD"),
  "200k+": (language) => formatAtLeast(200_000, language, "USD"),
};

/** "Até US$ 50 mil", "US$ 50–100 mil" (pt); "Under $50K", "$50–100K" (en). */
export function budgetLabel(t: Translate, language: Language, budget: Budget): string {
  return t(`site.planner.budget.${budget}`, { amount: BUDGET_AMOUNTS[budget](language) });
}
