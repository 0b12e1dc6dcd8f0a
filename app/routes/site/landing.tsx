import { useI18n } from "~/i18n/react";
import { pageMeta, metaTranslator } from "~/modules/site/seo";
import type { Route } from "./+types/landing";

export function meta(args: Route.MetaArgs) {
  const t = metaTranslator(args.location);
  return pageMeta(args, { title: t("meta.defaultTitle"), description: t("meta.defaultDescription") });
}

export default function Landing() {
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-4xl px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{t("common.appName")}</p>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-ink-900 sm:text-5xl">{t("landing.heroTitle")}</h1>
      <p className="mt-6 text-lg text-slate-600">{t("landing.heroSubtitle")}</p>
    </section>
  );
}
