// The bell's notifications (crm.md §2 Notification panel, §7 Notifications row, §9): every
// call reads or writes the acting user's own rows only. The write that a row belongs to the
// actor is decided in the UPDATE itself (`where id = ? and user_id = actor`), so another
// user's id is simply "not found" (404) and nothing of theirs changes. Live delivery
// (partyserver, `user-<id>` rooms) comes later; the browser polls the unread count meanwhile.
import { and, count, desc, eq } from "drizzle-orm";
import { ApiError } from "../api/errors.ts";
import { notifications, type Notification } from "../db/schema/index.ts";
import type { Authenticated } from "./auth-service.ts";
import type { NotificationDto, NotificationListDto } from "./crm-types.ts";
import type { ServiceContext } from "./service-context.ts";

/** crm.md §9: the panel shows the 50 newest. */
export const NOTIFICATION_LIST_LIMIT = 50;

/**
 * Only an in-app path leaves the service as a link ("/tasks?task=…"); anything else (an
 * absolute URL, "//host", "javascript:…") is dropped, so the panel can hand it to the router.
 */
export function inAppLink(link: string | null): string | null {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return null;
  return link;
}

export function toNotificationDto(row: Notification): NotificationDto {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: inAppLink(row.link),
    read: row.read,
    created_at: row.createdAt,
  };
}

const ofActor = (actor: Authenticated) => eq(notifications.userId, actor.user.id);
const unreadOf = (actor: Authenticated) => and(ofActor(actor), eq(notifications.read, false));

/** How many of the actor's notifications are unread (all of them, not only the newest 50). */
export async function countUnreadNotifications({ db }: ServiceContext, actor: Authenticated): Promise<number> {
  const row = await db.select({ n: count() }).from(notifications).where(unreadOf(actor)).get();
  return row?.n ?? 0;
}

/** The actor's 50 newest notifications (newest first) and their unread count. */
export async function listNotifications(ctx: ServiceContext, actor: Authenticated): Promise<NotificationListDto> {
  const [rows, unread] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(ofActor(actor))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT)
      .all(),
    countUnreadNotifications(ctx, actor),
  ]);
  return { items: rows.map(toNotificationDto), unread_count: unread };
}

/** Marks one of the actor's notifications read (again is fine); 404 for a missing or someone else's id. */
export async function markNotificationRead({ db }: ServiceContext, actor: Authenticated, id: string): Promise<NotificationDto> {
  const row = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), ofActor(actor)))
    .returning()
    .get();
  if (!row) throw new ApiError(404, "not_found");
  return toNotificationDto(row);
}

/** Marks every unread notification of the actor read; returns how many changed. */
export async function markAllNotificationsRead({ db }: ServiceContext, actor: Authenticated): Promise<number> {
  const rows = await db.update(notifications).set({ read: true }).where(unreadOf(actor)).returning({ id: notifications.id }).all();
  return rows.length;
}
