// The request bodies of the chat assistant's two public routes (POST /api/chat-assistant and
// POST /api/leads/capture), checked against the shared contract app/modules/chat/chat-types.ts
// at compile time: a field added to, removed from or retyped in the contract without the
// schema following fails `tsc` (see the checks at the end of this file).
//
// Issue messages are dictionary keys (apiErrors.field.*, site.forms.errors.* for the e-mail):
// validateWithMessageKeys answers them in the visitor's language, which the routes take from
// the body's `language` when it is valid (worker/api/body-language.ts). They live with the
// services: lead-capture-service takes the parsed body's type.
import {
  BUDGETS,
  CHAT_LIMITS,
  PROJECT_TYPES,
  TEAM_SIZES,
  TIMELINES,
  type ChatAssistantRequest,
  type ChatPageContext,
  type ChatTurn,
  type ChatUserInfo,
  type LeadCaptureRequest,
} from "~/modules/chat/chat-types";
import { LANGUAGES } from "~/i18n";
import { isSingleLine } from "~/lib/single-line";
import { z } from "~/lib/zod";
import { emailField } from "~/modules/site/forms/email-field";

const FIELD = {
  required: "apiErrors.field.required",
  tooLong: "apiErrors.field.too_long",
  tooMany: "apiErrors.field.too_many",
  invalid: "apiErrors.field.invalid_value",
  control: "apiErrors.field.control_characters",
} as const;

/** Field lengths of the parts the contract leaves open (chosen for people, not the database). */
export const CHAT_FIELD_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  company: 200,
  /** needsIdentified: intents and project types, short words. */
  needs: 20,
  needLength: 60,
  /** pageContext: a few short facts of the page. */
  contextList: 20,
  contextItem: 200,
  contextText: 500,
} as const;

/** POST /api/leads/capture: the whole conversation, oldest first (the guided flow is ~12 turns). */
export const LEAD_CAPTURE_LIMITS = {
  transcriptTurns: 60,
  turnLength: CHAT_LIMITS.turnLength,
  honeypot: 1000,
} as const;

// Multi-line text keeps \n and \t; every other C0 control character and DEL is refused (a
// CR of a CRLF is first folded into \n, so text pasted from Windows is fine).
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const hasNoControl = (value: string) => !FORBIDDEN_CONTROL.test(value);
const foldNewlines = (value: string) => value.replace(/\r\n?/g, "\n");

/** Missing → required; present but not a string → invalid value. */
const stringError = { error: (issue: { input?: unknown }) => (issue.input === undefined ? FIELD.required : FIELD.invalid) };

/** Multi-line text up to `max` characters (not trimmed: a turn of history is kept as sent). */
const multiLine = (max: number) =>
  z
    .string(stringError)
    .overwrite(foldNewlines)
    .max(max, { error: FIELD.tooLong, abort: true })
    .refine(hasNoControl, { error: FIELD.control });

/** One line, trimmed, up to `max`; "" and null → null; absent stays absent. */
const optionalLine = (max: number) =>
  z
    .string({ error: FIELD.invalid })
    .trim()
    .max(max, { error: FIELD.tooLong, abort: true })
    .refine(isSingleLine, { error: FIELD.control })
    .nullable()
    .transform((value) => value || null)
    .optional();

const turnSchema = (max: number) =>
  z.object(
    {
      content: multiLine(max),
      isBot: z.boolean({ error: (issue) => (issue.input === undefined ? FIELD.required : FIELD.invalid) }),
    },
    { error: FIELD.invalid },
  );

const turnsSchema = (maxTurns: number, maxLength: number) =>
  z.array(turnSchema(maxLength), { error: stringError.error }).max(maxTurns, { error: FIELD.tooMany });

const languageSchema = z.enum(LANGUAGES, { error: (issue) => (issue.input === undefined ? FIELD.required : FIELD.invalid) });

const shortList = (items: number, length: number) =>
  z
    .array(
      z
        .string({ error: FIELD.invalid })
        .trim()
        .max(length, { error: FIELD.tooLong, abort: true })
        .refine(isSingleLine, { error: FIELD.control }),
      {
        error: FIELD.invalid,
      },
    )
    .max(items, { error: FIELD.tooMany });

const contextLine = (max: number) =>
  z.string({ error: FIELD.invalid }).trim().max(max, { error: FIELD.tooLong, abort: true }).refine(isSingleLine, { error: FIELD.control });

/**
 * POST /api/chat-assistant (spec §7). `message`: trimmed, 1..CHAT_LIMITS.messageLength
 * characters, line breaks and tabs allowed, other control characters refused. `conversation`
 * (≤ CHAT_LIMITS.conversationTurns turns of ≤ CHAT_LIMITS.turnLength) and `userInfo` may be
 * left out (read as [] and {}); `pageContext` is optional. Unknown fields are dropped.
 */
export const chatAssistantRequestSchema = z.object(
  {
    message: z
      .string(stringError)
      .overwrite(foldNewlines)
      .trim()
      .min(1, { error: FIELD.required, abort: true })
      .max(CHAT_LIMITS.messageLength, { error: FIELD.tooLong, abort: true })
      .refine(hasNoControl, { error: FIELD.control }),
    language: languageSchema,
    conversation: turnsSchema(CHAT_LIMITS.conversationTurns, CHAT_LIMITS.turnLength).default([]),
    userInfo: z
      .object(
        {
          name: optionalLine(CHAT_FIELD_LIMITS.name),
          email: optionalLine(CHAT_FIELD_LIMITS.email),
          phone: optionalLine(CHAT_FIELD_LIMITS.phone),
          company: optionalLine(CHAT_FIELD_LIMITS.company),
          needsIdentified: shortList(CHAT_FIELD_LIMITS.needs, CHAT_FIELD_LIMITS.needLength).optional(),
        },
        { error: FIELD.invalid },
      )
      .default({}),
    pageContext: z
      .object(
        {
          company: contextLine(CHAT_FIELD_LIMITS.contextItem).optional(),
          services: shortList(CHAT_FIELD_LIMITS.contextList, CHAT_FIELD_LIMITS.contextItem).optional(),
          specialties: shortList(CHAT_FIELD_LIMITS.contextList, CHAT_FIELD_LIMITS.contextItem).optional(),
          trackRecord: contextLine(CHAT_FIELD_LIMITS.contextText).optional(),
          valueProposition: contextLine(CHAT_FIELD_LIMITS.contextText).optional(),
        },
        { error: FIELD.invalid },
      )
      .optional(),
  },
  { error: FIELD.invalid },
);

/** One of the guided flow's option values, or nothing ("" and null read as not answered). */
const optionOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z
    .union([z.null(), z.literal(""), z.enum(values)], { error: FIELD.invalid })
    .optional()
    .transform((value) => (value ? value : null));

/**
 * POST /api/leads/capture (spec §3 Lead). `email` is the public forms' e-mail field (trimmed,
 * lower-case, valid); name/phone/company one line each, "" → null; the four answers of the
 * guided flow are one of chat-types.ts's values or null; `transcript` ≤ 60 turns of ≤ 2000
 * characters; `website` is the honeypot.
 */
export const leadCaptureRequestSchema = z.object(
  {
    name: optionalLine(CHAT_FIELD_LIMITS.name).transform((value) => value ?? null),
    email: emailField(),
    phone: optionalLine(CHAT_FIELD_LIMITS.phone).transform((value) => value ?? null),
    company: optionalLine(CHAT_FIELD_LIMITS.company).transform((value) => value ?? null),
    language: languageSchema,
    projectType: optionOf(PROJECT_TYPES),
    budget: optionOf(BUDGETS),
    timeline: optionOf(TIMELINES),
    teamSize: optionOf(TEAM_SIZES),
    transcript: turnsSchema(LEAD_CAPTURE_LIMITS.transcriptTurns, LEAD_CAPTURE_LIMITS.turnLength),
    website: z.string({ error: FIELD.invalid }).max(LEAD_CAPTURE_LIMITS.honeypot, { error: FIELD.tooLong }).optional(),
  },
  { error: FIELD.invalid },
);

export type ChatAssistantInput = z.output<typeof chatAssistantRequestSchema>;
export type LeadCaptureInput = z.output<typeof leadCaptureRequestSchema>;

/** True when the hidden `website` field was filled in: a bot, answered as a success and ignored. */
export const isLeadHoneypotFilled = (input: Pick<LeadCaptureInput, "website">) => (input.website ?? "").trim() !== "";

// Compile-time checks against the shared contract (chat-types.ts).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The parsed chat request is exactly a ChatAssistantRequest, and any ChatAssistantRequest parses. */
const chatRequestMatches: Same<ChatAssistantInput, ChatAssistantRequest> = true;
const chatRequestAccepted: [ChatAssistantRequest] extends [z.input<typeof chatAssistantRequestSchema>] ? true : false = true;
/** Same field names at every level (an optional field dropped on one side is not a type error otherwise). */
const chatFields: [
  Same<keyof ChatAssistantInput, keyof ChatAssistantRequest>,
  Same<keyof ChatAssistantInput["conversation"][number], keyof ChatTurn>,
  Same<keyof ChatAssistantInput["userInfo"], keyof ChatUserInfo>,
  Same<keyof NonNullable<ChatAssistantInput["pageContext"]>, keyof ChatPageContext>,
] = [true, true, true, true];
/** The parsed capture body is a LeadCaptureRequest (narrower: the options are checked) with the same fields. */
const captureFits: [LeadCaptureInput] extends [LeadCaptureRequest] ? true : false = true;
const captureFields: Same<keyof LeadCaptureInput, keyof LeadCaptureRequest> = true;
void [chatRequestMatches, chatRequestAccepted, chatFields, captureFits, captureFields];
