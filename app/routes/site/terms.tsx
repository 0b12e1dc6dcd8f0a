import { messagesFor, SITE_LAYOUT_NAMESPACES } from "~/i18n/dictionaries.server";
import type { LanguageHandle } from "~/i18n/resolve-language";
import { TERMS_OF_SERVICE } from "~/modules/site/legal/legal-content";
import { LegalDocumentView } from "~/modules/site/legal/legal-document-view";
import { pageMeta } from "~/modules/site/seo";
import type { Route } from "./+types/terms";

// English for every visitor (spec): <html lang="en-US"> and an English header and footer.
export const handle: LanguageHandle = { fixedLanguage: "en" };

/** The header and footer in English too (they override the layout's pt strings). */
export function loader() {
  return { messages: messagesFor("en", SITE_LAYOUT_NAMESPACES) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { localized: false, title: TERMS_OF_SERVICE.title, description: TERMS_OF_SERVICE.description });
}

export default function TermsPage() {
  return <LegalDocumentView document={TERMS_OF_SERVICE} />;
}
