// Lead writes: create, update (full form, status only, tags only: crm.md §7) and delete,
// with the permission rules of worker/auth/crm-permissions.ts (docs/decisions/010) and the
// audit trail (a lead_activities row per status change, assignment change and other edit,
// written in the same batch as the update).
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { normalizePhone } from "~/modules/leads/phone";
import { isSingleLine } from "~/lib/single-line";
import { canAssignLead, canDeleteLead, canEditLead } from "../auth/crm-permissions.ts";
import {
  leadActivities,
  leads,
  LEAD_CURRENCIES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  normalizedLeadEmail,
  users,
  type ActivityType,
  type Lead,
  type LeadStatus,
} from "../db/schema/index.ts";
import type { LeadAuditField, LeadAuditMetadata, LeadDto, UserRef } from "./crm-types.ts";
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from "./errors.ts";
import { assigneeJoin, leadWithAssignee, joinedLeadDto, toLeadDto } from "./lead-dto.ts";
import { eventActor, publishLeadDeleted, withLeadChanged } from "./lead-events.ts";
import { insertLeadNotice, leadNotice } from "./lead-notifications.ts";
import { publishNotifications } from "./notification-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";
import { readOrgSettings } from "./org-settings-service.ts";
import { hasNoBidiControl } from "../lib/control-chars.ts";

/** A field's problem as a dictionary key; the API answers it in the caller's language. */
export const FIELD_ISSUE = {
  required: "apiErrors.field.required",
  tooLong: "apiErrors.field.too_long",
  invalid: "apiErrors.field.invalid_value",
  invalidPhone: "apiErrors.field.invalid_phone",
  assigneeUnavailable: "apiErrors.field.assignee_unavailable",
} as const;

const invalid = { error: FIELD_ISSUE.invalid };
/** A single-line text: trimmed, no control characters (they must never reach a header). */
export const line = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_ISSUE.required : FIELD_ISSUE.invalid) })
    .trim()
    .max(max, FIELD_ISSUE.tooLong)
    .refine(isSingleLine, FIELD_ISSUE.invalid)
    .refine(hasNoBidiControl, FIELD_ISSUE.invalid);
/** A single-line text or null; empty → null. */
const nullableLine = (max: number) => z.union([line(max), z.null()], invalid).transform((v) => (v ? v : null));

// The fields of the lead form (crm.md §3/§5), each without a default: the create schema adds
// the form's defaults, the update schema leaves absent fields absent.
export const leadFields = {
  name: line(200).min(1, FIELD_ISSUE.required),
  /** Trimmed and lower-case (the unique index compares lower(trim(email))); "" → null. */
  email: z
    .union([z.literal(""), z.null(), z.string().trim().toLowerCase().max(254, FIELD_ISSUE.tooLong).pipe(z.email(invalid))], invalid)
    .transform((v) => v || null),
  /** Stored in E.164 (app/modules/leads/phone.ts): "(11) 98888-7777" → "+5511988887777"; "" → null. */
  phone: nullableLine(40).transform((v, ctx) => {
    if (v === null) return null;
    const e164 = normalizePhone(v);
    if (!e164) ctx.addIssue({ code: "custom", message: FIELD_ISSUE.invalidPhone });
    return e164 ?? z.NEVER;
  }),
  company: nullableLine(200),
  source: z.enum(LEAD_SOURCES, invalid),
  status: z.enum(LEAD_STATUSES, invalid),
  /** A decimal (number, or text with "." or ","), ≥ 0; empty → null. */
  estimated_value: z.union([z.number(), z.string().max(40), z.null()], invalid).transform((v, ctx) => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return null;
    const n = typeof v === "number" ? v : Number(v.trim().replace(",", "."));
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: "custom", message: FIELD_ISSUE.invalid });
      return z.NEVER;
    }
    return n;
  }),
  /** The estimated value's currency (docs/decisions/018). */
  currency: z.enum(LEAD_CURRENCIES, invalid),
  notes: z
    .union([z.string().max(10_000, FIELD_ISSUE.tooLong), z.null()], invalid)
    .transform((v) => v?.replace(/\r\n?/g, "\n").trim() || null),
  /** A user id; "none", "" and null → unassigned. */
  assigned_to: z.union([z.string().max(64), z.null()], invalid).transform((v) => (!v || v === "none" ? null : v)),
  /** Trimmed; empty and duplicate tags dropped. */
  tags: z
    .array(line(50), invalid)
    .max(30, FIELD_ISSUE.tooLong)
    .transform((tags) => [...new Set(tags.filter((t) => t.length > 0))]),
};

/** The lead form of crm.md §3/§5, as the API receives it (defaults: source website, status new). */
export const createLeadSchema = z.object({
  name: leadFields.name,
  email: leadFields.email.default(null),
  phone: leadFields.phone.default(null),
  company: leadFields.company.default(null),
  source: leadFields.source.default("website"),
  status: leadFields.status.default("new"),
  estimated_value: leadFields.estimated_value.default(null),
  /** Absent: the organisation's currency (Settings → Sistema). */
  currency: leadFields.currency.optional(),
  notes: leadFields.notes.default(null),
  assigned_to: leadFields.assigned_to.default(null),
  tags: leadFields.tags.default([]),
});
export type CreateLeadInput = z.infer<typeof createLeadSchema>;

/**
 * A change to a lead: any part of the form (the whole form, only `status` for the pipeline,
 * only `tags` for the tags editor). Same rules as creating; absent fields stay as they are.
 */
export const updateLeadSchema = z.object({
  name: leadFields.name.optional(),
  email: leadFields.email.optional(),
  phone: leadFields.phone.optional(),
  company: leadFields.company.optional(),
  source: leadFields.source.optional(),
  status: leadFields.status.optional(),
  estimated_value: leadFields.estimated_value.optional(),
  currency: leadFields.currency.optional(),
  notes: leadFields.notes.optional(),
  assigned_to: leadFields.assigned_to.optional(),
  tags: leadFields.tags.optional(),
});
export type UpdateLeadInput = z.infer<typeof updateLeadSchema>;

/**
 * Taking back a pipeline move (the toast's 'Desfazer'): the move from `from` to `to` is
 * undone, so the lead goes back to `from`, but only while it is still in `to`.
 */
export const undoMoveSchema = z
  .object({ from: leadFields.status, to: leadFields.status })
  .refine((move) => move.from !== move.to, { path: ["to"], message: FIELD_ISSUE.invalid });
export type UndoMoveInput = z.infer<typeof undoMoveSchema>;

const assigneeInvalid = () => invalidField("assigned_to", FIELD_ISSUE.assigneeUnavailable);

/** The assignee as {id, name} if it is an active user, else invalid input on assigned_to. */
async function activeAssignee({ db }: ServiceContext, id: string): Promise<UserRef> {
  const assignee = await db.query.users.findFirst({ where: eq(users.id, id), columns: { id: true, name: true, isActive: true } });
  if (!assignee || !assignee.isActive) throw assigneeInvalid();
  return { id: assignee.id, name: assignee.name };
}

/** True when `error` (or one of its causes) is the unique index on the leads' e-mail. */
function isLeadEmailConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (/UNIQUE constraint failed/i.test(e.message) && /leads_email_unique|leads\.email/i.test(e.message)) return true;
  }
  return false;
}

/** lead_exists naming the lead (other than `exceptId`) that holds `email`. */
async function leadExists({ db }: ServiceContext, email: string, exceptId?: string): Promise<ConflictError> {
  const [existing] = await db
    .select({ id: leads.id, name: leads.name })
    .from(leads)
    .where(and(eq(normalizedLeadEmail(leads.email), email), exceptId ? ne(leads.id, exceptId) : undefined))
    .limit(1);
  return new ConflictError("lead_exists", { params: { name: existing?.name ?? "" }, details: { lead: existing ?? null } });
}

/**
 * Creates a lead for a staff member. One lead per e-mail: the insert carries its own
 * condition (`on conflict do nothing` on the unique normalized e-mail); when it does not
 * take, the existing lead is named in a lead_exists conflict so the CRM can offer to open it.
 */
export async function createLead(ctx: ServiceContext, actor: Authenticated, input: CreateLeadInput): Promise<LeadDto> {
  const { db } = ctx;
  const assignee = input.assigned_to ? await activeAssignee(ctx, input.assigned_to) : null;
  const now = new Date().toISOString();
  const leadId = crypto.randomUUID();
  const insert = db
    .insert(leads)
    .values({
      id: leadId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      source: input.source,
      status: input.status,
      estimatedValue: input.estimated_value,
      currency: input.currency ?? (await readOrgSettings(ctx)).currency,
      notes: input.notes,
      assignedTo: input.assigned_to,
      createdBy: actor.user.id,
      tags: input.tags,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // Created for someone else: their lead_assigned notification, in the same batch, only if the lead was written.
  const notice = leadNotice(actor, input, { assignedTo: input.assigned_to, currentAssignee: null });
  const [[row], told] = notice
    ? await db.batch([
        insert,
        insertLeadNotice(ctx, notice, leadId, now, sql`exists (select 1 from ${leads} where ${leads.id} = ${leadId})`),
      ])
    : [await insert, []];
  if (row) {
    if (told.length > 0)
      await publishNotifications(
        ctx,
        told.map((n) => n.userId),
        { since: now },
      );
    return withLeadChanged(ctx, eventActor(actor), toLeadDto(row, assignee), null);
  }
  throw await leadExists(ctx, input.email ?? "");
}

/** The lead with its assignee, or NotFoundError. */
export async function readLead({ db }: ServiceContext, id: string): Promise<LeadDto & { row: Lead }> {
  const found = await db.select(leadWithAssignee).from(leads).leftJoin(users, assigneeJoin).where(eq(leads.id, id)).get();
  if (!found) throw new NotFoundError();
  return { ...joinedLeadDto(found), row: found.lead };
}

// The form fields an "edit" audit entry lists (status and assignee have entries of their own).
const EDIT_FIELDS = [
  "name",
  "email",
  "phone",
  "company",
  "source",
  "estimated_value",
  "currency",
  "notes",
  "tags",
] as const satisfies readonly LeadAuditField[];
const COLUMN_OF = {
  name: "name",
  email: "email",
  phone: "phone",
  company: "company",
  source: "source",
  estimated_value: "estimatedValue",
  currency: "currency",
  notes: "notes",
  tags: "tags",
} as const satisfies Record<(typeof EDIT_FIELDS)[number], keyof Lead>;

/** Long texts (notes) are cut in the audit entry; the lead keeps the whole text. */
const AUDIT_TEXT_MAX = 500;
const auditValue = (value: unknown) =>
  typeof value === "string" && value.length > AUDIT_TEXT_MAX ? `${value.slice(0, AUDIT_TEXT_MAX)}…` : value;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** How many times an update re-reads the lead when another write changed it meanwhile. */
const UPDATE_ATTEMPTS = 5;

type AuditEntry = { type: ActivityType; content: string; metadata: LeadAuditMetadata };

/**
 * Changes a lead. Not found when it does not exist; forbidden unless the actor may edit it
 * (and, for a new assignee, may assign it); invalid input on assigned_to when the assignee is
 * not an active user; lead_exists naming the other lead when the new e-mail is taken (the unique index
 * decides, inside the write). Fields equal to the stored ones are not written; a patch that
 * changes nothing writes nothing.
 *
 * One batch per attempt: the audit entries (guarded by the lead's `updated_at` as read) and
 * the guarded `UPDATE … WHERE id = ? AND updated_at = ? RETURNING`. If another write changed
 * the lead between the read and the batch, nothing is written and the update starts again
 * from a fresh read, so the permission check and the audit's "from" values always describe
 * the row that was changed.
 */
export async function updateLead(
  ctx: ServiceContext,
  actor: Authenticated,
  id: string,
  patch: UpdateLeadInput,
  options: UpdateOptions = {},
): Promise<LeadDto> {
  const { db } = ctx;
  for (let attempt = 1; ; attempt++) {
    const current = await readLead(ctx, id);
    if (!canEditLead(actor.user, current)) throw new ForbiddenError();
    // Checked on every read: the guarded write below only takes on the version checked here.
    if (options.ifStatus && current.status !== options.ifStatus) throw new ConflictError("lead_moved");

    const set: Partial<Lead> = {};
    const audit: AuditEntry[] = [];

    if (patch.status !== undefined && patch.status !== current.status) {
      set.status = patch.status;
      audit.push(statusEntry(current.status, patch.status, options.undo));
    }

    let assignee: UserRef | null = current.assigned_user;
    if (patch.assigned_to !== undefined && patch.assigned_to !== current.assigned_to) {
      if (!canAssignLead(actor.user, current.assigned_to, patch.assigned_to)) throw new ForbiddenError();
      assignee = patch.assigned_to ? await activeAssignee(ctx, patch.assigned_to) : null;
      set.assignedTo = patch.assigned_to;
      audit.push({
        type: "assignment_change",
        content: `${current.assigned_user?.name ?? "—"} → ${assignee?.name ?? "—"}`,
        metadata: { kind: "audit", field: "assigned_to", from: current.assigned_user, to: assignee },
      });
    }

    const changes: Partial<Record<LeadAuditField, { from: unknown; to: unknown }>> = {};
    for (const field of EDIT_FIELDS) {
      const next = patch[field];
      if (next === undefined) continue;
      const stored = field === "email" ? current.email?.trim().toLowerCase() || null : current[field];
      if (sameValue(stored, next)) continue;
      (set as Record<string, unknown>)[COLUMN_OF[field]] = next;
      changes[field] = { from: auditValue(current[field]), to: auditValue(next) };
    }
    const fields = Object.keys(changes) as LeadAuditField[];
    if (fields.length > 0) {
      // A value reads in its currency: the history says "R$ 15.000,00 → US$ 15.000".
      const currencies =
        changes.estimated_value || changes.currency ? { from: current.currency, to: patch.currency ?? current.currency } : undefined;
      audit.push({
        type: "lead_update",
        content: fields.join(", "),
        metadata: { kind: "audit", field: "lead", fields, changes, ...(currencies && { currencies }) },
      });
    }

    if (audit.length === 0) return stripRow(current);

    // Strictly after the version read, so a stale reader's guard can never match again.
    const now = new Date();
    const previous = Date.parse(current.updated_at);
    const updatedAt = new Date(Number.isFinite(previous) && previous >= now.getTime() ? previous + 1 : now.getTime()).toISOString();

    // The write's own condition: the lead is still the version read and, when assigning,
    // the assignee is still active.
    const guard = and(
      eq(leads.id, id),
      eq(leads.updatedAt, current.updated_at),
      set.assignedTo ? sql`exists (select 1 from ${users} where ${users.id} = ${set.assignedTo} and ${users.isActive} = 1)` : undefined,
    ) as SQL;

    // INSERT … SELECT in the table's column order (id, lead_id, type, subject, content,
    // metadata, author_id, created_at): one row when the guard holds, none otherwise.
    const inserts = audit.map((entry) =>
      db.insert(leadActivities).select(
        sql`select ${crypto.randomUUID()}, ${id}, ${entry.type}, null, ${entry.content}, ${JSON.stringify(entry.metadata)}, ${actor.user.id}, ${updatedAt}
          where exists (select 1 from ${leads} where ${guard})`,
      ),
    );
    const update = db
      .update(leads)
      .set({ ...set, updatedAt })
      .where(guard)
      .returning();

    // The assignee's notification (lead-notifications.ts), decided in the same batch.
    const notice = leadNotice(
      actor,
      { name: set.name ?? current.name },
      {
        assignedTo: set.assignedTo,
        currentAssignee: current.assigned_to,
        status: set.status ? { from: current.status, to: set.status } : undefined,
      },
    );
    const noticeInserts = notice ? [insertLeadNotice(ctx, notice, id, updatedAt, sql`exists (select 1 from ${leads} where ${guard})`)] : [];

    let updated: Lead | undefined;
    let told: string[] = [];
    try {
      const [first, ...rest] = inserts;
      const results = await db.batch([first!, ...rest, ...noticeInserts, update]);
      updated = (results[results.length - 1] as Lead[])[0];
      if (notice) told = (results[results.length - 2] as { userId: string }[]).map((n) => n.userId);
    } catch (error) {
      if (patch.email && isLeadEmailConflict(error)) throw await leadExists(ctx, patch.email, id);
      throw error;
    }
    if (updated) {
      // Stored: the assignee's open tabs hear of it (persist first, then broadcast).
      if (told.length > 0) await publishNotifications(ctx, told, { since: updatedAt });
      return withLeadChanged(ctx, eventActor(actor), toLeadDto(updated, assignee), current.status);
    }
    // Changed (or deleted, or the assignee deactivated) since the read: decide again.
    if (attempt >= UPDATE_ATTEMPTS) throw new ConflictError();
  }
}

/** `ifStatus`: the lead must still have this status (else lead_moved); `undo`: the status entry says it took a move back. */
type UpdateOptions = { ifStatus?: LeadStatus; undo?: boolean };

function statusEntry(from: LeadStatus, to: LeadStatus, undo?: boolean): AuditEntry {
  return {
    type: "status_change",
    content: `${from} → ${to}`,
    metadata: { kind: "audit", field: "status", from, to, ...(undo ? { undo: true as const } : {}) },
  };
}

/**
 * Undoes a pipeline move: the lead goes back from `to` to `from`, through updateLead (the same
 * permission, audit, notification and live update as any status change), with a status entry
 * marked as an undo. If the lead is no longer in `to` (someone moved it meanwhile), nothing
 * is written and the answer is lead_moved: an undo never overwrites a newer move.
 */
export function undoLeadMove(ctx: ServiceContext, actor: Authenticated, id: string, move: UndoMoveInput): Promise<LeadDto> {
  return updateLead(ctx, actor, id, { status: move.from }, { ifStatus: move.to, undo: true });
}

function stripRow({ row: _row, ...dto }: LeadDto & { row: Lead }): LeadDto {
  return dto;
}

/**
 * Deletes a lead (managers and admins only; not found when it does not exist). Its timeline,
 * notes and attachment rows go with it (foreign keys cascade); its files are removed from
 * R2 afterwards, by the lead's key prefix, so an upload racing the delete leaves nothing.
 */
export async function deleteLead(ctx: ServiceContext, actor: Authenticated, id: string): Promise<void> {
  if (!canDeleteLead(actor.user)) throw new ForbiddenError();
  const [deleted] = await ctx.db
    .delete(leads)
    .where(eq(leads.id, id))
    .returning({ id: leads.id, status: leads.status, estimated_value: leads.estimatedValue, currency: leads.currency });
  if (!deleted) throw new NotFoundError();
  // Gone from D1: every open board and detail hears of it (lead-events.ts).
  await publishLeadDeleted(ctx, eventActor(actor), deleted);
  const bucket = ctx.env.ATTACHMENTS;
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix: `${id}/`, cursor });
    if (listing.objects.length > 0) await bucket.delete(listing.objects.map((o) => o.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}
