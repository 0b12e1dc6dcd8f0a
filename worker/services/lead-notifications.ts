// The notifications a lead write gives its assignee (crm.md §3 Notification):
// - the lead is assigned to someone (created for them, or its assignee changes to them) →
//   `lead_assigned` for that person;
// - otherwise, its status changes → `status_change` for its assignee, unless they switched
//   'Mudanças de Status' off.
// Never to the actor themself, never to an inactive user. Each is an `INSERT … SELECT …
// WHERE <the write took>` that goes into the same D1 batch as the lead write
// (conventions 11: decided in the write), returning the user id it was written for, so the
// caller publishes exactly those once the batch is stored. Stored as a kind and its params
// (notification-text.ts), shown in each reader's language; title/message keep the pt text.
import { sql, type SQL } from "drizzle-orm";
import { notifications, users, type LeadStatus } from "../db/schema/index.ts";
import { notificationColumns } from "./notification-text.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

type Notice = {
  userId: string;
  type: "lead_assigned" | "status_change";
} & ReturnType<typeof notificationColumns>;

/** What a lead write tells whom (at most one notification: an assignment says it all). */
export function leadNotice(
  actor: Authenticated,
  lead: { name: string },
  change: {
    /** The new assignee when it changes (null: unassigned), undefined when it does not. */
    assignedTo?: string | null;
    /** The assignee as it stays when it does not change. */
    currentAssignee: string | null;
    /** The status move, if any. */
    status?: { from: LeadStatus; to: LeadStatus };
  },
): Notice | null {
  if (change.assignedTo) {
    if (change.assignedTo === actor.user.id) return null;
    return {
      userId: change.assignedTo,
      type: "lead_assigned",
      ...notificationColumns("leadAssigned", { name: actor.user.name, lead: lead.name }),
    };
  }
  const assignee = change.assignedTo === undefined ? change.currentAssignee : null;
  if (!change.status || !assignee || assignee === actor.user.id) return null;
  return {
    userId: assignee,
    type: "status_change",
    ...notificationColumns("leadStatusChanged", { name: actor.user.name, lead: lead.name, from: change.status.from, to: change.status.to }),
  };
}

/**
 * The notice's row, written only when `tookPlace` holds at that point of the batch, the
 * recipient is active and (for a status change) has not switched status changes off.
 * Returns `user_id` when written.
 */
export function insertLeadNotice({ db }: ServiceContext, notice: Notice, leadId: string, createdAt: string, tookPlace: SQL) {
  const link = `/leads?lead=${encodeURIComponent(leadId)}`;
  const wanted =
    notice.type === "status_change"
      ? sql`and not exists (select 1 from notification_preferences p where p.user_id = ${notice.userId} and p.status_changes = 0)`
      : sql``;
  // Column order of notifications: id, user_id, type, title, message, link, read, created_at, kind, params.
  return db
    .insert(notifications)
    .select(
      sql`select ${crypto.randomUUID()}, ${notice.userId}, ${notice.type}, ${notice.title}, ${notice.message}, ${link}, 0, ${createdAt}, ${notice.kind}, ${notice.params}
          where ${tookPlace}
            and exists (select 1 from ${users} where ${users.id} = ${notice.userId} and ${users.isActive} = 1)
            ${wanted}`,
    )
    .returning({ userId: notifications.userId });
}
