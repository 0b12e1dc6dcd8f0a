// The CRM's service worker (issue 24, docs/decisions/029): Web Push only. Registered from
// Settings → Notificações at the site's root scope; it caches nothing and handles no fetch.
// A push carries {title, body, url, tag, type}, already in the recipient's saved language;
// a click on the notification opens its lead or task in the CRM, in an open CRM tab if there
// is one (focused), else in a new one.

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
