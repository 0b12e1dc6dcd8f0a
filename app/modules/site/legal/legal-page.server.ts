import { messagesFor, SITE_LAYOUT_NAMESPACES } from "~/i18n/dictionaries.server";
import { pageMeta, type LoaderArgsLike } from "~/modules/site/seo.server";
import type { LegalDocument } from "./legal-content.ts";

/**
 * The loader data of /privacy and /terms: the document (as data, not in the page's
 * JavaScript), its head tags, and the header and footer in English (they override the
 * layout's pt strings: these pages are English for every visitor).
 */
export function legalPageData(args: LoaderArgsLike, document: LegalDocument) {
  return {
    document,
    meta: pageMeta(args, { localized: false, title: document.title, description: document.description }),
    messages: messagesFor("en", SITE_LAYOUT_NAMESPACES),
  };
}
