// The lead detail dialog's backend: the lead, its timeline (activities), notes and R2
// attachments (docs/decisions/010-crm-permissions.md). Everyone signed in reads. Writing an
// activity, a note or an attachment needs the right to edit the lead (canEditLead), decided
// inside the write itself (`INSERT … SELECT … WHERE EXISTS (the lead, editable by the actor)`);
// a note is changed or removed by its author or a manager/admin; an attachment is removed by
// its uploader, by anyone who may edit the lead, or by a manager/admin. A meeting may carry
// its date and time (lead_meetings, migration 0022: the meeting reminders of
// meeting-reminder-service.ts); it is moved or removed by its author or by anyone who may
// edit the lead.
import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { isSingleLine } from "~/lib/single-line";
import { canEditLead, type Actor } from "../auth/crm-permissions.ts";
import { leadActivities, leadAttachments, leadMeetings, leadNotes, leads, users, type ActivityType } from "../db/schema/index.ts";
import type { ActivityDto, AttachmentDto, LeadDto, NoteDto, Page, UserRef } from "./crm-types.ts";
import { ConflictError, ForbiddenError, InvalidInputError, invalidField, NotFoundError, type DomainError } from "./errors.ts";
import { eventActor, publishLeadActivity } from "./lead-events.ts";
import { FIELD_ISSUE, readLead } from "./lead-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";
import { parseDue, resolveDue, TASK_ISSUE, type DueDate } from "./task-service.ts";

const isManagerOrAdmin = (actor: Actor) => actor.role === "admin" || actor.role === "manager";
const ref = (id: string | null, name: string | null): UserRef | null => (id && name !== null ? { id, name } : null);
const notFound = () => new NotFoundError();
const forbidden = () => new ForbiddenError();

/**
 * SQL condition "lead `leadId` exists and `actor` may edit it" (canEditLead as a WHERE), for
 * writes that must only take on a lead the actor may change at that moment.
 */
function editableLead(actor: Actor, leadId: string): SQL {
  const mayEdit = isManagerOrAdmin(actor) ? sql`1` : sql`(${leads.assignedTo} is null or ${leads.assignedTo} = ${actor.id})`;
  return sql`exists (select 1 from ${leads} where ${leads.id} = ${leadId} and ${mayEdit})`;
}

/** After a guarded write did not take: not found if the lead is gone, forbidden if it is not the actor's to edit. */
async function whyNotWritten(ctx: ServiceContext, actor: Actor, leadId: string): Promise<DomainError> {
  const lead = await ctx.db.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, leadId)).get();
  if (!lead) return notFound();
  if (!canEditLead(actor, { assigned_to: lead.assignedTo })) return forbidden();
  return new ConflictError();
}

/** Not found unless the lead exists (one cheap indexed read). */
async function requireLead(ctx: ServiceContext, leadId: string): Promise<{ assignedTo: string | null }> {
  const lead = await ctx.db.select({ assignedTo: leads.assignedTo }).from(leads).where(eq(leads.id, leadId)).get();
  if (!lead) throw notFound();
  return lead;
}

// ---------------------------------------------------------------------------------------
// Lead

/** One lead (NotFoundError when it does not exist). */
export async function getLead(ctx: ServiceContext, _actor: Authenticated, id: string): Promise<LeadDto> {
  const { row: _row, ...lead } = await readLead(ctx, id);
  return lead;
}

// ---------------------------------------------------------------------------------------
// Timeline

/** The activity types a person logs (the audit types are written by the services). */
export const LOGGED_ACTIVITY_TYPES = ["whatsapp", "email", "call", "meeting", "internal_note"] as const satisfies readonly ActivityType[];

/** Multi-line text: line breaks kept (CRLF → LF), outer blank space dropped, required. */
const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_ISSUE.required : FIELD_ISSUE.invalid) })
    .max(max, FIELD_ISSUE.tooLong)
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .refine((v) => v.length > 0, FIELD_ISSUE.required);

/**
 * A meeting's date and time as the form sends it: "2026-11-25T14:30" (the date and time
 * inputs, no zone: read in the organisation's time zone) or an instant with its zone
 * ("…Z", "…-03:00"); "" or null → none. A day without a time is refused (invalid_time): a
 * reminder needs one. A past time is accepted (a meeting logged afterwards); it is simply
 * never reminded.
 */
const meetingAt = z
  .union([z.string().max(40, TASK_ISSUE.invalidDate), z.null()], { error: TASK_ISSUE.invalidDate })
  .transform((v, ctx): DueDate | null => {
    const parsed = parseDue(v);
    if (parsed === null) return null;
    if (parsed === undefined || !parsed.hasTime) {
      // A real day with a time that is not one (25:00), or no time at all: the time is what is wrong.
      const day = (v ?? "").trim().slice(0, 10);
      ctx.addIssue({ code: "custom", message: parseDue(day) !== undefined ? TASK_ISSUE.invalidTime : TASK_ISSUE.invalidDate });
      return z.NEVER;
    }
    return parsed;
  });

export const activityInputSchema = z
  .object({
    type: z.enum(LOGGED_ACTIVITY_TYPES, { error: FIELD_ISSUE.invalid }),
    /** Optional single line; empty → null. */
    subject: z
      .union([z.string().trim().max(200, FIELD_ISSUE.tooLong).refine(isSingleLine, FIELD_ISSUE.invalid), z.null()], {
        error: FIELD_ISSUE.invalid,
      })
      .optional()
      .transform((v) => v || null),
    content: requiredText(10_000),
    /** Only a meeting has a date and time. */
    meeting_at: meetingAt.optional().transform((v) => v ?? null),
  })
  .superRefine((input, ctx) => {
    if (input.meeting_at && input.type !== "meeting") ctx.addIssue({ code: "custom", path: ["meeting_at"], message: FIELD_ISSUE.invalid });
  });
export type ActivityInput = z.infer<typeof activityInputSchema>;

/** PATCH …/activities/:activityId: a meeting moved to another date and time. */
export const meetingMoveSchema = z.object({
  meeting_at: meetingAt.refine((v): v is DueDate => v !== null, TASK_ISSUE.required),
});
export type MeetingMoveInput = z.infer<typeof meetingMoveSchema>;

export const ACTIVITY_PAGE_DEFAULT = 30;
export const ACTIVITY_PAGE_MAX = 100;

/** Opaque keyset cursor: the last item's created_at and id. */
const encodeCursor = (createdAt: string, id: string) =>
  btoa(JSON.stringify([createdAt, id]))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");
function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(atob(cursor.replaceAll("-", "+").replaceAll("_", "/")));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string" && v.length <= 100))
      return value as [string, string];
  } catch {
    // falls through
  }
  throw invalidField("cursor", FIELD_ISSUE.invalid);
}

const activityColumns = { activity: leadActivities, authorName: users.name, meetingAt: leadMeetings.meetingAt };
const toActivityDto = ({
  activity: a,
  authorName,
  meetingAt,
}: {
  activity: typeof leadActivities.$inferSelect;
  authorName: string | null;
  meetingAt: string | null;
}): ActivityDto => ({
  id: a.id,
  lead_id: a.leadId,
  type: a.type,
  subject: a.subject,
  content: a.content,
  metadata: a.metadata ?? {},
  created_at: a.createdAt,
  author: ref(a.authorId, authorName),
  meeting_at: meetingAt,
});

/** The timeline, newest first, `limit` (default 30, at most 100) a page. Not found for an unknown lead. */
export async function listActivities(
  ctx: ServiceContext,
  _actor: Authenticated,
  leadId: string,
  cursor?: string,
  limit: number = ACTIVITY_PAGE_DEFAULT,
): Promise<Page<ActivityDto>> {
  const { db } = ctx;
  const size = Math.min(Math.max(1, Math.trunc(limit) || ACTIVITY_PAGE_DEFAULT), ACTIVITY_PAGE_MAX);
  const after = cursor ? decodeCursor(cursor) : null;
  const [lead, rows] = await db.batch([
    db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)),
    db
      .select(activityColumns)
      .from(leadActivities)
      .leftJoin(users, eq(users.id, leadActivities.authorId))
      .leftJoin(leadMeetings, eq(leadMeetings.activityId, leadActivities.id))
      .where(
        and(
          eq(leadActivities.leadId, leadId),
          after
            ? or(lt(leadActivities.createdAt, after[0]), and(eq(leadActivities.createdAt, after[0]), lt(leadActivities.id, after[1])))
            : undefined,
        ),
      )
      .orderBy(desc(leadActivities.createdAt), desc(leadActivities.id))
      .limit(size + 1),
  ]);
  if (lead.length === 0) throw notFound();
  const items = rows.slice(0, size).map(toActivityDto);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > size && last ? encodeCursor(last.created_at, last.id) : null };
}

/**
 * Logs a whatsapp / email / call / meeting / internal_note on the lead; the author is the
 * actor. A meeting with a date and time gets its lead_meetings row in the same D1 batch (only
 * when the activity itself was written).
 */
export async function addActivity(ctx: ServiceContext, actor: Authenticated, leadId: string, input: ActivityInput): Promise<ActivityDto> {
  const { db } = ctx;
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const meeting = input.type === "meeting" ? await resolveDue(ctx, input.meeting_at) : null;
  // Column order of lead_activities: id, lead_id, type, subject, content, metadata, author_id, created_at.
  const insertActivity = db
    .insert(leadActivities)
    .select(
      sql`select ${id}, ${leadId}, ${input.type}, ${input.subject}, ${input.content}, '{}', ${actor.user.id}, ${now} where ${editableLead(actor.user, leadId)}`,
    )
    .returning();
  const [[row]] = meeting
    ? await db.batch([
        insertActivity,
        // Column order of lead_meetings: activity_id, meeting_at, updated_at.
        db
          .insert(leadMeetings)
          .select(
            sql`select ${id}, ${meeting.at}, ${now} where exists (select 1 from ${leadActivities} where ${leadActivities.id} = ${id})`,
          ),
      ])
    : [await insertActivity];
  if (!row) throw await whyNotWritten(ctx, actor.user, leadId);
  // Stored: the lead's open timelines hear of it (lead-events.ts).
  await publishLeadActivity(ctx, eventActor(actor), leadId, "activity");
  return toActivityDto({ activity: row, authorName: actor.user.name, meetingAt: meeting?.at ?? null });
}

/** The meeting's author, or anyone who may edit its lead (canEditLead), in SQL. */
function mayChangeMeeting(actor: Actor, leadId: string): SQL {
  return sql`(${leadActivities.authorId} = ${actor.id} or ${editableLead(actor, leadId)})`;
}

/** After a guarded meeting write did not take: not found unless the lead has that meeting, else forbidden. */
async function whyMeetingUnchanged(ctx: ServiceContext, leadId: string, activityId: string): Promise<DomainError> {
  const found = await ctx.db
    .select({ id: leadActivities.id })
    .from(leadActivities)
    .where(and(eq(leadActivities.id, activityId), eq(leadActivities.leadId, leadId), eq(leadActivities.type, "meeting")))
    .get();
  return found ? forbidden() : notFound();
}

/**
 * Moves a meeting of the lead to another date and time (its author, or anyone who may edit
 * the lead): one upsert of its lead_meetings row, guarded in its own WHERE. The reminder then
 * comes for the new time; one already sent for the old time is not repeated for it.
 */
export async function moveMeeting(
  ctx: ServiceContext,
  actor: Authenticated,
  leadId: string,
  activityId: string,
  input: MeetingMoveInput,
): Promise<ActivityDto> {
  const { db } = ctx;
  const at = (await resolveDue(ctx, input.meeting_at)).at;
  const now = new Date().toISOString();
  // Column order of lead_meetings: activity_id, meeting_at, updated_at.
  const [moved] = await db
    .insert(leadMeetings)
    .select(
      sql`select ${leadActivities.id}, ${at}, ${now} from ${leadActivities}
          where ${leadActivities.id} = ${activityId} and ${leadActivities.leadId} = ${leadId} and ${leadActivities.type} = 'meeting'
            and ${mayChangeMeeting(actor.user, leadId)}`,
    )
    .onConflictDoUpdate({ target: leadMeetings.activityId, set: { meetingAt: at, updatedAt: now } })
    .returning({ activityId: leadMeetings.activityId });
  if (!moved) throw await whyMeetingUnchanged(ctx, leadId, activityId);
  await publishLeadActivity(ctx, eventActor(actor), leadId, "activity");
  const row = await db
    .select(activityColumns)
    .from(leadActivities)
    .leftJoin(users, eq(users.id, leadActivities.authorId))
    .leftJoin(leadMeetings, eq(leadMeetings.activityId, leadActivities.id))
    .where(eq(leadActivities.id, activityId))
    .get();
  if (!row) throw notFound();
  return toActivityDto(row);
}

/** Removes a meeting from the lead's timeline (its author, or anyone who may edit the lead): no reminder comes for it. */
export async function deleteMeeting(ctx: ServiceContext, actor: Authenticated, leadId: string, activityId: string): Promise<void> {
  const [row] = await ctx.db
    .delete(leadActivities)
    .where(
      and(
        eq(leadActivities.id, activityId),
        eq(leadActivities.leadId, leadId),
        eq(leadActivities.type, "meeting"),
        mayChangeMeeting(actor.user, leadId),
      ),
    )
    .returning({ id: leadActivities.id });
  if (!row) throw await whyMeetingUnchanged(ctx, leadId, activityId);
  await publishLeadActivity(ctx, eventActor(actor), leadId, "activity");
}

// ---------------------------------------------------------------------------------------
// Notes

export const noteInputSchema = z.object({ content: requiredText(10_000) });
export type NoteInput = z.infer<typeof noteInputSchema>;

/** At most this many notes of a lead are listed (newest first). */
export const NOTES_MAX = 500;

const noteColumns = { note: leadNotes, authorName: users.name };
const toNoteDto = ({ note: n, authorName }: { note: typeof leadNotes.$inferSelect; authorName: string | null }): NoteDto => ({
  id: n.id,
  lead_id: n.leadId,
  content: n.content,
  created_at: n.createdAt,
  updated_at: n.updatedAt,
  author: ref(n.authorId, authorName),
});

/** The lead's notes, newest first. Not found for an unknown lead. */
export async function listNotes(ctx: ServiceContext, _actor: Authenticated, leadId: string): Promise<NoteDto[]> {
  const { db } = ctx;
  const [lead, rows] = await db.batch([
    db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)),
    db
      .select(noteColumns)
      .from(leadNotes)
      .leftJoin(users, eq(users.id, leadNotes.authorId))
      .where(eq(leadNotes.leadId, leadId))
      .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
      .limit(NOTES_MAX),
  ]);
  if (lead.length === 0) throw notFound();
  return rows.map(toNoteDto);
}

/** Adds a note (anyone who may edit the lead); the author is the actor. */
export async function addNote(ctx: ServiceContext, actor: Authenticated, leadId: string, input: NoteInput): Promise<NoteDto> {
  const { db } = ctx;
  const now = new Date().toISOString();
  // Column order of lead_notes: id, lead_id, content, author_id, created_at, updated_at.
  const [row] = await db
    .insert(leadNotes)
    .select(
      sql`select ${crypto.randomUUID()}, ${leadId}, ${input.content}, ${actor.user.id}, ${now}, ${now} where ${editableLead(actor.user, leadId)}`,
    )
    .returning();
  if (!row) throw await whyNotWritten(ctx, actor.user, leadId);
  await publishLeadActivity(ctx, eventActor(actor), leadId, "note");
  return toNoteDto({ note: row, authorName: actor.user.name });
}

/** The note's author, or a manager/admin, in SQL. */
const mayChangeNote = (actor: Actor) => (isManagerOrAdmin(actor) ? undefined : eq(leadNotes.authorId, actor.id));

/** After a guarded note write did not take: not found if there is no such note on the lead, else forbidden. */
async function whyNoteUnchanged(ctx: ServiceContext, leadId: string, noteId: string): Promise<DomainError> {
  const note = await ctx.db
    .select({ id: leadNotes.id })
    .from(leadNotes)
    .where(and(eq(leadNotes.id, noteId), eq(leadNotes.leadId, leadId)))
    .get();
  return note ? forbidden() : notFound();
}

/** Changes a note's text (its author, or a manager/admin). */
export async function updateNote(
  ctx: ServiceContext,
  actor: Authenticated,
  leadId: string,
  noteId: string,
  input: NoteInput,
): Promise<NoteDto> {
  const [row] = await ctx.db
    .update(leadNotes)
    .set({ content: input.content, updatedAt: new Date().toISOString() })
    .where(and(eq(leadNotes.id, noteId), eq(leadNotes.leadId, leadId), mayChangeNote(actor.user)))
    .returning();
  if (!row) throw await whyNoteUnchanged(ctx, leadId, noteId);
  await publishLeadActivity(ctx, eventActor(actor), leadId, "note");
  const author = row.authorId ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.authorId)).get() : undefined;
  return toNoteDto({ note: row, authorName: author?.name ?? null });
}

/** Removes a note (its author, or a manager/admin). */
export async function deleteNote(ctx: ServiceContext, actor: Authenticated, leadId: string, noteId: string): Promise<void> {
  const [row] = await ctx.db
    .delete(leadNotes)
    .where(and(eq(leadNotes.id, noteId), eq(leadNotes.leadId, leadId), mayChangeNote(actor.user)))
    .returning({ id: leadNotes.id });
  if (!row) throw await whyNoteUnchanged(ctx, leadId, noteId);
  await publishLeadActivity(ctx, eventActor(actor), leadId, "note");
}

// ---------------------------------------------------------------------------------------
// Attachments (R2 binding ATTACHMENTS, key {leadId}/{timestamp}.{ext})

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The accepted extensions (crm.md §5) with the MIME type stored and served for each. */
export const ATTACHMENT_TYPES = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  txt: "text/plain",
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
} as const;
export type AttachmentExtension = keyof typeof ATTACHMENT_TYPES;

const startsWith = (bytes: Uint8Array, ...signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** UTF-8 text (an optional BOM) without NUL bytes. */
function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether the bytes are what the extension says (magic numbers; text for txt/csv). */
export function matchesSignature(extension: AttachmentExtension, bytes: Uint8Array): boolean {
  switch (extension) {
    case "pdf":
      return startsWith(bytes, ...ascii("%PDF-"));
    case "doc":
    case "xls":
      return startsWith(bytes, ...OLE2);
    case "docx":
    case "xlsx":
      return startsWith(bytes, ...ZIP);
    case "jpg":
    case "jpeg":
      return startsWith(bytes, 0xff, 0xd8, 0xff);
    case "png":
      return startsWith(bytes, 0x89, ...ascii("PNG\r\n\x1a\n"));
    case "gif":
      return startsWith(bytes, ...ascii("GIF87a")) || startsWith(bytes, ...ascii("GIF89a"));
    case "txt":
    case "csv":
      return isUtf8Text(bytes);
  }
}

const FILE_NAME_MAX = 200;
// C0/C1 controls, DEL and the bidirectional overrides that disguise an extension ("fdp.exe").
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a file keeps: its last path segment, without control characters, at most 200
 * characters (extension kept). Browsers send a name's `"` as `%22` in multipart forms (the
 * HTML form encoding), so `%22` is read back as `"`.
 */
export function sanitizeFileName(raw: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? "").replaceAll("%22", '"');
  const name = base.normalize("NFC").replace(UNSAFE_NAME_CHARACTERS, "").replace(/\s+/g, " ").trim();
  if (name.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
  return name.slice(0, FILE_NAME_MAX - extension.length).trimEnd() + extension;
}

/** The accepted extension of a file name (lower-case), or null. */
export function attachmentExtension(fileName: string): AttachmentExtension | null {
  const dot = fileName.lastIndexOf(".");
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
  return Object.hasOwn(ATTACHMENT_TYPES, extension) ? (extension as AttachmentExtension) : null;
}

const attachmentColumns = { attachment: leadAttachments, uploaderName: users.name };
const toAttachmentDto = ({
  attachment: a,
  uploaderName,
}: {
  attachment: typeof leadAttachments.$inferSelect;
  uploaderName: string | null;
}): AttachmentDto => ({
  id: a.id,
  lead_id: a.leadId,
  file_name: a.fileName,
  file_size: a.fileSize,
  file_type: a.fileType,
  created_at: a.createdAt,
  uploader: ref(a.uploadedBy, uploaderName),
});

/** The lead's attachments, newest first, with the uploader's name. Not found for an unknown lead. */
export async function listAttachments(ctx: ServiceContext, _actor: Authenticated, leadId: string): Promise<AttachmentDto[]> {
  const { db } = ctx;
  const [lead, rows] = await db.batch([
    db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)),
    db
      .select(attachmentColumns)
      .from(leadAttachments)
      .leftJoin(users, eq(users.id, leadAttachments.uploadedBy))
      .where(eq(leadAttachments.leadId, leadId))
      .orderBy(desc(leadAttachments.createdAt), desc(leadAttachments.id)),
  ]);
  if (lead.length === 0) throw notFound();
  return rows.map(toAttachmentDto);
}

/** Stores the bytes at a fresh key ({leadId}/{timestamp}.{ext}): never over another file. */
async function putUnique(bucket: R2Bucket, leadId: string, extension: string, bytes: Uint8Array, contentType: string): Promise<string> {
  let timestamp = Date.now();
  for (let attempt = 0; attempt < 20; attempt++, timestamp++) {
    const key = `${leadId}/${timestamp}.${extension}`;
    // Only when no object has the key (If-None-Match: *); null when one does.
    const stored = await bucket.put(key, bytes, { httpMetadata: { contentType }, onlyIf: new Headers({ "If-None-Match": "*" }) });
    if (stored) return key;
  }
  throw new ConflictError();
}

/**
 * Uploads a file to a lead (anyone who may edit the lead). Checked before anything is
 * stored: an accepted extension (unsupported_file_type), at most 10 MB (file_too_large),
 * not empty (file_empty), and content whose signature matches the extension
 * (file_signature_mismatch), each an InvalidInputError. The file goes to R2 first, then the row is
 * written (only if the lead still exists and is still the actor's to edit); when the row
 * is not written the R2 object is deleted again.
 */
export async function uploadAttachment(ctx: ServiceContext, actor: Authenticated, leadId: string, file: File): Promise<AttachmentDto> {
  const lead = await requireLead(ctx, leadId);
  if (!canEditLead(actor.user, { assigned_to: lead.assignedTo })) throw forbidden();

  const fileName = sanitizeFileName(file.name);
  const extension = attachmentExtension(fileName);
  if (!extension) throw new InvalidInputError("unsupported_file_type");
  if (file.size > ATTACHMENT_MAX_BYTES) throw new InvalidInputError("file_too_large");
  if (file.size === 0) throw new InvalidInputError("file_empty");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!matchesSignature(extension, bytes)) throw new InvalidInputError("file_signature_mismatch", { params: { extension } });

  const fileType = ATTACHMENT_TYPES[extension];
  const bucket = ctx.env.ATTACHMENTS;
  const key = await putUnique(bucket, leadId, extension, bytes, fileType);
  const now = new Date().toISOString();
  let row: typeof leadAttachments.$inferSelect | undefined;
  try {
    // Column order of lead_attachments: id, lead_id, file_name, file_size, file_type, storage_path, uploaded_by, created_at.
    [row] = await ctx.db
      .insert(leadAttachments)
      .select(
        sql`select ${crypto.randomUUID()}, ${leadId}, ${fileName}, ${bytes.byteLength}, ${fileType}, ${key}, ${actor.user.id}, ${now} where ${editableLead(actor.user, leadId)}`,
      )
      .returning();
  } catch (error) {
    await bucket.delete(key);
    throw error;
  }
  if (!row) {
    await bucket.delete(key);
    throw await whyNotWritten(ctx, actor.user, leadId);
  }
  await publishLeadActivity(ctx, eventActor(actor), leadId, "attachment");
  return toAttachmentDto({ attachment: row, uploaderName: actor.user.name });
}

export type AttachmentFile = {
  file_name: string;
  file_type: string;
  file_size: number;
  /** Read whole (≤ 10 MB): a streamed R2 body through wrangler dev's proxy ended the dev server mid-suite. */
  body: ArrayBuffer;
  etag: string;
};

/** An attachment's bytes from R2 with its original name and type (not found when the row or the object is missing). */
export async function getAttachmentFile(ctx: ServiceContext, _actor: Authenticated, id: string): Promise<AttachmentFile> {
  const row = await ctx.db.select().from(leadAttachments).where(eq(leadAttachments.id, id)).get();
  if (!row) throw notFound();
  const object = await ctx.env.ATTACHMENTS.get(row.storagePath);
  if (!object) throw notFound();
  return {
    file_name: row.fileName,
    file_type: row.fileType,
    file_size: object.size,
    body: await object.arrayBuffer(),
    etag: object.httpEtag,
  };
}

/**
 * Removes an attachment: its uploader, anyone who may edit the lead, or a manager/admin.
 * The file leaves R2 first, then the row (crm.md §7), so a row never points at nothing
 * for longer than the request.
 */
export async function deleteAttachment(ctx: ServiceContext, actor: Authenticated, id: string): Promise<void> {
  const found = await ctx.db
    .select({
      leadId: leadAttachments.leadId,
      storagePath: leadAttachments.storagePath,
      uploadedBy: leadAttachments.uploadedBy,
      assignedTo: leads.assignedTo,
    })
    .from(leadAttachments)
    .innerJoin(leads, eq(leads.id, leadAttachments.leadId))
    .where(eq(leadAttachments.id, id))
    .get();
  if (!found) throw notFound();
  const allowed = found.uploadedBy === actor.user.id || canEditLead(actor.user, { assigned_to: found.assignedTo });
  if (!allowed) throw forbidden();
  await ctx.env.ATTACHMENTS.delete(found.storagePath);
  const removed = await ctx.db.delete(leadAttachments).where(eq(leadAttachments.id, id)).returning({ id: leadAttachments.id });
  // Only the request that removed it tells the open lists (a second DELETE at once finds nothing).
  if (removed.length > 0) await publishLeadActivity(ctx, eventActor(actor), found.leadId, "attachment");
}
