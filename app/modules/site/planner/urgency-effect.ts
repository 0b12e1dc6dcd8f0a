import type { Language, Translate } from "~/i18n";
import { formatNumber } from "~/i18n/format";
import type { UrgencyEffect } from "./project-planner.ts";

/** "+30% cost, 25% faster" in the visitor's language (percentages through Intl). */
export function urgencyEffectText(effect: UrgencyEffect, language: Language, t: Translate): string {
  return t(effect.direction === "faster" ? "site.planner.plan.urgencyFaster" : "site.planner.plan.urgencyLonger", {
    cost: formatNumber(effect.costPercent / 100, language, { style: "percent", signDisplay: "always" }),
    speed: formatNumber(effect.speedPercent / 100, language, { style: "percent" }),
  });
}
