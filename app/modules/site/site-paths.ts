import { DEFAULT_LANGUAGE, LANGUAGES, languageFromPath, type Language } from "~/i18n";

/** The public pages that exist in every language, as paths without the language prefix. */
export const LOCALIZED_PAGES = ["", "/case-studies", "/planner", "/blog", "/about", "/contact"] as const;

/** A public path in a language: sitePath("es", "/contact") → "/es/contact"; sitePath("en") → "/en". */
export function sitePath(language: Language, path = ""): string {
  return `/${language}${path === "/" ? "" : path}`;
}

/** The path without its language prefix: "/es/contact" → "/contact", "/pt" → "", "/about" → "/about". */
export function pathWithoutLanguage(pathname: string): string {
  const prefix = languageFromPath(pathname);
  const rest = prefix ? pathname.slice(prefix.length + 1) : pathname;
  return rest === "/" ? "" : rest.replace(/\/+$/, "");
}

/** The language a public path renders in (its prefix; pt without one). */
export function pathLanguage(pathname: string): Language {
  return languageFromPath(pathname) ?? DEFAULT_LANGUAGE;
}

/** True for the landing page with or without a language prefix ("/", "/pt", "/en/"). */
export function isHomePath(pathname: string): boolean {
  return pathWithoutLanguage(pathname) === "";
}

export { LANGUAGES };
