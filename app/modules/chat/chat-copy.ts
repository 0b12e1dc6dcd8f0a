// The chat assistant's copy, loaded with the panel on first open (never with the page): one
// module per language, the same dictionary the server knows as site.chatAssistant.
import type { ChatLanguage } from "./chat-types.ts";
import { translate } from "~/i18n/translate";
import type { ChatCopy } from "./chat-flow.ts";

const LOADERS: Record<ChatLanguage, () => Promise<object>> = {
  pt: () => import("~/i18n/site/chatAssistant/pt").then((m) => m.chatAssistantPt),
  es: () => import("~/i18n/site/chatAssistant/es").then((m) => m.chatAssistantEs),
  en: () => import("~/i18n/site/chatAssistant/en").then((m) => m.chatAssistantEn),
};

export async function loadChatCopy(language: ChatLanguage): Promise<ChatCopy> {
  const dictionary = await LOADERS[language]();
  return (key, params) => translate(dictionary, key, params);
}
