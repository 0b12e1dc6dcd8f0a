import type { Language } from "~/i18n";
import { newsletterSubscribers } from "../db/schema/index.ts";
import { enforceRateLimit, type RateLimit } from "./rate-limit-service.ts";
import type { ServiceContext } from "./service-context.ts";
import { assertPublicWritesOpen } from "./org-settings-service.ts";

/** Sign-ups per visitor IP: 10 an hour is plenty for people, too few to flood the list. */
export const NEWSLETTER_LIMIT: RateLimit = { limit: 10, windowMs: 60 * 60 * 1000, message: "site.insights.newsletter.errors.rateLimited" };

export type NewsletterResult = { subscribed: true; alreadySubscribed: boolean };

/**
 * Subscribes an address (validated by newsletterSchema) once. The table keeps one row per
 * lower-cased address (unique index), so a second subscription is `insert … on conflict
 * do nothing`: no duplicate, no error, and the caller answers it as a success too
 * (alreadySubscribed tells it which confirmation to show). The first language is kept.
 * Throws RateLimitedError after NEWSLETTER_LIMIT sign-ups from one IP, UnavailableError (503
 * "back soon") while the organisation is in maintenance mode.
 */
export async function subscribeToNewsletter(
  { db }: ServiceContext,
  input: { email: string; language: Language },
  meta: { ip: string },
): Promise<NewsletterResult> {
  await assertPublicWritesOpen({ db });
  await enforceRateLimit(db, `newsletter:${meta.ip}`, NEWSLETTER_LIMIT);
  const email = input.email.trim().toLowerCase();
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, language: input.language })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { subscribed: true, alreadySubscribed: inserted.length === 0 };
}
