// The live boards and timelines: after a lead write is in D1, the services call
// these to tell every open leads list, pipeline, dashboard and lead detail through the team
// room (party/team-room.ts). Persist first, then broadcast: each is called only after the
// write took, and never throws: a failed publish is logged and the request still succeeds
// (the screens revalidate when their socket comes back, docs/decisions/014).
import { sql } from "drizzle-orm";
import type {
  LeadActivityEvent,
  LeadBatchEvent,
  LeadChangedEvent,
  LeadDeletedEvent,
  LeadEvent,
  LeadStatusTotals,
} from "~/modules/realtime/protocol";
import { publishToTeam } from "../../party/publish.ts";
import { LEAD_STATUSES, type LeadCurrency, type LeadStatus } from "../db/schema/index.ts";
import type { Db } from "../db/client.ts";
import type { LeadDto, UserRef } from "./crm-types.ts";
import { RAW_LEAD_COLUMNS, rawLeadDto, type RawLeadRow } from "./lead-dto.ts";
import { columnTotals, STATUS_TOTALS_COLUMNS, type StatusTotalsRow } from "./lead-totals.ts";
import type { ServiceContext } from "./service-context.ts";
import { announce, leadCapturedEvent, leadChangedEvents, leadDeletedEvent } from "./webhooks/webhook-events.ts";

/** Who did it, as events carry it (null: the public site). */
export type LeadEventActor = UserRef | null;

/** An authenticated actor as {id, name}. */
export const eventActor = (actor: { user: { id: string; name: string } }): UserRef => ({ id: actor.user.id, name: actor.user.name });

/** Count and value sums of every lead per status (the trigger-kept lead_status_totals: 6 rows). */
export async function readStatusTotals(db: Db): Promise<LeadStatusTotals> {
  const rows = await db.all<StatusTotalsRow>(sql`select ${STATUS_TOTALS_COLUMNS} from lead_status_totals`);
  const totals = Object.fromEntries(LEAD_STATUSES.map((status) => [status, columnTotals(undefined)])) as LeadStatusTotals;
  for (const row of rows) if (row.status in totals) totals[row.status] = columnTotals(row);
  return totals;
}

const stamp = () => ({ id: crypto.randomUUID(), created_at: new Date().toISOString() });

/** Builds the events (reading the totals when one needs them) and sends them; logs any failure. */
async function publish(ctx: ServiceContext, build: (totals: () => Promise<LeadStatusTotals>) => Promise<LeadEvent[]>): Promise<void> {
  if (!ctx.env.TeamRoom) return;
  try {
    await publishToTeam(ctx.env, await build(() => readStatusTotals(ctx.db)));
  } catch (error) {
    console.error("lead events: the change is stored but was not broadcast; open screens catch up when they reconnect", error);
  }
}

/** A lead created (previousStatus null) or changed. */
export function publishLeadChanged(
  ctx: ServiceContext,
  actor: LeadEventActor,
  lead: LeadDto,
  previousStatus: LeadStatus | null,
): Promise<void> {
  // Webhooks (issue 25): lead.created / lead.updated / lead.status_changed, queued in the background.
  announce(ctx, leadChangedEvents(actor, lead, previousStatus));
  return publish(ctx, async (totals) => [
    {
      type: "lead.changed",
      ...stamp(),
      change: previousStatus === null ? "created" : "updated",
      lead,
      previous_status: previousStatus,
      actor,
      totals: await totals(),
    } satisfies LeadChangedEvent,
  ]);
}

/** A lead deleted. */
export function publishLeadDeleted(
  ctx: ServiceContext,
  actor: LeadEventActor,
  lead: { id: string; status: LeadStatus; estimated_value: number | null; currency: LeadCurrency },
): Promise<void> {
  announce(ctx, [leadDeletedEvent(actor, lead)]);
  return publish(ctx, async (totals) => [
    {
      type: "lead.deleted",
      ...stamp(),
      lead_id: lead.id,
      status: lead.status,
      estimated_value: lead.estimated_value,
      currency: lead.currency,
      actor,
      totals: await totals(),
    } satisfies LeadDeletedEvent,
  ]);
}

/** A bulk action's changed and deleted leads, as one event (nothing when nothing changed). */
export function publishLeadBatch(
  ctx: ServiceContext,
  actor: LeadEventActor,
  changed: LeadBatchEvent["changed"],
  deleted: LeadBatchEvent["deleted"],
): Promise<void> {
  if (changed.length === 0 && deleted.length === 0) return Promise.resolve();
  return publish(ctx, async (totals) => [
    { type: "lead.batch", ...stamp(), changed, deleted, actor, totals: await totals() } satisfies LeadBatchEvent,
  ]);
}

/** A timeline entry, note or attachment added, changed or removed on a lead. */
export function publishLeadActivity(
  ctx: ServiceContext,
  actor: LeadEventActor,
  leadId: string,
  kind: LeadActivityEvent["kind"],
): Promise<void> {
  return publish(ctx, async () => [{ type: "lead.activity", ...stamp(), lead_id: leadId, kind, actor } satisfies LeadActivityEvent]);
}

/**
 * A lead that came from the public site (contact form, chat assistant): created → lead.changed
 * "created"; an existing lead → lead.changed "updated" (it may have gained a phone, company or
 * value) and lead.activity (its timeline got the message), in one publish.
 */
export async function publishSiteLead(
  ctx: ServiceContext,
  leadId: string,
  created: boolean,
  via: "contact_form" | "chat_assistant" = "contact_form",
): Promise<void> {
  let lead: LeadDto | null;
  try {
    lead = await readLeadDto(ctx.db, leadId);
  } catch (error) {
    console.error("lead events: the site lead could not be read back for its events", error);
    return;
  }
  if (!lead) return;
  // Webhooks (issue 25): lead.created or lead.updated, and lead.captured for the chat assistant's.
  announce(ctx, [
    ...leadChangedEvents(null, lead, created ? null : lead.status),
    ...(via === "chat_assistant" ? [leadCapturedEvent(lead, created)] : []),
  ]);
  return publish(ctx, async (totals) => {
    const changed: LeadChangedEvent = {
      type: "lead.changed",
      ...stamp(),
      change: created ? "created" : "updated",
      lead,
      previous_status: created ? null : lead.status,
      actor: null,
      totals: await totals(),
    };
    if (created) return [changed];
    return [changed, { type: "lead.activity", ...stamp(), lead_id: leadId, kind: "activity", actor: null }];
  });
}

/** The lead as the lists show it (with its assignee), or null when it is gone. */
async function readLeadDto(db: Db, id: string): Promise<LeadDto | null> {
  const [row] = await db.all<RawLeadRow>(
    sql`select ${RAW_LEAD_COLUMNS} from leads l left join users u on u.id = l.assigned_to where l.id = ${id}`,
  );
  return row ? rawLeadDto(row) : null;
}

/** publishLeadChanged, then the lead itself (for a service's `return`). */
export async function withLeadChanged(
  ctx: ServiceContext,
  actor: LeadEventActor,
  lead: LeadDto,
  previousStatus: LeadStatus | null,
): Promise<LeadDto> {
  await publishLeadChanged(ctx, actor, lead, previousStatus);
  return lead;
}
