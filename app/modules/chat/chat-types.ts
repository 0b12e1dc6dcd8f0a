// The lead-qualification chat assistant's shared vocabulary (site-and-sign-in.md §3, §4, §7,
// §9): the widget, POST /api/chat-assistant and POST /api/leads/capture all speak it. Types
// and constants only, so the browser can import it for free (no zod here: the server's
// schemas live in worker/services/chat-schemas.ts and are checked against these types).

export type ChatLanguage = "pt" | "es" | "en";

/** Guided-flow steps, in order (§4 Chat flow). */
export const CHAT_STEPS = ["welcome", "project_type", "budget", "timeline", "team_size", "contact"] as const;
export type ChatStep = (typeof CHAT_STEPS)[number];

export const PROJECT_TYPES = ["web_app", "mobile_app", "ecommerce", "automation", "other_project"] as const;
export const BUDGETS = ["budget_5k", "budget_25k", "budget_50k", "budget_100k"] as const;
export const TIMELINES = ["timeline_urgent", "timeline_1month", "timeline_3months", "timeline_6months"] as const;
export const TEAM_SIZES = ["team_startup", "team_small", "team_medium", "team_enterprise"] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export type Budget = (typeof BUDGETS)[number];
export type Timeline = (typeof TIMELINES)[number];
export type TeamSize = (typeof TEAM_SIZES)[number];

/** §9: a budget answer becomes the lead's estimated_value; anything else is 0. */
export const BUDGET_ESTIMATED_VALUE: Readonly<Record<Budget, number>> = {
  budget_5k: 15000,
  budget_25k: 37500,
  budget_50k: 75000,
  budget_100k: 150000,
};
export const estimatedValueForBudget = (budget: string | null | undefined): number =>
  budget && Object.hasOwn(BUDGET_ESTIMATED_VALUE, budget) ? BUDGET_ESTIMATED_VALUE[budget as Budget] : 0;

/** A turn of the conversation as the assistant sees it (§7). */
export type ChatTurn = { content: string; isBot: boolean };

/** What the conversation has learned about the visitor (§7 userInfo). */
export type ChatUserInfo = {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
  /** What the visitor needs, as the assistant understood it (intents and project types). */
  needsIdentified?: string[];
};

/** §7 pageContext: the facts the page gives the assistant (all optional, all short). */
export type ChatPageContext = {
  company?: string;
  services?: string[];
  specialties?: string[];
  trackRecord?: string;
  valueProposition?: string;
};

/** POST /api/chat-assistant body. */
export type ChatAssistantRequest = {
  message: string;
  language: ChatLanguage;
  conversation: ChatTurn[];
  userInfo: ChatUserInfo;
  pageContext?: ChatPageContext;
};

/**
 * POST /api/chat-assistant answer. `response` is plain text (never HTML); it may name pages
 * of the site by their path in the visitor's language (e.g. /es/planner), which the widget
 * shows as links. Never empty on success.
 */
export type ChatAssistantResponse = {
  response: string;
  userInfo: ChatUserInfo;
  shouldCreateLead: boolean;
};

/** Limits of the request (the server refuses more with a 400). */
export const CHAT_LIMITS = {
  /** Characters of one visitor message. */
  messageLength: 1000,
  /** Turns of history sent with a message (the widget sends the newest ones). */
  conversationTurns: 40,
  /** Characters of one turn of history. */
  turnLength: 2000,
} as const;

/** POST /api/leads/capture body (§3 Lead; source and status are the server's). */
export type LeadCaptureRequest = {
  name?: string | null;
  email: string;
  phone?: string | null;
  company?: string | null;
  language: ChatLanguage;
  projectType?: string | null;
  budget?: string | null;
  timeline?: string | null;
  teamSize?: string | null;
  /** The whole conversation, oldest first. */
  transcript: ChatTurn[];
  /** Honeypot: a hidden field people leave empty. */
  website?: string;
};

/**
 * POST /api/leads/capture answer: 201 a lead was created, 200 the lead of that e-mail was
 * updated (or the honeypot was filled). Nothing about the lead goes back to the visitor.
 */
export type LeadCaptureResponse = { ok: true };
