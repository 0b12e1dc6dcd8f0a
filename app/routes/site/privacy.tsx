import { messagesFor, SITE_LAYOUT_NAMESPACES } from "~/i18n/dictionaries.server";
import type { LanguageHandle } from "~/i18n/resolve-language";
import { PRIVACY_POLICY } from "~/modules/site/legal/legal-content";
import { LegalDocumentView } from "~/modules/site/legal/legal-document-view";
import { pageMeta } from "~/modules/site/seo";
import type { Route } from "./+types/privacy";

// English for every visitor (spec): <html lang="en-US"> and an English header and footer.
export const handle: LanguageHandle = { fixedLanguage: "en" };

/** The header and footer in English too (they override the layout's pt strings). */
export function loader() {
  return { messages: messagesFor("en", SITE_LAYOUT_NAMESPACES) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { localized: false, title: PRIVACY_POLICY.title, description: PRIVACY_POLICY.description });
}

export default function PrivacyPage() {
  return <LegalDocumentView document={PRIVACY_POLICY} />;
}
