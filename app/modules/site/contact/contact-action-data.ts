import type { TranslationKey } from "~/i18n";
import type { ContactField } from "./contact-fields.ts";

/** What the visitor typed, echoed back so a page rendered without JavaScript keeps it. */
export type ContactValues = Record<ContactField, string>;

/**
 * The answer of the /{lang}/contact action, read by the form (through its fetcher with
 * JavaScript, as the page's actionData without):
 * - ok: the message is stored (or it was a bot: the honeypot answers the same);
 * - invalid: field → dictionary key of the error, with the input (status 400);
 * - rate_limited / failed: a translated message (null = the generic 'Please try again
 *   later.'), with the input (status 429 / 500);
 * - offline: the browser could not reach the server (the route's clientAction, status 503);
 *   the form keeps what was typed and says to try again.
 */
export type ContactActionData =
  | { ok: true }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<ContactField, TranslationKey>>; values?: ContactValues }
  | { ok: false; reason: "rate_limited" | "failed"; message: string | null; values?: ContactValues }
  | { ok: false; reason: "offline" };
