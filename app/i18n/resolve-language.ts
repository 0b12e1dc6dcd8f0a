import { DEFAULT_LANGUAGE, languageFromPath, type Language } from "./languages.ts";

/**
 * `handle` a route module exports to say how its language is chosen: from the URL prefix
 * (public pages), or one fixed language (the English-only /privacy and /terms).
 */
export type LanguageHandle = { languageFrom?: "url" | "loader"; fixedLanguage?: Language };

/**
 * The language a page renders in. Public pages (handle.languageFrom === "url") take the
 * URL prefix and default to pt without one; every other page takes the saved choice
 * (cookie mirrored from localStorage) and defaults to pt.
 */
export function resolveLanguage(input: {
  pathname: string;
  languageFromUrl: boolean;
  saved: Language | null;
  fixed?: Language | null;
}): Language {
  if (input.fixed) return input.fixed;
  const prefix = languageFromPath(input.pathname);
  if (prefix) return prefix;
  if (input.languageFromUrl) return DEFAULT_LANGUAGE;
  return input.saved ?? DEFAULT_LANGUAGE;
}
