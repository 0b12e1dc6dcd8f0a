import type { Messages, Namespace } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { pathLanguage } from "./site-paths.ts";

/** The given namespaces in the language of a public page's URL (pt without a prefix). */
export function pageMessages(request: Request, namespaces: readonly Namespace[]): Messages {
  return messagesFor(pathLanguage(new URL(request.url).pathname), namespaces);
}
