import { createMiddleware } from "hono/factory";
import { isLanguage } from "~/i18n";
import type { AppEnv } from "./context.ts";

/**
 * The visitor's language for the answer, including a 400: the body's `language` when it is
 * one of ours, otherwise the request's (?lang=, cookie, Accept-Language). Reads the body
 * through Hono's cache, so the validator after it parses the same text; a broken body is
 * left for the validator to answer (400 invalid_json).
 */
export const bodyLanguage = createMiddleware<AppEnv>(async (c, next) => {
  try {
    const body: unknown = await c.req.json();
    const language = body && typeof body === "object" ? (body as { language?: unknown }).language : undefined;
    if (isLanguage(language)) c.set("language", language);
  } catch {
    // Not JSON: the validator answers it.
  }
  await next();
});
