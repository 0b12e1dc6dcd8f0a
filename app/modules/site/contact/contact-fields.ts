// The contact form's fields and limits, without zod, so the form in the browser and the
// server's schema (contact-schema.ts) read the same numbers. Why these limits: contact-schema.ts.

export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** Name of the hidden honeypot field. */
export const CONTACT_HONEYPOT = "company_url";

export const CONTACT_FIELDS = ["name", "email", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
