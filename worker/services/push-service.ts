// Web Push ('Notificações Push', issue 24, docs/decisions/029). A browser that turned the
// switch on is stored as a push device of its user and session (push_devices, migration
// 0024). Every notification created for a user whose switch is on is queued, one message per
// device, right after the rows are in D1 (publishNotifications is the one choke point); the
// queue's consumer (worker/index.ts `queue`, PUSH_QUEUE) encrypts the text, in the user's
// saved language, per RFC 8291 (aes128gcm) with a VAPID JWT per RFC 8292 — both by
// @block65/webcrypto-web-push on Web Crypto, no cryptography of our own — and POSTs it to
// the device's push service. 404/410: the subscription is gone, the device is deleted.
// 429/5xx/a network error: the message is retried with backoff, then dead-lettered.
// Nothing is pushed while the user has the CRM visible in a tab (their UserRoom knows).
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { z } from "zod";
import { userRoomName } from "~/modules/realtime/protocol";
import { notificationPreferences, notifications, users, type Notification } from "../db/schema/index.ts";
import { pushDevices, type PushDevice } from "../db/schema/push.ts";
import { DomainError, NotFoundError } from "./errors.ts";
import { renderNotification } from "./notification-text.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

declare global {
  interface Env {
    /** Producer of agency-edge-push (wrangler.toml); absent: nothing is pushed. */
    PUSH_QUEUE?: Queue<PushMessageBody>;
    /** VAPID key pair (RFC 8292): the uncompressed P-256 public key and its private scalar `d`, base64url. */
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
    /** The VAPID `sub` claim (a mailto: or https: contact); default mailto:TEAM_EMAIL. */
    VAPID_SUBJECT?: string;
  }
}

/** The queues of wrangler.toml: the pushes and their dead letters. */
export const PUSH_QUEUE_NAME = "agency-edge-push";
export const PUSH_DLQ_NAME = "agency-edge-push-dlq";

/** One queued push: a notification for one device (both re-read when it is delivered). */
export type PushMessageBody = { notification_id: string; device_id: string };

/** What Settings lists: the browser, when it was added and last used, and whether it is this session's. */
export type PushDeviceDto = {
  id: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
  this_session: boolean;
};

/** What the service worker shows (public/sw.js): the texts, where a click goes, and a tag (one per notification). */
export type PushPayload = { title: string; body: string; url: string; tag: string; type: string };

/** A user keeps at most this many devices; a new one beyond it replaces the least recently used. */
export const MAX_PUSH_DEVICES = 10;
/** How long a push service keeps an undelivered message (seconds; RFC 8030 TTL). */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** Delays before the 2nd, 3rd, 4th and 5th try (seconds); the 5th failure goes to the dead-letter queue. */
export const PUSH_RETRY_DELAYS = [10, 30, 90, 270] as const;

const base64url = (bytes: number) =>
  z
    .string({ error: "apiErrors.field.invalid_value" })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: "apiErrors.field.invalid_value" })
    .refine((value) => decodedLength(value) === bytes, { error: "apiErrors.field.invalid_value" });

function decodedLength(value: string): number {
  const bare = value.replace(/=+$/, "");
  return Math.floor((bare.length * 3) / 4);
}

/** A push service's endpoint: an https URL of at most 2048 characters. */
const pushEndpoint = () =>
  z
    .string({ error: "apiErrors.field.invalid_value" })
    .max(2048, { error: "apiErrors.field.invalid_value" })
    .url({ error: "apiErrors.field.invalid_value" })
    .refine((value) => value.startsWith("https://"), { error: "apiErrors.field.invalid_value" });

/**
 * POST /api/push/devices: PushSubscription.toJSON() as a browser gives it, and, from the
 * service worker's `pushsubscriptionchange`, the endpoint it replaces (`previous_endpoint`).
 */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: pushEndpoint(),
    previous_endpoint: pushEndpoint().optional(),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        // RFC 8291 §3.1-3.2: a 65-byte uncompressed P-256 point and a 16-byte auth secret.
        p256dh: base64url(65).refine((value) => value.startsWith("B"), { error: "apiErrors.field.invalid_value" }),
        auth: base64url(16),
      },
      { error: "apiErrors.field.invalid_value" },
    ),
  },
  { error: "apiErrors.field.invalid_value" },
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** The public VAPID key the browser subscribes with, or null when push is not configured. */
export function vapidPublicKey(env: Env): string | null {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PUBLIC_KEY : null;
}

/** "Chrome · Android", "Firefox · Windows", "Safari · iPhone" …; "Navegador" words are the UI's (label "" = unknown). */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\/|HeadlessChrome\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone/.test(ua)
      ? "iPhone"
      : /iPad/.test(ua)
        ? "iPad"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : "";
  return [browser, system].filter(Boolean).join(" · ");
}

const toDto = (row: PushDevice, actor: Authenticated): PushDeviceDto => ({
  id: row.id,
  label: row.label,
  created_at: row.createdAt,
  last_used_at: row.lastUsedAt,
  this_session: row.sessionId === actor.session.id,
});

/** The actor's devices, most recently used (or added) first. */
export async function listPushDevices({ db }: ServiceContext, actor: Authenticated): Promise<PushDeviceDto[]> {
  const rows = await db
    .select()
    .from(pushDevices)
    .where(eq(pushDevices.userId, actor.user.id))
    .orderBy(desc(sql`coalesce(${pushDevices.lastUsedAt}, ${pushDevices.createdAt})`), desc(pushDevices.id))
    .all();
  return rows.map((row) => toDto(row, actor));
}

/**
 * Stores this browser's subscription for the actor and their session. One row per endpoint
 * (`on conflict (endpoint) do update`): subscribing again, or from another account in the
 * same browser, moves the row to the actor and the current session, with the new keys; a
 * burst of the same subscription leaves one row. With `previous_endpoint` (a renewed
 * subscription), the actor's device on that endpoint is replaced. Over MAX_PUSH_DEVICES the
 * least recently used of the actor's other devices are removed.
 */
export async function savePushDevice(
  ctx: ServiceContext,
  actor: Authenticated,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<PushDeviceDto> {
  if (!vapidPublicKey(ctx.env)) throw new DomainError("unavailable", "service_unavailable");
  const values = {
    userId: actor.user.id,
    sessionId: actor.session.id,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: deviceLabel(userAgent),
  };
  const upsert = ctx.db
    .insert(pushDevices)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: pushDevices.endpoint, set: values })
    .returning();
  // The browser renewed its subscription (pushsubscriptionchange): the old endpoint is dead,
  // and goes with the new one's arrival, in the same batch; only the actor's own device.
  const previous = input.previous_endpoint;
  const [[row]] =
    previous && previous !== input.endpoint
      ? await ctx.db.batch([
          upsert,
          ctx.db
            .delete(pushDevices)
            .where(and(eq(pushDevices.endpoint, previous), eq(pushDevices.userId, actor.user.id)))
            .returning({ id: pushDevices.id }),
        ])
      : [await upsert.all()];
  if (!row) throw new Error("push device: the upsert returned no row");
  // Keep the newest MAX_PUSH_DEVICES (this one always stays).
  await ctx.db.run(sql`
    delete from push_devices
    where user_id = ${actor.user.id} and id <> ${row.id} and id not in (
      select id from push_devices where user_id = ${actor.user.id} and id <> ${row.id}
      order by coalesce(last_used_at, created_at) desc, id desc limit ${MAX_PUSH_DEVICES - 1}
    )`);
  return toDto(row, actor);
}

/** Removes one of the actor's devices; not found for a missing or someone else's id. */
export async function removePushDevice({ db }: ServiceContext, actor: Authenticated, id: string): Promise<void> {
  const gone = await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.id, id), eq(pushDevices.userId, actor.user.id)))
    .returning({ id: pushDevices.id })
    .all();
  if (gone.length === 0) throw new NotFoundError();
}

/** D1 binds at most 100 parameters per statement; a queue takes at most 100 messages per sendBatch. */
const CHUNK = 90;

/**
 * After notification rows are in D1 (publishNotifications): one PUSH_QUEUE message per
 * notification and device of a recipient whose 'Notificações Push' switch is on (no
 * preferences row = the default, off). Returns how many were queued. Throws only what the
 * queue throws (the caller logs it: the bell still has the notification).
 */
export async function queuePushes(ctx: ServiceContext, created: readonly Notification[]): Promise<number> {
  const queue = ctx.env.PUSH_QUEUE;
  if (!queue || created.length === 0 || !vapidPublicKey(ctx.env)) return 0;
  const userIds = [...new Set(created.map((row) => row.userId))];
  const devices: { id: string; userId: string }[] = [];
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const chunk = userIds.slice(i, i + CHUNK);
    devices.push(
      ...(await ctx.db
        .select({ id: pushDevices.id, userId: pushDevices.userId })
        .from(pushDevices)
        .innerJoin(notificationPreferences, eq(notificationPreferences.userId, pushDevices.userId))
        .where(and(inArray(pushDevices.userId, chunk), eq(notificationPreferences.pushNotifications, true)))
        .all()),
    );
  }
  const byUser = new Map<string, { id: string }[]>();
  for (const device of devices) byUser.set(device.userId, [...(byUser.get(device.userId) ?? []), device]);
  const messages: MessageSendRequest<PushMessageBody>[] = created.flatMap((row) =>
    (byUser.get(row.userId) ?? []).map((device) => ({
      body: { notification_id: row.id, device_id: device.id },
      contentType: "json" as const,
    })),
  );
  for (let i = 0; i < messages.length; i += CHUNK) await queue.sendBatch(messages.slice(i, i + CHUNK));
  return messages.length;
}

/** Whether any tab of the user shows the CRM right now (their UserRoom's sockets say). */
async function crmVisible(env: Env, userId: string): Promise<boolean> {
  if (!env.UserRoom) return false;
  try {
    const room = await getServerByName(env.UserRoom, userRoomName(userId));
    return await room.hasVisibleTab();
  } catch (error) {
    console.error("push: could not ask the user room whether a tab is visible", error);
    return false;
  }
}

/** An in-app path only (as the bell's inAppLink: no absolute URL, no "//host"), else the dashboard. */
const clickPath = (link: string | null) =>
  link && link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : "/dashboard";

/** The notification as a push: its texts in `language`, where a click goes (the lead or task; else the dashboard). */
export function pushPayload(row: Notification, language: Parameters<typeof renderNotification>[1]): PushPayload {
  const { title, message } = renderNotification(row, language);
  return { title, body: message, url: clickPath(row.link), tag: row.id, type: row.type };
}

export type PushOutcome =
  | "sent"
  /** 404/410: the subscription is gone; the device was deleted. */
  | "gone"
  /** Nothing to do: device or notification gone, read already, switch off, user inactive, the CRM visible. */
  | "skipped"
  /** The push service refused it for good (400, 403, 413…): logged, not retried. */
  | "refused"
  /** 429, 5xx or no answer: try again later (seconds, when the service said). */
  | { retry: true; after?: number };

export type PushDelivery = { fetch?: typeof fetch; now?: () => Date };

/**
 * Delivers one queued push: re-reads the device, the notification and its recipient (so a
 * switch turned off, a device removed or a notification read since it was queued sends
 * nothing), skips it while the user has the CRM visible in a tab, then encrypts and POSTs it.
 */
export async function deliverPush(ctx: ServiceContext, message: PushMessageBody, options: PushDelivery = {}): Promise<PushOutcome> {
  const doFetch = options.fetch ?? fetch;
  const row = await ctx.db
    .select({ notification: notifications, device: pushDevices, language: users.language, push: notificationPreferences.pushNotifications })
    .from(pushDevices)
    .innerJoin(notifications, eq(notifications.id, message.notification_id))
    .innerJoin(users, and(eq(users.id, pushDevices.userId), eq(users.isActive, true)))
    .innerJoin(notificationPreferences, eq(notificationPreferences.userId, pushDevices.userId))
    .where(and(eq(pushDevices.id, message.device_id), eq(notifications.userId, pushDevices.userId)))
    .get();
  if (!row || !row.push || row.notification.read) return "skipped";
  const { device, notification } = row;
  if (await crmVisible(ctx.env, device.userId)) return "skipped";
  const publicKey = vapidPublicKey(ctx.env);
  if (!publicKey) return "skipped";

  const request = await buildPushPayload(
    { data: pushPayload(notification, row.language), options: { ttl: PUSH_TTL_SECONDS, urgency: "normal" } },
    { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
    { subject: ctx.env.VAPID_SUBJECT || `mailto:${ctx.env.TEAM_EMAIL}`, publicKey, privateKey: ctx.env.VAPID_PRIVATE_KEY! },
  );
  let response: Response;
  try {
    response = await doFetch(device.endpoint, { method: "POST", headers: request.headers, body: request.body });
  } catch (error) {
    console.error(`push: no answer from the push service of device ${device.id}`, error);
    return { retry: true };
  }
  await response.body?.cancel();
  if (response.ok) {
    const now = (options.now?.() ?? new Date()).toISOString();
    await ctx.db.update(pushDevices).set({ lastUsedAt: now }).where(eq(pushDevices.id, device.id)).run();
    return "sent";
  }
  if (response.status === 404 || response.status === 410) {
    await ctx.db.delete(pushDevices).where(eq(pushDevices.id, device.id)).run();
    return "gone";
  }
  if (response.status === 429 || response.status >= 500) {
    const after = Number(response.headers.get("Retry-After"));
    return { retry: true, after: Number.isFinite(after) && after > 0 ? Math.min(after, 3600) : undefined };
  }
  console.error(`push: the push service refused device ${device.id} with ${response.status}`);
  return "refused";
}

/** The delay before the next try of a message on its `attempts`-th try (1-based). */
export const pushRetryDelay = (attempts: number, after?: number) =>
  Math.max(after ?? 0, PUSH_RETRY_DELAYS[Math.min(attempts, PUSH_RETRY_DELAYS.length) - 1] ?? PUSH_RETRY_DELAYS.at(-1)!);

/**
 * The PUSH_QUEUE consumer: each message delivered on its own (one failing never holds back
 * the others); acknowledged when done, retried with PUSH_RETRY_DELAYS when the push service
 * asked for it or failed. After max_retries (wrangler.toml) the queue moves it to the
 * dead-letter queue (handlePushDeadLetters).
 */
export async function handlePushQueue(
  ctx: ServiceContext,
  batch: MessageBatch<PushMessageBody>,
  options: PushDelivery = {},
): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        const outcome = await deliverPush(ctx, message.body, options);
        if (typeof outcome === "object") message.retry({ delaySeconds: pushRetryDelay(message.attempts, outcome.after) });
        else message.ack();
      } catch (error) {
        console.error("push: delivery failed", error);
        message.retry({ delaySeconds: pushRetryDelay(message.attempts) });
      }
    }),
  );
}

/** The dead-letter queue's consumer: the push is dropped (the bell still has it), with a log line. */
export function handlePushDeadLetters(batch: MessageBatch<PushMessageBody>): void {
  for (const message of batch.messages) {
    console.error(`push: gave up on notification ${message.body.notification_id} for device ${message.body.device_id}`);
    message.ack();
  }
}
