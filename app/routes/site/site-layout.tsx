import { data, Outlet, redirect, useLocation, useNavigation } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import { messagesFor, SITE_SHELL_NAMESPACES } from "~/i18n/dictionaries.server";
import { LoadingState } from "~/modules/site/case-studies/listing-states";
import { ChatButtonSlot } from "~/modules/site/chat-button-slot";
import type { SiteLayoutData } from "~/modules/site/seo";
import { siteOriginFor } from "~/modules/site/site-origin.server";
import { pathWithoutLanguage } from "~/modules/site/site-paths";
import { SiteFooter } from "~/modules/site/site-footer";
import { SiteHeader } from "~/modules/site/site-header";
import type { LanguageHandle } from "~/i18n/resolve-language";
import { workerContext } from "@worker/router-context";
import type { Route } from "./+types/site-layout";

export const handle: LanguageHandle = { languageFrom: "url" };

/** Looks like a language code (/fr, /pt-br) rather than a page name. */
const LANGUAGE_LIKE = /^[a-z]{2}(-[a-z]{2})?$/i;

/**
 * Every public page: the language comes from the URL prefix (pt without one). An unknown
 * language-like value on the landing route (/fr) redirects to /pt; anything else that is
 * not pt, es or en is the 404 page.
 */
export function loader({ params, request, context }: Route.LoaderArgs): SiteLayoutData {
  const lang = (params as { lang?: string }).lang;
  if (lang !== undefined && !isLanguage(lang)) {
    const isLandingPath = new URL(request.url).pathname.replace(/\/+$/, "") === `/${lang}`;
    if (isLandingPath && LANGUAGE_LIKE.test(lang)) throw redirect("/pt");
    throw data(null, { status: 404 });
  }
  return {
    siteLayout: true,
    origin: siteOriginFor(request, context.get(workerContext).env),
    messages: messagesFor(lang ?? DEFAULT_LANGUAGE, SITE_SHELL_NAMESPACES),
  };
}

const isCaseStudiesPath = (pathname: string) => pathWithoutLanguage(pathname) === "/case-studies";

export default function SiteLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pending = navigation.state !== "idle";
  // Arriving at the case studies from another page: the spec's 'Loading Case Studies...'
  // replaces the page until the list is there (changes on the listing itself show it there).
  const enteringCaseStudies =
    navigation.state === "loading" && isCaseStudiesPath(navigation.location.pathname) && !isCaseStudiesPath(pathname);

  return (
    <div className="flex min-h-screen flex-col bg-white">
      {/* A slim progress bar while a client-side navigation or form submission is pending. */}
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand-600 transition-opacity duration-300 ${
          pending ? "animate-pulse opacity-100" : "opacity-0"
        }`}
      />
      <SiteHeader />
      <main id="main" className="flex-1" aria-busy={pending || undefined}>
        {enteringCaseStudies ? (
          <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:px-8">
            <LoadingState />
          </div>
        ) : (
          <Outlet />
        )}
      </main>
      <SiteFooter />
      <ChatButtonSlot />
    </div>
  );
}
