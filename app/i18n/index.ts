import { en } from "./en.ts";
import { es } from "./es.ts";
import type { Language } from "./languages.ts";
import { pt, type Dictionary } from "./pt.ts";
import { translate, type KeyPath, type TranslationParams } from "./translate.ts";

export * from "./languages.ts";
export type { Dictionary } from "./pt.ts";
export type { TranslationParams } from "./translate.ts";

export const dictionaries: Record<Language, Dictionary> = { pt, es, en };

export type TranslationKey = KeyPath<Dictionary>;
export type Translate = (key: TranslationKey, params?: TranslationParams) => string;

/** A translate function bound to one language (server and client alike). */
export function getTranslator(language: Language): Translate {
  const dictionary = dictionaries[language];
  return (key, params) => translate(dictionary, key, params);
}

/** A document title: "<page> — Velox Labs" (public pages, CRM screens, error screens). */
export function documentTitle(t: Translate, page: string): string {
  return `${page} — ${t("common.appName")}`;
}
