import type { Dictionary } from "./pt.ts";
import { translate, type KeyPath, type TranslationParams } from "./translate.ts";

// Browser-safe: languages, types and the translator built from the messages a page's
// loaders sent. The dictionaries themselves live in dictionaries.server.ts, which the
// client bundle can never import (see docs/decisions/009-messages-per-route.md).

export * from "./languages.ts";
export type { Dictionary } from "./pt.ts";
export type { TranslationParams } from "./translate.ts";

export type TranslationKey = KeyPath<Dictionary>;
export type Translate = (key: TranslationKey, params?: TranslationParams) => string;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** Part of a dictionary: the namespaces one route's loader sends to the browser. */
export type Messages = DeepPartial<Dictionary>;

/** Every dotted path to a branch of the dictionary ("site.landing", "crm", ...). */
type BranchPath<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? never : `${Prefix}${K}` | BranchPath<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type Namespace = BranchPath<Dictionary>;

/** What a loader returns so its strings reach the page: `{ messages }` beside its data. */
export type WithMessages = { messages: Messages };

const reported = new Set<string>();

/**
 * A translate function over the messages the page received. A key whose namespace no
 * loader sent renders as the key itself and is reported once on the console, so a route
 * that forgot a namespace shows up in the browser suite (it fails on console errors).
 */
export function createTranslator(messages: Messages): Translate {
  return (key, params) => {
    const text = translate(messages, key, params);
    if (text === key && !reported.has(key)) {
      reported.add(key);
      console.error(`Missing translation: ${key} (add its namespace to the route's loader messages)`);
    }
    return text;
  };
}

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (value && typeof value === "object" && current && typeof current === "object") {
      target[key] = mergeInto({ ...(current as Record<string, unknown>) }, value as Record<string, unknown>);
    } else target[key] = value;
  }
  return target;
}

/** Merges the messages of the matched routes, the deepest last (it wins on a shared key). */
export function mergeMessages(parts: readonly (Messages | undefined)[]): Messages {
  const merged: Record<string, unknown> = {};
  for (const part of parts) if (part) mergeInto(merged, part as Record<string, unknown>);
  return merged as Messages;
}

type MatchWithData = { loaderData?: unknown } | undefined;

/** The `messages` of each matched route's loader data, root first. */
export function matchMessages(matches: readonly MatchWithData[]): (Messages | undefined)[] {
  return matches.map((m) => (m?.loaderData as Partial<WithMessages> | null | undefined)?.messages);
}

/** A translator for `meta` functions, from the matches' loader messages. */
export function translatorFromMatches(matches: readonly MatchWithData[]): Translate {
  return createTranslator(mergeMessages(matchMessages(matches)));
}

/** A document title: "<page> — Velox Labs" (public pages, CRM screens, error screens). */
export function documentTitle(t: Translate, page: string): string {
  return `${page} — ${t("common.appName")}`;
}
