import { LOCALES, type Language } from "~/i18n";
import { useI18n } from "~/i18n/react";
import { TEAM_MEMBERS } from "~/modules/site/about/team-members";
import { articleKey, type Article } from "./articles.ts";

/** "10 Nov 2026" in the page's language (the ISO day is a calendar date: formatted in UTC). */
export function formatArticleDate(isoDay: string, language: Language) {
  return new Intl.DateTimeFormat(LOCALES[language], { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

/**
 * One article: category, read time, title, excerpt, tags, author and date. Articles have no
 * page of their own, so the card is not a link (no "Read more" to nowhere).
 */
export function ArticleCard({ article, featured = false }: { article: Article; featured?: boolean }) {
  const { language, t } = useI18n();
  const titleId = `article-${article.id}`;
  const author = TEAM_MEMBERS.find((member) => member.id === article.author)!;
  return (
    <article
      aria-labelledby={titleId}
      data-testid={featured ? "featured-article" : "article-card"}
      data-category={article.category}
      className={
        featured
          ? "grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm md:grid-cols-5"
          : "flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-slate-300 hover:shadow-md"
      }
    >
      {featured ? <Cover category={article.category} /> : null}
      <div className={featured ? "flex flex-col p-6 sm:p-10 md:col-span-3" : "flex flex-1 flex-col"}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs font-medium text-slate-500">
          {featured ? (
            <span className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-800">{t("site.insights.featured.badge")}</span>
          ) : null}
          <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-700">
            {t(`site.insights.categories.${article.category}`)}
          </span>
          <span>{t("site.insights.card.readTime", { minutes: article.readMinutes })}</span>
        </div>
        <h3 id={titleId} className={`mt-4 font-semibold tracking-tight text-ink-900 ${featured ? "text-2xl sm:text-3xl" : "text-lg"}`}>
          {t(articleKey(article.id, "title"))}
        </h3>
        <p className={`mt-3 text-slate-600 ${featured ? "text-base sm:text-lg" : "text-sm"}`}>{t(articleKey(article.id, "excerpt"))}</p>
        <ul aria-label={t("site.insights.card.tags")} className="mt-4 flex flex-wrap gap-2">
          {article.tags.map((tag) => (
            <li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {t(`site.insights.tags.${tag}`)}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex items-center gap-3 pt-6">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sm font-semibold text-white"
          >
            {author.initials}
          </span>
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-ink-900">{author.name}</p>
            <p className="text-slate-500">
              {t(`site.insights.authorRoles.${author.id}`)}
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, {t("site.insights.card.publishedOn")} </span>
              <time dateTime={article.date}>{formatArticleDate(article.date, language)}</time>
            </p>
          </div>
        </div>
      </div>
    </article>
  );
}

/** A decorative cover for the featured article (no stock photo). */
function Cover({ category }: { category: Article["category"] }) {
  return (
    <div
      aria-hidden="true"
      className="relative min-h-48 overflow-hidden bg-gradient-to-br from-brand-600 via-brand-700 to-ink-900 md:col-span-2"
      data-cover={category}
    >
      <svg viewBox="0 0 400 300" className="absolute inset-0 h-full w-full" preserveAspectRatio="xMidYMid slice">
        <g fill="none" stroke="white" strokeOpacity="0.14">
          {Array.from({ length: 9 }, (_, i) => (
            <circle key={i} cx="320" cy="40" r={40 + i * 34} />
          ))}
        </g>
        <g fill="white">
          <rect x="40" y="196" width="22" height="64" rx="4" fillOpacity="0.35" />
          <rect x="74" y="170" width="22" height="90" rx="4" fillOpacity="0.5" />
          <rect x="108" y="138" width="22" height="122" rx="4" fillOpacity="0.7" />
          <rect x="142" y="96" width="22" height="164" rx="4" fillOpacity="0.9" />
        </g>
      </svg>
    </div>
  );
}
