import type { MetaDescriptor } from "react-router";
import { documentTitle, LANGUAGES, LOCALES, translatorFromMatches, type Language, type Messages } from "~/i18n";
import { pathLanguage, pathWithoutLanguage, sitePath } from "./site-paths.ts";

/** What the site layout's loader gives every public page's meta. */
export type SiteLayoutData = { siteLayout: true; origin: string; messages: Messages };

type MetaMatch = { loaderData?: unknown } | undefined;
export type SiteMetaArgs = { location: { pathname: string }; matches: readonly MetaMatch[] };

/** The origin canonical and alternate URLs use (from the site layout's loader). */
export function siteOrigin(matches: readonly MetaMatch[]): string {
  const layout = matches.find((m) => (m?.loaderData as Partial<SiteLayoutData> | undefined)?.siteLayout);
  return (layout?.loaderData as SiteLayoutData | undefined)?.origin ?? "";
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
export function pageMeta({ location, matches }: SiteMetaArgs, options: PageMetaOptions): MetaDescriptor[] {
  // An unknown language prefix (/xx/about): the layout shows the not-found page, which sets
  // its own title and noindex.
  if (matches.some((m) => (m?.loaderData as { notFound?: boolean } | undefined)?.notFound)) return [];
  const origin = siteOrigin(matches);
  const localized = options.localized ?? true;
  const language = pathLanguage(location.pathname);
  const rest = pathWithoutLanguage(location.pathname);
  const canonical = `${origin}${localized ? sitePath(language, rest) : rest || "/"}`;
  const image = options.image ?? "/og-image.jpg";
  const t = translatorFromMatches(matches);

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

/** The translate function of the page being described (for meta functions): its loaders' messages. */
export function metaTranslator(args: { matches: readonly MetaMatch[] }) {
  return translatorFromMatches(args.matches);
}
