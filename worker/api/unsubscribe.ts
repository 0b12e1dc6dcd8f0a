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
  .get("/", (c) => {
    const token = c.req.query("token") ?? "";
    return c.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
  })
  .post("/", async (c) => {
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
  });
