// One lead row (plus its assignee's name) as the services return it: LeadDto of crm-types.
// Shared by every service that answers with leads, so the JSON has one shape everywhere.
import { eq } from "drizzle-orm";
import { leads, users, type Lead } from "../db/schema/index.ts";
import type { LeadDto, UserRef } from "./crm-types.ts";

/** Select shape: the lead's columns and its assignee (null when unassigned). */
export const leadWithAssignee = { lead: leads, assigneeId: users.id, assigneeName: users.name };

/** Join condition for `leftJoin(users, assigneeJoin)`. */
export const assigneeJoin = eq(users.id, leads.assignedTo);

export function toLeadDto(row: Lead, assignee: UserRef | null): LeadDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    source: row.source,
    status: row.status,
    estimated_value: row.estimatedValue,
    notes: row.notes,
    assigned_to: row.assignedTo,
    assigned_user: row.assignedTo && assignee ? { id: assignee.id, name: assignee.name } : null,
    tags: row.tags,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** A row selected with `leadWithAssignee` as a LeadDto. */
export function joinedLeadDto(row: { lead: Lead; assigneeId: string | null; assigneeName: string | null }): LeadDto {
  return toLeadDto(row.lead, row.assigneeId && row.assigneeName !== null ? { id: row.assigneeId, name: row.assigneeName } : null);
}
