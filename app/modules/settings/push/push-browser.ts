// This browser's side of Web Push (docs/decisions/029): the service worker at the site's root,
// the permission, and the push subscription the server stores as a device. Loaded only when
// Settings → Notificações shows the push devices or the switch is turned on (its own chunk).
import { apiClient, ApiClientError, call } from "~/modules/crm/api-client";
import type { PushDeviceDto } from "../../../../worker/services/push-service.ts";

export type EnableResult =
  | { ok: true; device: PushDeviceDto }
  /** The browser (or the person) refused notifications for this site. */
  | { ok: false; reason: "denied" }
  /** No service worker or Push API here (an old browser; iPhone Safari outside the home screen). */
  | { ok: false; reason: "unsupported" }
  /** The server has no VAPID keys. */
  | { ok: false; reason: "unavailable" }
  | { ok: false; reason: "failed"; message?: string };

export const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The permission as the browser has it now ("default": not asked yet). */
export const pushPermission = (): NotificationPermission | "unsupported" => (pushSupported() ? Notification.permission : "unsupported");

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** The service worker's registration (registered now if it is not yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (existing) return existing;
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/**
 * Turns push on in this browser: the permission (`asked`: the prompt the click already opened,
 * so browsers that want a gesture get one), the service worker, a subscription with the
 * server's VAPID key (a stale one for another key is replaced), stored for this session.
 */
export async function enablePush(asked?: Promise<NotificationPermission>): Promise<EnableResult> {
  if (!pushSupported()) return { ok: false, reason: "unsupported" };
  const permission = await (asked ?? Notification.requestPermission());
  if (permission !== "granted") return { ok: false, reason: "denied" };
  try {
    const { public_key } = await call(apiClient.push.key.$get());
    if (!public_key) return { ok: false, reason: "unavailable" };
    const reg = await registration();
    const key = keyBytes(public_key);
    let subscription = await reg.pushManager.getSubscription();
    const current = subscription?.options.applicationServerKey;
    if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    // A subscription's JSON always has its endpoint and keys; the server validates them all the same.
    const { endpoint = "", expirationTime, keys = {} } = subscription.toJSON();
    const json = { endpoint, expirationTime, keys: { p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" } };
    const { device } = await call(apiClient.push.devices.$post({ json }));
    return { ok: true, device };
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 503) return { ok: false, reason: "unavailable" };
    // The server's words are translated; the browser's own (a refused subscription: "Registration
    // failed - permission denied") are English whatever the page's language: for the console only.
    if (error instanceof ApiClientError) return { ok: false, reason: "failed", message: error.message };
    console.warn("push: this browser could not be subscribed", error);
    return { ok: false, reason: "failed" };
  }
}

/** After this browser's device was removed: its subscription ends too (best effort). */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration("/");
  const subscription = await reg?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
