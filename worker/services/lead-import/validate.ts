// Every row of an import checked with the lead form's own rules (createLeadSchema of
// lead-service.ts: required name, a valid e-mail, phone, lengths, tags), after the cells are
// read as lead values (values.ts). A row is valid, or has issues, each with its line, field
// and code (put into words in the reader's language when shown: import-dto.ts). Repeated
// e-mails: the first valid row of an address wins, every later one is an error naming the
// first row's line.
import type { LeadCurrency, LeadSource, LeadStatus } from "../../db/schema/index.ts";
import type { OrgTimeZone } from "../../lib/org-time.ts";
import type { LeadImportField, LeadImportMapping } from "../lead-import-columns.ts";
import { createLeadSchema } from "../lead-service.ts";
import type { ParsedCsv } from "./parse.ts";
import {
  cleanCell,
  detectDateOrder,
  headerCurrency,
  moneyCurrency,
  multiLine,
  parseCurrency,
  parseMoney,
  readCreatedAt,
  parseSource,
  parseStatus,
  singleLine,
  splitTags,
  type DateReading,
  type ValueMap,
} from "./values.ts";

export const ROW_ISSUE_CODES = [
  "required",
  "too_long",
  "invalid",
  "invalid_email",
  "invalid_phone",
  "invalid_value",
  "unknown_status",
  "unknown_source",
  "unknown_currency",
  "currency_conflict",
  "unknown_owner",
  "invalid_date",
  "future_date",
  "too_many_tags",
  "duplicate_email",
] as const;
export type RowIssueCode = (typeof ROW_ISSUE_CODES)[number];

/** A row's problem as stored: the message is made from code and params in the reader's language. */
export type RowIssue = { line: number; field: LeadImportField | null; code: RowIssueCode; params?: Record<string, string | number> };

/** A valid row's lead. null: the file gives nothing for the field (an update leaves it as it is). */
export type ImportLead = {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: LeadSource | null;
  status: LeadStatus | null;
  estimated_value: number | null;
  currency: LeadCurrency | null;
  notes: string | null;
  tags: string[] | null;
  assigned_to: string | null;
  created_at: string | null;
};

export type RowResult = { line: number; lead: ImportLead; issues: null } | { line: number; lead: null; issues: RowIssue[] };

/** Active users by e-mail (lower case) and by name (lower case; only names one person has). */
export type OwnerDirectory = { byEmail: Map<string, string>; byName: Map<string, string | null> };

/**
 * `timeZone`: the organisation's (a time without a zone is its clock; São Paulo unless told).
 * The order of numeric dates is values.dateOrder when the import has one, else detected.
 */
export type ValidationContext = { values: ValueMap; owners: OwnerDirectory; now?: number; timeZone?: OrgTimeZone };

export type ValidatedFile = {
  results: RowResult[];
  duplicates: number;
  unknown: { status: string[]; source: string[] };
  /** How the created_at column's numeric dates were read (null: none in the rows read). */
  dates: DateReading | null;
};

/** A value quoted in a reason: one line, at most 60 characters. */
const quote = (text: string) => {
  const line = singleLine(text);
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

const SCHEMA_FIELD: Record<string, LeadImportField> = {
  name: "name",
  email: "email",
  phone: "phone",
  company: "company",
  source: "source",
  status: "status",
  estimated_value: "value",
  currency: "currency",
  notes: "notes",
  tags: "tags",
  assigned_to: "owner",
};

/** The columns of each field, in file order. */
function columnsOf(mapping: LeadImportMapping): Map<LeadImportField, number[]> {
  const columns = new Map<LeadImportField, number[]>();
  mapping.forEach((field, index) => {
    if (field) columns.set(field, [...(columns.get(field) ?? []), index]);
  });
  return columns;
}

const UNKNOWN_MAX = 50;

export function validateRows(parsed: ParsedCsv, mapping: LeadImportMapping, context: ValidationContext): ValidatedFile {
  const columns = columnsOf(mapping);
  const unknownStatus = new Set<string>();
  const unknownSource = new Set<string>();
  const cellsOf = (row: string[], field: LeadImportField) => (columns.get(field) ?? []).map((index) => cleanCell(row[index] ?? ""));
  const one = (row: string[], field: LeadImportField) => singleLine(cellsOf(row, field)[0] ?? "");
  // The dates' order: the import's own (kept from its preview), else what the column shows.
  // Decided on the whole file even when only its first rows are checked (a commit batch).
  const dateCells: string[] = [];
  if (!context.values.dateOrder && columns.has("created_at")) {
    if (parsed.eachRow) parsed.eachRow((row) => dateCells.push(one(row, "created_at")));
    else for (const row of parsed.rows) dateCells.push(one(row, "created_at"));
  }
  const detected = context.values.dateOrder ? null : detectDateOrder(dateCells, context.timeZone);
  const dates: DateReading | null = context.values.dateOrder ? { order: context.values.dateOrder, guessed: false } : detected;
  // A currency the value column's header names ("Valor (R$)") when neither the row's currency nor its value's symbol does.
  const valueColumn = columns.get("value")?.[0];
  const columnCurrency = valueColumn === undefined ? null : headerCurrency(parsed.headers[valueColumn] ?? "");

  const results: RowResult[] = parsed.rows.map((row, index) => {
    const line = parsed.lines[index]!;
    const issues: RowIssue[] = [];
    const issue = (field: LeadImportField | null, code: RowIssueCode, params?: RowIssue["params"]) =>
      issues.push({ line, field, code, ...(params && { params }) });

    const statusText = one(row, "status");
    const status = parseStatus(statusText, context.values);
    if (status === undefined) {
      issue("status", "unknown_status", { value: quote(statusText) });
      if (unknownStatus.size < UNKNOWN_MAX) unknownStatus.add(statusText.slice(0, 100));
    }
    const sourceText = one(row, "source");
    const source = parseSource(sourceText, context.values);
    if (source === undefined) {
      issue("source", "unknown_source", { value: quote(sourceText) });
      if (unknownSource.size < UNKNOWN_MAX) unknownSource.add(sourceText.slice(0, 100));
    }
    const valueText = one(row, "value");
    const value = parseMoney(valueText);
    if (value === undefined) issue("value", "invalid_value", { value: quote(valueText) });
    const currencyText = one(row, "currency");
    const statedCurrency = parseCurrency(currencyText);
    if (statedCurrency === undefined) issue("currency", "unknown_currency", { value: quote(currencyText) });
    // The value's own symbol ("US$ 5,000.00") gives the currency when no currency cell does; a different one is an error.
    const symbolCurrency = value === undefined || value === null ? null : moneyCurrency(valueText);
    if (statedCurrency && symbolCurrency && statedCurrency !== symbolCurrency)
      issue("currency", "currency_conflict", { value: quote(valueText), currency: statedCurrency });
    const currency =
      statedCurrency === undefined ? undefined : (statedCurrency ?? symbolCurrency ?? (value === null ? null : columnCurrency));
    const ownerText = one(row, "owner");
    let owner: string | null = null;
    if (ownerText) {
      const key = ownerText.toLowerCase();
      owner = context.owners.byEmail.get(key) ?? context.owners.byName.get(key) ?? null;
      if (!owner) issue("owner", "unknown_owner", { value: quote(ownerText) });
    }
    const createdText = one(row, "created_at");
    const created = readCreatedAt(createdText, context.now, { order: dates?.order, timeZone: context.timeZone });
    const createdAt = "value" in created ? created.value : undefined;
    if ("problem" in created)
      issue("created_at", created.problem === "future" ? "future_date" : "invalid_date", { value: quote(createdText) });

    const name = cellsOf(row, "name").map(singleLine).filter(Boolean).join(" ");
    const notes = cellsOf(row, "notes").map(multiLine).filter(Boolean).join("\n\n");
    const tags = columns.has("tags") ? splitTags(cellsOf(row, "tags")) : [];
    const emailText = one(row, "email");
    const phoneText = one(row, "phone");

    // The lead form's own rules on what the cells say.
    const parsedLead = createLeadSchema.safeParse({
      name,
      email: emailText,
      phone: phoneText,
      company: one(row, "company"),
      source: source ?? "other",
      status: status ?? "new",
      estimated_value: value ?? null,
      currency: currency ?? undefined,
      notes: notes || null,
      assigned_to: null,
      tags,
    });
    if (!parsedLead.success) {
      const seen = new Set<string>();
      for (const zodIssue of parsedLead.error.issues) {
        const field = SCHEMA_FIELD[String(zodIssue.path[0])] ?? null;
        const message = zodIssue.message;
        let code: RowIssueCode =
          message === "apiErrors.field.required"
            ? "required"
            : message === "apiErrors.field.too_long"
              ? "too_long"
              : message === "apiErrors.field.invalid_phone"
                ? "invalid_phone"
                : "invalid";
        if (field === "email" && code === "invalid") code = "invalid_email";
        if (field === "tags" && code === "too_long" && zodIssue.path.length === 1) code = "too_many_tags";
        if (field === "phone" && code === "invalid") code = "invalid_phone";
        const key = `${field}:${code}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const params: RowIssue["params"] =
          code === "invalid_email" ? { value: quote(emailText) } : code === "invalid_phone" ? { value: quote(phoneText) } : {};
        if (code === "too_many_tags") params.max = 30;
        // The limit a too long text passes (the form's own: zod's `maximum`).
        if (code === "too_long" && zodIssue.code === "too_big" && typeof zodIssue.maximum === "number") params.max = zodIssue.maximum;
        issue(field, code, Object.keys(params).length ? params : undefined);
      }
    }
    if (issues.length > 0 || !parsedLead.success) return { line, lead: null, issues };
    const lead = parsedLead.data;
    return {
      line,
      issues: null,
      lead: {
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        company: lead.company,
        source: source ?? null,
        status: status ?? null,
        estimated_value: lead.estimated_value,
        currency: currency ?? null,
        notes: lead.notes,
        tags: lead.tags.length > 0 ? lead.tags : null,
        assigned_to: owner,
        created_at: createdAt ?? null,
      },
    };
  });

  // One lead per e-mail: the first valid row of an address wins.
  const firstLine = new Map<string, number>();
  let duplicates = 0;
  for (let i = 0; i < results.length; i++) {
    const result = results[i]!;
    if (!result.lead?.email) continue;
    const first = firstLine.get(result.lead.email);
    if (first === undefined) firstLine.set(result.lead.email, result.line);
    else {
      duplicates++;
      results[i] = {
        line: result.line,
        lead: null,
        issues: [{ line: result.line, field: "email", code: "duplicate_email", params: { first } }],
      };
    }
  }
  return { results, duplicates, unknown: { status: [...unknownStatus], source: [...unknownSource] }, dates };
}
