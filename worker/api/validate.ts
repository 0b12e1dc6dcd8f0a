import type { Context, ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { z } from "zod";
import { type TranslationKey } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import type { AppEnv } from "./context.ts";
import { validationError } from "./errors.ts";

/**
 * The routes' one validator: hono-openapi's (Standard Schema) validator, so the schema a
 * route checks its query, path, JSON or form with is also what GET /api/openapi.json says
 * about it (parameters, request body, and the 400 of worker/api/openapi.ts; docs/decisions/030),
 * with no per-route work. Its failures become the API's translated `validation_failed` error:
 * each issue's message is a dictionary key (the schema's own, or one for zod's issue code: see
 * issueMessageKey), translated into the caller's language, so `issues` can be shown next to
 * the fields as they are. A body of the wrong shape (a JSON array, number, null or string
 * where an object is expected) reads "The request body must be a JSON object." the same way.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return validator(target, schema, (result, c) => {
    if (result.success) return;
    const t = getTranslator((c as Context<AppEnv>).get("language") ?? "pt");
    // zod's Standard Schema issues are its own issues ($ZodIssue: code, path, origin…).
    throw validationError({ issues: result.error as readonly z.core.$ZodIssue[] }, (key) => t(key as TranslationKey));
  });
}

/**
 * validate() for schemas whose issue messages are dictionary keys (the public forms, the
 * lead forms); the same translation now applies to every schema, so this is validate().
 */
export const validateWithMessageKeys = validate;
