// Leads from the site's chat assistant (site-and-sign-in.md §3 Lead, §7 Create lead, §9 Chat):
// POST /api/leads/capture. One lead per e-mail through the same atomic path as the contact
// form (contact-service.ts): everything is decided inside ONE db.batch (one D1 transaction),
// with no read before the write (conventions 11).
import { sql } from "drizzle-orm";
import { LANGUAGE_NAMES, type TranslationKey } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { normalizePhone } from "~/modules/leads/phone";
import { formatPhone } from "~/modules/leads/phone-format";
import { estimatedValueForBudget, type ChatTurn } from "~/modules/chat/chat-types";
import { extractContact } from "~/modules/chat/contact-extraction";
import { CHAT_FIELD_LIMITS, type LeadCaptureInput } from "./chat-schemas.ts";
import { contactMessages, leadActivities, leads, normalizedLeadEmail, notifications, SITE_CURRENCY, users } from "../db/schema/index.ts";
import { sqlUuid } from "../db/sql-uuid.ts";
import { publishSiteLead } from "./lead-events.ts";
import { publishNotifications } from "./notification-service.ts";
import { enforceRateLimit, type RateLimit } from "./rate-limit-service.ts";
import type { ServiceContext } from "./service-context.ts";
import { assertPublicWritesOpen } from "./org-settings-service.ts";

/**
 * Captures per visitor IP: the widget sends one per conversation (a second only if the
 * visitor gives another address), so 5 in 10 minutes is generous for people and keeps a
 * script from flooding the CRM and the managers' bells.
 */
export const LEAD_CAPTURE_LIMIT: RateLimit = { limit: 5, windowMs: 10 * 60 * 1000, message: "apiErrors.lead_capture_rate_limited" };

/** What became of a capture: 201 created, 200 updated, 202 kept as a contact message. */
export type LeadCaptureResult =
  { outcome: "created"; leadId: string } | { outcome: "updated"; leadId: string } | { outcome: "kept"; messageId: string | null };

// Staff read the CRM in Portuguese: the notes, the activity and the notifications are in pt.
const staff = getTranslator("pt");

/** The name a lead gets: the one the visitor gave, else the e-mail's local part. */
export const leadNameFor = (input: Pick<LeadCaptureInput, "name" | "email">) => input.name ?? input.email.split("@")[0]!;

/**
 * The company the visitor gave: the widget's (or the assistant's) reading, else the newest
 * of their own turns that names one ("sou da Duarte Cosméticos", "I work at Acme Inc"; the
 * rules of contact-extraction.ts, which take no place, department or sentence tail).
 */
export function companyOf(input: Pick<LeadCaptureInput, "company" | "transcript">): string | null {
  if (input.company) return input.company;
  for (const turn of [...input.transcript].reverse()) {
    const company = turn.isBot ? null : extractContact(turn.content).company;
    if (company) return company.slice(0, CHAT_FIELD_LIMITS.company);
  }
  return null;
}

/**
 * The lead's notes, and the head of its timeline entry: the four answers of the guided flow
 * with the labels the visitor saw, in their language ("Prazo: Em 1 a 3 meses"; an English
 * visitor's answers in English), the contact they gave and the conversation's language,
 * under Portuguese headings. The transcript is kept on the timeline only (captureText).
 */
export function captureSummary(input: LeadCaptureInput): string {
  const none = staff("leadCapture.notInformed");
  const seen = getTranslator(input.language);
  const answer = (value: string | null) => (value ? seen(`site.chatAssistant.options.${value}` as TranslationKey) : none);
  const phone = input.phone && formatPhone(normalizePhone(input.phone) ?? input.phone);
  const contact = [leadNameFor(input), input.email, phone, companyOf(input)].filter(Boolean).join(" · ");
  return [
    staff("leadCapture.heading"),
    staff("leadCapture.projectType", { value: answer(input.projectType) }),
    staff("leadCapture.budget", { value: answer(input.budget) }),
    staff("leadCapture.timeline", { value: answer(input.timeline) }),
    staff("leadCapture.teamSize", { value: answer(input.teamSize) }),
    staff("leadCapture.contact", { value: contact }),
    staff("leadCapture.language", { value: LANGUAGE_NAMES[input.language] }),
  ].join("\n");
}

/** The conversation as "Visitante: …" / "Assistente: …" lines, oldest first. */
export function transcriptLines(transcript: readonly ChatTurn[]): string[] {
  const visitor = staff("leadCapture.visitor");
  const assistant = staff("leadCapture.assistant");
  return transcript.map((turn) => `${turn.isBot ? assistant : visitor}: ${turn.content.trim()}`);
}

/** The summary and the whole transcript: the timeline activity's content. */
export function captureText(input: LeadCaptureInput): string {
  const lines = transcriptLines(input.transcript);
  return lines.length === 0 ? captureSummary(input) : `${captureSummary(input)}\n\n${staff("leadCapture.transcript")}\n${lines.join("\n")}`;
}

/** A text is missing when null or blank (what the lead form stores as nothing). */
const isBlank = (column: typeof leads.phone | typeof leads.company) => sql`(${column} is null or trim(${column}) = '')`;

/**
 * A lead from a chat conversation (already validated; the honeypot is the caller's business).
 * Throws UnavailableError (503 "back soon") while the organisation is in maintenance mode.
 * Throws RateLimitedError after LEAD_CAPTURE_LIMIT captures from one IP (reserved atomically
 * before anything is written). Then, in one batch:
 * - the lead: `insert … on conflict do nothing` on the unique normalized e-mail, with the id
 *   chosen here, so the later statements know whether THIS capture created it. A new lead:
 *   name (or the e-mail's local part), e-mail (trimmed, lower-case), phone (E.164), company
 *   (companyOf), source website, status new, estimated_value from the budget in US$ (0 in
 *   the organisation's currency when unknown), notes = the summary (captureSummary);
 * - a returning visitor's lead gets only what it lacks: phone and company where blank,
 *   estimated_value (with its currency, US$) where null and the budget is known. Name,
 *   status, owner, notes, tags and every value staff entered stay as they are;
 * - a timeline activity on the lead of that e-mail (internal_note "Conversa do assistente do
 *   site", no author, metadata.source "chat_assistant") with the summary and the whole
 *   transcript, for a new lead and for every return;
 * - notifications: a new lead → one `new_lead` for every active manager and admin (unless
 *   their preferences turned new-lead notifications off), linking to /leads?lead=<id>; a
 *   returning lead → one `system` notification for its active owner, if it has one; once
 *   stored, their open tabs hear of it (publishNotifications).
 * If the batch fails (anything but the limit), the failure is logged and the conversation is
 * kept as a contact message (name, e-mail, transcript, language) for staff to see: the
 * visitor is never shown an error for it (§8).
 */
export async function captureLead(services: ServiceContext, input: LeadCaptureInput, meta: { ip: string }): Promise<LeadCaptureResult> {
  const { db } = services;
  await assertPublicWritesOpen(services);
  await enforceRateLimit(db, `lead-capture:${meta.ip}`, LEAD_CAPTURE_LIMIT);

  const email = input.email.trim().toLowerCase();
  const name = leadNameFor({ name: input.name, email });
  const estimatedValue = estimatedValueForBudget(input.budget);
  // Stored in E.164; a phone that is not one stays in the activity's metadata only.
  const phone = input.phone ? normalizePhone(input.phone) : null;
  const company = companyOf(input);
  const newLeadId = crypto.randomUUID();
  const now = new Date().toISOString();
  const leadOfEmail = sql`(select ${leads.id} from ${leads} where ${normalizedLeadEmail(leads.email)} = ${email})`;
  const isReturning = sql`${normalizedLeadEmail(leads.email)} = ${email} and ${leads.id} <> ${newLeadId}`;

  // What a returning lead may gain (only where it has nothing).
  const fills = [
    phone
      ? {
          set: { phone: sql`case when ${isBlank(leads.phone)} then ${phone} else ${leads.phone} end` },
          missing: isBlank(leads.phone),
        }
      : null,
    company
      ? {
          set: { company: sql`case when ${isBlank(leads.company)} then ${company} else ${leads.company} end` },
          missing: isBlank(leads.company),
        }
      : null,
    estimatedValue > 0
      ? {
          // The budgets the site shows are in US$: the value comes with its currency.
          set: {
            estimatedValue: sql`coalesce(${leads.estimatedValue}, ${estimatedValue})`,
            currency: sql`case when ${leads.estimatedValue} is null then ${SITE_CURRENCY} else ${leads.currency} end`,
          },
          missing: sql`${leads.estimatedValue} is null`,
        }
      : null,
  ].filter((fill) => fill !== null);

  const activeUser = sql`${users.isActive} = 1`;
  const newLeadTitle = staff("notifications.newLead.title");
  const newLeadMessage = staff("notifications.newLead.message", { name, email });
  const returnedTitle = staff("notifications.leadReturned.title");
  // {name} is the lead's name as staff know it (they may have edited it): filled in by SQL.
  const returnedMessage = staff("notifications.leadReturned.message", { email });
  const link = (id: unknown) => sql`'/leads?lead=' || ${id}`;

  let stored: { result: LeadCaptureResult; told: string[] };
  try {
    const [inserted, ...rest] = await db.batch([
      db
        .insert(leads)
        .values({
          id: newLeadId,
          name,
          email,
          phone,
          company,
          source: "website",
          status: "new",
          estimatedValue,
          // The budgets the site shows are in US$ (no budget: a value of 0 in the organisation's currency).
          ...(estimatedValue > 0 && { currency: SITE_CURRENCY }),
          notes: captureSummary(input),
          tags: [],
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: leads.id }),
      ...(fills.length === 0
        ? []
        : [
            db
              .update(leads)
              .set({ ...Object.assign({}, ...fills.map((fill) => fill.set)), updatedAt: now })
              .where(
                sql`${isReturning} and (${sql.join(
                  fills.map((fill) => fill.missing),
                  sql` or `,
                )})`,
              ),
          ]),
      db
        .insert(leadActivities)
        .values({
          leadId: leadOfEmail,
          type: "internal_note",
          subject: staff("leadCapture.activitySubject"),
          content: captureText(input),
          metadata: {
            source: "chat_assistant",
            language: input.language,
            name: input.name,
            email,
            phone: input.phone,
            company: input.company,
            projectType: input.projectType,
            budget: input.budget,
            timeline: input.timeline,
            teamSize: input.teamSize,
          },
          createdAt: now,
        })
        .returning({ leadId: leadActivities.leadId }),
      // Column order of notifications: id, user_id, type, title, message, link, read, created_at, kind, params
      // (the kind and params are shown in each reader's language: notification-text.ts).
      db
        .insert(notifications)
        .select(
          sql`select ${sqlUuid}, ${users.id}, 'new_lead', ${newLeadTitle}, ${newLeadMessage}, ${link(newLeadId)}, 0, ${now},
                 'newLead', ${JSON.stringify({ name, email })}
            from ${users}
            where ${users.role} in ('admin', 'manager') and ${activeUser}
              and exists (select 1 from ${leads} where ${leads.id} = ${newLeadId})
              and not exists (select 1 from notification_preferences p where p.user_id = ${users.id} and p.new_leads = 0)`,
        )
        .returning({ userId: notifications.userId }),
      db
        .insert(notifications)
        .select(
          sql`select ${sqlUuid}, ${users.id}, 'system', ${returnedTitle}, replace(${returnedMessage}, '{name}', ${leads.name}), ${link(leads.id)}, 0, ${now},
                 'leadReturned', json_object('name', ${leads.name}, 'email', ${email})
            from ${leads} join ${users} on ${users.id} = ${leads.assignedTo}
            where ${isReturning} and ${activeUser}`,
        )
        .returning({ userId: notifications.userId }),
    ]);
    const activity = rest.at(-3) as { leadId: string }[];
    const leadId = activity[0]!.leadId;
    const told = [...(rest.at(-2) as { userId: string }[]), ...(rest.at(-1) as { userId: string }[])].map((row) => row.userId);
    stored = { result: inserted.length > 0 ? { outcome: "created", leadId } : { outcome: "updated", leadId }, told };
  } catch (error) {
    console.error("lead capture: the lead could not be written; keeping the conversation as a contact message", error);
    return { outcome: "kept", messageId: await keepAsContactMessage(services, input, name, email) };
  }
  // Stored: now tell the open tabs of everyone who got a notification (never throws).
  await publishNotifications(services, stored.told, { since: now });
  // And every open leads list, pipeline and dashboard (lead-events.ts; never throws).
  if (stored.result.outcome !== "kept") {
    await publishSiteLead(services, stored.result.leadId, stored.result.outcome === "created", "chat_assistant");
  }
  return stored.result;
}

/** The conversation as a contact message (no lead), so staff still see it; null if even that fails. */
async function keepAsContactMessage(
  services: ServiceContext,
  input: LeadCaptureInput,
  name: string,
  email: string,
): Promise<string | null> {
  const id = crypto.randomUUID();
  try {
    await services.db.insert(contactMessages).values({
      id,
      name,
      email,
      message: `${staff("leadCapture.keptAsMessage")}\n\n${captureText(input)}`,
      language: input.language,
      leadId: null,
    });
    return id;
  } catch (error) {
    console.error("lead capture: the conversation could not be kept as a contact message either", error);
    return null;
  }
}
