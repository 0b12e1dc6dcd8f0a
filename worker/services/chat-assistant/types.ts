import type { ChatAssistantRequest, ChatAssistantResponse } from "~/modules/chat/chat-types";

/**
 * What a visitor's message is about. The guided flow's free text is sorted into these; the
 * list is the (greeting … unknown) plus four the evaluation set showed visitors
 * need: roi (the landing page's calculator), thanks and goodbye (a short closing answer
 * instead of a sales pitch). "I want to talk to a person" is `contact`.
 */
export const CHAT_INTENTS = [
  "greeting",
  "services",
  "pricing",
  "timeline",
  "guarantee",
  "case_studies",
  "process",
  "roi",
  "contact",
  "thanks",
  "goodbye",
  "unknown",
] as const;
export type ChatIntent = (typeof CHAT_INTENTS)[number];

/** The assistant's answer: the §7 response plus the intent it understood (for logs and tests). */
export type ChatAssistantReply = ChatAssistantResponse & { intent: ChatIntent };

export type ChatAssistantOptions = { signal?: AbortSignal };

/** The brain behind POST /api/chat-assistant: embedded (default) or Workers AI. */
export type ChatAssistant = {
  reply(request: ChatAssistantRequest, options?: ChatAssistantOptions): Promise<ChatAssistantReply>;
};
