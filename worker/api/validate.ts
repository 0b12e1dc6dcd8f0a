import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z } from "zod";
import { type TranslationKey } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import type { AppEnv } from "./context.ts";
import { validationError } from "./errors.ts";

/** zValidator whose failures become the API's translated `validation_failed` error. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}

/**
 * Like validate(), for schemas whose issue messages are dictionary keys (the public forms,
 * the lead forms):
 * each is translated into the caller's language, so `issues` can be shown next to the
 * fields as they are (a message that is not one of our keys, zod's own, stays as it is).
 */
export function validateWithMessageKeys<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const t = getTranslator((c as Context<AppEnv>).get("language"));
    throw validationError(result.error, (key) => t(key as TranslationKey));
  });
}
