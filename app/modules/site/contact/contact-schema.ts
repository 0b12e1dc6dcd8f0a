import { z } from "~/lib/zod";
import { isSingleLine } from "~/lib/single-line";
import { emailField } from "~/modules/site/forms/email-field";
import { CONTACT_HONEYPOT, CONTACT_LIMITS } from "./contact-fields.ts";

export { CONTACT_FIELDS, CONTACT_HONEYPOT, CONTACT_LIMITS, type ContactField } from "./contact-fields.ts";

const E = "site.contact.form.errors";

/**
 * The contact form's one schema, shared by the route action of /{lang}/contact and POST
 * /api/contact (server only: the browser checks with checkContact, contact-check.ts, which
 * gives the same answers without zod; the numbers live in contact-fields.ts).
 *
 * Limits, chosen for people rather than for the database:
 * - name: 2-100 characters after trimming (one-letter names are almost always a typo;
 *   100 holds any real full name), on one line: no CR, LF, NUL or other control
 *   character (it ends up in the team e-mail's subject);
 * - email: the public forms' shared e-mail field (forms/email-field.ts);
 * - message: 10-5000 characters after trimming (enough to say what the project is;
 *   5000 is several pages, far beyond a real first message, and keeps abuse cheap).
 * - company_url: a honeypot. It is hidden from people and assistive technology; a bot
 *   that fills it gets the same success answer and nothing is stored.
 *
 * Messages are dictionary keys (site.contact.form.errors.*): the client, the action and the
 * API translate them into the visitor's language.
 */
export const contactSchema = z.object(
  {
    name: z
      .string({ error: `${E}.nameRequired` })
      .trim()
      .min(1, { error: `${E}.nameRequired`, abort: true })
      .min(CONTACT_LIMITS.nameMin, { error: `${E}.nameTooShort`, abort: true })
      .max(CONTACT_LIMITS.nameMax, { error: `${E}.nameTooLong`, abort: true })
      .refine(isSingleLine, { error: `${E}.nameInvalid` }),
    email: emailField(),
    message: z
      .string({ error: `${E}.messageRequired` })
      .trim()
      .min(1, { error: `${E}.messageRequired`, abort: true })
      .min(CONTACT_LIMITS.messageMin, { error: `${E}.messageTooShort`, abort: true })
      .max(CONTACT_LIMITS.messageMax, { error: `${E}.messageTooLong` }),
    [CONTACT_HONEYPOT]: z.string().optional(),
  },
  { error: `${E}.invalidBody` },
);

export type ContactInput = z.infer<typeof contactSchema>;

/** True when the hidden field was filled in: a bot, answered as a success and ignored. */
export function isHoneypotFilled(input: ContactInput): boolean {
  return (input[CONTACT_HONEYPOT] ?? "").trim() !== "";
}
