// The CRM's service worker (issue 24, docs/decisions/029): Web Push only. Registered from
// Settings → Notificações at the site's root scope; it caches nothing and handles no fetch.
// A push carries {title, body, url, tag, type}, already in the recipient's saved language;
// a click on the notification opens its lead or task in the CRM, in an open CRM tab if there
// is one (focused), else in a new one. When the browser renews the subscription
// (`pushsubscriptionchange`), the new one replaces the old on the server, in the name of the
// session signed in in this browser.

const CRM_PATHS = ["/dashboard", "/leads", "/tasks", "/chat", "/analytics", "/settings"];
const isCrmPath = (path) => CRM_PATHS.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));

/** A page of this site (a path, or a URL on this origin); anything else ("//host", "javascript:", another site) opens the dashboard. */
function targetUrl(url) {
  if (typeof url === "string" && !url.startsWith("//") && !url.startsWith("/\\")) {
    try {
      const target = new URL(url, self.location.origin);
      if (target.origin === self.location.origin) return target.href;
    } catch {
      // not a URL
    }
  }
  return new URL("/dashboard", self.location.origin).href;
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Open tabs come under this worker at once, so a click can navigate them.
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "CRM";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      icon: "/favicon.svg",
      data: { url: targetUrl(data.url), type: data.type },
    }),
  );
});

/**
 * The tab a click goes to: one already showing the target, else a CRM tab (the frame, not the
 * public site), else none. Focused and, when elsewhere, navigated to the target.
 */
async function openTarget(url) {
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const sameOrigin = tabs.filter((tab) => new URL(tab.url).origin === self.location.origin);
  const exact = sameOrigin.find((tab) => tab.url === url);
  const crm = exact ?? sameOrigin.find((tab) => isCrmPath(new URL(tab.url).pathname));
  if (!crm) return self.clients.openWindow(url);
  // focus() is allowed while handling a notification click; a refused focus still navigates.
  const focused = (await crm.focus().catch(() => null)) ?? crm;
  if (focused.url === url) return focused;
  try {
    return await focused.navigate(url);
  } catch {
    // A tab this worker does not control (yet): a new one.
    return self.clients.openWindow(url);
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const opening = openTarget(targetUrl(event.notification.data && event.notification.data.url));
  try {
    event.waitUntil(opening);
  } catch {
    // waitUntil refuses an event the browser did not dispatch itself; the tab still opens.
  }
});

/** A VAPID key as the server gives it (base64url) → its bytes. */
function keyBytes(base64url) {
  const base64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(base64 + "===".slice((base64.length + 3) % 4)), (c) => c.charCodeAt(0));
}

/**
 * The subscription that replaces a lost one: the event's new one (Firefox), else the one this
 * registration holds now, else a new one with the old one's key, or the server's.
 */
async function renewedSubscription(event) {
  const current = event.newSubscription || (await self.registration.pushManager.getSubscription());
  if (current) return current;
  if (!event.oldSubscription) return null;
  let key = event.oldSubscription.options && event.oldSubscription.options.applicationServerKey;
  if (!key) {
    const answer = await fetch("/api/push/key", { credentials: "same-origin" });
    const publicKey = answer.ok ? (await answer.json()).public_key : null;
    if (!publicKey) return null;
    key = keyBytes(publicKey);
  }
  return self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Tells the server the renewed subscription and the endpoint it replaces (a session ended: 401, nothing kept). */
async function replaceSubscription(event) {
  const renewed = await renewedSubscription(event);
  if (!renewed) return;
  const { endpoint, expirationTime = null, keys = {} } = renewed.toJSON();
  const previous = event.oldSubscription ? event.oldSubscription.endpoint : undefined;
  const answer = await fetch("/api/push/devices", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      endpoint,
      expirationTime,
      keys: { p256dh: keys.p256dh || "", auth: keys.auth || "" },
      previous_endpoint: previous && previous !== endpoint ? previous : undefined,
    }),
  });
  if (!answer.ok) console.warn(`push: the renewed subscription was not saved (${answer.status})`);
}

self.addEventListener("pushsubscriptionchange", (event) => {
  const replacing = replaceSubscription(event).catch((error) => console.warn("push: the renewed subscription was not saved", error));
  try {
    event.waitUntil(replacing);
  } catch {
    // waitUntil refuses an event the browser did not dispatch itself; the request still goes.
  }
});
