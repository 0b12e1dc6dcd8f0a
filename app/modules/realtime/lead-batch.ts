// A bulk action's one event (lead.batch) as the single-lead events it stands for, for the
// screens that apply lead events one at a time (the leads list and board, the lead detail).
import type { LeadBatchEvent, LeadChangedEvent, LeadDeletedEvent } from "./protocol";

export function unbatch(event: LeadBatchEvent): (LeadChangedEvent | LeadDeletedEvent)[] {
  const base = { id: event.id, created_at: event.created_at, actor: event.actor, totals: event.totals };
  return [
    ...event.changed.map(({ lead, previous_status }): LeadChangedEvent => ({
      ...base,
      type: "lead.changed",
      change: "updated",
      lead,
      previous_status,
    })),
    ...event.deleted.map((gone): LeadDeletedEvent => ({ ...base, type: "lead.deleted", ...gone })),
  ];
}
