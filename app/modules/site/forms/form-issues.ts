import type { z } from "~/lib/zod";
import type { TranslationKey } from "~/i18n";

// The public forms' schemas carry dictionary keys as issue messages (the API translates
// them in worker/api/validate.ts); the forms show them next to their fields.

type ParseFailure = { issues: readonly z.core.$ZodIssue[] };

/** The first issue of each top-level field, as a dictionary key: { email: "site...emailInvalid" }. */
export function fieldErrorKeys<Field extends string>(
  error: ParseFailure,
  fields: readonly Field[],
): Partial<Record<Field, TranslationKey>> {
  const result: Partial<Record<Field, TranslationKey>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (fields.includes(field) && !result[field]) result[field] = issue.message as TranslationKey;
  }
  return result;
}
