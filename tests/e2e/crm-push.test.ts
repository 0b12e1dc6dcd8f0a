// Web Push in a real Chromium (issue 24, docs/decisions/029). What is real and what stands in:
// - REAL: the Settings screen and its lazily loaded push chunk, Notification.requestPermission
//   (granted by context.grantPermissions, refused without it), the service worker /sw.js
//   registered at the site's root under the app's CSP, the device stored by the server and
//   listed, its removal, the tab telling its user room that it is visible (the socket frame),
//   sign-out deleting the session's device, and the worker's own `push`, `notificationclick`
//   and `pushsubscriptionchange` listeners (the last one's request to the server included).
// - STOOD IN: PushManager.subscribe/getSubscription (an init script). In chromium-headless-shell
//   the real subscribe fails with "AbortError: Registration failed - permission denied" even with
//   notifications granted (Playwright's grantPermissions, and CDP Browser.setPermission for
//   'notifications' and 'push' on the context): there is no push service offline. The stand-in
//   makes what the push service would return: a real P-256 key pair and auth secret, and an
//   endpoint on 127.0.0.1 (the server's pushes to it are refused there; nothing leaves the
//   machine). The encryption and the VAPID signature are proven by tests/api/push.test.ts
//   against a push service inside that test.
// - The push event is delivered by CDP ServiceWorker.deliverPushMessage (as the browser does
//   with a message its push service handed it, decrypted). The worker's `push` listener then
//   calls registration.showNotification with the title, text, tag and link: the journey records
//   that call (a wrapper in the worker that forwards it). headless-shell refuses to show it
//   ("No notification permission has been granted for this origin", whatever was granted), so
//   no notification exists to click:
// - the click is an Event('notificationclick') dispatched in the worker carrying what that
//   notification would (its data: the link the push handler gave showNotification, and close());
//   the worker's real listener handles it and navigates the open CRM tab (focus() is refused
//   without a real click, which the listener tolerates).
// - A renewed subscription is an Event('pushsubscriptionchange') dispatched in the worker with
//   the old and new subscriptions the browser would hand it.
// Its own server (devices and switches are global state for the rep).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { openD1File } from "./support/d1.ts";
import { eventually } from "./support/eventually.ts";
import {
  assertNoSidewaysScroll,
  callApi,
  createLead,
  DESKTOP,
  failedRequest,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
  urlWhere,
} from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

/** The little of a service worker's global scope the journey uses (the DOM lib has no worker types). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
};

/** The browser's push service's subscribe, stood in (see the header): what it would return. */
function standInPushService() {
  if (!("PushManager" in window)) return;
  const KEY = "e2e-push-subscription";
  const b64u = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
  type Stored = { json: PushSubscriptionJSON; serverKey: string };
  const asSubscription = (stored: Stored) => ({
    endpoint: stored.json.endpoint,
    expirationTime: null,
    options: {
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(atob(stored.serverKey.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0))
        .buffer,
    },
    toJSON: () => stored.json,
    unsubscribe: async () => (localStorage.removeItem(KEY), true),
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    const serverKey = b64u(new Uint8Array(options!.applicationServerKey as ArrayBuffer));
    const stored: Stored = {
      json: {
        endpoint: `https://127.0.0.1:9/push/${crypto.randomUUID()}`,
        expirationTime: null,
        keys: { p256dh: b64u(raw), auth: b64u(crypto.getRandomValues(new Uint8Array(16))) },
      },
      serverKey,
    };
    localStorage.setItem(KEY, JSON.stringify(stored));
    return asSubscription(stored) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const stored = localStorage.getItem(KEY);
    return stored ? (asSubscription(JSON.parse(stored) as Stored) as unknown as PushSubscription) : null;
  };
}

async function openNotifications(page: Page) {
  const panel = page.getByTestId("push-devices");
  await panel.waitFor();
  await hydrated(page, "[data-testid=setting-push_notifications]");
  return panel;
}

describe("Web Push: Settings → Notificações", () => {
  const server = serverOverEmptyDatabase("rep", "manager", "admin");

  it("turning push on asks for permission, registers the service worker and lists this browser; a push shows a notification whose click opens the lead in the open tab; removing it empties the list", async () => {
    const { page, context } = await journeys.signIn("rep", { ...DESKTOP, baseURL: server.url, path: "/settings?tab=notifications" });
    await context.grantPermissions(["notifications"], { origin: server.url });
    await context.addInitScript(standInPushService);
    // The frames the CRM tab sends to its user room.
    const visibilityFrames: string[] = [];
    page.on("websocket", (ws) => {
      if (ws.url().includes("/parties/user-room/")) ws.on("framesent", (frame) => visibilityFrames.push(String(frame.payload)));
    });
    await page.reload();
    const panel = await openNotifications(page);
    await panel.getByTestId("push-devices-empty").waitFor();
    assert.equal(await page.getByTestId("setting-push_notifications").getAttribute("aria-checked"), "false");
    await snapshot(page, "crm-push-empty-pt-1280");

    await page.getByTestId("setting-push_notifications").click();
    await panel.getByTestId("push-enabled").waitFor();
    assert.equal(await page.getByTestId("setting-push_notifications").getAttribute("aria-checked"), "true");
    const rows = panel.getByTestId("push-device");
    assert.equal(await rows.count(), 1);
    assert.equal(await rows.first().getByTestId("push-device-label").innerText(), "Chrome · Linux");
    assert.match(await rows.first().innerText(), /Este navegador/);
    assert.match(
      await rows.first().getByTestId("push-device-use").innerText(),
      /^Nenhum aviso enviado ainda · Adicionado em \d{2}\/\d{2}\/\d{4}$/,
    );
    await page.getByTestId("notification-settings-save").click();
    await toastShown(page, "Configurações de notificação salvas!");
    await panel.getByTestId("push-enabled").waitFor({ state: "detached" });
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-push-enabled-pt-1280");

    // The real service worker, at the root, controlling the page; subscribed with the server's key.
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, script: reg.active?.scriptURL, key: localStorage.getItem("e2e-push-subscription") };
    });
    assert.equal(registration.scope, `${server.url}/`);
    assert.equal(registration.script, `${server.url}/sw.js`);
    const key = await callApi<{ public_key: string }>(page, "GET", "/push/key");
    assert.equal(JSON.parse(registration.key!).serverKey, key.body.public_key);
    // What the server stored: this session's device, with the stood-in endpoint's keys.
    const db = openD1File(server.stateDir);
    const stored = db.prepare("select endpoint, label from push_devices").all() as { endpoint: string; label: string }[];
    db.close();
    assert.equal(stored.length, 1);
    assert.match(stored[0]!.endpoint, /^https:\/\/127\.0\.0\.1:9\/push\//);

    // The tab tells its user room it is visible (the server pushes nothing while it is).
    await eventually(
      async () => visibilityFrames,
      (frames) => frames.some((f) => f === JSON.stringify({ type: "visibility", visible: true })),
      10_000,
    );
    assert.ok(
      visibilityFrames.includes(JSON.stringify({ type: "visibility", visible: true })),
      `frames: ${JSON.stringify(visibilityFrames)}`,
    );

    // A push: the browser hands the worker the (decrypted) message.
    const lead = await createLead(page, { name: "Push Lead", email: "push.lead@example.com", source: "website" });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const worker = await eventually(
      async () => context.serviceWorkers().find((w) => w.url() === `${server.url}/sw.js`),
      (w) => w !== undefined,
      10_000,
    );
    assert.ok(worker, "the service worker is running");
    // Records what the push listener asks to show, then lets the browser try (it refuses, see the header).
    await worker.evaluate(() => {
      const scope = self as unknown as WorkerScope & { __shown: unknown[] };
      scope.__shown = [];
      const show = scope.registration.showNotification.bind(scope.registration);
      scope.registration.showNotification = (title: string, options?: NotificationOptions) => {
        scope.__shown.push({ title, options });
        return show(title, options).catch(() => undefined);
      };
    });
    const payload = {
      title: "Lead atribuído",
      body: "Ana atribuiu a você o lead “Push Lead”.",
      url: `/leads?lead=${lead.id}`,
      tag: "n-1",
      type: "lead_assigned",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: server.url,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    const shown = await eventually(
      () => worker.evaluate(() => (self as unknown as { __shown: { title: string; options: NotificationOptions }[] }).__shown),
      (list) => list.length > 0,
      10_000,
    );
    assert.deepEqual(shown, [
      {
        title: payload.title,
        options: {
          body: payload.body,
          tag: "n-1",
          icon: "/favicon.svg",
          data: { url: `${server.url}/leads?lead=${lead.id}`, type: "lead_assigned" },
        },
      },
    ]);

    // The click (see the header): the worker's own listener gets what the notification carries.
    await worker.evaluate((data) => {
      const click = new Event("notificationclick");
      Object.defineProperty(click, "notification", { value: { data, close: () => undefined } });
      self.dispatchEvent(click);
    }, shown[0]!.options.data);
    await urlWhere(page, (url) => url.pathname === "/leads" && url.searchParams.get("lead") === lead.id);
    const detail = page.getByTestId("lead-detail-dialog");
    await detail.waitFor();
    assert.match(await detail.innerText(), /Push Lead/);
    assert.equal(context.pages().length, 1, "no new tab: the open one was used");

    // The browser renews the subscription (pushsubscriptionchange, dispatched in the worker as
    // the browser would, with the new subscription it got): the worker's own listener tells the
    // server, in this browser's session, and the new endpoint replaces the old one.
    // (Read through the API while the server may write: its database file is busy then.)
    const deviceIds = async () =>
      (await callApi<{ devices: { id: string }[] }>(page, "GET", "/push/devices")).body.devices.map((d) => d.id);
    const devicesBefore = await deviceIds();
    const renewed = await worker.evaluate(async (previous) => {
      const b64u = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replaceAll("+", "-")
          .replaceAll("/", "_")
          .replace(/=+$/, "");
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const json = {
        endpoint: `https://127.0.0.1:9/push/renewed-${crypto.randomUUID()}`,
        expirationTime: null,
        keys: {
          p256dh: b64u(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey))),
          auth: b64u(crypto.getRandomValues(new Uint8Array(16))),
        },
      };
      const change = new Event("pushsubscriptionchange");
      Object.defineProperty(change, "oldSubscription", { value: { endpoint: previous, options: {} } });
      Object.defineProperty(change, "newSubscription", { value: { endpoint: json.endpoint, toJSON: () => json } });
      // What the listener's requests get (for the failure message).
      const scope = self as unknown as { fetch: typeof fetch; __renewal: string[] };
      scope.__renewal = [];
      const realFetch = scope.fetch.bind(self);
      scope.fetch = async (input, init) => {
        const answer = await realFetch(input, init).catch((error: unknown) => {
          scope.__renewal.push(`${String(input)}: ${String(error)}`);
          throw error;
        });
        scope.__renewal.push(`${init?.method ?? "GET"} ${String(input)} → ${answer.status} ${await answer.clone().text()}`);
        return answer;
      };
      self.dispatchEvent(change);
      return json.endpoint;
    }, stored[0]!.endpoint);
    const replaced = await eventually(deviceIds, (ids) => ids.length === 1 && ids[0] !== devicesBefore[0], 10_000);
    assert.equal(replaced.length, 1);
    assert.notEqual(
      replaced[0],
      devicesBefore[0],
      `a new device row replaced the old one; the worker's requests: ${JSON.stringify(await worker.evaluate(() => (self as unknown as { __renewal: string[] }).__renewal))}`,
    );
    const afterChange = openD1File(server.stateDir);
    const renewedRows = afterChange.prepare("select endpoint, label from push_devices").all() as { endpoint: string; label: string }[];
    afterChange.close();
    assert.deepEqual(
      renewedRows.map((row) => ({ ...row })),
      [{ endpoint: renewed, label: stored[0]!.label }],
      "the old endpoint is gone, the renewed one stored",
    );

    // Back to Settings: remove this browser.
    await page.goto("/settings?tab=notifications");
    const again = await openNotifications(page);
    await again.getByTestId("push-device").first().waitFor();
    // The same list on a phone.
    await page.setViewportSize(PHONE.viewport);
    await assertNoSidewaysScroll(page, "Configurações → Notificações with a device, 390 px");
    await snapshot(page, "crm-push-device-pt-390");
    await again.getByRole("button", { name: "Remover Chrome · Linux" }).click();
    await toastShown(page, "Aparelho removido. Ele não recebe mais push.");
    await again.getByTestId("push-devices-empty").waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("e2e-push-subscription")), null, "the browser's subscription ended too");
  });

  it("signing out deletes that session's device", async () => {
    // Signed out by the sidebar's button, as a user does. Sign-out ends the screen's live
    // sockets: the browser reports their refused reconnection, and a 401 for a request of the
    // screen the click beats (the same allowance as auth.test.ts's sign-out).
    const { page, context } = await journeys.signIn("manager", {
      ...DESKTOP,
      baseURL: server.url,
      path: "/settings?tab=notifications",
      allowConsoleErrors: [/^WebSocket connection to .* failed: HTTP Authentication failed/, failedRequest(401)],
    });
    await context.grantPermissions(["notifications"], { origin: server.url });
    await context.addInitScript(standInPushService);
    await page.reload();
    const panel = await openNotifications(page);
    await page.getByTestId("setting-push_notifications").click();
    await panel.getByTestId("push-device").first().waitFor();
    const count = () => {
      const db = openD1File(server.stateDir);
      try {
        const row = db
          .prepare("select count(*) as n from push_devices d join users u on u.id = d.user_id where u.email = 'manager@demo.test'")
          .get();
        return (row as { n: number }).n;
      } finally {
        db.close();
      }
    };
    assert.equal(count(), 1);
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    assert.equal(count(), 0);
  });

  it("a browser that refuses notifications: the switch stays off and the screen says how to allow them (es, 390 px)", async () => {
    const { page, context } = await journeys.signIn("admin", {
      ...PHONE,
      language: "es",
      baseURL: server.url,
      path: "/settings?tab=notifications",
    });
    await context.addInitScript(standInPushService);
    await page.reload();
    const panel = await openNotifications(page);
    await panel.getByTestId("push-devices-empty").waitFor();
    await page.getByTestId("setting-push_notifications").click();
    const denied = panel.getByTestId("push-denied");
    await denied.waitFor();
    assert.match(await denied.innerText(), /El navegador bloqueó las notificaciones de este sitio/);
    assert.equal(await page.getByTestId("setting-push_notifications").getAttribute("aria-checked"), "false");
    await assertNoSidewaysScroll(page, "Ajustes → Notificaciones, push refused");
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-push-denied-es-390");
  });

  it("the devices list while it loads and when it cannot be read, then its retry (en at 1280 and 390 px, es at 1280 px, pt at 390 px)", async () => {
    for (const [language, options, width] of [
      ["en", DESKTOP, 1280],
      ["en", PHONE, 390],
      ["es", DESKTOP, 1280],
      ["pt", PHONE, 390],
    ] as const) {
      const journey = await journeys.signIn("admin", {
        ...options,
        language,
        baseURL: server.url,
        path: "/settings?tab=notifications",
        allowConsoleErrors: [failedRequest(500)],
      });
      const { page } = journey;
      let fail = true;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === "/api/push/devices",
        async (route) => {
          await held;
          if (fail) await route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"internal_error","message":"x"}' });
          else await route.continue();
        },
      );
      await page.reload();
      const panel = page.getByTestId("push-devices");
      await panel.getByTestId("push-devices-loading").waitFor();
      await snapshot(page, `crm-push-loading-${language}-${width}`);
      release();
      const failed = panel.getByTestId("push-devices-failed");
      await failed.waitFor();
      assert.match(
        await failed.innerText(),
        {
          en: /The devices could not be loaded\./,
          es: /No se pudieron cargar los dispositivos\./,
          pt: /Não foi possível carregar os aparelhos\./,
        }[language],
      );
      await snapshot(page, `crm-push-failed-${language}-${width}`);
      fail = false;
      await failed.getByRole("button").click();
      await panel.getByTestId("push-devices-empty").waitFor();
      assert.match(
        await panel.getByTestId("push-devices-empty").innerText(),
        { en: /No device gets push yet/, es: /Ningún dispositivo recibe push todavía/, pt: /Nenhum aparelho recebe push ainda/ }[language],
      );
      await assertNoSidewaysScroll(page, `Settings → Notifications, ${language} ${width} px`);
      await journey.close();
    }
  });
});
