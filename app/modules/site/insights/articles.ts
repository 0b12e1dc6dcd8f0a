import type { TranslationKey } from "~/i18n";
import type { TeamMember } from "~/modules/site/about/team-members";

// The insights page's six static articles (spec: "Static article": id, title, excerpt,
// author, date, readTime, category, tags, featured). The structure is here; the words
// (title, excerpt, tag names) are in app/i18n/site/insights/*.ts under
// site.insights.articles.<id> and site.insights.tags.<tag>. Authors are the about page's
// team (app/modules/site/about/team-members.ts): the name comes from there, the role from
// site.insights.authorRoles.<member>, which tests/unit/blog-authors.test.ts holds equal to
// the about page's site.about.team.members.<member>.role in every language. There are no detail pages: a
// card shows its excerpt and meta and links nowhere.

/** The category chips after "All", in the spec's order. */
export const ARTICLE_CATEGORIES = ["engineering", "strategy", "business", "enterprise", "design"] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export type ArticleTag =
  | "mvp"
  | "productStrategy"
  | "roadmap"
  | "architecture"
  | "performance"
  | "cloud"
  | "pricing"
  | "projectManagement"
  | "legacy"
  | "integration"
  | "security"
  | "designSystems"
  | "ux"
  | "accessibility"
  | "automation"
  | "roi";

export type ArticleId = "mvpIn90Days" | "edgeArchitecture" | "fixedPrice" | "legacyModernization" | "designSystems" | "automationRoi";

export type Article = {
  id: ArticleId;
  /** The team member who wrote it. */
  author: TeamMember["id"];
  /** Publication day, ISO (formatted with Intl in the page's language). */
  date: string;
  readMinutes: number;
  category: ArticleCategory;
  tags: readonly ArticleTag[];
  featured: boolean;
};

/** Newest first; exactly one is featured. */
export const ARTICLES: readonly Article[] = [
  {
    id: "mvpIn90Days",
    author: "priya",
    date: "2026-11-10",
    readMinutes: 9,
    category: "strategy",
    tags: ["mvp", "productStrategy", "roadmap"],
    featured: true,
  },
  {
    id: "edgeArchitecture",
    author: "camila",
    date: "2026-10-27",
    readMinutes: 7,
    category: "engineering",
    tags: ["architecture", "performance", "cloud"],
    featured: false,
  },
  {
    id: "fixedPrice",
    author: "rafael",
    date: "2026-10-13",
    readMinutes: 6,
    category: "business",
    tags: ["pricing", "projectManagement"],
    featured: false,
  },
  {
    id: "legacyModernization",
    author: "camila",
    date: "2026-09-29",
    readMinutes: 10,
    category: "enterprise",
    tags: ["legacy", "integration", "security"],
    featured: false,
  },
  {
    id: "designSystems",
    author: "diego",
    date: "2026-09-15",
    readMinutes: 5,
    category: "design",
    tags: ["designSystems", "ux", "accessibility"],
    featured: false,
  },
  {
    id: "automationRoi",
    author: "rafael",
    date: "2026-09-01",
    readMinutes: 8,
    category: "strategy",
    tags: ["automation", "roi"],
    featured: false,
  },
];

export const isArticleCategory = (value: unknown): value is ArticleCategory =>
  typeof value === "string" && (ARTICLE_CATEGORIES as readonly string[]).includes(value);

/**
 * The category a `?category=` value selects: a known category, else null (= All). An
 * unknown value shows everything rather than an error: shared links stay useful.
 */
export function categoryFromSearch(search: URLSearchParams): ArticleCategory | null {
  const value = search.get("category");
  return isArticleCategory(value) ? value : null;
}

/** The featured article and the rest, both limited to a category when one is chosen. */
export function articlesFor(category: ArticleCategory | null) {
  const visible = ARTICLES.filter((a) => category === null || a.category === category);
  const featured = visible.find((a) => a.featured) ?? null;
  return { featured, others: visible.filter((a) => a !== featured), total: visible.length };
}

export const articleKey = (id: ArticleId, field: "title" | "excerpt") => `site.insights.articles.${id}.${field}` as TranslationKey;
