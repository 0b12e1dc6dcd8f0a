// 'Importar Dados' (issue 23): leads from a CSV, previewed, then written in batches.
//
// Preview (createImport): the file is decoded and parsed (decode.ts, parse.ts), every row
// checked with the lead form's rules (validate.ts), the e-mails matched against the stored
// leads, the counts and the first 200 reasons kept in a lead_imports row, the file itself in
// R2 (imports/<id>.csv). Nothing else is written.
//
// Commit (commitImportBatch): each call writes the next BATCH_ROWS rows. The stored file is
// read and checked again (the preview is never trusted: an owner may have been deactivated
// since). ONE D1 batch holds the claim of the rows (`UPDATE lead_imports SET next_row = end,
// batch_token = ? WHERE next_row = start`), the lead inserts and updates, their timeline
// entries and the import's counters; every write after the claim carries the condition "this
// call's token holds the claim", so a double click, a retry or a second tab claims nothing
// and writes nothing, and a batch that fails leaves neither leads nor counters behind.
// One lead per e-mail: every valid row is inserted with `ON CONFLICT DO NOTHING` on the
// unique normalized e-mail (migration 0001), and a row whose insert did not take (an existing
// lead, or one a parallel import created a moment ago) is a match, handled by the mode. The
// counters count the timeline entries that went in (one per created or updated lead).
// After the batch: one live event for the boards (lead.batch); after the last batch, one
// notification per person per import (whom it gave leads, whose leads' status it moved), not
// one per row or per batch. A status the import changes gets its status_change entry in the
// same D1 batch, as the lead form and bulk actions write it (the dashboard dates wins by them).
import { desc, eq, sql } from "drizzle-orm";
import type { Language } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { toCsv } from "~/lib/csv";
import { assertRole } from "../../auth/permissions.ts";
import { leadImports, users, type LeadImport, type LeadStatus } from "../../db/schema/index.ts";
import { readBatch } from "../../db/raw-batch.ts";
import type { UserRef } from "../crm-types.ts";
import { NotFoundError } from "../errors.ts";
import {
  IMPORT_LIMITS,
  IMPORT_MODES,
  LEAD_IMPORT_FIELDS,
  mappingProblem,
  suggestMapping,
  type ImportMode,
  type LeadImportMapping,
} from "../lead-import-columns.ts";
import { RAW_LEAD_COLUMNS, rawLeadDto, type RawLeadRow } from "../lead-dto.ts";
import { eventActor, publishLeadBatch } from "../lead-events.ts";
import { publishNotifications } from "../notification-service.ts";
import { notificationColumns } from "../notification-text.ts";
import { readOrgSettings } from "../org-settings-service.ts";
import { enforceRateLimit, type RateLimit } from "../rate-limit-service.ts";
import type { Authenticated, ServiceContext } from "../service-context.ts";
import { decodeCsvBytes } from "./decode.ts";
import { ImportFileError, ImportFileExpiredError, ImportModeLockedError } from "./errors.ts";
import { ISSUES_SHOWN, issueMessage, SAMPLE_ROWS, toImportDto, type ImportDto, type ImportSampleRow } from "./import-dto.ts";
import { parseCsv, type ParsedCsv } from "./parse.ts";
import { validateRows, type ImportLead, type OwnerDirectory, type RowIssue, type ValidatedFile } from "./validate.ts";
import { singleLine, toValueMap } from "./values.ts";
import type { OrgTimeZone } from "../../lib/org-time.ts";

/** Rows a commit call writes. */
export const BATCH_ROWS = 500;
/** Previews of new files a person may make in the window (each parses up to 10 MB). */
export const PREVIEW_RATE_LIMIT: RateLimit = { limit: 30, windowMs: 10 * 60_000, message: "apiErrors.import_rate_limited" };
/**
 * Analysing again the file one just previewed (same name and size, within the window: another
 * mapping, the unknown values mapped) has a limit of its own, so fixing a file's columns never
 * uses up the previews of new files.
 */
export const REANALYSE_RATE_LIMIT: RateLimit = { limit: 60, windowMs: 10 * 60_000, message: "apiErrors.import_rate_limited" };
/** Imports (their R2 file and row) are kept this long, then removed when a later preview is made. */
export const IMPORT_RETENTION_DAYS = 30;
/** A JSON parameter of a batch statement stays under this many characters (D1 caps a value at 2 MB). */
const JSON_PARAM_MAX = 800_000;

export const importFileKey = (id: string) => `imports/${id}.csv`;

type RawValues = { status?: Record<string, string>; source?: Record<string, string> };

/** The mapping sent with the file (JSON text), checked against the header row; else the suggestion. */
function readMapping(text: string | undefined, headers: string[]): LeadImportMapping {
  if (text === undefined || text.trim() === "") {
    const suggested = suggestMapping(headers);
    if (mappingProblem(suggested)) throw new ImportFileError("import_mapping_invalid", { reason: mappingProblem(suggested)! });
    return suggested;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportFileError("import_mapping_invalid", { reason: "json" });
  }
  if (
    !Array.isArray(value) ||
    value.length !== headers.length ||
    !value.every((field) => field === null || (typeof field === "string" && (LEAD_IMPORT_FIELDS as readonly string[]).includes(field)))
  )
    throw new ImportFileError("import_mapping_invalid", { reason: "shape" });
  const mapping = value as LeadImportMapping;
  const problem = mappingProblem(mapping);
  if (problem) throw new ImportFileError("import_mapping_invalid", { reason: problem });
  return mapping;
}

/** The `values` sent with the file: {status: {raw: key}, source: {raw: key}}, at most 200 each. */
function readValues(text: string | undefined): RawValues {
  if (text === undefined || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportFileError("import_values_invalid");
  }
  const isMap = (part: unknown) =>
    part === undefined ||
    (typeof part === "object" &&
      part !== null &&
      !Array.isArray(part) &&
      Object.keys(part).length <= 200 &&
      Object.entries(part).every(([key, to]) => key.length <= 200 && typeof to === "string"));
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ImportFileError("import_values_invalid");
  const { status, source } = value as Record<string, unknown>;
  if (!isMap(status) || !isMap(source)) throw new ImportFileError("import_values_invalid");
  return { status: status as Record<string, string> | undefined, source: source as Record<string, string> | undefined };
}

/** Active users by e-mail and by (unique) name, for the owner column. */
async function ownerDirectory(ctx: ServiceContext): Promise<OwnerDirectory> {
  const active = await ctx.db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.isActive, true));
  const byEmail = new Map(active.map((user) => [user.email.toLowerCase(), user.id]));
  const byName = new Map<string, string | null>();
  for (const user of active) {
    const key = singleLine(user.name).toLowerCase();
    byName.set(key, byName.has(key) ? null : user.id);
  }
  for (const [key, id] of byName) if (id === null) byName.delete(key);
  return { byEmail, byName: byName as Map<string, string> };
}

/** Which of these e-mails (normalized) a stored lead has. */
async function storedEmails(ctx: ServiceContext, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += 5_000) {
    const rows = await ctx.db.all<{ email: string }>(
      sql`select lower(trim(email)) as email from leads where email is not null and lower(trim(email)) in (select value from json_each(${JSON.stringify(emails.slice(i, i + 5_000))}))`,
    );
    for (const row of rows) found.add(row.email);
  }
  return found;
}

type Analysis = { parsed: ParsedCsv; validated: ValidatedFile };

function analyse(
  bytes: Uint8Array,
  mapping: (headers: string[]) => LeadImportMapping,
  values: RawValues,
  owners: OwnerDirectory,
  timeZone: OrgTimeZone,
  stopAfter = Infinity,
) {
  const { text } = decodeCsvBytes(bytes);
  const parsed = parseCsv(text, undefined, stopAfter);
  const resolved = mapping(parsed.headers);
  // A date and time without a zone is read on the organisation's clock.
  return { parsed, mapping: resolved, validated: validateRows(parsed, resolved, { values: toValueMap(values), owners, timeZone }) };
}

/** A file name as shown and stored: its last path part, one line, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = singleLine(name.split(/[\\/]/).pop() ?? "")
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, "")
    .slice(0, 200);
  return base || "import.csv";
}

/** The first SAMPLE_ROWS valid rows as the commit would store them (the organisation's currency, the owner's name). */
async function sampleRows(ctx: ServiceContext, validated: ValidatedFile): Promise<ImportSampleRow[]> {
  const picked = validated.results
    .flatMap((result) => (result.lead ? [{ line: result.line, lead: result.lead }] : []))
    .slice(0, SAMPLE_ROWS);
  if (picked.length === 0) return [];
  const currency = (await readOrgSettings(ctx)).currency;
  const ownerIds = [...new Set(picked.flatMap(({ lead }) => (lead.assigned_to ? [lead.assigned_to] : [])))];
  const names = new Map<string, string>();
  if (ownerIds.length > 0) {
    const rows = await ctx.db.all<{ id: string; name: string }>(
      sql`select id, name from users where id in (select value from json_each(${JSON.stringify(ownerIds)}))`,
    );
    for (const row of rows) names.set(row.id, row.name);
  }
  return picked.map(({ line, lead }) => ({
    line,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    source: lead.source ?? "other",
    status: lead.status ?? "new",
    value: lead.estimated_value,
    currency: lead.currency ?? currency,
    tags: lead.tags ?? [],
    notes: lead.notes,
    owner: lead.assigned_to && names.has(lead.assigned_to) ? { id: lead.assigned_to, name: names.get(lead.assigned_to)! } : null,
    created_at: lead.created_at,
  }));
}

const allIssues = (validated: ValidatedFile) => validated.results.flatMap((result) => result.issues ?? []);

/**
 * POST /api/imports: reads, checks and counts the file, keeps it (R2) and the preview (D1).
 * Refuses a file that cannot be read at all (ImportFileError), a mapping that cannot work,
 * and more than PREVIEW_RATE_LIMIT previews per person.
 */
export async function createImport(
  ctx: ServiceContext,
  actor: Authenticated,
  input: { file: File; mapping?: string; values?: string },
  language: Language,
): Promise<ImportDto> {
  assertRole(actor.user, "manager");
  const { file } = input;
  if (file.size > IMPORT_LIMITS.maxBytes) throw new ImportFileError("import_file_too_large");
  if (file.size === 0) throw new ImportFileError("import_file_empty");
  // The cheap checks first: a request refused by them uses up nothing.
  const values = readValues(input.values);
  const fileName = cleanFileName(file.name);
  const since = new Date(Date.now() - PREVIEW_RATE_LIMIT.windowMs).toISOString();
  const again = await ctx.db.get<{ id: string }>(
    sql`select id from lead_imports where created_by = ${actor.user.id} and file_name = ${fileName} and file_size = ${file.size} and created_at >= ${since} limit 1`,
  );
  if (again) await enforceRateLimit(ctx.db, `import-reanalyse:${actor.user.id}`, REANALYSE_RATE_LIMIT);
  else await enforceRateLimit(ctx.db, `import-preview:${actor.user.id}`, PREVIEW_RATE_LIMIT);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const owners = await ownerDirectory(ctx);
  const { time_zone: timeZone } = await readOrgSettings(ctx);
  const { parsed, mapping, validated } = analyse(bytes, (headers) => readMapping(input.mapping, headers), values, owners, timeZone);

  const emails = validated.results.flatMap((result) => (result.lead?.email ? [result.lead.email] : []));
  const stored = await storedEmails(ctx, emails);
  const valid = validated.results.filter((result) => result.lead).length;
  const matches = emails.filter((email) => stored.has(email)).length;
  const sample = await sampleRows(ctx, validated);
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await ctx.env.ATTACHMENTS.put(importFileKey(id), bytes, { httpMetadata: { contentType: "text/csv" } });
  try {
    await ctx.db.insert(leadImports).values({
      id,
      fileName,
      fileSize: bytes.byteLength,
      createdBy: actor.user.id,
      createdAt: now,
      updatedAt: now,
      headers: parsed.headers,
      mapping,
      valueMap: { status: values.status ?? {}, source: values.source ?? {} },
      rows: parsed.rows.length,
      valid,
      new: valid - matches,
      matches,
      invalid: parsed.rows.length - valid,
      duplicates: validated.duplicates,
      unknownValues: validated.unknown,
      issues: allIssues(validated).slice(0, ISSUES_SHOWN),
      sample,
      withoutEmail: valid - emails.length,
    });
  } catch (error) {
    await ctx.env.ATTACHMENTS.delete(importFileKey(id));
    throw error;
  }
  const cleanup = forgetOldImports(ctx);
  if (ctx.waitUntil) ctx.waitUntil(cleanup);
  else await cleanup;
  return getImport(ctx, actor, id, language);
}

/**
 * Removes imports older than IMPORT_RETENTION_DAYS (a few at a time, after a new preview):
 * their files (up to 10 MB each) and rows. Their leads and timeline entries stay. Never throws.
 */
async function forgetOldImports(ctx: ServiceContext): Promise<void> {
  try {
    const before = new Date(Date.now() - IMPORT_RETENTION_DAYS * 86_400_000).toISOString();
    const old = await ctx.db.all<{ id: string }>(
      sql`select id from lead_imports where created_at < ${before} order by created_at limit 20`,
    );
    if (old.length === 0) return;
    await ctx.env.ATTACHMENTS.delete(old.map((row) => importFileKey(row.id)));
    await ctx.db.run(sql`delete from lead_imports where id in (select value from json_each(${JSON.stringify(old.map((row) => row.id))}))`);
  } catch (error) {
    console.error("imports: old imports were not removed; the next preview tries again", error);
  }
}

async function readImport(ctx: ServiceContext, id: string): Promise<{ row: LeadImport; creator: UserRef | null }> {
  const found = await ctx.db
    .select({ row: leadImports, creatorName: users.name })
    .from(leadImports)
    .leftJoin(users, eq(users.id, leadImports.createdBy))
    .where(eq(leadImports.id, id))
    .get();
  if (!found) throw new NotFoundError();
  const { row, creatorName } = found;
  return { row, creator: row.createdBy && creatorName !== null ? { id: row.createdBy, name: creatorName } : null };
}

/** How many unfinished imports GET /api/imports?status=running lists. */
export const RUNNING_LISTED = 5;

/**
 * GET /api/imports?status=running: the imports whose commit started and did not finish (a
 * reload, a closed tab, a dropped connection), newest first, so any admin or manager can
 * continue one (the import is a team tool: docs/decisions/024). Those untouched for
 * IMPORT_RETENTION_DAYS are gone with their file.
 */
export async function listRunningImports(ctx: ServiceContext, actor: Authenticated, language: Language): Promise<ImportDto[]> {
  assertRole(actor.user, "manager");
  const found = await ctx.db
    .select({ row: leadImports, creatorName: users.name })
    .from(leadImports)
    .leftJoin(users, eq(users.id, leadImports.createdBy))
    .where(eq(leadImports.status, "running"))
    .orderBy(desc(leadImports.updatedAt))
    .limit(RUNNING_LISTED)
    .all();
  return found.map(({ row, creatorName }) =>
    toImportDto(row, row.createdBy && creatorName !== null ? { id: row.createdBy, name: creatorName } : null, language),
  );
}

/** GET /api/imports/:id (admins and managers; not found for an unknown id). */
export async function getImport(ctx: ServiceContext, actor: Authenticated, id: string, language: Language): Promise<ImportDto> {
  assertRole(actor.user, "manager");
  const { row, creator } = await readImport(ctx, id);
  return toImportDto(row, creator, language);
}

/** The stored file checked again with the import's mapping and values, and today's users (its first `upTo` rows). */
async function reanalyse(ctx: ServiceContext, row: LeadImport, upTo = Infinity): Promise<Analysis> {
  const object = await ctx.env.ATTACHMENTS.get(importFileKey(row.id));
  // Kept IMPORT_RETENTION_DAYS, or a database restored without it: say so (410), not a bare 404.
  if (!object) throw new ImportFileExpiredError(IMPORT_RETENTION_DAYS);
  const bytes = new Uint8Array(await object.arrayBuffer());
  const { parsed, validated } = analyse(
    bytes,
    () => row.mapping as LeadImportMapping,
    row.valueMap as RawValues,
    await ownerDirectory(ctx),
    (await readOrgSettings(ctx)).time_zone,
    upTo,
  );
  return { parsed, validated };
}

/** A valid row as the batch's JSON carries it. */
type BatchRow = Omit<ImportLead, "tags"> & { id: string; aid: string; sid: string; tags: string | null };

/** Splits the rows into JSON texts each under JSON_PARAM_MAX characters. */
function jsonChunks(rows: BatchRow[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (current.length > 0 && size + text.length + 1 > JSON_PARAM_MAX) {
      chunks.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += text.length + 1;
  }
  if (current.length > 0) chunks.push(`[${current.join(",")}]`);
  return chunks;
}

/** The rows of a JSON chunk as a table `v` (owner: only an active user). */
const rowsTable = (json: string) => sql`(select
    r.value ->> '$.id' as new_id, r.value ->> '$.aid' as aid, r.value ->> '$.sid' as sid, r.value ->> '$.email' as email, r.value ->> '$.name' as name,
    r.value ->> '$.phone' as phone, r.value ->> '$.company' as company, r.value ->> '$.source' as source,
    r.value ->> '$.status' as status, r.value ->> '$.estimated_value' as value, r.value ->> '$.currency' as currency,
    r.value ->> '$.notes' as notes, r.value ->> '$.tags' as tags, r.value ->> '$.created_at' as created_at,
    (select u.id from users u where u.id = r.value ->> '$.assigned_to' and u.is_active = 1) as owner
  from json_each(${json}) r)`;

/** What a matched lead gets, per mode: each assignment and whether anything changes. */
function updatePlan(mode: Exclude<ImportMode, "skip">) {
  if (mode === "update_empty") {
    const fill = (column: string, from: string) => ({
      set: sql.raw(`${column} = coalesce(leads.${column}, v.${from})`),
      changes: sql.raw(`(leads.${column} is null and v.${from} is not null)`),
    });
    const parts = [fill("phone", "phone"), fill("company", "company"), fill("notes", "notes"), fill("assigned_to", "owner")];
    return {
      set: sql.join(
        [
          ...parts.map((p) => p.set),
          sql.raw(
            "currency = case when leads.estimated_value is null and v.value is not null and v.currency is not null then v.currency else leads.currency end",
          ),
          sql.raw("estimated_value = coalesce(leads.estimated_value, v.value)"),
          sql.raw("tags = case when json_array_length(leads.tags) = 0 and v.tags is not null then v.tags else leads.tags end"),
        ],
        sql`, `,
      ),
      changes: sql.join(
        [
          ...parts.map((p) => p.changes),
          sql.raw("(leads.estimated_value is null and v.value is not null)"),
          sql.raw("(json_array_length(leads.tags) = 0 and v.tags is not null)"),
        ],
        sql` or `,
      ),
    };
  }
  const replace = (column: string, from: string) => ({
    set: sql.raw(`${column} = coalesce(v.${from}, leads.${column})`),
    changes: sql.raw(`(v.${from} is not null and v.${from} is not leads.${column})`),
  });
  const parts = [
    replace("name", "name"),
    replace("phone", "phone"),
    replace("company", "company"),
    replace("source", "source"),
    replace("status", "status"),
    replace("estimated_value", "value"),
    replace("currency", "currency"),
    replace("notes", "notes"),
    replace("tags", "tags"),
    replace("assigned_to", "owner"),
  ];
  return {
    set: sql.join(
      parts.map((p) => p.set),
      sql`, `,
    ),
    changes: sql.join(
      parts.map((p) => p.changes),
      sql` or `,
    ),
  };
}

/**
 * POST /api/imports/:id/commit: writes the next batch of rows in `mode` (fixed by the first
 * call; another mode → import_mode_locked) and answers the import as it is now. After the
 * last batch (status "done") it writes nothing and just answers.
 */
export async function commitImportBatch(
  ctx: ServiceContext,
  actor: Authenticated,
  id: string,
  mode: ImportMode,
  language: Language,
): Promise<ImportDto> {
  assertRole(actor.user, "manager");
  if (!(IMPORT_MODES as readonly string[]).includes(mode)) throw new ImportFileError("import_mapping_invalid", { reason: "mode" });
  const { row } = await readImport(ctx, id);
  if (row.mode && row.mode !== mode) throw new ImportModeLockedError(row.mode);
  if (row.status === "done" || row.nextRow >= row.rows) return getImport(ctx, actor, id, language);

  const start = row.nextRow;
  // The rows up to the batch's end: a row's checks (and whether its e-mail came earlier) never depend on later rows.
  const { validated } = await reanalyse(ctx, row, Math.min(start + BATCH_ROWS, row.rows));
  const results = validated.results;
  const end = Math.min(start + BATCH_ROWS, results.length);
  const slice = results.slice(start, end);
  const batchRows: BatchRow[] = slice.flatMap((result) =>
    result.lead
      ? [
          {
            ...result.lead,
            tags: result.lead.tags ? JSON.stringify(result.lead.tags) : null,
            id: crypto.randomUUID(),
            aid: crypto.randomUUID(),
            sid: crypto.randomUUID(),
          },
        ]
      : [],
  );
  const failed = slice.length - batchRows.length;
  const token = crypto.randomUUID();
  const now = new Date().toISOString();
  const actorId = actor.user.id;
  const currency = (await readOrgSettings(ctx)).currency;

  // What the matched leads were before (the live event's previous status, who is told).
  const emails = batchRows.flatMap((r) => (r.email ? [r.email] : []));
  const before = new Map<string, { status: LeadStatus; assigned_to: string | null }>();
  if (emails.length > 0) {
    const rows = await ctx.db.all<{ id: string; status: LeadStatus; assigned_to: string | null }>(
      sql`select id, status, assigned_to from leads where email is not null and lower(trim(email)) in (select value from json_each(${JSON.stringify(emails)}))`,
    );
    for (const lead of rows) before.set(lead.id, lead);
  }

  const claimed = sql`exists (select 1 from lead_imports where id = ${id} and batch_token = ${token})`;
  const content = `Importado de ${row.fileName}`;
  const meta = (action: "created" | "updated") => JSON.stringify({ kind: "import", action, import_id: id, file: row.fileName });
  // The import entry also says whom the import gave the lead to (assigned_to), or whose lead's
  // status it moved (owner, status_from, status_to): the import's notifications are counted
  // from these when its last batch is written (notifyImport). json_patch drops the null ones.
  const assignedNow =
    mode === "overwrite"
      ? sql`(v.owner is not null and v.owner is not leads.assigned_to)`
      : sql`(leads.assigned_to is null and v.owner is not null)`;
  const statusMoves = sql`(v.status is not null and v.status is not leads.status)`;
  const movedNow = mode === "overwrite" ? sql`(${statusMoves} and leads.assigned_to is not null and not ${assignedNow})` : sql`0`;
  const statements = [
    sql`update lead_imports set next_row = ${end}, batch_token = ${token}, mode = ${mode}, updated_at = ${now},
          status = case when ${end} >= rows then 'done' else 'running' end
        where id = ${id} and next_row = ${start} and (mode is null or mode = ${mode}) returning id`,
  ];
  const inserted: number[] = [];
  const changed: number[] = [];
  for (const json of jsonChunks(batchRows)) {
    inserted.push(statements.length);
    statements.push(sql`insert into leads (id, name, email, phone, company, source, status, estimated_value, currency, notes, assigned_to, created_by, tags, created_at, updated_at)
        select v.new_id, v.name, v.email, v.phone, v.company, coalesce(v.source, 'other'), coalesce(v.status, 'new'), v.value,
               coalesce(v.currency, ${currency}), v.notes, v.owner, ${actorId}, coalesce(v.tags, '[]'), coalesce(v.created_at, ${now}), ${now}
        from ${rowsTable(json)} v where ${claimed}
        on conflict do nothing returning id`);
    statements.push(sql`insert into lead_activities (id, lead_id, type, subject, content, metadata, author_id, created_at)
        select v.aid, leads.id, 'lead_update', null, ${content}, json_patch(${meta("created")}, json_object('assigned_to', leads.assigned_to)), ${actorId}, ${now}
        from ${rowsTable(json)} v join leads on leads.id = v.new_id where ${claimed}`);
    if (mode !== "skip") {
      const plan = updatePlan(mode);
      const match = sql`leads.email is not null and lower(trim(leads.email)) = v.email and leads.id <> v.new_id`;
      statements.push(sql`insert into lead_activities (id, lead_id, type, subject, content, metadata, author_id, created_at)
          select v.aid, leads.id, 'lead_update', null, ${content},
                 json_patch(${meta("updated")}, json_object(
                   'assigned_to', case when ${assignedNow} then v.owner end,
                   'owner', case when ${movedNow} then leads.assigned_to end,
                   'status_from', case when ${movedNow} then leads.status end,
                   'status_to', case when ${movedNow} then v.status end)),
                 ${actorId}, ${now}
          from ${rowsTable(json)} v join leads on ${match} where ${claimed} and (${plan.changes})`);
      if (mode === "overwrite")
        // A status the import changes gets its status entry, as the lead form and bulk actions
        // write it (the dashboard dates wins by these), before the lead is updated.
        statements.push(sql`insert into lead_activities (id, lead_id, type, subject, content, metadata, author_id, created_at)
            select v.sid, leads.id, 'status_change', null, leads.status || ' → ' || v.status,
                   json_object('kind', 'audit', 'field', 'status', 'from', leads.status, 'to', v.status), ${actorId}, ${now}
            from ${rowsTable(json)} v join leads on ${match} where ${claimed} and ${statusMoves}`);
      changed.push(statements.length);
      statements.push(sql`update leads set ${plan.set},
            updated_at = case when leads.updated_at >= ${now} then strftime('%Y-%m-%dT%H:%M:%fZ', leads.updated_at, '+0.001 seconds') else ${now} end
          from ${rowsTable(json)} v where ${match} and ${claimed} and (${plan.changes}) returning leads.id as id`);
    }
  }
  const aids = JSON.stringify(batchRows.map((r) => r.aid));
  statements.push(sql`update lead_imports set
        created = lead_imports.created + c.n_created, updated = lead_imports.updated + c.n_updated,
        skipped = lead_imports.skipped + ${batchRows.length} - c.n_created - c.n_updated, failed = lead_imports.failed + ${failed}
      from (select coalesce(sum(a.metadata ->> '$.action' = 'created'), 0) as n_created,
                   coalesce(sum(a.metadata ->> '$.action' = 'updated'), 0) as n_updated
            from lead_activities a where a.id in (select value from json_each(${aids}))) c
      where lead_imports.id = ${id} and lead_imports.batch_token = ${token}`);

  const out = await readBatch<unknown[]>(ctx.db, statements);
  if ((out[0] as unknown[]).length === 0) {
    // Another call claimed these rows (a double click, a second tab) or fixed another mode.
    const { row: current, creator } = await readImport(ctx, id);
    if (current.mode && current.mode !== mode) throw new ImportModeLockedError(current.mode);
    return toImportDto(current, creator, language);
  }
  const createdIds = inserted.flatMap((index) => (out[index] as { id: string }[]).map((r) => r.id));
  const updatedIds = changed.flatMap((index) => (out[index] as { id: string }[]).map((r) => r.id));
  await afterBatch(ctx, actor, createdIds, updatedIds, before);
  if (end >= row.rows) await notifyImport(ctx, actor, row);
  return getImport(ctx, actor, id, language);
}

/** The batch's one live event (the notifications come once per import, after its last batch: notifyImport). */
async function afterBatch(
  ctx: ServiceContext,
  actor: Authenticated,
  createdIds: string[],
  updatedIds: string[],
  before: Map<string, { status: LeadStatus; assigned_to: string | null }>,
): Promise<void> {
  const ids = [...createdIds, ...updatedIds];
  if (ids.length === 0) return;
  const [rows] = await readBatch<[RawLeadRow]>(ctx.db, [
    sql`select ${RAW_LEAD_COLUMNS} from leads l left join users u on u.id = l.assigned_to where l.id in (select value from json_each(${JSON.stringify(ids)}))`,
  ]);
  const leads = rows.map(rawLeadDto);
  await publishLeadBatch(
    ctx,
    eventActor(actor),
    leads.map((lead) => ({ lead, previous_status: before.get(lead.id)?.status ?? lead.status })),
    [],
  );
}

/**
 * The notifications the lead form would give, o/**
 * The import's notifications, once per person per IMPORT (not per batch), written when its
 * last batch is: whoever the import gave leads to (created for them, or their name put on a
 * lead) hears "X atribuiu a você N leads de <arquivo>" (or the lead's name when it was one);
 * an assignee whose leads' status it moved hears of that per new status, unless they switched
 * 'Mudanças de Status' off. Counted from the import's own timeline entries (their metadata
 * says whom each batch told: commitImportBatch), so a batch written by another admin, or after
 * a reload, counts too. X is whoever started the import. Never that person nor the one who
 * wrote the entry, never an inactive user. Stored as a kind and params like the lead form's (lead-notifications.ts),
 * then published.
 */
async function notifyImport(ctx: ServiceContext, actor: Authenticated, row: LeadImport): Promise<void> {
  // One pass over the timeline (no index holds an entry's import): the import's entries, grouped by whom they tell.
  const [groups] = await readBatch<
    [
      {
        user_id: string;
        kind: "assigned" | "moved";
        status_to: LeadStatus | null;
        n: number;
        lead_id: string;
        lead_name: string;
        status_from: LeadStatus | null;
      },
    ]
  >(ctx.db, [
    sql`with told as (
          select a.lead_id, a.author_id,
                 coalesce(a.metadata ->> '$.assigned_to', a.metadata ->> '$.owner') as user_id,
                 case when a.metadata ->> '$.assigned_to' is not null then 'assigned' else 'moved' end as kind,
                 a.metadata ->> '$.status_from' as status_from,
                 case when a.metadata ->> '$.assigned_to' is null then a.metadata ->> '$.status_to' end as status_to
          from lead_activities a
          where a.type = 'lead_update' and a.metadata ->> '$.kind' = 'import' and a.metadata ->> '$.import_id' = ${row.id}
        )
        select told.user_id, told.kind, told.status_to, count(*) as n, max(l.id) as lead_id, max(l.name) as lead_name, max(told.status_from) as status_from
        from told join leads l on l.id = told.lead_id
        where told.user_id is not null and told.user_id <> told.author_id and told.user_id is not ${row.createdBy}
        group by told.user_id, told.kind, told.status_to`,
  ]);
  if (groups.length === 0) return;
  const name =
    (row.createdBy ? (await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy)).get())?.name : null) ??
    actor.user.name;
  const file = row.fileName;
  const now = new Date().toISOString();
  const link = (group: (typeof groups)[number]) =>
    group.n === 1 ? `/leads?lead=${encodeURIComponent(group.lead_id)}` : "/leads?owner=me&sort=activity";
  const notices = groups.map((group) => ({
    id: crypto.randomUUID(),
    user_id: group.user_id,
    type: group.kind === "assigned" ? "lead_assigned" : "status_change",
    // The kind and params: each reader sees them in their own language (notification-text.ts).
    ...(group.kind === "assigned"
      ? group.n === 1
        ? notificationColumns("importAssignedOne", { name, lead: group.lead_name, file })
        : notificationColumns("importAssignedMany", { name, count: group.n, file })
      : group.n === 1
        ? notificationColumns("importMovedOne", { name, lead: group.lead_name, from: group.status_from!, to: group.status_to!, file })
        : notificationColumns("importMovedMany", { name, count: group.n, to: group.status_to!, file })),
    link: link(group),
  }));
  const [written] = await readBatch<[{ user_id: string }]>(ctx.db, [
    sql`insert into notifications (id, user_id, type, title, message, link, read, created_at, kind, params)
        select n.value ->> '$.id', n.value ->> '$.user_id', n.value ->> '$.type', n.value ->> '$.title', n.value ->> '$.message', n.value ->> '$.link', 0, ${now},
               n.value ->> '$.kind', n.value ->> '$.params'
        from json_each(${JSON.stringify(notices)}) n
        where exists (select 1 from users u where u.id = n.value ->> '$.user_id' and u.is_active = 1)
          and (n.value ->> '$.type' <> 'status_change'
               or not exists (select 1 from notification_preferences p where p.user_id = n.value ->> '$.user_id' and p.status_changes = 0))
        returning user_id`,
  ]);
  await publishNotifications(
    ctx,
    written.map((w) => w.user_id),
    { since: now },
  );
}

/**
 * GET /api/imports/:id/failed.csv: the rows not written (every row with an error), with
 * their original cells, line and reasons, as a CSV in the reader's language (BOM,
 * formula-safe, their delimiter: app/lib/csv.ts).
 */
export async function failedRowsCsv(
  ctx: ServiceContext,
  actor: Authenticated,
  id: string,
  language: Language,
): Promise<{ fileName: string; body: string }> {
  assertRole(actor.user, "manager");
  const { row } = await readImport(ctx, id);
  const { parsed, validated } = await reanalyse(ctx, row);
  const t = getTranslator(language);
  const header = [...parsed.headers, t("apiErrors.import_issue.csv.line"), t("apiErrors.import_issue.csv.reason")];
  const rows = validated.results.flatMap((result, index) =>
    result.issues
      ? [[...parsed.rows[index]!, result.line, result.issues.map((issue: RowIssue) => issueMessage(issue, language)).join(" ")]]
      : [],
  );
  const base = row.fileName.replace(/\.csv$/i, "");
  return { fileName: `${t("apiErrors.import_issue.csv.fileName")}-${base}.csv`, body: toCsv(header, rows, language) };
}
