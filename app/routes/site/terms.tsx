import { messagesFor, SITE_LAYOUT_NAMESPACES } from "~/i18n/dictionaries.server";
import type { LanguageHandle } from "~/i18n/resolve-language";
import { TERMS_OF_SERVICE } from "~/modules/site/legal/legal-content";
import { LegalDocumentView } from "~/modules/site/legal/legal-document-view";
import { loaderMeta } from "~/modules/site/seo";
import { pageMeta } from "~/modules/site/seo.server";
import type { Route } from "./+types/terms";

// English for every visitor (spec): <html lang="en-US"> and an English header and footer.
export const handle: LanguageHandle = { fixedLanguage: "en" };

/** The document (as data, not in the page's JavaScript), and the header and footer in English (they override the layout's pt strings). */
export function loader(args: Route.LoaderArgs) {
  const meta = pageMeta(args, { localized: false, title: TERMS_OF_SERVICE.title, description: TERMS_OF_SERVICE.description });
  return { document: TERMS_OF_SERVICE, meta, messages: messagesFor("en", SITE_LAYOUT_NAMESPACES) };
}

export const meta = loaderMeta;

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView document={loaderData.document} />;
}
