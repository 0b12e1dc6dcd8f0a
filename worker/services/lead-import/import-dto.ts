// What the API answers for an import (the HTTP contract of issue 23, /tmp contract
// "ImportDto"): the stored row with its row issues put into words in the reader's language.
// Type-only for the browser (import type).
import type { Language, TranslationKey } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { formatNumber } from "~/i18n/format";
import type { LeadCurrency, LeadImport, LeadImportStatus, LeadSource, LeadStatus } from "../../db/schema/index.ts";
import type { ImportMode, LeadImportField, LeadImportMapping } from "../lead-import-columns.ts";
import type { UserRef } from "../crm-types.ts";
import type { RowIssue } from "./validate.ts";

export type ImportIssueDto = { line: number; field: LeadImportField | null; code: string; message: string };

/** A valid row as it will be stored: the values read from its cells, the defaults filled in. */
export type ImportSampleRow = {
  line: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: LeadSource;
  status: LeadStatus;
  value: number | null;
  currency: LeadCurrency;
  tags: string[];
  notes: string | null;
  owner: UserRef | null;
  created_at: string | null;
};

/** How many valid rows the preview shows as they will be stored. */
export const SAMPLE_ROWS = 5;

export type ImportDto = {
  id: string;
  file_name: string;
  created_at: string;
  created_by: UserRef | null;
  status: LeadImportStatus;
  mode: ImportMode | null;
  headers: string[];
  mapping: LeadImportMapping;
  rows: number;
  valid: number;
  new: number;
  matches: number;
  invalid: number;
  duplicates: number;
  unknown_values: { status: string[]; source: string[] };
  /** The first SAMPLE_ROWS valid rows as they will be stored. */
  sample: ImportSampleRow[];
  /** Valid rows with no e-mail: always created, never matched with a stored lead. */
  without_email: number;
  issues: ImportIssueDto[];
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
};

/** At most this many row issues are kept and shown (failed.csv has them all). */
export const ISSUES_SHOWN = 200;

/** A row issue in `language`: "E-mail inválido: ana@". */
export function issueMessage(issue: RowIssue, language: Language): string {
  const t = getTranslator(language);
  const field = issue.field ? t(`apiErrors.import_issue.fields.${issue.field}` as TranslationKey) : "";
  // Numbers (a limit, the line an e-mail first came on) written the reader's way: 10.000 / 10,000.
  const params = Object.fromEntries(
    Object.entries(issue.params ?? {}).map(([key, value]) => [key, typeof value === "number" ? formatNumber(value, language) : value]),
  );
  return t(`apiErrors.import_issue.${issue.code}` as TranslationKey, { field, ...params });
}

export function toImportDto(row: LeadImport, creator: UserRef | null, language: Language): ImportDto {
  return {
    id: row.id,
    file_name: row.fileName,
    created_at: row.createdAt,
    created_by: creator,
    status: row.status,
    mode: row.mode ?? null,
    headers: row.headers,
    mapping: row.mapping as LeadImportMapping,
    rows: row.rows,
    valid: row.valid,
    new: row.new,
    matches: row.matches,
    invalid: row.invalid,
    duplicates: row.duplicates,
    unknown_values: row.unknownValues,
    sample: row.sample as ImportSampleRow[],
    without_email: row.withoutEmail,
    issues: (row.issues as RowIssue[]).map((issue) => ({
      line: issue.line,
      field: issue.field,
      code: issue.code,
      message: issueMessage(issue, language),
    })),
    processed: Math.min(row.nextRow, row.rows),
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
  };
}
