import { Link, useLocation } from "react-router";
import { useI18n } from "~/i18n/react";
import { ARTICLE_CATEGORIES, type ArticleCategory } from "./articles.ts";

/**
 * The category chips (All, Engineering, Strategy, Business, Enterprise, Design) as links to
 * `?category=<id>` on the same page: the filter works without JavaScript, can be shared and
 * bookmarked, and with JavaScript it is a client-side navigation that keeps the scroll
 * position. The active chip carries aria-current.
 */
export function CategoryFilter({ active }: { active: ArticleCategory | null }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const chips = [
    { id: null, label: t("site.insights.filters.all") },
    ...ARTICLE_CATEGORIES.map((id) => ({ id, label: t(`site.insights.categories.${id}`) })),
  ];
  return (
    <nav aria-label={t("site.insights.filters.label")}>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const current = chip.id === active;
          return (
            <li key={chip.id ?? "all"}>
              <Link
                to={{ pathname, search: chip.id ? `?category=${chip.id}` : "" }}
                preventScrollReset
                aria-current={current ? "true" : undefined}
                data-testid="category-chip"
                className={`inline-flex items-center rounded-full border px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  current
                    ? "border-brand-600 bg-brand-600 text-white shadow-sm"
                    : "border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50"
                }`}
              >
                {chip.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
