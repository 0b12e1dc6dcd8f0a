import { metaTranslator, pageMeta } from "~/modules/site/seo";
import { useI18n } from "~/i18n/react";
import type { Route } from "./+types/case-studies";

// Placeholder: filled in by the public-site issue.
export function meta(args: Route.MetaArgs) {
  const t = metaTranslator(args.location);
  return pageMeta(args, { title: t("site.caseStudies.meta.title"), description: t("site.caseStudies.meta.description") });
}

export default function Page() {
  const { t } = useI18n();
  return <h1 className="p-10 text-3xl font-bold">{t("site.caseStudies.meta.title")}</h1>;
}
