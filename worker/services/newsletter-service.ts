import type { Language } from "~/i18n";
import { newsletterSubscribers } from "../db/schema/index.ts";
import type { ServiceContext } from "./service-context.ts";

export type NewsletterResult = { subscribed: true; alreadySubscribed: boolean };

/**
 * Subscribes an address (validated by newsletterSchema) once. The table keeps one row per
 * lower-cased address (unique index), so a second subscription is `insert … on conflict
 * do nothing`: no duplicate, no error, and the caller answers it as a success too
 * (alreadySubscribed tells it which confirmation to show). The first language is kept.
 */
export async function subscribeToNewsletter(
  { db }: ServiceContext,
  input: { email: string; language: Language },
): Promise<NewsletterResult> {
  const email = input.email.trim().toLowerCase();
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, language: input.language })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { subscribed: true, alreadySubscribed: inserted.length === 0 };
}
