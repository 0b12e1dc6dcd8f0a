import type { TranslationKey } from "~/i18n";

/**
 * The answer of the /{lang}/blog action (intent "newsletter"), read by the newsletter box
 * (through its fetcher with JavaScript, as the page's actionData without):
 * - ok: subscribed; alreadySubscribed picks the confirmation (both look like a success);
 * - invalid: the dictionary key of the error and what was typed (status 400);
 * - failed: the server failed (status 500);
 * - offline: the browser could not reach the server (the route's clientAction, status 503).
 */
export type NewsletterActionData =
  | { ok: true; alreadySubscribed: boolean; email: string }
  | { ok: false; reason: "invalid"; error: TranslationKey; email: string }
  | { ok: false; reason: "failed" | "offline"; email: string };
