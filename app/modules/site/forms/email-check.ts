import { isSingleLine } from "~/lib/single-line";

// The browser-side twin of emailField() (email-field.ts, zod, server only): the same rules in
// a few lines, so the public pages do not ship a schema library. tests/unit/form-checks.test.ts
// proves that both give the same answer (the same dictionary key) on a table of inputs.

/** The longest address SMTP can deliver. */
export const EMAIL_MAX = 254;

/** zod's own e-mail pattern (zod/v4/core regexes.email), which z.email() applies on the server. */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type EmailErrorKey = "site.forms.errors.emailRequired" | "site.forms.errors.emailTooLong" | "site.forms.errors.emailInvalid";

/** The dictionary key of what is wrong with the address (trimmed, lower-cased), or null. */
export function checkEmail(value: string): EmailErrorKey | null {
  const email = value.trim().toLowerCase();
  if (email === "") return "site.forms.errors.emailRequired";
  if (email.length > EMAIL_MAX) return "site.forms.errors.emailTooLong";
  if (!isSingleLine(email) || !EMAIL_PATTERN.test(email)) return "site.forms.errors.emailInvalid";
  return null;
}
