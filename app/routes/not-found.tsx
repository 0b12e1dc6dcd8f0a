import { data } from "react-router";
import { DEFAULT_LANGUAGE, languageFromCookie, languageFromPath } from "~/i18n";
import { messagesFor, SITE_LAYOUT_NAMESPACES } from "~/i18n/dictionaries.server";
import { NotFoundPage } from "~/components/not-found-page";
import { SiteFrame } from "~/modules/site/site-frame";
import type { Route } from "./+types/not-found";

/**
 * Any path no other route claims: a 404 with the site's header, footer and language links,
 * in the visitor's language (the path's prefix, else the saved choice, else pt; the same
 * rule the document's lang follows for this route).
 */
export function loader({ request }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname) ?? languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  return data({ messages: messagesFor(language, SITE_LAYOUT_NAMESPACES) }, { status: 404 });
}

export default function NotFound() {
  return (
    <SiteFrame>
      <NotFoundPage />
    </SiteFrame>
  );
}
