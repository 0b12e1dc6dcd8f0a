import type { UserRole } from "../db/schema/enums.ts";

// Who may do what in the CRM (docs/decisions/010-crm-permissions.md). Pure functions over
// plain values: the services enforce them, and the screens import them (they are tiny and
// import nothing else) to hide the buttons a user cannot use.

export type Actor = { id: string; role: UserRole };

const isManagerOrAdmin = (actor: Actor) => actor.role === "admin" || actor.role === "manager";

/** A sales_rep edits leads assigned to them or unassigned; managers and admins any lead. */
export function canEditLead(actor: Actor, lead: { assigned_to: string | null }): boolean {
  return isManagerOrAdmin(actor) || lead.assigned_to === null || lead.assigned_to === actor.id;
}

/** Only managers and admins delete leads. */
export const canDeleteLead = (actor: Actor) => isManagerOrAdmin(actor);

/**
 * Changing a lead's assignee from `from` to `to`. Managers and admins always. A sales_rep
 * may assign a lead that is theirs or nobody's (to themselves, to a colleague, or to
 * nobody), but never move a lead that belongs to someone else: that is reassigning
 * between other people.
 */
export function canAssignLead(actor: Actor, from: string | null, to: string | null): boolean {
  if (from === to) return true;
  return isManagerOrAdmin(actor) || from === null || from === actor.id;
}

/** A sales_rep edits tasks assigned to them or created by them; managers and admins any. */
export function canEditTask(actor: Actor, task: { assigned_to: string | null; created_by: string | null }): boolean {
  return isManagerOrAdmin(actor) || task.assigned_to === actor.id || task.created_by === actor.id;
}

/**
 * Whose dashboard figures (issue 20): everyone reads the team's and their own (everyone reads
 * every lead); one seller's alone are for managers and admins, so a rep sees no colleague's
 * ranking apart from the team's.
 */
export function canViewSellerFigures(actor: Actor, sellerId: string): boolean {
  return isManagerOrAdmin(actor) || sellerId === actor.id;
}

/** The figures a dashboard opens with: a sales_rep's own, the team's for managers and admins. */
export const defaultsToOwnFigures = (actor: Actor) => !isManagerOrAdmin(actor);
