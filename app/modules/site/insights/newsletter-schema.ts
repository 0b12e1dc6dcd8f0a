import { z } from "zod";

/**
 * The newsletter box's one schema, shared by the form, the /{lang}/blog route action
 * (intent "newsletter") and POST /api/newsletter. The address is trimmed and lower-cased
 * (the table stores it lower-case, one row per address); 254 characters is the longest
 * address SMTP can deliver. Messages are dictionary keys (site.insights.newsletter.errors.*).
 */
export const NEWSLETTER_EMAIL_MAX = 254;

const E = "site.insights.newsletter.errors";

export const newsletterSchema = z.object(
  {
    email: z
      .string({ error: `${E}.emailRequired` })
      .trim()
      .toLowerCase()
      .min(1, { error: `${E}.emailRequired`, abort: true })
      .max(NEWSLETTER_EMAIL_MAX, { error: `${E}.emailTooLong`, abort: true })
      .pipe(z.email({ error: `${E}.emailInvalid` })),
  },
  { error: `${E}.invalidBody` },
);

export type NewsletterInput = z.infer<typeof newsletterSchema>;
