// The bell's notifications (crm.md §2 Notification panel, §7 Notifications row, §9): every
// call reads or writes the acting user's own rows only. The write that a row belongs to the
// actor is decided in the UPDATE itself (`where id = ? and user_id = actor`), so another
// user's id is simply "not found" and nothing of theirs changes. Live delivery
// (partyserver, `user-<id>` rooms): publishNotifications below, called once the rows are in
// D1 (persist first, then broadcast; docs/decisions/014).
import { and, asc, count, desc, eq, gte, inArray } from "drizzle-orm";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/i18n/languages";
import type { NotificationTexts, UserRoomEvent } from "~/modules/realtime/protocol";
import { publishToUsers } from "../../party/publish.ts";
import { notifications, type Notification } from "../db/schema/index.ts";
import type { NotificationDto, NotificationListDto } from "./crm-types.ts";
import { NotFoundError } from "./errors.ts";
import { renderNotification } from "./notification-text.ts";
import { queuePushes } from "./push-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

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

/** The row as its reader sees it: title and message in the reader's language (users.language). */
export function toNotificationDto(row: Notification, language: Language): NotificationDto {
  const { title, message } = renderNotification(row, language);
  return {
    id: row.id,
    type: row.type,
    title,
    message,
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

/**
 * The actor's 50 newest notifications (newest first) and their unread count, written in
 * `language` (the caller's choice; by default the language saved on the user).
 */
export async function listNotifications(
  ctx: ServiceContext,
  actor: Authenticated,
  language: Language = actor.user.language,
): Promise<NotificationListDto> {
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
  return { items: rows.map((row) => toNotificationDto(row, language)), unread_count: unread };
}

/** Marks one of the actor's notifications read (again is fine); not found for a missing or someone else's id. */
export async function markNotificationRead(
  ctx: ServiceContext,
  actor: Authenticated,
  id: string,
  language: Language = actor.user.language,
): Promise<NotificationDto> {
  const row = await ctx.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), ofActor(actor)))
    .returning()
    .get();
  if (!row) throw new NotFoundError();
  await publishNotifications(ctx, [actor.user.id]);
  return toNotificationDto(row, language);
}

/** Marks every unread notification of the actor read; returns how many changed. */
export async function markAllNotificationsRead(ctx: ServiceContext, actor: Authenticated): Promise<number> {
  const rows = await ctx.db.update(notifications).set({ read: true }).where(unreadOf(actor)).returning({ id: notifications.id }).all();
  if (rows.length > 0) await publishNotifications(ctx, [actor.user.id]);
  return rows.length;
}

/** D1 binds at most 100 parameters per statement. */
const USER_ID_CHUNK = 90;

/**
 * Tells every open tab of each user (their `user-<id>` room) what changed, AFTER the rows
 * are in D1: one `notification.created` per notification of theirs created at or after
 * `since` (oldest first, each with the unread count), or else one `notification.unread`
 * with the count; then queues a Web Push of each created row for its recipient's devices
 * (push-service queuePushes: only with the switch on). Never throws (a lost event is caught
 * up by the next fetch of the list); a no-op without the UserRoom and PUSH_QUEUE bindings.
 */
export async function publishNotifications(
  ctx: ServiceContext,
  userIds: Iterable<string>,
  options: { since?: string } = {},
): Promise<void> {
  if (!ctx.env.UserRoom && !ctx.env.PUSH_QUEUE) return;
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const pushed: Notification[] = [];
  try {
    const events = new Map<string, UserRoomEvent[]>(ids.map((id) => [id, []]));
    for (let i = 0; i < ids.length; i += USER_ID_CHUNK) {
      const chunk = ids.slice(i, i + USER_ID_CHUNK);
      const [counts, created] = await Promise.all([
        ctx.db
          .select({ userId: notifications.userId, n: count() })
          .from(notifications)
          .where(and(inArray(notifications.userId, chunk), eq(notifications.read, false)))
          .groupBy(notifications.userId)
          .all(),
        options.since
          ? ctx.db
              .select()
              .from(notifications)
              .where(and(inArray(notifications.userId, chunk), gte(notifications.createdAt, options.since)))
              .orderBy(asc(notifications.createdAt), asc(notifications.id))
              .limit(NOTIFICATION_LIST_LIMIT * chunk.length)
              .all()
          : Promise.resolve([]),
      ]);
      const unread = new Map(counts.map((row) => [row.userId, row.n]));
      // The event carries the text in every language: each tab shows the one its page is in
      // (two tabs of one user may differ; the saved users.language may not be either).
      pushed.push(...created);
      for (const row of created) {
        const texts = Object.fromEntries(LANGUAGES.map((language) => [language, renderNotification(row, language)])) as NotificationTexts;
        events.get(row.userId)?.push({
          type: "notification.created",
          id: row.id,
          created_at: row.createdAt,
          notification: toNotificationDto(row, DEFAULT_LANGUAGE),
          texts,
          unread_count: unread.get(row.userId) ?? 0,
        });
      }
      const now = new Date().toISOString();
      for (const userId of chunk) {
        const list = events.get(userId)!;
        if (list.length === 0)
          list.push({ type: "notification.unread", id: crypto.randomUUID(), created_at: now, unread_count: unread.get(userId) ?? 0 });
      }
    }
    await publishToUsers(ctx.env, events);
  } catch (error) {
    console.error("notifications: stored but not published live", error);
  }
  // Web Push (docs/decisions/029): queued here, delivered by the PUSH_QUEUE consumer.
  try {
    await queuePushes(ctx, pushed);
  } catch (error) {
    console.error("notifications: stored but not queued for Web Push", error);
  }
}
