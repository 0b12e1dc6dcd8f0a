// What the API answers for an import (the HTTP contract of issue 23, /tmp contract
// "ImportDto"): the stored row with its row issues put into words in the reader's language.
// Type-only for the browser (import type).
import type { Language, TranslationKey } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import type { LeadImport, LeadImportStatus } from "../../db/schema/index.ts";
import type { ImportMode, LeadImportField, LeadImportMapping } from "../lead-import-columns.ts";
import type { UserRef } from "../crm-types.ts";
import type { RowIssue } from "./validate.ts";

export type ImportIssueDto = { line: number; field: LeadImportField | null; code: string; message: string };

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
  return t(`apiErrors.import_issue.${issue.code}` as TranslationKey, { field, ...issue.params });
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
