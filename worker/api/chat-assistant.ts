import { Hono } from "hono";
import type { ChatAssistantResponse } from "~/modules/chat/chat-types";
import { chatAssistantFor } from "../services/chat-assistant/index.ts";
import { enforceRateLimit, type RateLimit } from "../services/rate-limit-service.ts";
import { chatAssistantRequestSchema } from "../services/chat-schemas.ts";
import { bodyLanguage } from "./body-language.ts";
import type { AppEnv } from "./context.ts";
import { ApiError } from "./errors.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { describe, errors, jsonResponse, PUBLIC_SECURITY, TAGS } from "./openapi.ts";
import { ChatAssistantResponseSchema } from "./schemas.ts";

/**
 * Messages per visitor IP: 30 in 10 minutes is a brisk conversation (one message every 20
 * seconds, longer than the widget's own 1-2 s reply delay plus reading and typing), and
 * caps what a script can make the assistant (or the paid model behind it) do.
 */
export const CHAT_ASSISTANT_LIMIT: RateLimit = { limit: 30, windowMs: 10 * 60 * 1000, message: "apiErrors.assistant_rate_limited" };

/**
 * POST /api/chat-assistant — the chat widget's free text (public, no session). JSON
 * ChatAssistantRequest (app/modules/chat/chat-types.ts, spec §7), checked by
 * chatAssistantRequestSchema; the assistant is chatAssistantFor(env) (embedded by default,
 * Workers AI when the deploy binds it). Errors are in the body's language when it is valid.
 * - 200 {response, userInfo, shouldCreateLead}: exactly ChatAssistantResponse; the
 *   assistant's `intent` stays on the server (the widget has no use for it);
 * - 400 validation_failed with translated `issues` / invalid_json; 413 over 1 MB;
 * - 429 rate_limited with Retry-After after 30 valid messages in 10 minutes from one IP;
 * - 503 assistant_unavailable when the assistant fails or answers nothing: its message is
 *   the technical-issue sentence the widget shows as the bot's reply (spec §8).
 */
export const chatAssistantApi = new Hono<AppEnv>().post(
  "/",
  describe(TAGS.public, {
    summary: "Talk to the chat assistant",
    description:
      "The site widget's free text. 429 after 30 messages in 10 minutes from one IP; 503 assistant_unavailable when the assistant fails (its message is the widget's apology).",
    security: PUBLIC_SECURITY,
    responses: { 200: jsonResponse(ChatAssistantResponseSchema, "The assistant's reply."), ...errors(413, 429, 503) },
  }),
  bodyLanguage,
  validateWithMessageKeys("json", chatAssistantRequestSchema),
  async (c) => {
    const input = c.req.valid("json");
    await enforceRateLimit(c.get("db"), `chat-assistant:${c.get("auth").client.ip}`, CHAT_ASSISTANT_LIMIT);

    let reply: Awaited<ReturnType<ReturnType<typeof chatAssistantFor>["reply"]>>;
    try {
      reply = await chatAssistantFor(c.env).reply(input, { signal: c.req.raw.signal });
    } catch (error) {
      console.error("chat assistant: the assistant failed", error);
      throw new ApiError(503, "assistant_unavailable");
    }
    const response = typeof reply?.response === "string" ? reply.response.trim() : "";
    if (!response) {
      console.error("chat assistant: the assistant answered nothing", { intent: reply?.intent });
      throw new ApiError(503, "assistant_unavailable");
    }
    const body: ChatAssistantResponse = { response, userInfo: reply.userInfo ?? {}, shouldCreateLead: reply.shouldCreateLead === true };
    return c.json(body, 200);
  },
);
