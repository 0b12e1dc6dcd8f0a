import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt, id, sqlList, updatedAt } from "./columns.ts";
import {
  ACTIVITY_TYPES,
  LEAD_CURRENCIES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  ORG_CURRENCY,
  type ActivityType,
  type LeadCurrency,
  type LeadSource,
  type LeadStatus,
} from "./enums.ts";
import { users } from "./users.ts";

/** A lead's e-mail as the unique index sees it: trimmed and lower-case (NULL when none). */
export const normalizedLeadEmail = (email: AnySQLiteColumn) => sql`lower(trim(${email}))`;

/** Accented letters the name sort reads as their base letter (SQLite's lower() folds only A-Z). */
const NAME_FOLDS: Record<string, string> = { a: "áàâãäå", e: "éèêë", i: "íìîï", o: "óòôõö", u: "úùûü", c: "ç", n: "ñ", y: "ýÿ" };

/** The SQL of leads.name_key (migration 0012 has it verbatim; tests/db/migrations.test.ts compares). */
export function leadNameKeySql() {
  let expression = "lower(trim(name))";
  for (const [base, letters] of Object.entries(NAME_FOLDS)) {
    for (const letter of new Set([...letters, ...letters.toUpperCase()])) expression = `replace(${expression}, '${letter}', '${base}')`;
  }
  return sql.raw(expression);
}

/** A lead's last activity: the latest timeline entry, note or attachment, else its creation. */
export const LEAD_LAST_ACTIVITY = "coalesce(l.last_activity_at, l.created_at)";

/**
 * Leads. Text search goes through the FTS5 table leads_fts (migration 0003), kept in sync by
 * triggers on this table: a migration that rebuilds it (drizzle's __new_leads copy) drops
 * them, and must recreate them and rebuild the index (docs/decisions/012).
 */
export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    source: text("source").$type<LeadSource>().notNull().default("website"),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    /** In `currency`; NULL counts as 0 in every sum. */
    estimatedValue: real("estimated_value"),
    /** The estimated value's currency (migration 0011; sums are kept per currency). */
    currency: text("currency").$type<LeadCurrency>().notNull().default(ORG_CURRENCY),
    notes: text("notes"),
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the lead's timeline, notes or attachments last got something (kept by triggers,
     * migration 0012); NULL until then, and the lead's creation counts as its first activity:
     * read it as LEAD_LAST_ACTIVITY.
     */
    lastActivityAt: text("last_activity_at"),
    /** The name as the "name" sort compares it: trimmed, lower case, without accents (a virtual column). */
    nameKey: text("name_key").generatedAlwaysAs(leadNameKeySql(), { mode: "virtual" }),
  },
  (t) => [
    // The list's other orders (lead-query-service.ts LEAD_ORDERS), each a keyset with the id.
    index("leads_value_idx").on(sql`coalesce(${t.estimatedValue}, -1)`, t.id),
    index("leads_name_key_idx").on(t.nameKey, t.id),
    index("leads_last_activity_idx").on(sql`coalesce(${t.lastActivityAt}, ${t.createdAt})`, t.id),
    // Keyset pages newest first (created_at desc, id desc as the tie-breaker): the id in the
    // index lets SQLite walk it backwards without sorting (lead-query-service.ts).
    index("leads_created_at_idx").on(t.createdAt, t.id),
    index("leads_status_created_at_idx").on(t.status, t.createdAt, t.id),
    index("leads_assigned_to_created_at_idx").on(t.assignedTo, t.createdAt),
    // A bounded report period (report-service.ts) groups from this index alone, no row read.
    index("leads_report_idx").on(t.createdAt, t.status, t.source, t.currency, t.assignedTo, t.estimatedValue),
    // One lead per e-mail (conventions 11): the normalized address is unique, so "find or
    // create the lead for this e-mail" is one `insert … on conflict do nothing`.
    uniqueIndex("leads_email_unique")
      .on(normalizedLeadEmail(t.email))
      .where(sql`${t.email} is not null`),
    index("leads_name_idx").on(t.name),
    check("leads_status_check", sql`${t.status} in ${sqlList(LEAD_STATUSES)}`),
    check("leads_source_check", sql`${t.source} in ${sqlList(LEAD_SOURCES)}`),
    check("leads_tags_check", sql`json_valid(${t.tags}) and json_type(${t.tags}) = 'array'`),
    check("leads_currency_check", sql`${t.currency} in ${sqlList(LEAD_CURRENCIES)}`),
    check("leads_estimated_value_check", sql`${t.estimatedValue} is null or ${t.estimatedValue} >= 0`),
    check("leads_name_check", sql`length(trim(${t.name})) > 0`),
  ],
);

/** The timeline of a lead (the old system's "messages" table). */
export const leadActivities = sqliteTable(
  "lead_activities",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    type: text("type").$type<ActivityType>().notNull(),
    subject: text("subject"),
    content: text("content").notNull(),
    metadata: text("metadata", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_activities_lead_created_at_idx").on(t.leadId, t.createdAt),
    check("lead_activities_type_check", sql`${t.type} in ${sqlList(ACTIVITY_TYPES)}`),
    check("lead_activities_metadata_check", sql`json_valid(${t.metadata})`),
  ],
);

/** Files in R2 (storage_path is the object key: {leadId}/{timestamp}.{ext}). */
export const leadAttachments = sqliteTable(
  "lead_attachments",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    fileType: text("file_type").notNull(),
    storagePath: text("storage_path").notNull().unique(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_attachments_lead_created_at_idx").on(t.leadId, t.createdAt),
    check("lead_attachments_size_check", sql`${t.fileSize} >= 0`),
  ],
);

export const leadNotes = sqliteTable(
  "lead_notes",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lead_notes_lead_created_at_idx").on(t.leadId, t.createdAt),
    check("lead_notes_content_check", sql`length(trim(${t.content})) > 0`),
  ],
);

export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type LeadActivity = typeof leadActivities.$inferSelect;
export type LeadAttachment = typeof leadAttachments.$inferSelect;
export type LeadNote = typeof leadNotes.$inferSelect;
