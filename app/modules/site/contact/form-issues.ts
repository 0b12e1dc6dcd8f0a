import type { z } from "zod";
import type { Translate, TranslationKey } from "~/i18n";

// The public forms' schemas carry dictionary keys as issue messages; these helpers turn a
// failed parse into what each side shows: field → key for the form, translated issues for
// the API.

type ParseFailure = { issues: readonly z.core.$ZodIssue[] };

/** The first issue of each top-level field, as a dictionary key: { email: "site...emailInvalid" }. */
export function fieldErrorKeys<Field extends string>(error: ParseFailure, fields: readonly Field[]): Partial<Record<Field, TranslationKey>> {
  const result: Partial<Record<Field, TranslationKey>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (fields.includes(field) && !result[field]) result[field] = issue.message as TranslationKey;
  }
  return result;
}

/** The issues of a failed parse with their messages in the caller's language. */
export function translatedIssues(error: ParseFailure, t: Translate): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    // A message that is not one of our keys (zod's own) is kept as it is.
    message: t(issue.message as TranslationKey),
  }));
}
