// Web Push (issue 24, docs/decisions/029) against the real D1, the real user-room Durable
// Object and a push service that lives IN this test: deliverPush's fetch is handed a local
// function (nothing leaves workerd) that does what a browser's push service and the browser
// would do — checks the VAPID JWT's ES256 signature against the public key (RFC 8292) and
// decrypts the aes128gcm body with the subscription's private key (RFC 8291). The decrypter
// is plain Web Crypto and is itself proven on RFC 8291's own example (§5).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationPreferences, users } from "../../worker/db/schema/index.ts";
import { pushDevices } from "../../worker/db/schema/push.ts";
import { publishNotifications } from "../../worker/services/notification-service.ts";
import {
  handlePushDeadLetters,
  handlePushQueue,
  PUSH_RETRY_DELAYS,
  type PushDeviceDto,
  type PushMessageBody,
  type PushPayload,
} from "../../worker/services/push-service.ts";
import { createNotification, createUser } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser, signIn, userRoomTabs } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;

const enc = new TextEncoder();
const b64u = (bytes: Uint8Array | ArrayBuffer) => {
  let text = "";
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};
const unb64u = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

type Bytes = Uint8Array<ArrayBuffer>;

async function hkdf(salt: Bytes, ikm: Bytes | ArrayBuffer, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** RFC 8291 §3.4 / RFC 8188, receiving side: what a browser does with a push message's body. */
async function decryptPush(body: Bytes, ua: { privateKey: CryptoKey; publicRaw: Bytes; auth: Bytes }) {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  const asPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);
  const asKey = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdh = await crypto.subtle.deriveBits({ name: "ECDH", public: asKey }, ua.privateKey, 256);
  const ikm = await hkdf(ua.auth, ecdh, concat(enc.encode("WebPush: info\0"), ua.publicRaw, asPublic), 32);
  const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last (only) record's delimiter
  return new TextDecoder().decode(padded.slice(0, end));
}

/** RFC 8292 §2-3: `vapid t=<JWT>, k=<public key>`, an ES256 JWT signed by that key, for the endpoint's origin. */
async function verifyVapid(authorization: string | null, endpoint: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  expect(match, `Authorization: ${authorization}`).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe((env as Env).VAPID_PUBLIC_KEY);
  const [header, claims, signature] = jwt!.split(".") as [string, string, string];
  const publicKey = await crypto.subtle.importKey("raw", unb64u(k!), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    publicKey,
    unb64u(signature),
    enc.encode(`${header}.${claims}`),
  );
  expect(valid, "the VAPID JWT's signature").toBe(true);
  expect(JSON.parse(new TextDecoder().decode(unb64u(header)))).toMatchObject({ alg: "ES256", typ: "JWT" });
  const payload = JSON.parse(new TextDecoder().decode(unb64u(claims))) as { aud: string; exp: number; sub: string };
  expect(payload.aud).toBe(new URL(endpoint).origin);
  const now = Date.now() / 1000;
  expect(payload.exp).toBeGreaterThan(now);
  expect(payload.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
  expect(payload.sub).toBe("mailto:team@demo.test");
}

/** A browser's subscription: its ECDH key pair and auth secret, and the endpoint its push service gave it. */
async function newBrowser(name = crypto.randomUUID()) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const endpoint = `https://push.example.test/send/${name}`;
  return {
    endpoint,
    ua: { privateKey: pair.privateKey, publicRaw, auth },
    subscription: { endpoint, expirationTime: null, keys: { p256dh: b64u(publicRaw), auth: b64u(auth) } },
  };
}
type Browser = Awaited<ReturnType<typeof newBrowser>>;

type Received = { endpoint: string; payload: PushPayload; headers: Headers };

/**
 * The push service, here: answers `status` (a number, or one per call), and for every request
 * it accepts checks the VAPID JWT, the headers RFC 8030/8291 ask for, and decrypts the body
 * with the browser's keys.
 */
function pushService(browsers: Browser[], status: number | number[] = 201, extraHeaders: Record<string, string> = {}) {
  const received: Received[] = [];
  const statuses = Array.isArray(status) ? [...status] : null;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const endpoint = String(input);
    const browser = browsers.find((b) => b.endpoint === endpoint);
    expect(browser, `a push to an unknown endpoint ${endpoint}`).toBeDefined();
    expect(init?.method?.toUpperCase()).toBe("POST");
    const headers = new Headers(init?.headers);
    await verifyVapid(headers.get("authorization"), endpoint);
    expect(headers.get("content-encoding")).toBe("aes128gcm");
    expect(Number(headers.get("ttl"))).toBeGreaterThan(0);
    const body = new Uint8Array(init!.body as ArrayBuffer);
    const payload = JSON.parse(await decryptPush(body, browser!.ua)) as PushPayload;
    received.push({ endpoint, payload, headers });
    return new Response(null, { status: statuses ? (statuses.shift() ?? 201) : (status as number), headers: extraHeaders });
  }) as typeof globalThis.fetch;
  return { fetch, received };
}

/** A queue producer that keeps what was sent (the consumer is then run by the test). */
function recordingQueue() {
  const sent: PushMessageBody[] = [];
  const queue = {
    send: async (body: PushMessageBody) => void sent.push(body),
    sendBatch: async (messages: Iterable<MessageSendRequest<PushMessageBody>>) => {
      for (const message of messages) sent.push(message.body);
    },
  } as unknown as Queue<PushMessageBody>;
  return { queue, sent };
}

const services = (queue?: Queue<PushMessageBody>) => ({ db: db(), env: { ...env, PUSH_QUEUE: queue } as Env });

/** Runs the consumer on the messages, as the queue would (attempts: the try it is). */
async function consume(messages: PushMessageBody[], fetch: typeof globalThis.fetch, attempts = 1) {
  const batch = createMessageBatch<PushMessageBody>(
    "agency-edge-push",
    messages.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts, body })),
  );
  const delays: Record<string, number | undefined> = {};
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options) => {
      delays[message.id] = options?.delaySeconds;
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await handlePushQueue(services(), batch, { fetch });
  const result = await getQueueResult(batch, ctx);
  return { acked: result.explicitAcks, retried: result.retryMessages.map((r) => ({ id: r.msgId, delay: delays[r.msgId] })) };
}

async function subscribe(s: Session, browser: Browser, userAgent = ANDROID_CHROME) {
  const response = await request(
    "/api/push/devices",
    json("POST", browser.subscription, { ...bearer(s.session.access_token), "User-Agent": userAgent }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { device: PushDeviceDto }).device;
}

async function devicesOf(s: Session) {
  const response = await request("/api/push/devices", { headers: bearer(s.session.access_token) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { devices: PushDeviceDto[] }).devices;
}

async function setPush(userId: string, on: boolean) {
  await db()
    .insert(notificationPreferences)
    .values({ userId, pushNotifications: on })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { pushNotifications: on } })
    .run();
}

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0";

/** A signed-in user with push on and one subscribed browser. */
async function pushUser(language: "pt" | "es" | "en" = "pt") {
  const s = await signedInUser();
  await db().update(users).set({ language }).where(eq(users.id, s.user.id)).run();
  await setPush(s.user.id, true);
  const browser = await newBrowser();
  const device = await subscribe(s, browser);
  return { ...s, browser, device };
}

/** A notification for the user, published as every producer does (rows first, then publishNotifications). */
async function notify(userId: string, queue: Queue<PushMessageBody>, overrides: Partial<Parameters<typeof createNotification>[1]> = {}) {
  const since = new Date(Date.now() - 1).toISOString();
  const row = await createNotification(db(), {
    userId,
    type: "status_change",
    title: "Status do lead atualizado",
    message: "Maria moveu o lead “Acme” de Novo para Qualificado.",
    kind: "leadStatusChanged",
    params: JSON.stringify({ name: "Maria", lead: "Acme", from: "new", to: "qualified" }),
    link: "/leads?lead=lead-123",
    ...overrides,
  });
  await publishNotifications(services(queue), [userId], { since });
  return row;
}

const connect = userRoomTabs();

/** A CRM tab of the user: its socket to their user room, telling the room whether the page is shown. */
async function openTab(s: Session, visible: boolean | null) {
  const { ws, events: pongs } = await connect(s);
  if (visible !== null) ws.send(JSON.stringify({ type: "visibility", visible }));
  // A ping after it: its pong proves the room has read the visibility frame before it.
  ws.send(JSON.stringify({ type: "ping" }));
  const deadline = Date.now() + 3000;
  while (!pongs.some((e) => (e as { type: string }).type === "pong") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(pongs.map((e) => (e as { type: string }).type)).toEqual(["pong"]);
  return ws;
}

describe("the RFC 8291 decrypter this file's push service uses", () => {
  it("decrypts RFC 8291 §5's example message", async () => {
    const uaPublic = unb64u("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
    const privateKey = await crypto.subtle.importKey(
      "jwk",
      {
        kty: "EC",
        crv: "P-256",
        x: b64u(uaPublic.slice(1, 33)),
        y: b64u(uaPublic.slice(33, 65)),
        d: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
      },
      { name: "ECDH", namedCurve: "P-256" },
      false,
      ["deriveBits"],
    );
    const message = unb64u(
      "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
    );
    const text = await decryptPush(message, { privateKey, publicRaw: uaPublic, auth: unb64u("BTBZMqHH6r4Tts7J_aSIgg") });
    expect(text).toBe("When I grow up, I want to be a watermelon");
  });
});

describe("/api/push (Settings → Notificações → Notificações Push)", () => {
  it("answers 401 to anonymous callers on every route", async () => {
    const browser = await newBrowser();
    const answers = await Promise.all([
      request("/api/push/key"),
      request("/api/push/devices"),
      request("/api/push/devices", json("POST", browser.subscription)),
      request("/api/push/devices/some-id", { method: "DELETE" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401]);
  });

  it("gives the VAPID public key to subscribe with", async () => {
    const s = await signedInUser("sales_rep");
    const response = await request("/api/push/key", { headers: bearer(s.session.access_token) });
    expect(response.status).toBe(200);
    const { public_key } = (await response.json()) as { public_key: string };
    expect(public_key).toBe((env as Env).VAPID_PUBLIC_KEY);
    expect(unb64u(public_key)).toHaveLength(65);
  });

  it("stores a browser for the user and session, labelled with its browser, and lists it (any role)", async () => {
    for (const role of ["admin", "manager", "sales_rep"] as const) {
      const s = await signedInUser(role);
      const device = await subscribe(s, await newBrowser());
      expect(device).toMatchObject({ label: "Chrome · Android", last_used_at: null, this_session: true });
      expect(await devicesOf(s)).toEqual([device]);
    }
    const s = await signedInUser();
    await subscribe(s, await newBrowser(), MAC_FIREFOX);
    const other = await signIn(s.user.email);
    const seen = await devicesOf({ ...s, session: other });
    expect(seen).toEqual([expect.objectContaining({ label: "Firefox · macOS", this_session: false })]);
  });

  it("refuses a malformed subscription with a translated 400 naming the field, and stores nothing", async () => {
    const s = await signedInUser();
    const good = (await newBrowser()).subscription;
    const bad: [unknown, string][] = [
      [{ ...good, endpoint: "http://push.example.test/x" }, "endpoint"],
      [{ ...good, endpoint: "not a url" }, "endpoint"],
      [{ ...good, keys: { ...good.keys, auth: "c2hvcnQ" } }, "keys.auth"],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.auth } }, "keys.p256dh"],
      [{ endpoint: good.endpoint }, "keys"],
      [{ ...good, previous_endpoint: "http://push.example.test/old" }, "previous_endpoint"],
      [{ ...good, previous_endpoint: `https://push.example.test/${"x".repeat(2048)}` }, "previous_endpoint"],
    ];
    for (const [body, path] of bad) {
      const response = await request(
        "/api/push/devices",
        json("POST", body, { ...bearer(s.session.access_token), "Accept-Language": "es" }),
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { error: string; message: string; issues: { path: string; message: string }[] };
      expect(error.error).toBe("validation_failed");
      expect(error.issues.map((i) => i.path)).toContain(path);
      expect(error.message).not.toMatch(/apiErrors/);
    }
    expect(await devicesOf(s)).toEqual([]);
  });

  it("keeps one device per endpoint: a burst of the same subscription, and a second account in the same browser", async () => {
    const s = await signedInUser();
    const browser = await newBrowser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(
          "/api/push/devices",
          json("POST", browser.subscription, { ...bearer(s.session.access_token), "User-Agent": ANDROID_CHROME }),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(await devicesOf(s)).toHaveLength(1);
    // Another account signs in on the same browser and turns push on: the browser is theirs now.
    const t = await signedInUser();
    await subscribe(t, browser);
    expect(await devicesOf(s)).toEqual([]);
    expect(await devicesOf(t)).toHaveLength(1);
  });

  it("a renewed subscription (the service worker's pushsubscriptionchange) replaces the user's device on the previous endpoint, never another user's", async () => {
    const s = await signedInUser();
    const t = await signedInUser();
    const old = await newBrowser();
    const kept = await newBrowser();
    await subscribe(s, old);
    await subscribe(s, kept, MAC_FIREFOX);
    const others = await newBrowser();
    await subscribe(t, others);
    const renewed = await newBrowser();
    const answer = await request(
      "/api/push/devices",
      json(
        "POST",
        { ...renewed.subscription, previous_endpoint: old.endpoint },
        {
          ...bearer(s.session.access_token),
          "User-Agent": ANDROID_CHROME,
        },
      ),
    );
    expect(answer.status).toBe(201);
    const stored = await db().select({ endpoint: pushDevices.endpoint }).from(pushDevices).where(eq(pushDevices.userId, s.user.id)).all();
    expect(stored.map((row) => row.endpoint).sort()).toEqual([kept.endpoint, renewed.endpoint].sort());
    expect((await devicesOf(s)).map((d) => d.label).sort()).toEqual(["Chrome · Android", "Firefox · macOS"]);
    // Naming another user's endpoint as the previous one removes nothing of theirs.
    const stranger = await newBrowser();
    const sneaky = await request(
      "/api/push/devices",
      json("POST", { ...stranger.subscription, previous_endpoint: others.endpoint }, bearer(s.session.access_token)),
    );
    expect(sneaky.status).toBe(201);
    expect(await devicesOf(t)).toHaveLength(1);
    // The same endpoint as its own previous one (a browser that kept it) is just saved again.
    const same = await request(
      "/api/push/devices",
      json("POST", { ...kept.subscription, previous_endpoint: kept.endpoint }, bearer(s.session.access_token)),
    );
    expect(same.status).toBe(201);
    expect(await devicesOf(s)).toHaveLength(3);
  });

  it("removes the user's own device (204) and answers 404 for another user's", async () => {
    const s = await signedInUser();
    const t = await signedInUser();
    const device = await subscribe(s, await newBrowser());
    const byOther = await request(`/api/push/devices/${device.id}`, { method: "DELETE", headers: bearer(t.session.access_token) });
    expect(byOther.status).toBe(404);
    expect(await devicesOf(s)).toHaveLength(1);
    const own = await request(`/api/push/devices/${device.id}`, { method: "DELETE", headers: bearer(s.session.access_token) });
    expect(own.status).toBe(204);
    expect(await devicesOf(s)).toEqual([]);
    const again = await request(`/api/push/devices/${device.id}`, { method: "DELETE", headers: bearer(s.session.access_token) });
    expect(again.status).toBe(404);
  });

  it("signing out removes that session's device only; deactivation removes every device of the user", async () => {
    const s = await signedInUser();
    const phone = await signIn(s.user.email);
    await subscribe(s, await newBrowser());
    await subscribe({ ...s, session: phone }, await newBrowser());
    expect(await devicesOf(s)).toHaveLength(2);

    const out = await request("/api/auth/logout?scope=local", { method: "POST", headers: bearer(phone.access_token) });
    expect(out.status).toBe(204);
    expect(await devicesOf(s)).toEqual([expect.objectContaining({ this_session: true })]);

    const admin = await signedInUser("admin");
    const off = await request(`/api/users/${s.user.id}/status`, json("PATCH", { is_active: false }, bearer(admin.session.access_token)));
    expect(off.status).toBe(200);
    const left = await db().select().from(pushDevices).where(eq(pushDevices.userId, s.user.id)).all();
    expect(left).toEqual([]);
  });
});

describe("pushing notifications through the queue", () => {
  it("queues one message per device for a user with push on, and the consumer delivers it encrypted, in the user's saved language", async () => {
    const u = await pushUser("en");
    const laptop = await newBrowser();
    await subscribe(u, laptop, MAC_FIREFOX);
    const { queue, sent } = recordingQueue();
    const row = await notify(u.user.id, queue);
    expect(sent).toHaveLength(2);
    expect(sent.every((m) => m.notification_id === row.id)).toBe(true);

    const service = pushService([u.browser, laptop]);
    const result = await consume(sent, service.fetch);
    expect(result).toEqual({ acked: ["m0", "m1"], retried: [] });
    expect(service.received.map((r) => r.endpoint).sort()).toEqual([u.browser.endpoint, laptop.endpoint].sort());
    for (const { payload } of service.received) {
      expect(payload).toEqual({
        title: "Lead status changed",
        body: expect.stringContaining("Acme"),
        url: "/leads?lead=lead-123",
        tag: row.id,
        type: "status_change",
      });
      expect(payload.body).not.toMatch(/moveu|Qualificado/);
    }
    const devices = await devicesOf(u);
    expect(devices.every((d) => d.last_used_at !== null)).toBe(true);
  });

  it("writes the push in each recipient's own language (pt, es)", async () => {
    for (const [language, title] of [
      ["pt", "Status do lead alterado"],
      ["es", "Estado del lead cambiado"],
    ] as const) {
      const u = await pushUser(language);
      const { queue, sent } = recordingQueue();
      await notify(u.user.id, queue);
      const service = pushService([u.browser]);
      await consume(sent, service.fetch);
      expect(service.received.map((r) => r.payload.title)).toEqual([title]);
    }
  });

  it("queues nothing while the switch is off (never saved = off), and drops a queued push whose switch went off since", async () => {
    const s = await signedInUser();
    const browser = await newBrowser();
    await subscribe(s, browser);
    const { queue, sent } = recordingQueue();
    await notify(s.user.id, queue);
    await setPush(s.user.id, false);
    await notify(s.user.id, queue);
    expect(sent).toEqual([]);

    await setPush(s.user.id, true);
    await notify(s.user.id, queue);
    expect(sent).toHaveLength(1);
    await setPush(s.user.id, false);
    const service = pushService([browser]);
    expect(await consume(sent, service.fetch)).toEqual({ acked: ["m0"], retried: [] });
    expect(service.received).toEqual([]);
  });

  it("sends nothing for a notification read in the CRM before the push went, or to a deactivated user", async () => {
    const u = await pushUser();
    const { queue, sent } = recordingQueue();
    const row = await notify(u.user.id, queue);
    await request(`/api/notifications/${row.id}/read`, { method: "PATCH", headers: bearer(u.session.access_token) });
    const service = pushService([u.browser]);
    expect(await consume(sent, service.fetch)).toEqual({ acked: ["m0"], retried: [] });

    const v = await pushUser();
    const later = recordingQueue();
    await notify(v.user.id, later.queue);
    await db().update(users).set({ isActive: false }).where(eq(users.id, v.user.id)).run();
    expect(await consume(later.sent, service.fetch)).toEqual({ acked: ["m0"], retried: [] });
    expect(service.received).toEqual([]);
  });

  it("removes a device whose push service answers 404 or 410, and keeps the others", async () => {
    for (const status of [404, 410]) {
      const u = await pushUser();
      const kept = await newBrowser();
      await subscribe(u, kept);
      const { queue, sent } = recordingQueue();
      await notify(u.user.id, queue);
      const goneFirst = sent[0]!.device_id === u.device.id ? [status, 201] : [201, status];
      const service = pushService([u.browser, kept], goneFirst);
      expect(await consume(sent, service.fetch)).toEqual({ acked: ["m0", "m1"], retried: [] });
      const left = await devicesOf(u);
      expect(left.map((d) => d.id)).not.toContain(u.device.id);
      expect(left).toHaveLength(1);
    }
  });

  it("retries with backoff when the push service fails or is busy (honouring Retry-After), and a later try delivers", async () => {
    const u = await pushUser();
    const { queue, sent } = recordingQueue();
    await notify(u.user.id, queue);
    expect(sent).toHaveLength(1);

    const down = pushService([u.browser], 503);
    expect(await consume(sent, down.fetch, 1)).toEqual({ acked: [], retried: [{ id: "m0", delay: PUSH_RETRY_DELAYS[0] }] });
    expect(await consume(sent, down.fetch, 3)).toEqual({ acked: [], retried: [{ id: "m0", delay: PUSH_RETRY_DELAYS[2] }] });
    const busy = pushService([u.browser], 429, { "Retry-After": "120" });
    expect(await consume(sent, busy.fetch, 1)).toEqual({ acked: [], retried: [{ id: "m0", delay: 120 }] });
    const unreachable = (async () => {
      throw new TypeError("connection refused");
    }) as typeof fetch;
    expect(await consume(sent, unreachable, 2)).toEqual({ acked: [], retried: [{ id: "m0", delay: PUSH_RETRY_DELAYS[1] }] });
    expect((await devicesOf(u))[0]!.last_used_at).toBeNull();

    const back = pushService([u.browser]);
    expect(await consume(sent, back.fetch, 4)).toEqual({ acked: ["m0"], retried: [] });
    expect(back.received).toHaveLength(1);
    expect((await devicesOf(u))[0]!.last_used_at).not.toBeNull();
  });

  it("gives up on a push the service refuses for good (400/403/413) without retrying, and acknowledges dead letters", async () => {
    const u = await pushUser();
    const { queue, sent } = recordingQueue();
    await notify(u.user.id, queue);
    const refusing = pushService([u.browser], 403);
    expect(await consume(sent, refusing.fetch)).toEqual({ acked: ["m0"], retried: [] });
    expect(await devicesOf(u)).toHaveLength(1);

    const batch = createMessageBatch<PushMessageBody>("agency-edge-push-dlq", [
      { id: "d0", timestamp: new Date(), attempts: 1, body: sent[0]! },
    ]);
    const ctx = createExecutionContext();
    handlePushDeadLetters(batch);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["d0"]);
  });

  it("pushes nothing while the user has the CRM visible in a tab; a hidden tab (or one that never said) does not hold it back", async () => {
    const u = await pushUser();
    const { queue, sent } = recordingQueue();
    await notify(u.user.id, queue);
    const service = pushService([u.browser]);

    const hidden = await openTab(u, false);
    const silent = await openTab(u, null);
    expect(await consume(sent, service.fetch)).toEqual({ acked: ["m0"], retried: [] });
    expect(service.received).toHaveLength(1);

    const visible = await openTab(u, true);
    await notify(u.user.id, queue);
    expect(await consume(sent.slice(1), service.fetch)).toEqual({ acked: ["m0"], retried: [] });
    expect(service.received).toHaveLength(1);

    // The tab goes to the background: pushes go again.
    visible.send(JSON.stringify({ type: "visibility", visible: false }));
    visible.send(JSON.stringify({ type: "ping" }));
    await new Promise((r) => setTimeout(r, 100));
    await notify(u.user.id, queue);
    expect(await consume(sent.slice(2), service.fetch)).toEqual({ acked: ["m0"], retried: [] });
    expect(service.received).toHaveLength(2);
    hidden.close();
    silent.close();
  });

  it("never pushes to another user's device (each device gets its own user's notifications only)", async () => {
    const a = await pushUser();
    const b = await pushUser();
    const { queue, sent } = recordingQueue();
    await notify(a.user.id, queue);
    expect(sent.map((m) => m.device_id)).toEqual([a.device.id]);
    // A forged message pairing a's notification with b's device is dropped.
    const service = pushService([a.browser, b.browser]);
    expect(await consume([{ notification_id: sent[0]!.notification_id, device_id: b.device.id }], service.fetch)).toEqual({
      acked: ["m0"],
      retried: [],
    });
    expect(service.received).toEqual([]);
  });

  it("a user with no device or no push switch costs no queue message (other producers' notifications are unaffected)", async () => {
    const lonely = await createUser(db(), {});
    await setPush(lonely.id, true);
    const { queue, sent } = recordingQueue();
    await notify(lonely.id, queue);
    expect(sent).toEqual([]);
  });
});
