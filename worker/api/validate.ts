import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z } from "zod";
import { getTranslator } from "~/i18n";
import { translatedIssues } from "~/modules/site/contact/form-issues";
import type { AppEnv } from "./context.ts";
import { ApiError, validationError } from "./errors.ts";

/** zValidator whose failures become the API's translated `validation_failed` error. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}

/**
 * Like validate(), for the public forms' schemas, whose issue
 * messages are dictionary keys: each issue's message is translated into the caller's
 * language, so `issues` can be shown next to the fields as they are.
 */
export function validatePublicForm<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const issues = translatedIssues(result.error, getTranslator((c as Context<AppEnv>).get("language")));
    throw new ApiError(400, "validation_failed", {
      issues,
      params: { fields: [...new Set(issues.map((i) => i.path))].join(", ") },
    });
  });
}
