import { Hono } from "hono";
import { contactSchema, isHoneypotFilled } from "~/modules/site/contact/contact-schema";
import { submitContactMessage } from "../services/contact-service.ts";
import type { AppEnv } from "./context.ts";
import { validateWithMessageKeys } from "./validate.ts";

/**
 * POST /api/contact — the public contact form (no session). JSON {name, email, message,
 * company_url?} in the shape of contactSchema.
 * - 201 {ok: true, leadId}: stored, lead created or updated, team e-mail queued;
 * - 200 {ok: true}: the honeypot was filled; nothing is stored (a bot sees a success);
 * - 400 validation_failed with translated `issues`; 400 invalid_json for a broken body;
 * - 429 rate_limited with Retry-After after 5 messages in 10 minutes from one IP.
 */
export const contactApi = new Hono<AppEnv>().post("/", validateWithMessageKeys("json", contactSchema), async (c) => {
  const input = c.req.valid("json");
  if (isHoneypotFilled(input)) return c.json({ ok: true as const }, 200);
  const result = await submitContactMessage(c.get("services"), input, { language: c.get("language"), ip: c.get("auth").client.ip });
  return c.json({ ok: true as const, leadId: result.leadId }, 201);
});
