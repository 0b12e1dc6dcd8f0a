import { data, Outlet, redirect } from "react-router";
import { isLanguage } from "~/i18n";
import { ChatButtonSlot } from "~/modules/site/chat-button-slot";
import type { SiteLayoutData } from "~/modules/site/seo";
import { siteOriginFor } from "~/modules/site/site-origin.server";
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
  return { siteLayout: true, origin: siteOriginFor(request, context.get(workerContext).env) };
}

export default function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ChatButtonSlot />
    </div>
  );
}
