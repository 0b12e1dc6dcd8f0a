import { DEFAULT_LANGUAGE, isLanguage, languageFromAcceptLanguage, languageFromCookie, type Language } from "~/i18n";

/**
 * The language an API caller reads: `?lang=`, then the saved `language` cookie, then
 * Accept-Language, then pt.
 */
export function requestLanguage(request: Request): Language {
  const fromQuery = new URL(request.url).searchParams.get("lang");
  if (isLanguage(fromQuery)) return fromQuery;
  return (
    languageFromCookie(request.headers.get("Cookie")) ??
    languageFromAcceptLanguage(request.headers.get("Accept-Language")) ??
    DEFAULT_LANGUAGE
  );
}
