import type { LanguageHandle } from "~/i18n/resolve-language";
import { PRIVACY_POLICY } from "~/modules/site/legal/legal-content";
import { LegalDocumentView } from "~/modules/site/legal/legal-document-view";
import { loaderMeta } from "~/modules/site/seo";
import { legalPageData } from "~/modules/site/legal/legal-page.server";
import type { Route } from "./+types/privacy";

// English for every visitor (spec): <html lang="en-US"> and an English header and footer.
export const handle: LanguageHandle = { fixedLanguage: "en" };

export function loader(args: Route.LoaderArgs) {
  return legalPageData(args, PRIVACY_POLICY);
}

export const meta = loaderMeta;

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView document={loaderData.document} />;
}
