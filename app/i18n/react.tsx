import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useMatches } from "react-router";
import { createTranslator, matchMessages, mergeMessages, type Language, type Messages, type Translate } from "./index.ts";

type I18nValue = { language: Language; t: Translate };

const I18nContext = createContext<I18nValue | null>(null);

/**
 * The messages of every matched route (each loader sends the namespaces its page shows),
 * merged root first. `t` keeps its identity until the strings themselves change.
 */
export function useRouteMessages(fallback?: Messages): Messages {
  const json = JSON.stringify(mergeMessages([fallback, ...matchMessages(useMatches())]));
  // A revalidation sends equal messages in new objects: keep the old ones (one object per
  // distinct text), so a search or a form post does not re-render every translated component.
  return useMemo(() => JSON.parse(json) as Messages, [json]);
}

export function I18nProvider({ language, messages, children }: { language: Language; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => ({ language, t: createTranslator(messages) }), [language, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The current interface language and its translate function. */
export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n must be used inside <I18nProvider>");
  return value;
}
