import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { documentTitle, isLanguage, LANGUAGES, LOCALES, type Language, type Translate } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { workerContext } from "@worker/router-context";
import { siteOriginFor } from "./site-origin.server.ts";
import { pathLanguage, pathWithoutLanguage, sitePath } from "./site-paths.ts";

// A public page's <head> tags are built here, on the server, by the page's loader, and
// travel as its loader data (`meta`); the route's `meta` export only returns them
// (loaderMeta in seo.ts). So the browser never loads this code nor the strings it uses.

export type LoaderArgsLike = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** The page's path: a client-side navigation's data request ends in ".data" ("/es.data", "/_root.data"). */
export function pagePath(request: Request): string {
  const pathname = new URL(request.url).pathname;
  if (pathname.endsWith("/_root.data")) return pathname.slice(0, -"_root.data".length) || "/";
  return pathname.replace(/\.data$/, "");
}

/** A translate function in the language of the public page being loaded (pt without a prefix). */
export function pageTranslator(request: Request): Translate {
  return getTranslator(pathLanguage(pagePath(request)));
}

/** Open Graph's locale form of a language: pt → pt_BR. */
export const ogLocale = (language: Language) => LOCALES[language].replace("-", "_");

export type PageMetaOptions = {
  /** The page's own name; the document title adds " — Velox Labs" unless `brand` is false. */
  title: string;
  /** false when the title already names the brand (the landing page). Default true. */
  brand?: boolean;
  description: string;
  /** false for pages that exist in one language only (/privacy, /terms). Default true. */
  localized?: boolean;
  /** Open Graph type: "website" unless said otherwise ("article" for a case study). */
  ogType?: "website" | "article";
  /** Extra tags (keywords, robots noindex, ...). */
  extra?: MetaDescriptor[];
  /** Absolute or root-relative image for social cards. Default /og-image.jpg. */
  image?: string;
};

/**
 * Title, description, canonical link, hreflang alternates (pt-BR, es-ES, en-US and
 * x-default → pt) and the Open Graph / Twitter tags of a public page. The canonical URL
 * of an unprefixed page (/about) is its pt URL (/pt/about): both render the same page.
 */
export function pageMeta({ request, context, params }: LoaderArgsLike, options: PageMetaOptions): MetaDescriptor[] {
  // An unknown language prefix (/xx/about): the layout shows the not-found page, which sets
  // its own title and noindex.
  if (params.lang !== undefined && !isLanguage(params.lang)) return [];
  const origin = siteOriginFor(request, context.get(workerContext).env);
  const path = pagePath(request);
  const localized = options.localized ?? true;
  const language = pathLanguage(path);
  const rest = pathWithoutLanguage(path);
  const canonical = `${origin}${localized ? sitePath(language, rest) : rest || "/"}`;
  const image = options.image ?? "/og-image.jpg";
  const t = getTranslator(language);

  const tags: MetaDescriptor[] = [
    { title: options.brand === false ? options.title : documentTitle(t, options.title) },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: t("site.seo.ogSiteName") },
    { property: "og:type", content: options.ogType ?? "website" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image.startsWith("http") ? image : `${origin}${image}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: options.title },
    { name: "twitter:description", content: options.description },
  ];
  if (localized) {
    tags.push({ property: "og:locale", content: ogLocale(language) });
    for (const other of LANGUAGES) {
      if (other !== language) tags.push({ property: "og:locale:alternate", content: ogLocale(other) });
    }
    for (const lang of LANGUAGES) {
      tags.push({ tagName: "link", rel: "alternate", hrefLang: LOCALES[lang], href: `${origin}${sitePath(lang, rest)}` });
    }
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${sitePath("pt", rest)}` });
  } else {
    tags.push({ property: "og:locale", content: "en_US" });
  }
  return [...tags, ...(options.extra ?? [])];
}
