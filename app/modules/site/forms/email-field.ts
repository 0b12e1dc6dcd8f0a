import { z } from "~/lib/zod";
import { isSingleLine } from "~/lib/single-line";
import { EMAIL_MAX } from "./email-check.ts";

export { EMAIL_MAX };

const E = "site.forms.errors";

/**
 * The e-mail field of every public form (contact, newsletter): trimmed and lower-cased, so
 * the CRM and the subscriber list find the same person whatever the capitalisation; issue
 * messages are dictionary keys (site.forms.errors.*). Control characters (CR, LF, NUL...)
 * inside the address are refused, not left to the e-mail pattern. Server only: the browser
 * checks with checkEmail (email-check.ts), which gives the same answers without zod.
 */
export function emailField() {
  return z
    .string({ error: `${E}.emailRequired` })
    .trim()
    .toLowerCase()
    .min(1, { error: `${E}.emailRequired`, abort: true })
    .max(EMAIL_MAX, { error: `${E}.emailTooLong`, abort: true })
    .refine(isSingleLine, { error: `${E}.emailInvalid`, abort: true })
    .pipe(z.email({ error: `${E}.emailInvalid` }));
}
