// The guided flow of the chat assistant (site-and-sign-in.md §4 Chat flow) as pure functions:
// welcome → project type → budget → timeline → team size → contact (provide_contact or
// learn_more). The widget renders what these return; the tests drive them directly.
import { BUDGETS, PROJECT_TYPES, TEAM_SIZES, TIMELINES, type ChatStep, type ChatUserInfo } from "./chat-types.ts";
import { extractContact, guessName } from "./contact-extraction.ts";

/** An option button under a bot message (§3 Chat message). */
export type ChatButton = { text: string; value: string };

/** §3 Chat message; `buttons` only on bot messages. */
export type ChatMessage = { id: string; content: string; isBot: boolean; timestamp: number; buttons?: ChatButton[] };

/** §3 Chat state, plus what the widget must remember for the visit. */
export type ChatState = {
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  projectType: string | null;
  budget: string | null;
  timeline: string | null;
  teamSize: string | null;
  currentStep: ChatStep;
  /** What the assistant understood the visitor needs (sent back to it with every message). */
  needsIdentified: string[];
  /** The e-mail a lead was captured for, so one conversation creates it once. */
  capturedEmail: string | null;
};

export const INITIAL_CHAT_STATE: ChatState = {
  name: null,
  email: null,
  phone: null,
  company: null,
  projectType: null,
  budget: null,
  timeline: null,
  teamSize: null,
  currentStep: "welcome",
  needsIdentified: [],
  capturedEmail: null,
};

/** The copy the flow speaks: a translator over the site.chatAssistant dictionary. */
export type ChatCopy = (key: string, params?: Record<string, string | number>) => string;

/** A reply of the bot: its text and buttons, and a page to open in a new tab, if any. */
export type BotReply = { content: string; buttons?: ChatButton[]; open?: "/contact" | "/case-studies" };

const options = (t: ChatCopy, values: readonly string[]): ChatButton[] => values.map((value) => ({ text: t(`options.${value}`), value }));

export const welcomeReply = (t: ChatCopy): BotReply => ({ content: t("welcome"), buttons: options(t, ["start_conversation"]) });

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/**
 * What a button press does: the new state and the bot's reply. A value of a step's options
 * records the answer and moves to the next step; an unknown value leaves the state alone and
 * gets the default message.
 */
export function pressButton(state: ChatState, value: string, t: ChatCopy): { state: ChatState; reply: BotReply } {
  if (value === "start_conversation") {
    return {
      state: { ...state, currentStep: "project_type" },
      reply: { content: t("askProjectType"), buttons: options(t, PROJECT_TYPES) },
    };
  }
  if (isOneOf(PROJECT_TYPES, value)) {
    return {
      state: { ...state, projectType: value, currentStep: "budget" },
      reply: { content: t("askBudget"), buttons: options(t, BUDGETS) },
    };
  }
  if (isOneOf(BUDGETS, value)) {
    return {
      state: { ...state, budget: value, currentStep: "timeline" },
      reply: { content: t("askTimeline"), buttons: options(t, TIMELINES) },
    };
  }
  if (isOneOf(TIMELINES, value)) {
    return {
      state: { ...state, timeline: value, currentStep: "team_size" },
      reply: { content: t("askTeamSize"), buttons: options(t, TEAM_SIZES) },
    };
  }
  if (isOneOf(TEAM_SIZES, value)) {
    const next = { ...state, teamSize: value, currentStep: "contact" as const };
    const label = (answer: string | null) => (answer ? t(`options.${answer}`) : "—");
    return {
      state: next,
      reply: {
        content: t("askNext", {
          projectType: label(next.projectType),
          budget: label(next.budget),
          timeline: label(next.timeline),
          teamSize: label(value),
        }),
        buttons: options(t, ["provide_contact", "learn_more"]),
      },
    };
  }
  if (value === "provide_contact") return { state: { ...state, currentStep: "contact" }, reply: { content: t("askContact") } };
  if (value === "learn_more")
    return { state, reply: { content: t("learnMore"), buttons: options(t, ["schedule_call", "view_portfolio"]) } };
  if (value === "schedule_call") return { state, reply: { content: t("openedContact"), open: "/contact" } };
  if (value === "view_portfolio") return { state, reply: { content: t("openedPortfolio"), open: "/case-studies" } };
  return { state, reply: { content: t("unknownOption") } };
}

/**
 * The options of the step the visitor is on, offered again under an answer to free text, so
 * a question in the middle of the flow never leaves them without a way on.
 */
export function stepButtons(state: ChatState, t: ChatCopy): ChatButton[] | undefined {
  const byStep: Partial<Record<ChatStep, readonly string[]>> = {
    welcome: ["start_conversation"],
    project_type: PROJECT_TYPES,
    budget: BUDGETS,
    timeline: TIMELINES,
    team_size: TEAM_SIZES,
  };
  const values = byStep[state.currentStep];
  return values ? options(t, values) : undefined;
}

/** ", Ana" when the name is known (the copy reads "Obrigado{name}!"), else nothing. */
const nameSuffix = (name: string | null) => (name ? `, ${name.split(/\s+/)[0]}` : "");

/**
 * A message typed in the contact step (§4, §5): scanned for an e-mail and a phone, and taken
 * as the name when nothing else is found in at most 3 words. With an e-mail the lead is to be
 * created (`capture`) and the bot confirms with a schedule-call button; with only a name or a
 * phone it asks for the e-mail; with nothing of the kind it is a question for the assistant
 * (`ask`).
 */
export function contactStepMessage(
  state: ChatState,
  text: string,
  t: ChatCopy,
): { state: ChatState; reply?: BotReply; capture?: boolean; ask?: boolean } {
  const extracted = extractContact(text);
  const found = { ...extracted, name: extracted.name ?? guessName(text) };
  if (!found.email && !found.phone && !found.name) return { state, ask: true };
  const next: ChatState = {
    ...state,
    name: found.name ?? state.name,
    email: found.email ?? state.email,
    phone: found.phone ?? state.phone,
    company: found.company ?? state.company,
  };
  if (!next.email) return { state: next, reply: { content: t("askEmail", { name: nameSuffix(next.name) }) } };
  return {
    state: next,
    capture: next.capturedEmail !== next.email,
    reply: { content: t("confirmed", { name: nameSuffix(next.name), email: next.email }), buttons: options(t, ["schedule_call"]) },
  };
}

/** What the assistant's answer teaches the state (never forgetting what is known). */
export function mergeUserInfo(state: ChatState, info: ChatUserInfo): ChatState {
  return {
    ...state,
    name: info.name || state.name,
    email: info.email || state.email,
    phone: info.phone || state.phone,
    company: info.company || state.company,
    needsIdentified: [...new Set([...state.needsIdentified, ...(info.needsIdentified ?? [])])].slice(0, 10),
  };
}

export const userInfoOf = (state: ChatState): ChatUserInfo => ({
  name: state.name,
  email: state.email,
  phone: state.phone,
  company: state.company,
  needsIdentified: state.needsIdentified,
});

/** 1000 ms plus a random extra up to 1000 ms (§9 Chat). */
export const replyDelay = (random: () => number = Math.random) => 1000 + Math.floor(random() * 1000);
