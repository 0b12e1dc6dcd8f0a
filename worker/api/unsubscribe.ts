import { Hono } from "hono";
import { getTranslator } from "~/i18n/dictionaries.server";
import { InvalidInputError } from "../services/errors.ts";
import {
  readUnsubscribeLink,
  UNSUBSCRIBE_SETTING_LABEL,
  UnsubscribeLinkError,
  unsubscribeWithToken,
} from "../services/unsubscribe-service.ts";
import type { AppEnv } from "./context.ts";
import { z } from "zod";
import { describe, errors, jsonResponse, PUBLIC_SECURITY, redirectResponse, TAGS } from "./openapi.ts";

const tokenParameter = {
  in: "query" as const,
  name: "token",
  required: true,
  schema: { type: "string" as const },
  description: "The signed token of the e-mail's link.",
};

/**
 * One-click unsubscribe (RFC 8058; no session): the URL of every notification and report
 * e-mail's `List-Unsubscribe` header (docs/decisions/028).
 * - POST /api/unsubscribe?token=… with the form body `List-Unsubscribe=One-Click` (urlencoded
 *   or multipart, as RFC 8058 allows): 200 {ok, switch, already_done, message} — the token's
 *   switch is off for its user; a token used before changes nothing (already_done: true);
 * - 400 unsubscribe_link_invalid (altered, another purpose, a session token, unknown user),
 *   unsubscribe_link_expired, unsubscribe_one_click_required (any other body), in the
 *   language of the user the link names when known, else the caller's;
 * - 429 unsubscribe_rate_limited with Retry-After (per IP, then per user);
 * - GET: never changes anything (mail scanners follow links); 303 to the page /unsubscribe.
 */
export const unsubscribeApi = new Hono<AppEnv>()
  .get(
    "/",
    describe(TAGS.public, {
      summary: "Unsubscribe link (opened)",
      description: "Never changes anything (mail scanners follow links).",
      security: PUBLIC_SECURITY,
      parameters: [tokenParameter],
      responses: { 303: redirectResponse("To the page /unsubscribe?token=…, which asks to confirm.") },
    }),
    (c) => {
      const token = c.req.query("token") ?? "";
      return c.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
    },
  )
  .post(
    "/",
    describe(TAGS.public, {
      summary: "One-click unsubscribe (RFC 8058)",
      description:
        "Turns the token's e-mail switch off for its user. 400 unsubscribe_link_invalid, unsubscribe_link_expired or unsubscribe_one_click_required; 429 unsubscribe_rate_limited.",
      security: PUBLIC_SECURITY,
      parameters: [tokenParameter],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              properties: { "List-Unsubscribe": { type: "string", const: "One-Click" } },
              required: ["List-Unsubscribe"],
            },
          },
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: { "List-Unsubscribe": { type: "string", const: "One-Click" } },
              required: ["List-Unsubscribe"],
            },
          },
        },
      },
      responses: {
        200: jsonResponse(
          z.strictObject({
            ok: z.literal(true),
            switch: z.enum(["email_notifications", "weekly_reports", "monthly_reports"]),
            already_done: z.boolean(),
            message: z.string(),
          }),
          "The switch is off (already_done: it was before).",
        ),
        ...errors(400, 429),
      },
    }),
    async (c) => {
      const type = c.req.header("Content-Type") ?? "";
      const form =
        type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
          ? await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
          : {};
      if (form["List-Unsubscribe"] !== "One-Click") {
        // Said in the language of the user the link names (read only, nothing changes); a link
        // that names nobody keeps the caller's.
        const token = c.req.query("token") ?? "";
        const language = await readUnsubscribeLink(c.get("services"), token).then(
          (view) => view.language,
          (error: unknown) => (error instanceof UnsubscribeLinkError ? error.language : null),
        );
        if (language) c.set("language", language);
        throw new InvalidInputError("unsubscribe_one_click_required");
      }
      try {
        const done = await unsubscribeWithToken(c.get("services"), c.req.query("token") ?? "", c.get("auth").client);
        const t = getTranslator(done.language);
        const message = t(done.alreadyDone ? "email.unsubscribePage.already" : "email.unsubscribePage.done", {
          setting: t(UNSUBSCRIBE_SETTING_LABEL[done.switch]),
          email: done.email,
        });
        return c.json({ ok: true as const, switch: done.switch, already_done: done.alreadyDone, message }, 200);
      } catch (error) {
        if (error instanceof UnsubscribeLinkError && error.language) c.set("language", error.language);
        throw error;
      }
    },
  );
