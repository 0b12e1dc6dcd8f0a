import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z } from "zod";
import { type TranslationKey } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import type { AppEnv } from "./context.ts";
import { validationError } from "./errors.ts";

/**
 * zValidator whose failures become the API's translated `validation_failed` error: each
 * issue's message is a dictionary key (the schema's own, or one for zod's issue code: see
 * issueMessageKey), translated into the caller's language, so `issues` can be shown next to
 * the fields as they are. A body of the wrong shape (a JSON array, number, null or string
 * where an object is expected) reads "The request body must be a JSON object." the same way.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const t = getTranslator((c as Context<AppEnv>).get("language") ?? "pt");
    throw validationError(result.error, (key) => t(key as TranslationKey));
  });
}

/**
 * validate() for schemas whose issue messages are dictionary keys (the public forms, the
 * lead forms); the same translation now applies to every schema, so this is validate().
 */
export const validateWithMessageKeys = validate;
