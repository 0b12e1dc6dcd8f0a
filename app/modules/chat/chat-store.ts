// The conversation kept in the browser for the visit (sessionStorage): it survives
// navigation between public pages and a reload, and ends with the tab.
import { INITIAL_CHAT_STATE, type ChatMessage, type ChatState } from "./chat-flow.ts";
import { CHAT_STEPS } from "./chat-types.ts";

const KEY = "velox-chat-assistant:v1";
/** A conversation longer than this keeps its newest messages. */
const MAX_MESSAGES = 200;

export type StoredConversation = {
  messages: ChatMessage[];
  state: ChatState;
  /** A captured lead the server has not confirmed yet (sent again once back online). */
  pendingCapture: boolean;
};

export const EMPTY_CONVERSATION: StoredConversation = { messages: [], state: INITIAL_CHAT_STATE, pendingCapture: false };

const isMessage = (value: unknown): value is ChatMessage => {
  const m = value as ChatMessage;
  return (
    !!m && typeof m.id === "string" && typeof m.content === "string" && typeof m.isBot === "boolean" && typeof m.timestamp === "number"
  );
};

/** What this tab remembers, or an empty conversation when nothing (valid) is stored. */
export function readConversation(): StoredConversation {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return EMPTY_CONVERSATION;
    const stored = JSON.parse(raw) as Partial<StoredConversation>;
    if (!Array.isArray(stored.messages) || !stored.messages.every(isMessage)) return EMPTY_CONVERSATION;
    const state = { ...INITIAL_CHAT_STATE, ...(stored.state ?? {}) };
    if (!(CHAT_STEPS as readonly string[]).includes(state.currentStep) || !Array.isArray(state.needsIdentified)) return EMPTY_CONVERSATION;
    return { messages: stored.messages, state, pendingCapture: stored.pendingCapture === true };
  } catch {
    return EMPTY_CONVERSATION; // storage disabled or a broken value: start over
  }
}

export function writeConversation(conversation: StoredConversation) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...conversation, messages: conversation.messages.slice(-MAX_MESSAGES) }));
  } catch {
    // Storage full or disabled: the conversation lives as long as the page.
  }
}

export function forgetConversation() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
