import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, sqlList } from "./columns.ts";
import { LANGUAGES, OUTBOX_STATUSES, type Language, type OutboxStatus } from "./enums.ts";
import { leads } from "./leads.ts";

/** A headline figure shown on hover, e.g. { value: "+340%", label: "ROI" }. */
export type CaseStudyFigure = { value: string; label: string };

/** Per-language overrides of the English base copy of a case study. */
export type CaseStudyTranslation = Partial<{
  title: string;
  description: string;
  tag: string;
  overview: string;
  keyFeatures: string[];
  figures: CaseStudyFigure[];
}>;

export const caseStudies = sqliteTable(
  "case_studies",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    tag: text("tag").notNull(),
    imageUrl: text("image_url").notNull(),
    industry: text("industry").notNull(),
    projectType: text("project_type").notNull(),
    timelineWeeks: integer("timeline_weeks").notNull(),
    overview: text("overview"),
    keyFeatures: text("key_features", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Headline figures; empty when the case study has none. */
    figures: text("figures", { mode: "json" })
      .$type<CaseStudyFigure[]>()
      .notNull()
      .default(sql`'[]'`),
    translations: text("translations", { mode: "json" })
      .$type<Partial<Record<Language, CaseStudyTranslation>>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("case_studies_slug_unique").on(t.slug),
    index("case_studies_created_at_idx").on(t.createdAt),
    check("case_studies_slug_check", sql`length(${t.slug}) > 0 and ${t.slug} not glob '*[^a-z0-9-]*'`),
    check("case_studies_timeline_check", sql`${t.timelineWeeks} > 0`),
    check("case_studies_json_check", sql`json_valid(${t.keyFeatures}) and json_valid(${t.figures}) and json_valid(${t.translations})`),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    language: text("language").$type<Language>().notNull().default("pt"),
    leadId: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt),
    check("contact_messages_language_check", sql`${t.language} in ${sqlList(LANGUAGES)}`),
  ],
);

export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    language: text("language").$type<Language>().notNull().default("pt"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(t.email),
    check("newsletter_subscribers_language_check", sql`${t.language} in ${sqlList(LANGUAGES)}`),
    check("newsletter_subscribers_email_lowercase_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/** Every e-mail the system sends is queued here first, then delivered by a transport. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    kind: text("kind").notNull(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: text("sent_at"),
    createdAt: createdAt(),
    /** A delivery in progress holds the row until then (ISO instant); see email-service.ts. */
    claimedUntil: text("claimed_until"),
    /** Extra header fields as a JSON object (List-Unsubscribe…), or null; see email-service.ts. */
    headers: text("headers"),
  },
  (t) => [
    index("email_outbox_status_created_at_idx").on(t.status, t.createdAt),
    check("email_outbox_status_check", sql`${t.status} in ${sqlList(OUTBOX_STATUSES)}`),
  ],
);

export type CaseStudy = typeof caseStudies.$inferSelect;
export type NewCaseStudy = typeof caseStudies.$inferInsert;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
