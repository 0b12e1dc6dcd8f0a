import { data, Outlet, redirect, useLocation, useNavigation } from "react-router";
import { LazyNotFoundPage } from "~/components/error-screen";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import { messagesFor, SITE_LAYOUT_NAMESPACES } from "~/i18n/dictionaries.server";
import { LoadingState } from "~/modules/site/ui/state-panel";
import { pathWithoutLanguage } from "~/modules/site/site-paths";
import { SiteFrame } from "~/modules/site/site-frame";
import type { LanguageHandle } from "~/i18n/resolve-language";
import type { Route } from "./+types/site-layout";

export const handle: LanguageHandle = { languageFrom: "url" };

/** Looks like a language code (/fr, /pt-br) rather than a page name. */
const LANGUAGE_LIKE = /^[a-z]{2}(-[a-z]{2})?$/i;

/**
 * Every public page: the language comes from the URL prefix (pt without one). An unknown
 * language-like value on the landing route (/fr) redirects to /pt; anything else that is
 * not pt, es or en is the 404 page, inside the site's header and footer (in pt).
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const lang = (params as { lang?: string }).lang;
  const unknownLanguage = lang !== undefined && !isLanguage(lang);
  if (unknownLanguage) {
    const isLandingPath = new URL(request.url).pathname.replace(/\/+$/, "") === `/${lang}`;
    if (isLandingPath && LANGUAGE_LIKE.test(lang)) throw redirect("/pt");
  }
  const layout = {
    messages: messagesFor(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, SITE_LAYOUT_NAMESPACES),
    notFound: unknownLanguage,
  };
  return data(layout, { status: unknownLanguage ? 404 : 200 });
}

const isCaseStudiesPath = (pathname: string) => pathWithoutLanguage(pathname) === "/case-studies";

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Arriving at the case studies from another page: the spec's 'Loading Case Studies...'
  // replaces the page until the list is there (changes on the listing itself show it there).
  const enteringCaseStudies =
    navigation.state === "loading" && isCaseStudiesPath(navigation.location.pathname) && !isCaseStudiesPath(pathname);

  return (
    <SiteFrame>
      {loaderData.notFound ? (
        <LazyNotFoundPage />
      ) : enteringCaseStudies ? (
        <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8">
          <LoadingState />
        </div>
      ) : (
        <Outlet />
      )}
    </SiteFrame>
  );
}
