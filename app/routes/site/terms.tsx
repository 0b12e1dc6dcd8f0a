import { messagesFor, SITE_LAYOUT_NAMESPACES } from "~/i18n/dictionaries.server";
import type { LanguageHandle } from "~/i18n/resolve-language";
import { TERMS_OF_SERVICE } from "~/modules/site/legal/legal-content";
import { LegalDocumentView } from "~/modules/site/legal/legal-document-view";
import { pageMeta } from "~/modules/site/seo";
import type { Route } from "./+types/terms";

// English for every visitor (spec): <html lang="en-US"> and an English header and footer.
export const handle: LanguageHandle = { fixedLanguage: "en" };

/** The document (as data, not in the page's JavaScript), and the header and footer in English (they override the layout's pt strings). */
export function loader() {
  return { document: TERMS_OF_SERVICE, messages: messagesFor("en", SITE_LAYOUT_NAMESPACES) };
}

export function meta(args: Route.MetaArgs) {
  const document = args.loaderData?.document;
  if (!document) return [];
  return pageMeta(args, { localized: false, title: document.title, description: document.description });
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView document={loaderData.document} />;
}
