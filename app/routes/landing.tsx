import { data, redirect } from "react-router";
import { getTranslator, isLanguage } from "~/i18n";
import { useI18n } from "~/i18n/react";
import type { LanguageHandle } from "~/i18n/resolve-language";
import type { Route } from "./+types/landing";

export const handle: LanguageHandle = { languageFrom: "url" };

/** Looks like a language code (/fr, /pt-br) rather than a page name. */
const LANGUAGE_LIKE = /^[a-z]{2}(-[a-z]{2})?$/i;

export function loader({ params }: Route.LoaderArgs) {
  const { lang } = params;
  if (isLanguage(lang)) return { lang };
  // An unknown language value on the landing route goes to /pt; other paths are 404s.
  if (LANGUAGE_LIKE.test(lang)) throw redirect("/pt");
  throw data(null, { status: 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = getTranslator(loaderData.lang);
  return [{ title: t("meta.defaultTitle") }, { name: "description", content: t("meta.defaultDescription") }];
}

export default function Landing() {
  const { t } = useI18n();
  return (
    <main className="min-h-screen bg-gradient-to-b from-brand-50 to-white">
      <section className="mx-auto max-w-4xl px-6 py-24 text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{t("common.appName")}</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-ink-900 sm:text-5xl">{t("landing.heroTitle")}</h1>
        <p className="mt-6 text-lg text-slate-600">{t("landing.heroSubtitle")}</p>
      </section>
    </main>
  );
}
