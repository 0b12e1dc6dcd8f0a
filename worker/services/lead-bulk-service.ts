// Bulk actions on the leads table's selection (issue 20): assign, change status, add or remove
// a tag, delete. One request, one decision per lead with that lead's own permission rule
// (crm-permissions.ts, the same functions as the single-lead writes), one timeline entry per
// changed lead, one live update for the whole batch, and an answer that says how many changed
// and which were refused and why.
//
// The write is set-based, whatever the selection's size: the leads are read once, decided in
// the Worker, then ONE D1 batch inserts every timeline entry and updates every lead, each row
// guarded by the version (updated_at) that was read: a lead another write changed meanwhile is
// not touched and is reported as "changed" (the user can run the action again).
import { announce, leadChangedEvents, leadDeletedEvent } from "./webhooks/webhook-events.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { isSingleLine } from "~/lib/single-line";
import { canAssignLead, canDeleteLead, canEditLead } from "../auth/crm-permissions.ts";
import { LEAD_STATUSES, type LeadStatus } from "../db/schema/index.ts";
import { readBatch } from "../db/raw-batch.ts";
import type { LeadAuditMetadata, LeadDto, UserRef } from "./crm-types.ts";
import { invalidField } from "./errors.ts";
import { RAW_LEAD_COLUMNS, rawLeadDto, type RawLeadRow } from "./lead-dto.ts";
import { eventActor, publishLeadBatch } from "./lead-events.ts";
import { FIELD_ISSUE } from "./lead-service.ts";
import { publishNotifications } from "./notification-service.ts";
import { notificationColumns } from "./notification-text.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

/** The most leads one bulk request acts on (the table selects at most this many). */
export const BULK_MAX = 500;

const invalid = { error: FIELD_ISSUE.invalid };
const tag = z.string(invalid).trim().min(1, FIELD_ISSUE.required).max(50, FIELD_ISSUE.tooLong).refine(isSingleLine, invalid);

export const bulkInputSchema = z.object({
  ids: z
    .array(z.string(invalid).min(1).max(64), invalid)
    .min(1, FIELD_ISSUE.required)
    .max(BULK_MAX, FIELD_ISSUE.tooLong)
    .transform((ids) => [...new Set(ids)]),
  action: z.discriminatedUnion(
    "type",
    [
      z.object({
        type: z.literal("assign"),
        /** A user id; null (or "none", "") = nobody. */
        assigned_to: z.union([z.string().max(64), z.null()], invalid).transform((v) => (!v || v === "none" ? null : v)),
      }),
      z.object({ type: z.literal("status"), status: z.enum(LEAD_STATUSES, invalid) }),
      z.object({ type: z.literal("tag_add"), tag }),
      z.object({ type: z.literal("tag_remove"), tag }),
      z.object({ type: z.literal("delete") }),
    ],
    invalid,
  ),
});
export type BulkInput = z.infer<typeof bulkInputSchema>;

/** Why a lead of the selection was not changed. */
export type BulkRefusal = "not_found" | "forbidden" | "changed";

export type BulkResultDto = {
  /** Leads written (or deleted). */
  changed: number;
  /** Leads that already were as asked (nothing to write). */
  unchanged: number;
  refused: { id: string; name: string | null; reason: BulkRefusal }[];
  /** The changed leads as they are now (not for a delete). */
  leads: LeadDto[];
  /** The deleted leads' ids. */
  deleted: string[];
};

type Plan = {
  lead: LeadDto;
  /** The timeline entry (null for a delete). */
  entry: { type: "status_change" | "assignment_change" | "lead_update"; content: string; metadata: LeadAuditMetadata } | null;
  tags?: string[];
};

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the action does to one lead the actor may act on: a plan, or null when there is nothing to change. */
function planFor(action: BulkInput["action"], lead: LeadDto, assignee: UserRef | null): Plan | null {
  switch (action.type) {
    case "status":
      if (lead.status === action.status) return null;
      return {
        lead,
        entry: {
          type: "status_change",
          content: `${lead.status} → ${action.status}`,
          metadata: { kind: "audit", field: "status", from: lead.status, to: action.status },
        },
      };
    case "assign":
      if (lead.assigned_to === action.assigned_to) return null;
      return {
        lead,
        entry: {
          type: "assignment_change",
          content: `${lead.assigned_user?.name ?? "—"} → ${assignee?.name ?? "—"}`,
          metadata: { kind: "audit", field: "assigned_to", from: lead.assigned_user, to: assignee },
        },
      };
    case "tag_add":
    case "tag_remove": {
      const has = lead.tags.some((t) => sameTag(t, action.tag));
      if (action.type === "tag_add" ? has || lead.tags.length >= 30 : !has) return null;
      const tags = action.type === "tag_add" ? [...lead.tags, action.tag] : lead.tags.filter((t) => !sameTag(t, action.tag));
      return {
        lead,
        tags,
        entry: {
          type: "lead_update",
          content: "tags",
          metadata: { kind: "audit", field: "lead", fields: ["tags"], changes: { tags: { from: lead.tags, to: tags } } },
        },
      };
    }
    case "delete":
      return { lead, entry: null };
  }
}

/** May the actor do this to this lead? (The single-lead writes' rules, lead by lead.) */
function allowed(actor: Authenticated, action: BulkInput["action"], lead: LeadDto): boolean {
  if (action.type === "delete") return canDeleteLead(actor.user);
  if (!canEditLead(actor.user, lead)) return false;
  return action.type !== "assign" || canAssignLead(actor.user, lead.assigned_to, action.assigned_to);
}

/** Runs a bulk action on the selection. Invalid input when the assignee is not an active user. */
export async function runBulkAction(ctx: ServiceContext, actor: Authenticated, input: BulkInput): Promise<BulkResultDto> {
  const { db } = ctx;
  const { action } = input;
  const idsJson = JSON.stringify(input.ids);
  const [rows, assignees] = await readBatch<[RawLeadRow, UserRef & { is_active: number }]>(db, [
    sql`select ${RAW_LEAD_COLUMNS} from leads l left join users u on u.id = l.assigned_to where l.id in (select value from json_each(${idsJson}))`,
    sql`select id, name, is_active from users where id = ${action.type === "assign" ? action.assigned_to : null}`,
  ]);
  let assignee: UserRef | null = null;
  if (action.type === "assign" && action.assigned_to) {
    const found = assignees[0];
    if (!found || !found.is_active) throw invalidField("action.assigned_to", FIELD_ISSUE.assigneeUnavailable);
    assignee = { id: found.id, name: found.name };
  }

  const byId = new Map(rows.map((row) => [row.id, rawLeadDto(row)]));
  const refused: BulkResultDto["refused"] = [];
  const plans: Plan[] = [];
  let unchanged = 0;
  for (const id of input.ids) {
    const lead = byId.get(id);
    if (!lead) refused.push({ id, name: null, reason: "not_found" });
    else if (!allowed(actor, action, lead)) refused.push({ id, name: lead.name, reason: "forbidden" });
    else {
      const plan = planFor(action, lead, assignee);
      if (plan) plans.push(plan);
      else unchanged++;
    }
  }
  if (plans.length === 0) return { changed: 0, unchanged, refused, leads: [], deleted: [] };

  // Each lead's new version: strictly after the one read (as updateLead), so a stale guard never matches again.
  const nowMs = Date.now();
  const versions = plans.map(({ lead, tags }) => {
    const previous = Date.parse(lead.updated_at);
    const next = new Date(Number.isFinite(previous) && previous >= nowMs ? previous + 1 : nowMs).toISOString();
    return { id: lead.id, prev: lead.updated_at, next, tags: tags ? JSON.stringify(tags) : null };
  });
  const versionsJson = JSON.stringify(versions);
  const guarded = sql`(select value ->> '$.id' as id, value ->> '$.prev' as prev, value ->> '$.next' as next, value ->> '$.tags' as tags from json_each(${versionsJson}))`;

  if (action.type === "delete") {
    const [deleted] = await readBatch<[{ id: string; status: LeadStatus; estimated_value: number | null; currency: LeadDto["currency"] }]>(
      db,
      [sql`delete from leads where (id, updated_at) in (select id, prev from ${guarded}) returning id, status, estimated_value, currency`],
    );
    const gone = new Set(deleted.map((row) => row.id));
    for (const { lead } of plans) if (!gone.has(lead.id)) refused.push({ id: lead.id, name: lead.name, reason: "changed" });
    await publishLeadBatch(
      ctx,
      eventActor(actor),
      [],
      deleted.map(({ id, ...rest }) => ({ lead_id: id, ...rest })),
    );
    // Webhooks (issue 25): one lead.deleted per lead.
    announce(
      ctx,
      deleted.map((lead) => leadDeletedEvent(eventActor(actor), lead)),
    );
    await removeAttachments(ctx, [...gone]);
    return { changed: deleted.length, unchanged, refused, leads: [], deleted: [...gone] };
  }

  // The timeline entries, in the table's column order (id, lead_id, type, subject, content,
  // metadata, author_id, created_at), each only if its lead is still the version read.
  const entries = JSON.stringify(
    plans.map(({ lead, entry }, i) => ({
      id: crypto.randomUUID(),
      lead_id: lead.id,
      ...entry!,
      metadata: JSON.stringify(entry!.metadata),
      at: versions[i]!.next,
    })),
  );
  const set =
    action.type === "status"
      ? sql`status = ${action.status}`
      : action.type === "assign"
        ? sql`assigned_to = ${action.assigned_to}`
        : sql`tags = v.tags`;
  // Assigning: only while the assignee is still active (as updateLead's guard).
  const assigneeActive =
    action.type === "assign" && action.assigned_to
      ? sql`and exists (select 1 from users where id = ${action.assigned_to} and is_active = 1)`
      : sql``;
  const [, updated] = await readBatch<[unknown, { id: string }]>(db, [
    sql`insert into lead_activities (id, lead_id, type, subject, content, metadata, author_id, created_at)
        select e.value ->> '$.id', e.value ->> '$.lead_id', e.value ->> '$.type', null, e.value ->> '$.content', e.value ->> '$.metadata', ${actor.user.id}, e.value ->> '$.at'
        from json_each(${entries}) e
        where exists (select 1 from leads l where l.id = e.value ->> '$.lead_id' and l.updated_at = (select prev from ${guarded} g where g.id = l.id) ${assigneeActive})`,
    sql`update leads set ${set}, updated_at = v.next from ${guarded} v where leads.id = v.id and leads.updated_at = v.prev ${assigneeActive} returning id`,
  ]);
  const took = new Set(updated.map((row) => row.id));
  for (const { lead } of plans) if (!took.has(lead.id)) refused.push({ id: lead.id, name: lead.name, reason: "changed" });
  const changedLeads =
    took.size === 0
      ? []
      : (
          await readBatch<[RawLeadRow]>(db, [
            sql`select ${RAW_LEAD_COLUMNS} from leads l left join users u on u.id = l.assigned_to where l.id in (select value from json_each(${JSON.stringify([...took])}))`,
          ])
        )[0].map(rawLeadDto);
  const previous = new Map(plans.map(({ lead }) => [lead.id, lead]));
  await notifyBulk(ctx, actor, action, changedLeads, previous);
  await publishLeadBatch(
    ctx,
    eventActor(actor),
    changedLeads.map((lead) => ({ lead, previous_status: previous.get(lead.id)!.status })),
    [],
  );
  // Webhooks (issue 25): lead.updated (and lead.status_changed) per lead, as one edit would.
  announce(
    ctx,
    changedLeads.flatMap((lead) => leadChangedEvents(eventActor(actor), lead, previous.get(lead.id)!.status)),
  );
  return { changed: changedLeads.length, unchanged, refused, leads: changedLeads, deleted: [] };
}

/**
 * The people a bulk action concerns hear of it once each, not once per lead: a new assignee
 * (unless it is the actor) gets one lead_assigned naming the lead or how many; after a status
 * change, each assignee (not the actor, and not if they switched status changes off) one
 * status_change. Written after the leads are (their rows say what took), then published.
 */
async function notifyBulk(
  ctx: ServiceContext,
  actor: Authenticated,
  action: BulkInput["action"],
  changed: LeadDto[],
  previous: Map<string, LeadDto>,
): Promise<void> {
  if (changed.length === 0 || (action.type !== "assign" && action.type !== "status")) return;
  const byUser = new Map<string, LeadDto[]>();
  for (const lead of changed) {
    const recipient = action.type === "assign" ? lead.assigned_to : previous.get(lead.id)!.assigned_to;
    if (!recipient || recipient === actor.user.id) continue;
    byUser.set(recipient, [...(byUser.get(recipient) ?? []), lead]);
  }
  if (byUser.size === 0) return;
  const now = new Date().toISOString();
  const rows = [...byUser].map(([userId, leads]) => {
    const one = leads.length === 1 ? leads[0]! : null;
    const status = action.type === "status" ? action.status : null;
    const from = one && status ? previous.get(one.id)!.status : null;
    return {
      id: crypto.randomUUID(),
      user_id: userId,
      type: status ? "status_change" : "lead_assigned",
      ...(status
        ? one
          ? notificationColumns("leadStatusChanged", { name: actor.user.name, lead: one.name, from: from!, to: status })
          : notificationColumns("leadsStatusChanged", { name: actor.user.name, count: leads.length, to: status })
        : one
          ? notificationColumns("leadAssigned", { name: actor.user.name, lead: one.name })
          : notificationColumns("leadsAssigned", { name: actor.user.name, count: leads.length })),
      // One lead: that lead; several: the recipient's leads, the latest touched first.
      link: one ? `/leads?lead=${encodeURIComponent(one.id)}` : "/leads?owner=me&sort=activity",
    };
  });
  // The kind and its params are rendered in each reader's language when shown (notification-text.ts).
  const [written] = await readBatch<[{ user_id: string }]>(ctx.db, [
    sql`insert into notifications (id, user_id, type, title, message, link, read, created_at, kind, params)
        select n.value ->> '$.id', n.value ->> '$.user_id', n.value ->> '$.type', n.value ->> '$.title', n.value ->> '$.message', n.value ->> '$.link', 0, ${now},
               n.value ->> '$.kind', n.value ->> '$.params'
        from json_each(${JSON.stringify(rows)}) n
        where exists (select 1 from users u where u.id = n.value ->> '$.user_id' and u.is_active = 1)
          and (n.value ->> '$.type' <> 'status_change'
               or not exists (select 1 from notification_preferences p where p.user_id = n.value ->> '$.user_id' and p.status_changes = 0))
        returning user_id`,
  ]);
  if (written.length > 0)
    await publishNotifications(
      ctx,
      written.map((row) => row.user_id),
      { since: now },
    );
}

/** The deleted leads' files, by each lead's key prefix (as deleteLead). */
async function removeAttachments(ctx: ServiceContext, leadIds: string[]): Promise<void> {
  const bucket = ctx.env.ATTACHMENTS;
  for (const id of leadIds) {
    let cursor: string | undefined;
    do {
      const listing = await bucket.list({ prefix: `${id}/`, cursor });
      if (listing.objects.length > 0) await bucket.delete(listing.objects.map((o) => o.key));
      cursor = listing.truncated ? listing.cursor : undefined;
    } while (cursor);
  }
}
