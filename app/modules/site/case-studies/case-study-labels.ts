import type { Language, Translate } from "~/i18n";
import { pluralForm } from "~/i18n/format";

// Industries and project types are stored as lowercase values ("healthcare", "mvp"). Their
// labels come from the dictionary; a value without a key (added to the table later) still
// shows, humanized, instead of a raw dictionary key.

const INDUSTRY_KEYS = ["healthcare", "logistics", "ecommerce", "retail", "fintech", "saas", "education", "manufacturing"] as const;
const PROJECT_TYPE_KEYS = ["mvp", "platform", "enterprise", "marketplace", "saas"] as const;

const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** "real-estate" → "Real estate". */
export function humanize(value: string): string {
  const words = value.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function industryLabel(t: Translate, value: string): string {
  return includes(INDUSTRY_KEYS, value) ? t(`site.caseStudies.industries.${value}`) : humanize(value);
}

export function projectTypeLabel(t: Translate, value: string): string {
  return includes(PROJECT_TYPE_KEYS, value) ? t(`site.caseStudies.projectTypes.${value}`) : humanize(value);
}

export function weeksLabel(t: Translate, language: Language, weeks: number): string {
  return t(`site.caseStudies.detail.weeks.${pluralForm(language, weeks)}`, { count: weeks });
}
