import { LANGUAGES, LOCALES } from "~/i18n";
import { LOCALIZED_PAGES, sitePath } from "~/modules/site/site-paths";
import { siteOriginFor } from "~/modules/site/site-origin.server";
import { workerContext } from "@worker/router-context";
import { listCaseStudySlugs } from "@worker/services/case-study-service";
import type { Route } from "./+types/sitemap";

const xml = (value: string) => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * /sitemap.xml: every public URL in pt, es and en, each with its hreflang alternates
 * (and x-default → pt), the case studies read from the database, and the legal pages.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = context.get(workerContext);
  const origin = siteOriginFor(request, env);
  const studies = await listCaseStudySlugs(db);
  const pages: { path: string; lastmod?: string }[] = [
    ...LOCALIZED_PAGES.map((path) => ({ path })),
    ...studies.map((s) => ({ path: `/solutions/${s.slug}`, lastmod: s.createdAt.slice(0, 10) })),
  ];

  const urls: string[] = [];
  for (const page of pages) {
    const alternates = [
      ...LANGUAGES.map(
        (lang) => `    <xhtml:link rel="alternate" hreflang="${LOCALES[lang]}" href="${xml(origin + sitePath(lang, page.path))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + sitePath("pt", page.path))}"/>`,
    ];
    for (const lang of LANGUAGES) {
      urls.push(
        [
          "  <url>",
          `    <loc>${xml(origin + sitePath(lang, page.path))}</loc>`,
          ...(page.lastmod ? [`    <lastmod>${page.lastmod}</lastmod>`] : []),
          ...alternates,
          "  </url>",
        ].join("\n"),
      );
    }
  }
  for (const path of ["/privacy", "/terms"]) urls.push(`  <url>\n    <loc>${xml(origin + path)}</loc>\n  </url>`);

  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
