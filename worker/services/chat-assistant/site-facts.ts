import type { ChatLanguage } from "~/modules/chat/chat-types";
import { COMPANY_FIGURES, companyStats } from "~/modules/site/about/company-figures";
import { formatUsdRange, PLANNER_TIERS, URGENCY_TABLE, type ProjectType as PlannerTier } from "~/modules/site/planner/project-planner";
import { sitePath } from "~/modules/site/site-paths";
import { getTranslator } from "~/i18n/dictionaries.server";

// The site's own facts, as the assistant quotes them. Nothing here is new: the figures come
// from the modules the pages render (company figures, planner tiers, urgency table), the
// guarantee and the process steps are the landing page's own dictionary entries, and the
// case studies are the three the spec names (§2 Case studies listing), so a reply never
// contradicts a page. Paths are in the visitor's language (the widget makes them links).

export const COMPANY_NAME = "Velox Labs";
/** Spec §1: 90 days on average versus 6-12 months traditional. */
export const AVERAGE_DELIVERY_DAYS = 90;
/** Spec §4/§9: the chat promises contact within 24 hours. */
export const CONTACT_WITHIN_HOURS = 24;

export type PlannerTierFacts = { tier: PlannerTier; investment: string; weeks: string; developers: string };

export function tierFacts(tier: PlannerTier): PlannerTierFacts {
  const row = PLANNER_TIERS[tier];
  return {
    tier,
    investment: formatUsdRange(row.investment),
    weeks: `${row.timelineWeeks.min}-${row.timelineWeeks.max}`,
    developers: `${row.developers.min}-${row.developers.max}`,
  };
}

export const URGENCY_FASTER_PERCENT = URGENCY_TABLE.asap.effect.speedPercent;
export const URGENCY_COST_PERCENT = URGENCY_TABLE.asap.effect.costPercent;

export function figures(language: ChatLanguage) {
  return { ...companyStats(language), onTimeProjects: COMPANY_FIGURES.onTimeProjects };
}

/** The landing page's words for the guarantee and the 3 steps, in the visitor's language. */
export function landingWords(language: ChatLanguage) {
  const t = getTranslator(language);
  return {
    guarantee: t("site.landing.guarantee.title"),
    steps: [
      t("site.landing.process.steps.discovery.title"),
      t("site.landing.process.steps.design.title"),
      t("site.landing.process.steps.development.title"),
    ] as const,
  };
}

export type CaseStudyFact = {
  slug: string;
  name: string;
  /** Industries (folded words) that make this the case to show. */
  industries: readonly string[];
  weeks: number;
  /** The figures of the listing's hover (spec §2), per language. */
  summary: Record<ChatLanguage, string>;
};

export const CASE_STUDIES: readonly CaseStudyFact[] = [
  {
    slug: "aura-health-mvp",
    name: "Aura Health",
    industries: ["healthcare"],
    weeks: 8,
    summary: {
      pt: "MVP de telemedicina entregue em 8 semanas, +340% de ROI e 500 mil+ usuários",
      es: "MVP de telemedicina entregado en 8 semanas, +340% de ROI y 500 mil+ usuarios",
      en: "a telehealth MVP shipped in 8 weeks, +340% ROI and 500K+ users",
    },
  },
  {
    slug: "maple-leaf-logistics",
    name: "Maple Leaf Logistics",
    industries: ["logistics"],
    weeks: 12,
    summary: {
      pt: "plataforma de otimização de rotas em 12 semanas, +280% de eficiência e US$ 460 mil economizados",
      es: "plataforma de optimización de rutas en 12 semanas, +280% de eficiencia y 460 mil US$ ahorrados",
      en: "a route-optimisation platform in 12 weeks, +280% efficiency and $460K saved",
    },
  },
  {
    slug: "artisans-collective",
    name: "Artisans Collective",
    industries: ["ecommerce"],
    weeks: 16,
    summary: {
      pt: "marketplace para 10 mil+ artesãos em 16 semanas, com +450% em vendas",
      es: "marketplace para 10 mil+ artesanos en 16 semanas, con +450% en ventas",
      en: "a marketplace for 10K+ makers in 16 weeks, with +450% sales",
    },
  },
];

/** Paths of the pages the assistant points to, in the visitor's language. */
export const pagePaths = (language: ChatLanguage) => ({
  home: sitePath(language),
  planner: sitePath(language, "/planner"),
  caseStudies: sitePath(language, "/case-studies"),
  contact: sitePath(language, "/contact"),
  about: sitePath(language, "/about"),
  roi: `${sitePath(language)}#roi`,
  process: `${sitePath(language)}#process`,
  guarantee: `${sitePath(language)}#guarantee`,
  caseStudy: (slug: string) => sitePath(language, `/solutions/${slug}`),
});
