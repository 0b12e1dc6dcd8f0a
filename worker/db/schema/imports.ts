import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

/** 'Importar Dados' (issue 23): the modes and states of an import (migration 0017). */
export const LEAD_IMPORT_STATUSES = ["previewed", "running", "done"] as const;
export type LeadImportStatus = (typeof LEAD_IMPORT_STATUSES)[number];

/**
 * One CSV import of leads (migration 0017): the file is in R2 (imports/<id>.csv); the row
 * holds the preview's counts and the commit's progress. `next_row` is the index of the first
 * data row no batch has claimed; `batch_token` the last claimer (worker/services/lead-import/).
 */
export const leadImports = sqliteTable(
  "lead_imports",
  {
    id: id(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    status: text("status").$type<LeadImportStatus>().notNull().default("previewed"),
    mode: text("mode").$type<"update_empty" | "overwrite" | "skip">(),
    headers: text("headers", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    mapping: text("mapping", { mode: "json" })
      .$type<(string | null)[]>()
      .notNull()
      .default(sql`'[]'`),
    valueMap: text("value_map", { mode: "json" })
      .$type<Record<string, Record<string, string>>>()
      .notNull()
      .default(sql`'{}'`),
    rows: integer("rows").notNull().default(0),
    valid: integer("valid").notNull().default(0),
    new: integer("new").notNull().default(0),
    matches: integer("matches").notNull().default(0),
    invalid: integer("invalid").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    unknownValues: text("unknown_values", { mode: "json" })
      .$type<{ status: string[]; source: string[] }>()
      .notNull()
      .default(sql`'{"status":[],"source":[]}'`),
    issues: text("issues", { mode: "json" })
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The first 5 valid rows as they will be stored (migration 0019; ImportDto.sample). */
    sample: text("sample", { mode: "json" })
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Valid rows with no e-mail: always created, never matched (migration 0019). */
    withoutEmail: integer("without_email").notNull().default(0),
    nextRow: integer("next_row").notNull().default(0),
    batchToken: text("batch_token"),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
  },
  (t) => [
    index("lead_imports_created_at_idx").on(t.createdAt),
    check("lead_imports_status_check", sql`${t.status} in ('previewed', 'running', 'done')`),
    check("lead_imports_next_row_check", sql`${t.nextRow} >= 0`),
  ],
);

export type LeadImport = typeof leadImports.$inferSelect;
