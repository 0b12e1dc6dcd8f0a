// One lead (plus its assignee's name) as the services return it: LeadDto of crm-types.
// Shared by every service that answers with leads, so the JSON has one shape everywhere:
// both ways the services read leads end in toLeadDto, drizzle rows (joinedLeadDto) and the
// raw SQL of the list queries and live events (rawLeadDto).
import { eq, sql } from "drizzle-orm";
import { leads, users, type Lead, type LeadCurrency, type LeadSource, type LeadStatus } from "../db/schema/index.ts";
import type { LeadDto, UserRef } from "./crm-types.ts";

/** Select shape: the lead's columns and its assignee (null when unassigned). */
export const leadWithAssignee = { lead: leads, assigneeId: users.id, assigneeName: users.name, assigneeActive: users.isActive };

/** Join condition for `leftJoin(users, assigneeJoin)`. */
export const assigneeJoin = eq(users.id, leads.assignedTo);

/** The columns a LeadDto is made of (a drizzle Lead has them all). */
export type LeadFields = Pick<
  Lead,
  | "id"
  | "name"
  | "email"
  | "phone"
  | "company"
  | "source"
  | "status"
  | "estimatedValue"
  | "currency"
  | "notes"
  | "assignedTo"
  | "tags"
  | "createdAt"
  | "updatedAt"
  | "lastActivityAt"
>;

export function toLeadDto(row: LeadFields, assignee: UserRef | null): LeadDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    source: row.source,
    status: row.status,
    estimated_value: row.estimatedValue,
    currency: row.currency,
    notes: row.notes,
    assigned_to: row.assignedTo,
    assigned_user:
      row.assignedTo && assignee
        ? { id: assignee.id, name: assignee.name, ...(assignee.inactive ? { inactive: true as const } : {}) }
        : null,
    tags: row.tags,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    last_activity_at: row.lastActivityAt ?? row.createdAt,
  };
}

/** A row selected with `leadWithAssignee` as a LeadDto. */
export function joinedLeadDto(row: {
  lead: Lead;
  assigneeId: string | null;
  assigneeName: string | null;
  assigneeActive?: boolean | null;
}): LeadDto {
  const assignee = row.assigneeId && row.assigneeName !== null ? { id: row.assigneeId, name: row.assigneeName } : null;
  return toLeadDto(row.lead, assignee && row.assigneeActive === false ? { ...assignee, inactive: true } : assignee);
}

/** A lead as raw SQL selects it with RAW_LEAD_COLUMNS: snake_case, tags as JSON text, the assignee's name. */
export type RawLeadRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: LeadSource;
  status: LeadStatus;
  estimated_value: number | null;
  currency: LeadCurrency;
  notes: string | null;
  assigned_to: string | null;
  tags: string;
  created_at: string;
  updated_at: string;
  last_activity_at: string | null;
  assignee_name: string | null;
  /** 0 once the assignee's account was deactivated (shown "(inativo)"). */
  assignee_active: number | null;
};

/** The select list of a RawLeadRow, from `leads l left join users u on u.id = l.assigned_to`. */
export const RAW_LEAD_COLUMNS = sql.raw(
  "l.id, l.name, l.email, l.phone, l.company, l.source, l.status, l.estimated_value, l.currency, l.notes, l.assigned_to, l.tags, l.created_at, l.updated_at, l.last_activity_at, u.name as assignee_name, u.is_active as assignee_active",
);

/** Tags stored as JSON text; anything but an array of strings reads as none. */
function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

/** A RawLeadRow as a LeadDto: the same fields as a drizzle row, through toLeadDto. */
export function rawLeadDto(row: RawLeadRow): LeadDto {
  return toLeadDto(
    {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      source: row.source,
      status: row.status,
      estimatedValue: row.estimated_value,
      currency: row.currency,
      notes: row.notes,
      assignedTo: row.assigned_to,
      tags: parseTags(row.tags),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      lastActivityAt: row.last_activity_at,
    },
    row.assigned_to && row.assignee_name !== null
      ? { id: row.assigned_to, name: row.assignee_name, ...(row.assignee_active === 0 ? { inactive: true as const } : {}) }
      : null,
  );
}
