// Webhooks (issue 25, docs/decisions/032) against the real D1 and the real WEBHOOK_QUEUE of the
// pool: deliveries go to a receiver that lives IN this test (tests/setup/webhook-receiver.ts;
// nothing leaves workerd), which checks each signature with the `standardwebhooks` library
// and the shown-once secret. Tries that must be driven step by step call deliverWebhook on
// rows written without the queue, with a fetch of their own.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WebhookDelivery } from "../../worker/db/schema/index.ts";
import { renderNotification } from "../../worker/services/notification-text.ts";
import {
  deliverWebhook,
  handleWebhookQueue,
  retryWebhooks,
  WEBHOOK_DLQ_NAME,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_QUEUE_NAME,
  WEBHOOK_RESPONSE_BYTES,
  WEBHOOK_RETRY_DELAYS,
  WEBHOOK_TIMEOUT_MS,
  writeWebhookDeliveries,
} from "../../worker/services/webhooks/webhook-delivery.ts";
import { openWebhookSecret } from "../../worker/services/webhooks/webhook-secret.ts";
import type { WebhookDeliveryDto, WebhookEndpointDto } from "../../worker/services/webhooks/webhook-service.ts";
import { checkWebhookUrl } from "../../worker/services/webhooks/webhook-url.ts";
import { createUser } from "../factories/index.ts";
import { bearer, db, eventually, json, request, signedInUser } from "../helpers.ts";
import { setWebhookReceiver } from "../setup/webhook-receiver.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
type Received = { url: string; id: string; timestamp: string; signature: string; body: string };

const auth = (who: Staff) => bearer(who.session.access_token);
const call = (who: Staff | null, method: string, path: string, body?: unknown) =>
  request(
    `/api/webhooks${path === "/" ? "" : path}`,
    body === undefined ? { method, headers: who ? auth(who) : {} } : json(method, body, who ? auth(who) : {}),
  );

/** What the receiver got, and how it answers each URL (200 unless told). */
const received: Received[] = [];
const answers = new Map<string, () => Response | Promise<Response>>();

/** The pool's delivery context without the queue: rows wait for the test to try them. */
const noQueue = () => ({ db: db(), env: { ...env, WEBHOOK_QUEUE: undefined, WEBHOOKS_ALLOW_LOOPBACK: undefined } as Env });

/** Polls until `read` gives a value (not undefined), at most 5 s; fails with the last one otherwise. */
async function until<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const value = await eventually(
    async () => await read(),
    (v) => v !== undefined,
    5000,
  );
  if (value === undefined) throw new Error("never happened");
  return value;
}

async function register(who: Staff, url: string, events: string[] = ["lead.created"]) {
  const response = await call(who, "POST", "/", { url, description: "CRM → ERP", events });
  expect(response.status).toBe(201);
  return response.json<{ endpoint: WebhookEndpointDto; secret: string }>();
}

const rows = (endpointId: string) =>
  env.DB.prepare("select * from webhook_deliveries where endpoint_id = ? order by created_at, id")
    .bind(endpointId)
    .all<Record<string, unknown>>();

/** A fetch that records what it was asked and answers with `answer`. */
function standIn(answer: (request: Request) => Response | Promise<Response>) {
  const calls: { url: string; headers: Headers }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    calls.push({ url: req.url, headers: req.headers });
    return answer(req);
  }) as typeof fetch;
  return { calls, fetcher };
}

let admin: Staff;

beforeAll(async () => {
  admin = await signedInUser("admin");
  setWebhookReceiver(async (req) => {
    const body = await req.text();
    received.push({
      url: req.url,
      id: req.headers.get("webhook-id") ?? "",
      timestamp: req.headers.get("webhook-timestamp") ?? "",
      signature: req.headers.get("webhook-signature") ?? "",
      body,
    });
    return (answers.get(req.url) ?? (() => new Response("ok")))();
  });
});
afterAll(() => setWebhookReceiver(undefined));
beforeEach(async () => {
  await env.DB.prepare("delete from webhook_endpoints").run();
  received.length = 0;
  answers.clear();
});

describe("access", () => {
  it("answers 401 anonymous and 403 to managers and sales reps on every route; admins only", async () => {
    const manager = await signedInUser("manager");
    const rep = await signedInUser("sales_rep");
    const { endpoint } = await register(admin, "https://hooks.example.com/a");
    const routes: [string, string, unknown?][] = [
      ["GET", "/"],
      ["POST", "/", { url: "https://hooks.example.com/b", events: ["lead.created"] }],
      ["PATCH", `/${endpoint.id}`, { enabled: false }],
      ["DELETE", `/${endpoint.id}`],
      ["POST", `/${endpoint.id}/rotate-secret`],
      ["GET", `/${endpoint.id}/deliveries`],
      ["POST", `/${endpoint.id}/deliveries/msg_x/resend`],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(manager, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(rep, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const list = await (await call(admin, "GET", "/")).json<{ endpoints: WebhookEndpointDto[] }>();
    expect(list.endpoints.map((e) => [e.url, e.enabled])).toEqual([["https://hooks.example.com/a", true]]);
  });
});

describe("endpoints", () => {
  it("creates with a shown-once whsec_ secret stored only sealed; edits, disables, rotates and deletes", async () => {
    const { endpoint, secret } = await register(admin, "https://hooks.example.com/crm", ["lead.created", "task.completed"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      description: "CRM → ERP",
      events: ["lead.created", "task.completed"],
      enabled: true,
      last_delivery: null,
    });
    expect(JSON.stringify(endpoint)).not.toContain(secret.slice(6));

    // A database read alone does not give the secret away; the Worker (AUTH_SECRET) opens it.
    const stored = await env.DB.prepare("select secret from webhook_endpoints where id = ?").bind(endpoint.id).first<{ secret: string }>();
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(secret.slice(6));
    expect(await openWebhookSecret(env, endpoint.id, stored!.secret)).toBe(secret);
    // Sealed for its own row: copied onto another endpoint it does not open.
    await expect(openWebhookSecret(env, crypto.randomUUID(), stored!.secret)).rejects.toThrow();
    await expect(
      openWebhookSecret({ AUTH_SECRET: "another-secret-0123456789abcdef0123456789" }, endpoint.id, stored!.secret),
    ).rejects.toThrow();
    const listed = await (await call(admin, "GET", "/")).text();
    expect(listed).not.toContain(secret.slice(6));
    expect(listed).not.toContain(stored!.secret);

    const patched = await call(admin, "PATCH", `/${endpoint.id}`, {
      events: ["task.completed", "lead.deleted"],
      enabled: false,
      description: "ERP",
    });
    expect(patched.status).toBe(200);
    expect((await patched.json<{ endpoint: WebhookEndpointDto }>()).endpoint).toMatchObject({
      events: ["lead.deleted", "task.completed"],
      enabled: false,
      disabled_reason: "manual",
      description: "ERP",
    });

    const rotated = await call(admin, "POST", `/${endpoint.id}/rotate-secret`);
    const { secret: next } = await rotated.json<{ secret: string }>();
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const after = await env.DB.prepare("select secret from webhook_endpoints where id = ?").bind(endpoint.id).first<{ secret: string }>();
    expect(await openWebhookSecret(env, endpoint.id, after!.secret)).toBe(next);

    expect((await call(admin, "DELETE", `/${endpoint.id}`)).status).toBe(204);
    expect((await call(admin, "DELETE", `/${endpoint.id}`)).status).toBe(404);
    expect((await call(admin, "GET", `/${endpoint.id}/deliveries`)).status).toBe(404);
  });

  it("refuses bad input with a translated 400 naming the field", async () => {
    const cases: [unknown, string, string][] = [
      [{ url: "http://hooks.example.com/x", events: ["lead.created"] }, "url", "https://"],
      [{ url: "https://user:pw@hooks.example.com/x", events: ["lead.created"] }, "url", "usuário ou senha"],
      [{ url: "https://10.0.0.5/x", events: ["lead.created"] }, "url", "privados"],
      [{ url: "https://metadata.google.internal/x", events: ["lead.created"] }, "url", "metadados"],
      [{ url: "não é url", events: ["lead.created"] }, "url", "endereço completo"],
      [{ url: "https://hooks.example.com/x", events: [] }, "events", "ao menos um evento"],
      [{ url: "https://hooks.example.com/x", events: ["lead.exploded"] }, "events.0", ""],
      [{ url: "https://hooks.example.com/" + "a".repeat(2100), events: ["lead.created"] }, "url", ""],
    ];
    for (const [body, path, text] of cases) {
      const response = await call(admin, "POST", "/", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = await response.json<{ error: string; issues: { path: string; message: string }[] }>();
      expect(error.error).toBe("validation_failed");
      expect(error.issues[0]).toMatchObject({ path });
      expect(error.issues[0]!.message).toContain(text);
    }
    // The same rule on a change of URL.
    const { endpoint } = await register(admin, "https://hooks.example.com/ok");
    const moved = await call(admin, "PATCH", `/${endpoint.id}`, { url: "https://[::ffff:169.254.169.254]/" });
    expect(moved.status).toBe(400);
    const en = await request(
      `/api/webhooks`,
      json("POST", { url: "https://printer.local/", events: ["lead.created"] }, { ...auth(admin), "Accept-Language": "en" }),
    );
    expect((await en.json<{ issues: { message: string }[] }>()).issues[0]!.message).toContain("public domain");
    expect(await env.DB.prepare("select count(*) as n from webhook_endpoints").first("n")).toBe(1);
  });

  it("keeps at most 20 endpoints under a parallel burst: exactly 20 of 26 are created", async () => {
    const answers = await Promise.all(
      Array.from({ length: 26 }, (_, i) => call(admin, "POST", "/", { url: `https://hooks.example.com/${i}`, events: ["lead.created"] })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    const refused = await answers.find((r) => r.status === 409)!.json<{ error: string; message: string }>();
    expect(refused).toMatchObject({ error: "webhook_limit_reached" });
    expect(refused.message).toContain("20");
    expect(await env.DB.prepare("select count(*) as n from webhook_endpoints").first("n")).toBe(20);
  });
});

describe("SSRF", () => {
  const refused = [
    "http://hooks.example.com/",
    "ftp://hooks.example.com/",
    "https://user@hooks.example.com/",
    "https://127.0.0.1/",
    "https://127.1/",
    "https://2130706433/",
    "https://0x7f000001/",
    "https://0177.0.0.1/",
    "https://0x7f.0.0.1/",
    "https://10.1.2.3/",
    "https://172.16.0.1/",
    "https://192.168.1.1/",
    "https://100.64.0.1/",
    "https://100.100.100.200/",
    "https://169.254.169.254/latest/meta-data/",
    "https://0.0.0.0/",
    "https://224.0.0.1/",
    "https://255.255.255.255/",
    "https://[::1]/",
    "https://[::]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[::ffff:a9fe:a9fe]/",
    "https://[64:ff9b::a9fe:a9fe]/",
    "https://[fd00:ec2::254]/",
    "https://[fc00::1]/",
    "https://[fe80::1]/",
    "https://[ff02::1]/",
    "https://[2002:7f00:1::]/",
    "https://localhost/",
    "https://api.localhost/",
    "https://printer.local/",
    "https://metadata.google.internal/",
    "https://db.internal/",
    "https://metadata/",
    "https://intranet/",
    "https://router.home.arpa/",
  ];

  it("refuses every private, loopback, link-local, CGNAT, multicast, ULA and mapped form, and private names", () => {
    for (const url of refused) expect(checkWebhookUrl(url, false).ok, url).toBe(false);
    for (const url of [
      "https://hooks.example.com/x",
      "https://8.8.8.8/",
      "https://[2606:4700::1111]/",
      "https://hooks.example.com:8443/a?b=c",
    ]) {
      expect(checkWebhookUrl(url, false).ok, url).toBe(true);
    }
  });

  it("opens only http(s)://127.0.0.1 and localhost with the local-development setting, never in production", async () => {
    const { loopbackAllowed } = await import("../../worker/services/webhooks/webhook-url.ts");
    for (const url of ["http://127.0.0.1:9999/hook", "https://localhost/x", "http://localhost:3000/"]) {
      expect(checkWebhookUrl(url, true).ok, url).toBe(true);
      expect(checkWebhookUrl(url, false).ok, url).toBe(false);
    }
    for (const url of [
      "http://10.0.0.1/",
      "http://[::1]:9999/",
      "http://127.0.0.2/",
      "http://169.254.169.254/",
      "http://hooks.example.com/",
    ]) {
      expect(checkWebhookUrl(url, true).ok, url).toBe(false);
    }
    expect(loopbackAllowed({ APP_ENV: "development", WEBHOOKS_ALLOW_LOOPBACK: "1" })).toBe(true);
    expect(loopbackAllowed({ APP_ENV: "production", WEBHOOKS_ALLOW_LOOPBACK: "1" })).toBe(false);
    expect(loopbackAllowed({ APP_ENV: "development" })).toBe(false);
  });

  it("checks the stored URL again before every try: a refused address fails it without any connection", async () => {
    const { endpoint } = await register(admin, "https://hooks.example.com/x", ["lead.created"]);
    const spy = standIn(() => new Response("ok"));
    for (const url of [
      "https://169.254.169.254/",
      "https://0x7f000001/",
      "https://[::ffff:10.0.0.1]/",
      "http://hooks.example.com/",
      "https://db.internal/",
    ]) {
      // As a hand-edited row (or an old one under a newer rule) would hold it.
      await env.DB.prepare("update webhook_endpoints set url = ? where id = ?").bind(url, endpoint.id).run();
      const [id] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: { lead: { id: "l" } } }]);
      const stored = await env.DB.prepare("select url from webhook_endpoints where id = ?").bind(endpoint.id).first("url");
      expect(await deliverWebhook(noQueue(), id!, { fetch: spy.fetcher }), `${url} → ${stored}`).toMatchObject({ outcome: "failed" });
      const row = await env.DB.prepare("select status, last_error, response_status from webhook_deliveries where id = ?").bind(id).first();
      expect(row).toMatchObject({ status: "failed", response_status: null });
      expect(String(row!.last_error)).toContain("address refused");
    }
    expect(spy.calls).toHaveLength(0);
  });
});

describe("delivery", () => {
  it("sends a lead.created through the queue, signed as Standard Webhooks says (verified with the standardwebhooks library)", async () => {
    const { endpoint, secret } = await register(admin, "https://hooks.example.com/signed");
    const created = await request("/api/leads", json("POST", { name: "Webhook Lead", email: "webhook.lead@example.com" }, auth(admin)));
    expect(created.status).toBe(201);
    const { lead } = await created.json<{ lead: { id: string } }>();
    const got = await until(() => received.find((r) => r.url === "https://hooks.example.com/signed"));
    const payload = new Webhook(secret).verify(got.body, {
      "webhook-id": got.id,
      "webhook-timestamp": got.timestamp,
      "webhook-signature": got.signature,
    }) as { type: string; timestamp: string; data: { lead: { id: string; name: string }; actor: { id: string } } };
    expect(payload).toMatchObject({
      type: "lead.created",
      data: { lead: { id: lead.id, name: "Webhook Lead" }, actor: { id: admin.user.id } },
    });
    expect(got.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(Number(got.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    // A tampered body or another secret does not verify.
    expect(() =>
      new Webhook(secret).verify(got.body.replace("Webhook Lead", "Other"), {
        "webhook-id": got.id,
        "webhook-timestamp": got.timestamp,
        "webhook-signature": got.signature,
      }),
    ).toThrow();
    const deliveries = await until(async () => {
      const list = await (await call(admin, "GET", `/${endpoint.id}/deliveries`)).json<{ deliveries: WebhookDeliveryDto[] }>();
      return list.deliveries[0]?.status === "sent" ? list.deliveries : undefined;
    });
    expect(deliveries[0]).toMatchObject({
      id: got.id,
      event_type: "lead.created",
      status: "sent",
      response_status: 200,
      attempts: 1,
      response_body: "ok",
    });
    expect(deliveries[0]!.response_ms).toBeGreaterThanOrEqual(0);
    const list = await (await call(admin, "GET", "/")).json<{ endpoints: WebhookEndpointDto[] }>();
    expect(list.endpoints[0]!.last_delivery).toMatchObject({ id: got.id, status: "sent", response_status: 200 });
  });

  it("a rotated secret: both sign for 24 hours (either verifies), then the new one alone; revoked at once on request; a bad body is a 400", async () => {
    const { endpoint, secret: first } = await register(admin, "https://hooks.example.com/rotating");
    const headersOf = (spy: ReturnType<typeof standIn>) => spy.calls.map((c) => Object.fromEntries(c.headers));
    const verifies = (secret: string, body: string, headers: Record<string, string>) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    };
    const payloadOf = async (id: string) =>
      (await env.DB.prepare("select payload from webhook_deliveries where id = ?").bind(id).first<{ payload: string }>())!.payload;
    /** One delivery tried at `at` (ms); the headers it carried. */
    const tryAt = async (at: number) => {
      const [id] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: { lead: { id: "l1" } } }]);
      const spy = standIn(() => new Response("ok"));
      expect(await deliverWebhook(noQueue(), id!, { fetch: spy.fetcher, now: () => new Date(at) })).toEqual({ outcome: "sent" });
      return { headers: headersOf(spy)[0]!, body: await payloadOf(id!) };
    };

    // Rotated without a body (the default): the previous secret keeps signing for 24 hours.
    const before = Date.now();
    const rotated = await call(admin, "POST", `/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const { endpoint: after, secret: second } = await rotated.json<{ endpoint: WebhookEndpointDto; secret: string }>();
    const until24h = Date.parse(after.previous_secret_expires_at!);
    expect(until24h - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(until24h - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const both = await tryAt(Date.now());
    expect(both.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verifies(first, both.body, both.headers), "the receiver still on the old secret").toBe(true);
    expect(verifies(second, both.body, both.headers), "the receiver already on the new one").toBe(true);
    // A day later (the try's own clock): the new secret alone.
    const later = until24h + 1000;
    const [id] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: { lead: { id: "l2" } } }]);
    const spy = standIn(() => new Response("ok"));
    await deliverWebhook(noQueue(), id!, { fetch: spy.fetcher, now: () => new Date(later) });
    expect(headersOf(spy)[0]!["webhook-signature"]!.split(" ")).toHaveLength(1);

    // Rotated again, revoking the current one at once (a leaked secret): only the newest signs.
    const revoked = await call(admin, "POST", `/${endpoint.id}/rotate-secret`, { revoke_previous: true });
    expect(revoked.status).toBe(200);
    const { endpoint: third, secret: newest } = await revoked.json<{ endpoint: WebhookEndpointDto; secret: string }>();
    expect(third.previous_secret_expires_at).toBeNull();
    const single = await tryAt(Date.now());
    expect(single.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verifies(newest, single.body, single.headers)).toBe(true);
    expect(verifies(second, single.body, single.headers), "the revoked secret").toBe(false);
    expect(verifies(first, single.body, single.headers)).toBe(false);
    const listed = await (await call(admin, "GET", "/")).json<{ endpoints: WebhookEndpointDto[] }>();
    expect(listed.endpoints.find((e) => e.id === endpoint.id)!.previous_secret_expires_at).toBeNull();

    // The audit trail says which it was.
    const audit = await env.DB.prepare(
      "select after from audit_log where action = 'webhook.secret_rotated' and target_id = ? order by created_at, rowid",
    )
      .bind(endpoint.id)
      .all<{ after: string }>();
    expect(audit.results.map((row) => JSON.parse(row.after))).toEqual([{ previous_secret: "valid_24h" }, { previous_secret: "revoked" }]);

    // A body that is not the optional switch: a translated 400, nothing rotated.
    for (const body of [{ revoke_previous: "yes" }, { revoke_previous: true, extra: 1 }, []]) {
      const bad = await request(
        `/api/webhooks/${endpoint.id}/rotate-secret`,
        json("POST", body, { ...auth(admin), "Accept-Language": "en" }),
      );
      expect(bad.status, JSON.stringify(body)).toBe(400);
      const error = await bad.json<{ error: string; message: string }>();
      expect(error.error).toBe("validation_failed");
      expect(error.message).not.toMatch(/apiErrors|crm\./);
    }
    const stored = await env.DB.prepare("select secret from webhook_endpoints where id = ?").bind(endpoint.id).first<{ secret: string }>();
    expect(await openWebhookSecret(env, endpoint.id, stored!.secret)).toBe(newest);
  });

  it("retries a failing receiver with the backoff, keeps one webhook-id, and sends it once it answers", async () => {
    const { endpoint, secret } = await register(admin, "https://hooks.example.com/flaky");
    const [id] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: { lead: { id: "l1" } } }]);
    let calls = 0;
    const ids: string[] = [];
    const flaky = standIn(async (req) => {
      ids.push(req.headers.get("webhook-id")!);
      new Webhook(secret).verify(await req.text(), Object.fromEntries(req.headers));
      return ++calls <= 2 ? new Response("busy", { status: 503 }) : new Response("done", { status: 202 });
    });
    // Real time (the library refuses a timestamp 5 minutes off), a minute between tries.
    let now = Date.now() - 2 * 60 * 1000;
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      outcomes.push(await deliverWebhook(noQueue(), id!, { fetch: flaky.fetcher, now: () => new Date(now) }));
      now += 60 * 1000;
    }
    expect(outcomes).toEqual([
      { outcome: "retry", delaySeconds: 30, error: "HTTP 503" },
      { outcome: "retry", delaySeconds: 120, error: "HTTP 503" },
      { outcome: "sent" },
    ]);
    expect(ids).toEqual([id, id, id]);
    const row = await env.DB.prepare("select * from webhook_deliveries where id = ?").bind(id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ status: "sent", attempts: 3, response_status: 202, response_body: "done", last_error: null });
    // Sent: another message or the Cron does nothing more.
    expect(await deliverWebhook(noQueue(), id!, { fetch: flaky.fetcher })).toEqual({ outcome: "skipped" });
    expect(await retryWebhooks(noQueue(), new Date(now + 86_400_000), { fetch: flaky.fetcher })).toBe(0);
    expect(flaky.calls).toHaveLength(3);
    const endpointRow = await env.DB.prepare("select failing_since, enabled from webhook_endpoints where id = ?").bind(endpoint.id).first();
    expect(endpointRow).toMatchObject({ failing_since: null, enabled: 1 });
    expect(WEBHOOK_RETRY_DELAYS).toEqual([30, 120, 600, 1800, 3600, 10_800, 21_600, 43_200]);
  });

  it("queue retries: a failed try asks the queue for the next delay; the last try fails the row for good", async () => {
    await register(admin, "https://hooks.example.com/down");
    const [id] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: { lead: { id: "l2" } } }]);
    const down = standIn(() => new Response("nope", { status: 500 }));
    const delays: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      const batch = createMessageBatch(WEBHOOK_QUEUE_NAME, [
        { id: `m${attempt}`, timestamp: new Date(), attempts: attempt, body: { delivery_id: id } },
      ]);
      const messages = batch.messages.map((m) => ({
        ...m,
        retry: (o?: QueueRetryOptions) => delays.push(o?.delaySeconds ?? -1),
        ack: () => {},
      }));
      await handleWebhookQueue(noQueue(), { ...batch, messages } as MessageBatch<unknown>, { fetch: down.fetcher });
    }
    expect(delays).toEqual([...WEBHOOK_RETRY_DELAYS]);
    const row = await env.DB.prepare("select status, attempts, response_status, last_error from webhook_deliveries where id = ?")
      .bind(id)
      .first();
    expect(row).toMatchObject({ status: "failed", attempts: WEBHOOK_MAX_ATTEMPTS, response_status: 500, last_error: "HTTP 500" });
    expect(down.calls).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  });

  it("sends once when the same message arrives several times at once (duplicates in a batch and in parallel batches)", async () => {
    await register(admin, "https://hooks.example.com/dupes");
    const [id] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: { lead: { id: "l3" } } }]);
    const slow = standIn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response("ok");
    });
    const batch = () =>
      createMessageBatch(
        WEBHOOK_QUEUE_NAME,
        Array.from({ length: 5 }, (_, i) => ({ id: `d${i}`, timestamp: new Date(), attempts: 1, body: { delivery_id: id } })),
      );
    const batches = [batch(), batch(), batch()];
    await Promise.all(batches.map((b) => handleWebhookQueue(noQueue(), b, { fetch: slow.fetcher })));
    expect(slow.calls).toHaveLength(1);
    // The others found it held (retried after the claim) or sent (acknowledged): none sends again.
    for (const b of batches) {
      const result = await getQueueResult(b, createExecutionContext());
      expect(result.explicitAcks.length + result.retryMessages.length).toBe(5);
    }
    expect(await deliverWebhook(noQueue(), id!, { fetch: slow.fetcher })).toEqual({ outcome: "skipped" });
    expect(slow.calls).toHaveLength(1);
  });

  it("dead letters fail a row that had all its tries (unless it was sent meanwhile); one with tries left stays pending for the Cron", async () => {
    await register(admin, "https://hooks.example.com/dlq");
    const [pending, sent, busy] = await writeWebhookDeliveries(noQueue(), [
      { type: "lead.created", data: { lead: { id: "a" } } },
      { type: "lead.created", data: { lead: { id: "b" } } },
      { type: "lead.created", data: { lead: { id: "c" } } },
    ]);
    await env.DB.prepare("update webhook_deliveries set attempts = ? where id in (?, ?)").bind(WEBHOOK_MAX_ATTEMPTS, pending, sent).run();
    await env.DB.prepare("update webhook_deliveries set status = 'sent' where id = ?").bind(sent).run();
    // The queue gave up on `busy` after tries that found it held: 2 real tries of 9.
    await env.DB.prepare("update webhook_deliveries set attempts = 2 where id = ?").bind(busy).run();
    const batch = createMessageBatch(WEBHOOK_DLQ_NAME, [
      { id: "x1", timestamp: new Date(), attempts: 1, body: { delivery_id: pending } },
      { id: "x2", timestamp: new Date(), attempts: 1, body: { delivery_id: sent } },
      { id: "x3", timestamp: new Date(), attempts: 1, body: { delivery_id: busy } },
    ]);
    await handleWebhookQueue(noQueue(), batch);
    const statuses = await env.DB.prepare("select id, status, last_error from webhook_deliveries where id in (?, ?, ?)")
      .bind(pending, sent, busy)
      .all();
    expect(Object.fromEntries(statuses.results.map((r) => [r.id, r.status]))).toEqual({
      [pending!]: "failed",
      [sent!]: "sent",
      [busy!]: "pending",
    });
  });

  it("disables an endpoint that failed for 24 h and tells every active admin once, in their language", async () => {
    const other = await createUser(db(), { role: "admin", language: "es" });
    const inactive = await createUser(db(), { role: "admin", isActive: false });
    const manager = await createUser(db(), { role: "manager" });
    const { endpoint } = await register(admin, "https://hooks.example.com/dead");
    const down = standIn(() => new Response("nope", { status: 500 }));
    const start = Date.parse("2026-12-07T00:00:00Z");
    const [first, second] = await writeWebhookDeliveries(noQueue(), [
      { type: "lead.created", data: { lead: { id: "a" } } },
      { type: "lead.created", data: { lead: { id: "b" } } },
    ]);
    expect(await deliverWebhook(noQueue(), first!, { fetch: down.fetcher, now: () => new Date(start) })).toMatchObject({
      outcome: "retry",
    });
    const streak = await env.DB.prepare("select failing_since, enabled from webhook_endpoints where id = ?").bind(endpoint.id).first();
    expect(streak).toMatchObject({ failing_since: new Date(start).toISOString(), enabled: 1 });
    // 23 h later: still on.
    expect(await deliverWebhook(noQueue(), second!, { fetch: down.fetcher, now: () => new Date(start + 23 * 3600_000) })).toMatchObject({
      outcome: "retry",
    });
    await env.DB.prepare("update webhook_deliveries set claimed_until = null").run();
    // 24 h after the first failure, two failing tries at once: one disables it, one notification each.
    await Promise.all([
      deliverWebhook(noQueue(), first!, { fetch: down.fetcher, now: () => new Date(start + 24 * 3600_000 + 1) }),
      deliverWebhook(noQueue(), second!, { fetch: down.fetcher, now: () => new Date(start + 24 * 3600_000 + 2) }),
    ]);
    const off = await (await call(admin, "GET", "/")).json<{ endpoints: WebhookEndpointDto[] }>();
    expect(off.endpoints[0]).toMatchObject({ enabled: false, disabled_reason: "failing" });
    const notified = await env.DB.prepare(
      "select user_id, kind, params, title, message, link from notifications where kind = 'webhookDisabled' and params ->> '$.url' = ?",
    )
      .bind("https://hooks.example.com/dead")
      .all<{
        user_id: string;
        kind: string;
        params: string;
        title: string;
        message: string;
        link: string;
      }>();
    expect(notified.results.map((n) => n.user_id).sort()).toEqual([admin.user.id, other.id].sort());
    expect(notified.results.map((n) => n.user_id)).not.toContain(inactive.id);
    expect(notified.results.map((n) => n.user_id)).not.toContain(manager.id);
    const note = notified.results[0]!;
    expect(JSON.parse(note.params)).toEqual({ url: "https://hooks.example.com/dead" });
    expect(note.link).toBe("/settings?tab=api");
    expect(renderNotification(note, "es").title).toBe("Webhook desactivado");
    expect(renderNotification(note, "en").message).toContain("https://hooks.example.com/dead");

    // Disabled: a queued delivery fails without a connection; a resend is refused until it is enabled again.
    const calls = down.calls.length;
    const [late] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: {} }]);
    expect(late).toBeUndefined();
    const resend = await call(admin, "POST", `/${endpoint.id}/deliveries/${first}/resend`);
    expect(resend.status).toBe(409);
    expect(await resend.json()).toMatchObject({ error: "webhook_endpoint_disabled" });
    expect(down.calls.length).toBe(calls);
    const on = await call(admin, "PATCH", `/${endpoint.id}`, { enabled: true });
    expect((await on.json<{ endpoint: WebhookEndpointDto }>()).endpoint).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
  });

  it("gives up after 10 s without an answer and keeps at most 1 KB of a body, reading no more than that", async () => {
    await register(admin, "https://hooks.example.com/slow");
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    const [slowId, bigId] = await writeWebhookDeliveries(noQueue(), [
      { type: "lead.created", data: { n: 1 } },
      { type: "lead.created", data: { n: 2 } },
    ]);
    let signal: AbortSignal | null = null;
    const hanging = standIn(
      (req) =>
        new Promise<Response>((_, reject) => {
          signal = req.signal;
          req.signal.addEventListener("abort", () => reject(req.signal.reason));
        }),
    );
    const outcome = await deliverWebhook(noQueue(), slowId!, { fetch: hanging.fetcher, timeoutMs: 100 });
    expect(outcome).toMatchObject({ outcome: "retry" });
    expect(signal!.aborted).toBe(true);
    const slow = await env.DB.prepare("select response_status, last_error from webhook_deliveries where id = ?").bind(slowId).first();
    expect(slow).toMatchObject({ response_status: null, last_error: "no answer within 0.1 s" });

    let pulled = 0;
    const huge = standIn(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              pulled++;
              controller.enqueue(new TextEncoder().encode("é".repeat(300)));
              if (pulled > 1000) controller.close();
            },
          }),
        ),
    );
    expect(await deliverWebhook(noQueue(), bigId!, { fetch: huge.fetcher })).toEqual({ outcome: "sent" });
    const big = await env.DB.prepare("select response_body from webhook_deliveries where id = ?")
      .bind(bigId)
      .first<{ response_body: string }>();
    expect(new TextEncoder().encode(big!.response_body).byteLength).toBeLessThanOrEqual(WEBHOOK_RESPONSE_BYTES);
    expect(big!.response_body.startsWith("ééé")).toBe(true);
    expect(pulled).toBeLessThan(5);
  });

  it("a redirect is a failed try, not followed", async () => {
    await register(admin, "https://hooks.example.com/moved");
    const [id] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: {} }]);
    const redirect = standIn((req) => {
      expect(req.redirect).toBe("manual");
      return new Response(null, { status: 302, headers: { Location: "http://169.254.169.254/" } });
    });
    expect(await deliverWebhook(noQueue(), id!, { fetch: redirect.fetcher })).toMatchObject({ outcome: "retry" });
    expect(redirect.calls).toHaveLength(1);
    const row = await env.DB.prepare("select response_status, last_error from webhook_deliveries where id = ?").bind(id).first();
    expect(row).toMatchObject({ response_status: 302, last_error: "redirect 302 not followed" });
  });

  it("resends a delivery with the same webhook-id and body", async () => {
    const { endpoint, secret } = await register(admin, "https://hooks.example.com/again");
    const lead = await request("/api/leads", json("POST", { name: "Resend Lead" }, auth(admin)));
    expect(lead.status).toBe(201);
    const first = await until(() => received.find((r) => r.url === "https://hooks.example.com/again"));
    await until(async () => ((await rows(endpoint.id)).results[0]?.status === "sent" ? true : undefined));
    const resent = await call(admin, "POST", `/${endpoint.id}/deliveries/${first.id}/resend`);
    expect(resent.status).toBe(202);
    expect((await resent.json<{ delivery: WebhookDeliveryDto }>()).delivery).toMatchObject({ id: first.id, status: "pending" });
    const again = await until(() => {
      const hits = received.filter((r) => r.url === "https://hooks.example.com/again");
      return hits.length >= 2 ? hits[1] : undefined;
    });
    expect(again.id).toBe(first.id);
    expect(again.body).toBe(first.body);
    new Webhook(secret).verify(again.body, {
      "webhook-id": again.id,
      "webhook-timestamp": again.timestamp,
      "webhook-signature": again.signature,
    });
    expect((await call(admin, "POST", `/${endpoint.id}/deliveries/msg_nothing/resend`)).status).toBe(404);
  });

  it("a parallel burst of resends of one settled delivery puts it back once: one 202, the rest 409, one audit entry", async () => {
    const { endpoint } = await register(admin, "https://hooks.example.com/burst");
    const [id] = await writeWebhookDeliveries(noQueue(), [{ type: "lead.created", data: { lead: { id: "burst" } } }]);
    await env.DB.prepare("update webhook_deliveries set status = 'failed', attempts = ? where id = ?").bind(WEBHOOK_MAX_ATTEMPTS, id).run();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(admin, "POST", `/${endpoint.id}/deliveries/${id}/resend`).then((r) => r.status)),
    );
    expect(answers.filter((status) => status === 202)).toHaveLength(1);
    expect(answers.filter((status) => status === 409)).toHaveLength(7);
    const audited = await env.DB.prepare("select count(*) as n from audit_log where action = 'webhook.delivery_resent' and target_id = ?")
      .bind(endpoint.id)
      .first<{ n: number }>();
    expect(audited!.n).toBe(1);
  });
});

describe("events", () => {
  it("emits every event type from the writes that cause them, in the background", async () => {
    const all = ["lead.created", "lead.updated", "lead.status_changed", "lead.deleted", "lead.captured", "task.created", "task.completed"];
    const { endpoint } = await register(admin, "https://hooks.example.com/all", all);
    const created = await (
      await request("/api/leads", json("POST", { name: "Eventos", email: "eventos@example.com" }, auth(admin)))
    ).json<{ lead: { id: string } }>();
    const leadId = created.lead.id;
    expect((await request(`/api/leads/${leadId}`, json("PATCH", { status: "contacted" }, auth(admin)))).status).toBe(200);
    expect((await request(`/api/leads/${leadId}`, json("PATCH", { company: "ACME" }, auth(admin)))).status).toBe(200);
    const task = await (
      await request("/api/tasks", json("POST", { title: "Ligar", lead_id: leadId }, auth(admin)))
    ).json<{ task: { id: string } }>();
    expect((await request(`/api/tasks/${task.task.id}/completion`, json("PATCH", { completed: true }, auth(admin)))).status).toBe(200);
    // Completing it again is not a second completion.
    expect((await request(`/api/tasks/${task.task.id}/completion`, json("PATCH", { completed: true }, auth(admin)))).status).toBe(200);
    expect(
      (await request("/api/leads/bulk", json("POST", { ids: [leadId], action: { type: "status", status: "qualified" } }, auth(admin))))
        .status,
    ).toBe(200);
    expect(
      (
        await request(
          "/api/leads/capture",
          json(
            "POST",
            { name: "Chat Lead", email: "chat.lead@example.com", language: "pt", transcript: [{ content: "Olá", isBot: false }] },
            { "CF-Connecting-IP": "198.51.100.250" },
          ),
        )
      ).status,
    ).toBeLessThan(300);
    expect((await request(`/api/leads/${leadId}`, { method: "DELETE", headers: auth(admin) })).status).toBe(204);

    const types = await until(async () => {
      const list = (await rows(endpoint.id)).results.map((r) => r.event_type as string);
      return list.length >= 11 ? list : undefined;
    });
    expect(types.filter((t) => t === "lead.created")).toHaveLength(2);
    expect(types.filter((t) => t === "lead.updated")).toHaveLength(3);
    expect(types.filter((t) => t === "lead.status_changed")).toHaveLength(2);
    expect(types.filter((t) => t === "task.created")).toHaveLength(1);
    expect(types.filter((t) => t === "task.completed")).toHaveLength(1);
    expect(types.filter((t) => t === "lead.captured")).toHaveLength(1);
    expect(types.filter((t) => t === "lead.deleted")).toHaveLength(1);
    const moved = (await rows(endpoint.id)).results.find((r) => r.event_type === "lead.status_changed")!;
    expect(JSON.parse(moved.payload as string)).toMatchObject({
      type: "lead.status_changed",
      data: { lead: { id: leadId, status: "contacted" }, previous_status: "new", status: "contacted" },
    });
    const deliveredIds = await until(() => {
      const ids = new Set(received.filter((r) => r.url === "https://hooks.example.com/all").map((r) => r.id));
      return ids.size >= 11 ? ids : undefined;
    });
    expect(deliveredIds.size).toBe(types.length);
  });

  it("an endpoint gets only the events it chose, and only while enabled", async () => {
    const { endpoint: tasksOnly } = await register(admin, "https://hooks.example.com/tasks", ["task.created"]);
    const { endpoint: off } = await register(admin, "https://hooks.example.com/off", ["lead.created", "task.created"]);
    await call(admin, "PATCH", `/${off.id}`, { enabled: false });
    await request("/api/leads", json("POST", { name: "Só leads" }, auth(admin)));
    await request("/api/tasks", json("POST", { title: "Só tarefas" }, auth(admin)));
    await until(async () => ((await rows(tasksOnly.id)).results.length === 1 ? true : undefined));
    expect((await rows(tasksOnly.id)).results.map((r) => r.event_type)).toEqual(["task.created"]);
    expect((await rows(off.id)).results).toHaveLength(0);
  });

  it("the write never fails or waits when the queue refuses: the row stays pending and the Cron sends it", async () => {
    const { endpoint, secret } = await register(admin, "https://hooks.example.com/cron");
    const queue = (env as { WEBHOOK_QUEUE?: Queue }).WEBHOOK_QUEUE!;
    // Shadows the binding's method (the pool's ledger proxy passes the call on to it).
    Object.defineProperty(queue, "sendBatch", { value: () => Promise.reject(new Error("queue down")), configurable: true });
    try {
      const created = await request("/api/leads", json("POST", { name: "Fila fora" }, auth(admin)));
      expect(created.status).toBe(201);
      await until(async () => ((await rows(endpoint.id)).results.length === 1 ? true : undefined));
    } finally {
      delete (queue as { sendBatch?: unknown }).sendBatch;
    }
    const [row] = (await rows(endpoint.id)).results as unknown as WebhookDelivery[];
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    const receiver = standIn(async (req) => {
      new Webhook(secret).verify(await req.text(), Object.fromEntries(req.headers));
      return new Response("ok");
    });
    // Not yet overdue: the Cron leaves it to the queue.
    expect(await retryWebhooks({ db: db(), env }, new Date(), { fetch: receiver.fetcher })).toBe(0);
    // Six minutes later (the row made older: the receiver checks the signature's time against now).
    const earlier = new Date(Date.now() - 6 * 60_000).toISOString();
    await env.DB.prepare("update webhook_deliveries set next_attempt_at = ?, created_at = ? where id = ?")
      .bind(earlier, earlier, row!.id)
      .run();
    expect(await retryWebhooks({ db: db(), env }, new Date(), { fetch: receiver.fetcher })).toBe(1);
    expect(await retryWebhooks({ db: db(), env }, new Date(Date.now() + 60 * 60_000), { fetch: receiver.fetcher })).toBe(0);
    expect(receiver.calls).toHaveLength(1);
  });

  it("the write never fails when recording the event throws", async () => {
    const { endpoint } = await register(admin, "https://hooks.example.com/broken");
    // D1 itself refuses the outbox row (as a full or failing database would).
    await env.DB.prepare(
      "create trigger webhook_deliveries_refused before insert on webhook_deliveries begin select raise(abort, 'webhooks down'); end",
    ).run();
    try {
      const created = await request("/api/leads", json("POST", { name: "Mesmo assim" }, auth(admin)));
      expect(created.status).toBe(201);
      const { lead } = await created.json<{ lead: { id: string } }>();
      expect(await env.DB.prepare("select name from leads where id = ?").bind(lead.id).first("name")).toBe("Mesmo assim");
      const task = await request("/api/tasks", json("POST", { title: "Também" }, auth(admin)));
      expect(task.status).toBe(201);
    } finally {
      await env.DB.prepare("drop trigger webhook_deliveries_refused").run();
    }
    expect((await rows(endpoint.id)).results).toHaveLength(0);
  });
});
