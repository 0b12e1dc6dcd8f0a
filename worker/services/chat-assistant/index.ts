import { createEmbeddedAssistant } from "./embedded-assistant.ts";
import type { ChatAssistant } from "./types.ts";
import { createWorkersAiAssistant } from "./workers-ai-assistant.ts";

// The chat assistant behind POST /api/chat-assistant (docs/decisions/013): a language model
// when the deploy has a Workers AI binding, the embedded deterministic assistant otherwise
// (and as the model's fallback).

export { createEmbeddedAssistant, embeddedReply } from "./embedded-assistant.ts";
export { createWorkersAiAssistant, DEFAULT_CHAT_MODEL } from "./workers-ai-assistant.ts";
export type { ChatModelBinding } from "./workers-ai-assistant.ts";
export { CHAT_INTENTS, type ChatAssistant, type ChatAssistantOptions, type ChatAssistantReply, type ChatIntent } from "./types.ts";

export function chatAssistantFor(env: Env): ChatAssistant {
  if (env.AI) return createWorkersAiAssistant({ ai: env.AI, model: env.CHAT_ASSISTANT_MODEL?.trim() || undefined });
  return createEmbeddedAssistant();
}
