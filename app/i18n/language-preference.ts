import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from "./languages.ts";

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Saves the interface language in localStorage (spec key 'language') and in a cookie for SSR. */
export function saveLanguagePreference(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage disabled: the cookie still carries the choice.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
}

/** The language saved in localStorage, if any. */
export function readStoredLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}
