import type { Language } from "~/i18n";
import { formatAtLeast, formatCompact, formatNumber, formatPercent } from "~/i18n/format";

// The company's claims (spec §1) as numbers, written out in each language by Intl in one
// style ("500 mil+" in pt, "500K+" in en, "US$ 10 mi+" / "$10M+"): the landing page's track
// record, the about page's stats and story, and any sentence that quotes them take them
// from here, never from a hand-written string in a dictionary.
export const COMPANY_FIGURES = {
  onTimeProjects: 47,
  usersImpacted: 500_000,
  clientRevenueUsd: 10_000_000,
  countries: 15,
  retentionPercent: 95,
  roiIncreasePercent: 340,
} as const;

/** The figures as displayed in stat cards (lower bounds with "+"). */
export function companyStats(language: Language) {
  const f = COMPANY_FIGURES;
  return {
    projects: formatNumber(f.onTimeProjects, language),
    users: formatAtLeast(f.usersImpacted, language),
    revenue: formatAtLeast(f.clientRevenueUsd, language, "USD"),
    countries: `${formatNumber(f.countries, language)}+`,
    retention: formatPercent(f.retentionPercent, language, 0),
    roi: formatPercent(f.roiIncreasePercent, language, 0),
  };
}

/** The figures for sentences ("more than {users} users", "{revenue} in revenue"). */
export function companyFigureParams(language: Language) {
  return {
    users: formatCompact(COMPANY_FIGURES.usersImpacted, language),
    revenue: formatCompact(COMPANY_FIGURES.clientRevenueUsd, language, "USD"),
  };
}
