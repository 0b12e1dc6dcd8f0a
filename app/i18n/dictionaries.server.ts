import { en } from "./en.ts";
import { es } from "./es.ts";
import type { Dictionary, Language, Messages, Namespace, Translate } from "./index.ts";
import { pt } from "./pt.ts";
import { translate } from "./translate.ts";

// Server only (the .server suffix makes the build refuse it in a browser bundle): every
// string of every language. Loaders pick the namespaces their page shows with
// messagesFor(); the Worker's API and e-mails translate with getTranslator().

export const dictionaries: Record<Language, Dictionary> = { pt, es, en };

/** A translate function bound to one language, over its whole dictionary. */
export function getTranslator(language: Language): Translate {
  const dictionary = dictionaries[language];
  return (key, params) => translate(dictionary, key, params);
}

/** The given namespaces of one language's dictionary, as one partial dictionary. */
export function messagesFor(language: Language, namespaces: readonly Namespace[]): Messages {
  const out: Record<string, unknown> = {};
  for (const namespace of namespaces) {
    const parts = namespace.split(".");
    let source: unknown = dictionaries[language];
    let target = out;
    parts.forEach((part, index) => {
      source = (source as Record<string, unknown>)[part];
      if (index === parts.length - 1) target[part] = source;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out as Messages;
}

/** Namespaces every page needs: the app name, the toaster, the error and not-found screens. */
export const BASE_NAMESPACES = ["common", "errorScreen", "notFound"] as const satisfies readonly Namespace[];

/** The public site's chrome: header, footer, language switcher, chat button, SEO names. */
export const SITE_SHELL_NAMESPACES = [
  ...BASE_NAMESPACES,
  "site.nav",
  "site.switcher",
  "site.footer",
  "site.chat",
  "site.seo",
] as const satisfies readonly Namespace[];

/** The site layout's: the chrome, and the listing's loading state it shows while case studies load. */
export const SITE_LAYOUT_NAMESPACES = [...SITE_SHELL_NAMESPACES, "site.caseStudies.states"] as const satisfies readonly Namespace[];

/**
 * The CRM frame's: sidebar, top bar, user menu, the labels every screen shares and the
 * Ctrl/⌘+K search. Each screen's loader adds its own (crm.dashboard, crm.leads, ...).
 */
export const CRM_FRAME_NAMESPACES = [
  "crm.nav",
  "crm.roles",
  "crm.user",
  "crm.topBar",
  "crm.titles",
  "crm.frame",
  "crm.shared",
  "crm.search",
  "crm.notifications",
  "auth.state",
] as const satisfies readonly Namespace[];
