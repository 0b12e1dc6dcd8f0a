import { DEFAULT_LANGUAGE, isLanguage, languageFromCookie, type Language } from "~/i18n";

/**
 * The language a CRM page asking this API is in, for texts the server writes for it
 * (notifications, the chat assistant's timeline entry): the caller's choice (`?lang=`, then the
 * CRM's language cookie), else the CRM's default (pt) — exactly how the CRM's pages pick theirs
 * (app/root.tsx), so what the API writes reads like the page around it. Never Accept-Language,
 * and never the language saved on the user: that one is for what reaches them outside a page
 * (e-mail, push), and another tab may have changed it. docs/decisions/025.
 */
export function pageLanguage(request: Request): Language {
  const fromQuery = new URL(request.url).searchParams.get("lang");
  if (isLanguage(fromQuery)) return fromQuery;
  return languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
}
