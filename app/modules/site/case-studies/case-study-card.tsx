import { useId } from "react";
import { Link, useNavigation } from "react-router";
import type { CaseStudyView } from "@worker/services/case-study-service";
import { localizeFigure } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { sitePath } from "~/modules/site/site-paths";
import { ArrowRightIcon } from "~/modules/site/ui/icons";
import { Spinner } from "~/modules/site/ui/spinner";

/**
 * One case study as a card: image, tag, title and a 'View case study' link to its detail
 * page. The link is stretched over the whole card (one tab stop, one accessible link whose
 * description is the title). Headline figures, when the study has any, slide over the image
 * on hover AND while the card has keyboard focus (focus-within), so they are never
 * hover-only; on touch screens, which cannot hover, they stay visible. Screen readers read
 * them in either case (opacity does not hide content from them).
 *
 * `priority` loads the image eagerly (cards in the first row); others load lazily. The
 * image has width/height so the 16:10 box is reserved before it arrives.
 */
export function CaseStudyCard({ study, priority = false }: { study: CaseStudyView; priority?: boolean }) {
  const { language, t } = useI18n();
  const titleId = useId();
  const href = sitePath(language, `/solutions/${study.slug}`);
  const navigation = useNavigation();
  // 'Loading case study...' on the card whose detail page is being fetched.
  const opening = navigation.state === "loading" && navigation.location?.pathname === href;

  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition duration-200 hover:-translate-y-0.5 hover:shadow-lg focus-within:-translate-y-0.5 focus-within:shadow-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2 motion-reduce:transform-none motion-reduce:transition-none"
      aria-busy={opening || undefined}
      data-testid="case-study-card"
      data-slug={study.slug}
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-slate-100">
        <img
          src={study.imageUrl}
          alt=""
          width={640}
          height={400}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        {study.figures.length > 0 ? (
          <div
            className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-900/90 via-ink-900/70 to-transparent px-4 pb-4 pt-10 opacity-0 transition duration-300 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100 motion-reduce:transition-none"
            data-testid="case-study-figures"
          >
            <p className="sr-only">{t("site.caseStudies.card.figures")}</p>
            <dl className="grid grid-cols-3 gap-2 text-white">
              {study.figures.slice(0, 3).map((figure) => (
                <div key={`${figure.value}-${figure.label}`} className="flex min-w-0 flex-col-reverse">
                  <dt className="truncate text-xs text-white/80">{figure.label}</dt>
                  <dd className="text-lg font-bold leading-tight sm:text-xl">{localizeFigure(figure.value, language)}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        {opening ? (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 bg-white/80 text-sm font-medium text-slate-700"
          >
            <Spinner />
            {t("site.caseStudies.card.loading")}
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <span className="w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">{study.tag}</span>
        <h3 id={titleId} className="text-lg font-semibold leading-snug text-ink-900">
          {study.title}
        </h3>
        <Link
          to={href}
          prefetch="intent"
          aria-describedby={titleId}
          className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand-600 outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
        >
          {t("site.caseStudies.card.view")}
          <ArrowRightIcon className="h-4 w-4 transition group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}
