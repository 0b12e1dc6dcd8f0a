import { Hono } from "hono";
import type { LeadCaptureResponse } from "~/modules/chat/chat-types";
import { captureLead } from "../services/lead-capture-service.ts";
import { isLeadHoneypotFilled, leadCaptureRequestSchema } from "../services/chat-schemas.ts";
import { bodyLanguage } from "./body-language.ts";
import type { AppEnv } from "./context.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { describe, errors, jsonResponse, PUBLIC_SECURITY, TAGS } from "./openapi.ts";
import { OkSchema } from "./schemas.ts";

const ok: LeadCaptureResponse = { ok: true };

/**
 * POST /api/leads/capture — the chat assistant hands over a qualified lead (public, no
 * session; mounted in index.ts ahead of the staff-only /api/leads). JSON LeadCaptureRequest
 * (app/modules/chat/chat-types.ts), checked by leadCaptureRequestSchema. Nothing about the
 * lead goes back to the visitor:
 * - 201 {ok: true}: a new lead (managers and admins notified);
 * - 200 {ok: true}: the lead of that e-mail existed and was updated (transcript on its
 *   timeline, blank phone/company filled), or the honeypot `website` was filled (nothing stored);
 * - 202 {ok: true}: the lead could not be written; the conversation was kept as a contact
 *   message for staff and the failure logged (the visitor never sees that error, spec §8);
 * - 400 validation_failed (issues in the body's language) / invalid_json; 413 over 1 MB;
 * - 429 rate_limited with Retry-After after 5 captures in 10 minutes from one IP.
 */
export const leadCaptureApi = new Hono<AppEnv>().post(
  "/",
  describe(TAGS.public, {
    summary: "Hand over a lead from the chat assistant",
    description: "Nothing about the lead goes back to the visitor. 429 after 5 captures in 10 minutes from one IP.",
    security: PUBLIC_SECURITY,
    responses: {
      201: jsonResponse(OkSchema, "A new lead."),
      200: jsonResponse(OkSchema, "The lead of that e-mail was updated, or the honeypot was filled (nothing stored)."),
      202: jsonResponse(OkSchema, "The lead could not be written; the conversation was kept as a contact message."),
      ...errors(413, 429),
    },
  }),
  bodyLanguage,
  validateWithMessageKeys("json", leadCaptureRequestSchema),
  async (c) => {
    const input = c.req.valid("json");
    if (isLeadHoneypotFilled(input)) return c.json(ok, 200);
    const result = await captureLead(c.get("services"), input, { ip: c.get("auth").client.ip });
    return c.json(ok, result.outcome === "created" ? 201 : result.outcome === "updated" ? 200 : 202);
  },
);
