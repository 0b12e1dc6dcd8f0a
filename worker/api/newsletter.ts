import { Hono } from "hono";
import { z } from "zod";
import { newsletterSchema } from "~/modules/site/insights/newsletter-schema";
import { subscribeToNewsletter } from "../services/newsletter-service.ts";
import { validateWithMessageKeys } from "./validate.ts";
import type { AppEnv } from "./context.ts";
import { describe, errors, jsonResponse, PUBLIC_SECURITY, TAGS } from "./openapi.ts";

/**
 * POST /api/newsletter — the insights page's newsletter box (no session). JSON {email}.
 * 201 {ok: true, alreadySubscribed: false} for a new address; 200 {ok: true,
 * alreadySubscribed: true} when it was already subscribed (no duplicate, no error);
 * 400 validation_failed with translated `issues`; 429 rate_limited with Retry-After after
 * 10 sign-ups in an hour from one IP. The language stored is the caller's.
 */
export const newsletterApi = new Hono<AppEnv>().post(
  "/",
  describe(TAGS.public, {
    summary: "Subscribe to the newsletter",
    description: "429 after 10 sign-ups in an hour from one IP.",
    security: PUBLIC_SECURITY,
    responses: {
      201: jsonResponse(z.strictObject({ ok: z.literal(true), alreadySubscribed: z.literal(false) }), "Subscribed."),
      200: jsonResponse(z.strictObject({ ok: z.literal(true), alreadySubscribed: z.literal(true) }), "Already subscribed."),
      ...errors(413, 429),
    },
  }),
  validateWithMessageKeys("json", newsletterSchema),
  async (c) => {
    const { email } = c.req.valid("json");
    const result = await subscribeToNewsletter(c.get("services"), { email, language: c.get("language") }, { ip: c.get("auth").client.ip });
    return c.json({ ok: true as const, alreadySubscribed: result.alreadySubscribed }, result.alreadySubscribed ? 200 : 201);
  },
);
