// The CSVs of 'Exportar Dados' (issue 23): for each, its file name, its columns (their header
// names are the dictionary's, in the exporter's language), the query of one page and a row's
// cells. Pages are keyset pages over the table's rowid (its insertion order, the cheapest walk
// SQLite has: no sort, no offset), EXPORT_PAGE_ROWS at a time.
//
// What is left out on purpose: password hashes, sessions, refresh and password tokens (their
// tables are not read at all, and users.csv names its columns one by one), the messages of
// private chat channels, the attachments' files (only their metadata), notifications, the
// e-mail outbox and the audit log.
import { sql, type SQL } from "drizzle-orm";
import type { CsvCell } from "~/lib/csv";
import type { Translate } from "~/i18n";
import type { dataExportFilePt } from "~/i18n/crm/settings/system/data-export/pt";
import { formatPhone } from "~/modules/leads/phone-format";

/** Rows read per query. */
export const EXPORT_PAGE_ROWS = 1_000;

type FileText = typeof dataExportFilePt;
export type ExportTableKey = keyof FileText["columns"];

/** How the rows' values are put into words: the exporter's translator and yes/no. */
export type CellFormat = { t: Translate; yes: string; no: string; decimal: string };

/** Every page's rows carry their rowid as `k`, the keyset cursor. */
type Keyed = { k: number };

export type ExportTable<Row extends Keyed = Keyed> = {
  key: ExportTableKey;
  /** The entry's name in the ZIP. */
  file: string;
  /** The columns, in order (keys of the dictionary's `columns[key]`). */
  columns: readonly string[];
  /** The rows after rowid `after`, by rowid, at most `limit`. */
  page: (after: number, limit: number) => SQL;
  cells: (row: Row, format: CellFormat) => CsvCell[];
};

const table = <K extends ExportTableKey, Row extends Keyed>(
  spec: Omit<ExportTable<Row>, "key" | "columns"> & { key: K; columns: readonly (keyof FileText["columns"][K] & string)[] },
): ExportTable =>
  // Each table's row type is its own; the list holds them side by side.
  spec as unknown as ExportTable;

const yesNo = (value: number, { yes, no }: CellFormat) => (value ? yes : no);
const limitOf = (limit: number) => sql.raw(String(Math.trunc(limit)));

type LeadRow = Keyed & {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: string;
  status: string;
  estimated_value: number | null;
  currency: string;
  tags: string;
  notes: string | null;
  owner: string | null;
  created_at: string;
};

/** A lead's tags as one cell: "Urgente, Proposta" (the import splits on commas). */
export function tagsCell(json: string): string {
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === "string").join(", ") : "";
  } catch {
    return "";
  }
}

/**
 * A lead's value as the import reads it back, in the dialect's decimal separator, no grouping:
 * "12345,67". A fraction of exactly three digits gets a fourth ("7,1250"): the import reads
 * "7,125" as seven thousand one hundred and twenty-five, as people write "1.000" for a thousand.
 * Never an exponent ("1e-7" is written out).
 */
export function valueCell(value: number | null, decimal: string): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  let text = String(value);
  if (text.includes("e")) text = value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
  if (/\.\d{3}$/.test(text)) text += "0";
  return text.replace(".", decimal);
}

/**
 * leads.csv: exactly the columns the import maps (worker/services/lead-import-columns.ts),
 * plus the ID it ignores, so the file goes back in with nothing lost: source and status in
 * the exporter's words, the owner by e-mail, the value with the dialect's decimal separator
 * and no grouping, the phone as staff read it ("(11) 98888-7777"), created_at in ISO 8601 UTC.
 */
export const LEADS_TABLE = table<"leads", LeadRow>({
  key: "leads",
  file: "leads.csv",
  columns: ["id", "name", "email", "phone", "company", "source", "status", "value", "currency", "tags", "notes", "owner", "created_at"],
  page: (after, limit) =>
    sql`select l.rowid as k, l.id, l.name, l.email, l.phone, l.company, l.source, l.status, l.estimated_value, l.currency,
               l.tags, l.notes, u.email as owner, l.created_at
        from leads l left join users u on u.id = l.assigned_to
        where l.rowid > ${after} order by l.rowid limit ${limitOf(limit)}`,
  cells: (row, { t, decimal }) => [
    row.id,
    row.name,
    row.email,
    row.phone && formatPhone(row.phone),
    row.company,
    t(`crm.shared.sources.${row.source}` as never),
    t(`crm.shared.statuses.${row.status}` as never),
    valueCell(row.estimated_value, decimal),
    row.currency,
    tagsCell(row.tags),
    row.notes,
    row.owner,
    row.created_at,
  ],
});

type TaskRow = Keyed & {
  id: string;
  title: string;
  description: string | null;
  due_date: string | null;
  due_has_time: number;
  lead_id: string | null;
  lead: string | null;
  assignee: string | null;
  created_by: string | null;
  completed: number;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
};

const TASKS_TABLE = table<"tasks", TaskRow>({
  key: "tasks",
  file: "tasks.csv",
  columns: [
    "id",
    "title",
    "description",
    "due_date",
    "due_has_time",
    "lead_id",
    "lead",
    "assignee",
    "created_by",
    "completed",
    "completed_at",
    "created_at",
    "updated_at",
  ],
  page: (after, limit) =>
    sql`select t.rowid as k, t.id, t.title, t.description, t.due_date, t.due_has_time, t.lead_id, l.name as lead,
               a.email as assignee, c.email as created_by, t.completed, t.completed_at, t.created_at, t.updated_at
        from tasks t left join leads l on l.id = t.lead_id left join users a on a.id = t.assigned_to
             left join users c on c.id = t.created_by
        where t.rowid > ${after} order by t.rowid limit ${limitOf(limit)}`,
  cells: (row, format) => [
    row.id,
    row.title,
    row.description,
    row.due_date,
    row.due_date ? yesNo(row.due_has_time, format) : null,
    row.lead_id,
    row.lead,
    row.assignee,
    row.created_by,
    yesNo(row.completed, format),
    row.completed_at,
    row.created_at,
    row.updated_at,
  ],
});

type ActivityRow = Keyed & {
  id: string;
  lead_id: string;
  lead: string | null;
  type: string;
  subject: string | null;
  content: string;
  metadata: string;
  author: string | null;
  created_at: string;
};

/**
 * An 'Importar Dados' entry's text as the lead's timeline shows it, in the exporter's words
 * ("Imported from leads.csv"; app/modules/lead-detail/activity-text.ts importText); the
 * stored content is the Portuguese one. null for any other entry.
 */
function importContent(metadata: string, t: Translate): string | null {
  if (!metadata.includes('"import"')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return null;
  }
  const entry = parsed as { kind?: unknown; action?: unknown; file?: unknown } | null;
  if (entry?.kind !== "import" || typeof entry.file !== "string") return null;
  return t(entry.action === "updated" ? "crm.leadDetail.history.importUpdated" : "crm.leadDetail.history.imported", { file: entry.file });
}

/** The timeline: the type in the exporter's words; content as the timeline shows it (an import's in the exporter's words), metadata (JSON) as stored. */
const ACTIVITIES_TABLE = table<"activities", ActivityRow>({
  key: "activities",
  file: "activities.csv",
  columns: ["id", "lead_id", "lead", "type", "subject", "content", "metadata", "author", "created_at"],
  page: (after, limit) =>
    sql`select a.rowid as k, a.id, a.lead_id, l.name as lead, a.type, a.subject, a.content, a.metadata, u.email as author, a.created_at
        from lead_activities a left join leads l on l.id = a.lead_id left join users u on u.id = a.author_id
        where a.rowid > ${after} order by a.rowid limit ${limitOf(limit)}`,
  cells: (row, { t }) => [
    row.id,
    row.lead_id,
    row.lead,
    t(`crm.leadDetail.activityTypes.${row.type}` as never),
    row.subject,
    importContent(row.metadata, t) ?? row.content,
    row.metadata === "{}" ? null : row.metadata,
    row.author,
    row.created_at,
  ],
});

type NoteRow = Keyed & {
  id: string;
  lead_id: string;
  lead: string | null;
  content: string;
  author: string | null;
  created_at: string;
  updated_at: string;
};

const NOTES_TABLE = table<"notes", NoteRow>({
  key: "notes",
  file: "notes.csv",
  columns: ["id", "lead_id", "lead", "content", "author", "created_at", "updated_at"],
  page: (after, limit) =>
    sql`select n.rowid as k, n.id, n.lead_id, l.name as lead, n.content, u.email as author, n.created_at, n.updated_at
        from lead_notes n left join leads l on l.id = n.lead_id left join users u on u.id = n.author_id
        where n.rowid > ${after} order by n.rowid limit ${limitOf(limit)}`,
  cells: (row) => [row.id, row.lead_id, row.lead, row.content, row.author, row.created_at, row.updated_at],
});

type ChatMessageRow = Keyed & {
  id: string;
  channel_id: string;
  channel: string;
  author: string | null;
  content: string;
  created_at: string;
};

/** Public channels only: a private channel's messages are for its members, never in an export. */
const CHAT_MESSAGES_TABLE = table<"chatMessages", ChatMessageRow>({
  key: "chatMessages",
  file: "chat-messages.csv",
  columns: ["id", "channel_id", "channel", "author", "content", "created_at"],
  page: (after, limit) =>
    sql`select m.rowid as k, m.id, m.channel_id, c.name as channel, u.email as author, m.content, m.created_at
        from chat_messages m join chat_channels c on c.id = m.channel_id and c.is_private = 0
             left join users u on u.id = m.user_id
        where m.rowid > ${after} order by m.rowid limit ${limitOf(limit)}`,
  cells: (row) => [row.id, row.channel_id, row.channel, row.author, row.content, row.created_at],
});

type UserRow = Keyed & {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  is_active: number;
  language: string;
  last_sign_in_at: string | null;
  created_at: string;
};

/** Named columns only: never password_hash (nor anything added to users later without a thought). */
const USERS_TABLE = table<"users", UserRow>({
  key: "users",
  file: "users.csv",
  columns: ["id", "name", "email", "phone", "role", "active", "language", "last_sign_in_at", "created_at"],
  page: (after, limit) =>
    sql`select rowid as k, id, name, email, phone, role, is_active, language, last_sign_in_at, created_at
        from users where rowid > ${after} order by rowid limit ${limitOf(limit)}`,
  cells: (row, format) => [
    row.id,
    row.name,
    row.email,
    row.phone && formatPhone(row.phone),
    format.t(`crm.roles.${row.role}` as never),
    yesNo(row.is_active, format),
    row.language,
    row.last_sign_in_at,
    row.created_at,
  ],
});

type AttachmentRow = Keyed & {
  id: string;
  lead_id: string;
  lead: string | null;
  file_name: string;
  file_size: number;
  file_type: string;
  storage_path: string;
  uploaded_by: string | null;
  created_at: string;
};

const ATTACHMENTS_TABLE = table<"attachments", AttachmentRow>({
  key: "attachments",
  file: "attachments.csv",
  columns: ["id", "lead_id", "lead", "file_name", "file_size", "file_type", "storage_path", "uploaded_by", "created_at"],
  page: (after, limit) =>
    sql`select f.rowid as k, f.id, f.lead_id, l.name as lead, f.file_name, f.file_size, f.file_type, f.storage_path,
               u.email as uploaded_by, f.created_at
        from lead_attachments f left join leads l on l.id = f.lead_id left join users u on u.id = f.uploaded_by
        where f.rowid > ${after} order by f.rowid limit ${limitOf(limit)}`,
  cells: (row) => [
    row.id,
    row.lead_id,
    row.lead,
    row.file_name,
    row.file_size,
    row.file_type,
    row.storage_path,
    row.uploaded_by,
    row.created_at,
  ],
});

/** The ZIP's CSVs, in its order. */
export const EXPORT_TABLES: readonly ExportTable[] = [
  LEADS_TABLE,
  TASKS_TABLE,
  ACTIVITIES_TABLE,
  NOTES_TABLE,
  CHAT_MESSAGES_TABLE,
  USERS_TABLE,
  ATTACHMENTS_TABLE,
];
