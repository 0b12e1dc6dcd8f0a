import { cookieFromHeader } from "../../worker/lib/cookies.ts";

export const LANGUAGES = ["pt", "es", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt";

/** BCP 47 locale used by Intl and by hreflang for each interface language. */
export const LOCALES: Record<Language, string> = { pt: "pt-BR", es: "es-ES", en: "en-US" };

/** Name of each language in itself, for the language switchers. */
export const LANGUAGE_NAMES: Record<Language, string> = { pt: "Português", es: "Español", en: "English" };

/** localStorage key (spec) and cookie name (so the server renders the same language). */
export const LANGUAGE_STORAGE_KEY = "language";
export const LANGUAGE_COOKIE = "language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language saved in the `language` cookie of a Cookie header, if any. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  const value = cookieFromHeader(cookieHeader, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

/** The first supported language of an Accept-Language header, if any. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { base: tag.toLowerCase().split("-")[0], q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

/**
 * The language prefix of a path ("/es/contact" → "es"), if it has one. A loader's request
 * during a client-side navigation is React Router's data request, whose URL keeps the
 * ".data" suffix ("/es.data" for the /es landing page): the suffix is not part of the prefix.
 */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split("/")[1]?.replace(/\.data$/, "");
  return isLanguage(first) ? first : null;
}
