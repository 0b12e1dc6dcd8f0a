import type { TranslationKey } from "~/i18n";
import { isSingleLine } from "~/lib/single-line";
import { checkEmail } from "~/modules/site/forms/email-check";
import { CONTACT_LIMITS, type ContactField } from "./contact-fields.ts";

export type ContactFieldErrors = Partial<Record<ContactField, TranslationKey>>;

const E = "site.contact.form.errors";

/**
 * The browser-side twin of contactSchema (contact-schema.ts, zod, server only): the same
 * rules in the same order, giving the same dictionary key per field, so mistakes show at
 * once and in the page's language without shipping zod. The browser's own constraints
 * (required, maxlength, type=email) run first; this adds what they cannot say (lengths after
 * trimming, control characters, the server's stricter e-mail pattern).
 * tests/unit/form-checks.test.ts proves both agree.
 */
export function checkContact(values: Record<ContactField, string>): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  const name = values.name.trim();
  if (name === "") errors.name = `${E}.nameRequired`;
  else if (name.length < CONTACT_LIMITS.nameMin) errors.name = `${E}.nameTooShort`;
  else if (name.length > CONTACT_LIMITS.nameMax) errors.name = `${E}.nameTooLong`;
  else if (!isSingleLine(name)) errors.name = `${E}.nameInvalid`;

  const email = checkEmail(values.email);
  if (email) errors.email = email;

  const message = values.message.trim();
  if (message === "") errors.message = `${E}.messageRequired`;
  else if (message.length < CONTACT_LIMITS.messageMin) errors.message = `${E}.messageTooShort`;
  else if (message.length > CONTACT_LIMITS.messageMax) errors.message = `${E}.messageTooLong`;
  return errors;
}
