import { data, Link, useLocation, useSearchParams } from "react-router";
import { useI18n } from "~/i18n/react";
import { withOfflineFallback } from "~/lib/offline-fallback";
import { routeErrorReply } from "~/lib/route-errors.server";
import { ArticleCard } from "~/modules/site/insights/article-card";
import { articlesFor, categoryFromSearch } from "~/modules/site/insights/articles";
import { CategoryFilter } from "~/modules/site/insights/category-filter";
import type { NewsletterActionData } from "~/modules/site/insights/newsletter-action-data";
import { NewsletterBox } from "~/modules/site/insights/newsletter-box";
import { newsletterSchema } from "~/modules/site/insights/newsletter-schema";
import { fieldErrorKeys } from "~/modules/site/forms/form-issues";
import { loaderMeta } from "~/modules/site/seo";
import { pageMeta, pageTranslator } from "~/modules/site/seo.server";
import { pageMessages } from "~/modules/site/site-messages.server";
import { pathLanguage } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { workerContext } from "@worker/router-context";
import { subscribeToNewsletter } from "@worker/services/newsletter-service";
import type { Route } from "./+types/blog";
import { PageHero } from "~/modules/site/ui/page-hero";

// The canonical URL has no ?category= (pageMeta uses the path only): every filtered view
// points search engines at the full list.
export const meta = loaderMeta;

export function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const t = pageTranslator(request);
  return {
    meta: pageMeta(args, { title: t("site.insights.meta.title"), description: t("site.insights.meta.description") }),
    messages: pageMessages(request, ["site.insights", "site.forms"]),
  };
}

/**
 * The newsletter box's POST (intent "newsletter"; a fetcher with JavaScript, a plain form
 * post without). Same schema and service as POST /api/newsletter. 200 for a new or an
 * existing subscription, 400 for a bad address, 429 with Retry-After after too many sign-ups
 * from one IP, 500 if storing fails.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const rawEmail = form.get("email");
  const email = typeof rawEmail === "string" ? rawEmail : "";
  if (form.get("intent") !== "newsletter") {
    return data<NewsletterActionData>(
      { ok: false, reason: "invalid", error: "site.insights.newsletter.errors.unknownIntent", email },
      { status: 400 },
    );
  }
  const parsed = newsletterSchema.safeParse({ email: typeof rawEmail === "string" ? rawEmail : undefined });
  if (!parsed.success) {
    const error = fieldErrorKeys(parsed.error, ["email"]).email ?? "site.forms.errors.emailInvalid";
    return data<NewsletterActionData>({ ok: false, reason: "invalid", error, email }, { status: 400 });
  }
  const language = pathLanguage(new URL(request.url).pathname);
  try {
    const { services, auth } = context.get(workerContext);
    const result = await subscribeToNewsletter(services, { email: parsed.data.email, language }, { ip: auth.client.ip });
    return data<NewsletterActionData>({ ok: true, alreadySubscribed: result.alreadySubscribed, email: parsed.data.email });
  } catch (error) {
    // Too many sign-ups from this IP: the API's status and Retry-After; the box shows its own
    // sentence for it (the one the API answers too), by key like its other errors.
    const refused = routeErrorReply(error, language);
    if (refused?.body.error === "rate_limited") {
      return data<NewsletterActionData>(
        { ok: false, reason: "invalid", error: "site.insights.newsletter.errors.rateLimited", email },
        { status: refused.status, headers: refused.headers },
      );
    }
    // Maintenance mode (Settings → Sistema): 503 with Retry-After and 'back soon'.
    if (refused?.body.error === "maintenance") {
      return data<NewsletterActionData>(
        { ok: false, reason: "invalid", error: "site.forms.maintenance", email },
        { status: refused.status, headers: refused.headers },
      );
    }
    console.error("newsletter: subscription failed", error);
    return data<NewsletterActionData>({ ok: false, reason: "failed", email }, { status: 500 });
  }
}

/**
 * In the browser, an unreachable server (offline, dropped connection) is the box's 'offline'
 * state (the address stays, a toast says to try again), not the error screen; any other
 * failure is its error state. Both with a 4xx/5xx status: no revalidation over a dead line.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  const email = String((await request.clone().formData()).get("email") ?? "");
  try {
    return await withOfflineFallback(serverAction, { ok: false, reason: "offline", email } satisfies NewsletterActionData);
  } catch (error) {
    console.error("newsletter: the subscription failed", error);
    return data<NewsletterActionData>({ ok: false, reason: "failed", email }, { status: 500 });
  }
}

export default function InsightsPage({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const category = categoryFromSearch(search);
  const { featured, others, total } = articlesFor(category);

  return (
    <>
      <PageHero eyebrow={t("site.insights.hero.eyebrow")} title={t("site.insights.hero.title")} intro={t("site.insights.hero.intro")}>
        <div className="mt-10">
          <CategoryFilter active={category} />
        </div>
      </PageHero>

      <div className="mx-auto max-w-7xl space-y-14 px-4 pb-20 pt-4 sm:px-6 lg:px-8">
        {total === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center" data-testid="articles-empty">
            <h2 className="text-xl font-semibold text-ink-900">{t("site.insights.empty.title")}</h2>
            <p className="mx-auto mt-2 max-w-md text-slate-600">{t("site.insights.empty.body")}</p>
            <Link to={pathname} preventScrollReset className={`${buttonClass()} mt-6`}>
              {t("site.insights.empty.action")}
            </Link>
          </div>
        ) : null}

        {featured ? (
          <section aria-labelledby="featured-heading">
            <h2 id="featured-heading" className="sr-only">
              {t("site.insights.featured.heading")}
            </h2>
            <ArticleCard article={featured} featured />
          </section>
        ) : null}

        {others.length > 0 ? (
          <section aria-labelledby="articles-heading">
            <h2 id="articles-heading" className="text-2xl font-bold tracking-tight text-ink-900">
              {category
                ? t("site.insights.latest.headingIn", { category: t(`site.insights.categories.${category}`) })
                : t("site.insights.latest.heading")}
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {others.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <NewsletterBox actionData={actionData} />
      </div>
    </>
  );
}
