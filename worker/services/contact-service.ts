import { sql } from "drizzle-orm";
import { LANGUAGE_NAMES, type Language } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import type { ContactInput } from "~/modules/site/contact/contact-schema";
import { contactMessages, leadActivities, leads, normalizedLeadEmail, notifications, users } from "../db/schema/index.ts";
import { sqlUuid } from "../db/sql-uuid.ts";
import { queueEmail } from "./email-service.ts";
import { publishSiteLead } from "./lead-events.ts";
import { publishNotifications } from "./notification-service.ts";
import { notificationColumns } from "./notification-text.ts";
import { enforceRateLimit, type RateLimit } from "./rate-limit-service.ts";
import type { ServiceContext } from "./service-context.ts";
import { assertPublicWritesOpen, readOrgSettings } from "./org-settings-service.ts";

/**
 * Contact-form submissions per visitor IP: 5 in 10 minutes is far more than a person
 * writes, and few enough that a script cannot flood the CRM and the team's inbox.
 */
export const CONTACT_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000, message: "site.contact.form.errors.rateLimited" };

export type ContactSubmission = Pick<ContactInput, "name" | "email" | "message">;
export type ContactResult = { leadId: string; created: boolean; messageId: string };

/** Where a lead opens in the CRM (the leads screen opens the lead given in ?lead=). */
export const crmLeadUrl = (env: Env, leadId: string) => `${env.PUBLIC_ORIGIN.replace(/\/+$/, "")}/leads?lead=${encodeURIComponent(leadId)}`;

/**
 * A message from the public contact form (already validated by contactSchema; the honeypot
 * is the caller's business). In one batch (one D1 transaction), with no read before it:
 * - the lead: `insert … on conflict do nothing` on the unique normalized e-mail, so two
 *   simultaneous first messages from one address can never create two leads. A new lead
 *   gets source website, status new and the message as its notes; an existing lead keeps
 *   its status, owner, notes and tags untouched;
 * - a timeline entry (activity of type "email", subject "Formulário de contato do site")
 *   on the lead of that e-mail (found inside the same statement), so the CRM history shows
 *   every contact;
 * - the contact_messages row, linked to the lead, with the visitor's language;
 * - a lead this request created (its new id exists: `on conflict do nothing` inserted it, so a
 *   parallel burst of one address notifies once): one `new_lead` notification (kind
 *   newLeadContactForm) for every active manager and admin whose 'Novos Leads' is on, as the
 *   site's assistant does (lead-capture-service); their open tabs then hear of it
 *   (publishNotifications). An existing lead notifies nobody.
 * Then the team is told by e-mail through the outbox (to TEAM_EMAIL, with a link to the
 * lead). Staff read the CRM in Portuguese, so the timeline entry and the e-mail are in pt.
 *
 * Throws RateLimitedError after CONTACT_LIMIT submissions from one IP (the attempt is
 * reserved atomically before anything is written); UnavailableError (503 "back soon") first
 * while the organisation is in maintenance mode.
 */
export async function submitContactMessage(
  services: ServiceContext,
  input: ContactSubmission,
  meta: { language: Language; ip: string },
): Promise<ContactResult> {
  const { db, env } = services;
  await assertPublicWritesOpen(services);
  await enforceRateLimit(db, `contact:${meta.ip}`, CONTACT_LIMIT);
  // A value staff add later is in the organisation's currency unless they choose another.
  const { currency } = await readOrgSettings(services);

  const email = input.email.trim().toLowerCase();
  const staff = getTranslator("pt");
  const leadOfEmail = sql`(select ${leads.id} from ${leads} where ${normalizedLeadEmail(leads.email)} = ${email})`;
  const messageId = crypto.randomUUID();
  const newLeadId = crypto.randomUUID();
  const now = new Date().toISOString();
  // Stored in pt as the row's fallback; shown in each reader's language (notification-text.ts).
  const notice = notificationColumns("newLeadContactForm", { name: input.name, email });
  const [inserted, activity, , told] = await db.batch([
    db
      .insert(leads)
      .values({
        id: newLeadId,
        name: input.name,
        email,
        source: "website",
        status: "new",
        notes: input.message,
        tags: [],
        currency,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: leads.id }),
    db
      .insert(leadActivities)
      .values({
        leadId: leadOfEmail,
        type: "email",
        subject: staff("site.contact.crm.activitySubject"),
        content: input.message,
        metadata: { source: "contact_form", contactMessageId: messageId, name: input.name, email, language: meta.language },
        createdAt: now,
      })
      .returning({ leadId: leadActivities.leadId }),
    db.insert(contactMessages).values({
      id: messageId,
      name: input.name,
      email,
      message: input.message,
      language: meta.language,
      leadId: leadOfEmail,
      createdAt: now,
    }),
    db
      .insert(notifications)
      .select(
        sql`select ${sqlUuid}, ${users.id}, 'new_lead', ${notice.title}, ${notice.message}, ${`/leads?lead=${newLeadId}`}, 0, ${now},
               ${notice.kind}, ${notice.params}
          from ${users}
          where ${users.role} in ('admin', 'manager') and ${users.isActive} = 1
            and exists (select 1 from ${leads} where ${leads.id} = ${newLeadId})
            and not exists (select 1 from notification_preferences p where p.user_id = ${users.id} and p.new_leads = 0)`,
      )
      .returning({ userId: notifications.userId }),
  ]);
  const leadId = activity[0]!.leadId;
  const existing = inserted.length === 0;
  // Stored: the managers' and admins' open tabs (and devices) hear of the new lead (never throws).
  await publishNotifications(
    services,
    told.map((row) => row.userId),
    { since: now },
  );
  // Stored: every open leads list, pipeline and dashboard hears of it (never throws).
  await publishSiteLead(services, leadId, !existing);

  const url = crmLeadUrl(env, leadId);
  try {
    await queueEmail(services, {
      to: env.TEAM_EMAIL,
      subject: staff("site.contact.teamEmail.subject", { name: input.name }),
      text: staff("site.contact.teamEmail.body", {
        name: input.name,
        email,
        language: LANGUAGE_NAMES[meta.language],
        leadLine: existing ? staff("site.contact.teamEmail.leadExisting", { url }) : staff("site.contact.teamEmail.leadNew", { url }),
        message: input.message,
      }),
      kind: "contact_notification",
    });
  } catch (error) {
    // The message and the lead are saved and visible in the CRM; failing the visitor now
    // would only make them send it again.
    console.error("contact: could not queue the team e-mail", error);
  }

  return { leadId, created: !existing, messageId };
}
