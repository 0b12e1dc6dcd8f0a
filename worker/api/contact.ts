import { Hono } from "hono";
import { z } from "zod";
import { contactSchema, isHoneypotFilled } from "~/modules/site/contact/contact-schema";
import { submitContactMessage } from "../services/contact-service.ts";
import type { AppEnv } from "./context.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { describe, errors, jsonResponse, PUBLIC_SECURITY, TAGS } from "./openapi.ts";

/**
 * POST /api/contact — the public contact form (no session). JSON {name, email, message,
 * company_url?} in the shape of contactSchema.
 * - 201 {ok: true, leadId}: stored, lead created or updated, team e-mail queued;
 * - 200 {ok: true}: the honeypot was filled; nothing is stored (a bot sees a success);
 * - 400 validation_failed with translated `issues`; 400 invalid_json for a broken body;
 * - 429 rate_limited with Retry-After after 5 messages in 10 minutes from one IP.
 */
export const contactApi = new Hono<AppEnv>().post(
  "/",
  describe(TAGS.public, {
    summary: "Send the contact form",
    description:
      "Stores the message, creates or updates the lead, queues the team's e-mail. 429 after 5 messages in 10 minutes from one IP.",
    security: PUBLIC_SECURITY,
    responses: {
      201: jsonResponse(z.strictObject({ ok: z.literal(true), leadId: z.string() }), "Stored."),
      200: jsonResponse(z.strictObject({ ok: z.literal(true) }), "The honeypot was filled: nothing stored."),
      ...errors(413, 429),
    },
  }),
  validateWithMessageKeys("json", contactSchema),
  async (c) => {
    const input = c.req.valid("json");
    if (isHoneypotFilled(input)) return c.json({ ok: true as const }, 200);
    const result = await submitContactMessage(c.get("services"), input, { language: c.get("language"), ip: c.get("auth").client.ip });
    return c.json({ ok: true as const, leadId: result.leadId }, 201);
  },
);
