// Webhooks of bulk writes (issue 25 review, docs/decisions/032): a bulk status change of
// BULK_MAX leads is 2 × 500 events, written in a bounded number of D1 statements (Workers
// refuse more than 1000 — 50 on Free — per invocation, which lost them all), every event with
// its row and its queue message; and no rows at all when no endpoint subscribes.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client.ts";
import { BULK_MAX } from "../../worker/services/lead-bulk-service.ts";
import { writeWebhookDeliveries, type WebhookEventInput } from "../../worker/services/webhooks/webhook-delivery.ts";
import { newWebhookSecret, sealWebhookSecret } from "../../worker/services/webhooks/webhook-secret.ts";
import { createLead } from "../factories/index.ts";
import { bearer, db, eventually, json, request, signedInUser } from "../helpers.ts";
import { setWebhookReceiver } from "../setup/webhook-receiver.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let admin: Staff;
const receivedIds = new Set<string>();

const auth = (who: Staff) => bearer(who.session.access_token);

/** An enabled endpoint, written as the service writes one (its secret sealed). */
async function register(url: string, events: string[]) {
  const id = crypto.randomUUID();
  const secret = await sealWebhookSecret(env, id, newWebhookSecret());
  await env.DB.prepare("insert into webhook_endpoints (id, url, events, secret, created_by) values (?, ?, ?, ?, ?)")
    .bind(id, url, JSON.stringify(events), secret, admin.user.id)
    .run();
  return { id };
}

const countByType = async () =>
  Object.fromEntries(
    (
      await env.DB.prepare("select event_type, count(*) as n from webhook_deliveries group by event_type").all<{
        event_type: string;
        n: number;
      }>()
    ).results.map((r) => [r.event_type, r.n]),
  );

/** A D1 binding that counts the statements prepared on it (each one D1 query of the invocation). */
function countingD1() {
  const counted = { statements: 0, batches: 0 };
  const d1 = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          counted.statements++;
          return target.prepare(query);
        };
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counted.batches++;
          return target.batch(statements);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { counted, d1 };
}

/** Counts the messages and sendBatch calls on the webhook queue (passed on to the binding). */
function countQueue() {
  const queue = (env as { WEBHOOK_QUEUE?: Queue }).WEBHOOK_QUEUE!;
  const sent = { messages: 0, calls: 0, largest: 0 };
  Object.defineProperty(queue, "sendBatch", {
    configurable: true,
    value(this: Queue, messages: Iterable<MessageSendRequest>, options?: QueueSendBatchOptions) {
      const list = [...messages];
      sent.calls++;
      sent.messages += list.length;
      sent.largest = Math.max(sent.largest, list.length);
      return (Object.getPrototypeOf(this) as Queue).sendBatch.call(this, list, options);
    },
  });
  return { sent, restore: () => delete (queue as { sendBatch?: unknown }).sendBatch };
}

beforeAll(async () => {
  admin = await signedInUser("admin");
  setWebhookReceiver((req) => {
    receivedIds.add(req.headers.get("webhook-id") ?? "");
    return new Response("ok");
  });
});
afterAll(() => setWebhookReceiver(undefined));
beforeEach(async () => {
  await env.DB.prepare("delete from webhook_endpoints").run();
  receivedIds.clear();
});

describe("bulk webhooks", () => {
  it(`a status change of ${BULK_MAX} leads writes and queues 500 lead.status_changed and 500 lead.updated deliveries`, async () => {
    const endpoint = await register("https://hooks.example.com/bulk", ["lead.updated", "lead.status_changed"]);
    const ids: string[] = [];
    for (let i = 0; i < BULK_MAX; i += 50) {
      const made = await Promise.all(
        Array.from({ length: 50 }, (_, j) => createLead(db(), { name: `Massa ${i + j}`, tags: [], status: "new" })),
      );
      ids.push(...made.map((lead) => lead.id));
    }
    const queue = countQueue();
    try {
      const started = Date.now();
      const response = await request(
        "/api/leads/bulk",
        json("POST", { ids, action: { type: "status", status: "contacted" } }, auth(admin)),
      );
      expect(response.status).toBe(200);
      const counts = await eventually(
        countByType,
        (c) => (c["lead.updated"] ?? 0) >= BULK_MAX && (c["lead.status_changed"] ?? 0) >= BULK_MAX,
        20_000,
      );
      expect(counts).toEqual({ "lead.updated": BULK_MAX, "lead.status_changed": BULK_MAX });
      await eventually(
        async () => queue.sent.messages,
        (n) => n >= 2 * BULK_MAX,
        10_000,
      );
      console.info(`bulk of ${BULK_MAX}: ${2 * BULK_MAX} deliveries written and queued in ${Date.now() - started} ms`);
      expect(queue.sent.messages).toBe(2 * BULK_MAX);
      expect(queue.sent.largest).toBeLessThanOrEqual(100);
    } finally {
      queue.restore();
    }
    // Every lead has its two rows, each with its own payload naming it.
    const perLead = (
      await env.DB.prepare(
        `select payload ->> '$.data.lead.id' as lead, count(*) as n, count(distinct id) as ids from webhook_deliveries
         where endpoint_id = ? group by 1`,
      )
        .bind(endpoint.id)
        .all<{ lead: string; n: number; ids: number }>()
    ).results;
    expect(perLead).toHaveLength(BULK_MAX);
    expect(new Set(perLead.map((r) => r.lead))).toEqual(new Set(ids));
    expect(perLead.every((r) => r.n === 2 && r.ids === 2)).toBe(true);
    const moved = await env.DB.prepare(
      "select payload, status, attempts, next_attempt_at = created_at as due from webhook_deliveries where event_type = 'lead.status_changed' and payload ->> '$.data.lead.id' = ?",
    )
      .bind(ids[0])
      .first<{ payload: string; due: number }>();
    expect(moved!.due).toBe(1);
    expect(JSON.parse(moved!.payload)).toMatchObject({
      type: "lead.status_changed",
      data: { lead: { id: ids[0], status: "contacted" }, previous_status: "new", status: "contacted" },
    });
    // The queue delivers them all (each webhook-id once to the receiver; retries may repeat one).
    await eventually(
      async () => receivedIds.size,
      (n) => n >= 2 * BULK_MAX,
      60_000,
    );
    expect(receivedIds.size).toBe(2 * BULK_MAX);
  }, 120_000);

  it("1000 events are 1 read and 10 INSERT … SELECT statements in one batch, each row exactly as the event said", async () => {
    await register("https://hooks.example.com/a", ["lead.updated"]);
    await register("https://hooks.example.com/b", ["lead.updated", "lead.deleted"]);
    await register("https://hooks.example.com/off", ["lead.updated"]).then((e) =>
      env.DB.prepare("update webhook_endpoints set enabled = 0 where id = ?").bind(e.id).run(),
    );
    const events: WebhookEventInput[] = Array.from({ length: 1000 }, (_, i) => ({
      type: i % 2 ? "lead.updated" : "lead.deleted",
      data: { lead: { id: `lead-${i}`, name: `Çà "aspas" \\ ${"x".repeat(i)}` } },
    }));
    const { counted, d1 } = countingD1();
    const now = new Date("2026-01-02T03:04:05.678Z");
    const ids = await writeWebhookDeliveries({ db: getDb(d1), env: { ...env, WEBHOOK_QUEUE: undefined } as Env }, events, now);
    // 500 lead.updated to a and b, 500 lead.deleted to b; ~0.5 MB of events: 10 chunks of 100 events.
    expect(ids).toHaveLength(1500);
    expect(counted).toEqual({ statements: 11, batches: 1 });
    const written = (
      await env.DB.prepare("select id, event_type, payload, status, attempts, next_attempt_at, created_at from webhook_deliveries").all<{
        id: string;
        event_type: string;
        payload: string;
        status: string;
        attempts: number;
        next_attempt_at: string;
        created_at: string;
      }>()
    ).results;
    expect(written).toHaveLength(1500);
    expect(new Set(written.map((r) => r.id))).toEqual(new Set(ids));
    expect(ids.every((id) => /^msg_[0-9a-f]{32}$/.test(id))).toBe(true);
    const byPayload = new Map(events.map((e) => [JSON.stringify({ type: e.type, timestamp: now.toISOString(), data: e.data }), e.type]));
    for (const row of written) {
      expect(byPayload.get(row.payload)).toBe(row.event_type);
      expect(row).toMatchObject({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), created_at: now.toISOString() });
    }
  });

  it("writes nothing, in one small read, when no enabled endpoint subscribes", async () => {
    await register("https://hooks.example.com/tasks", ["task.created"]);
    const events: WebhookEventInput[] = Array.from({ length: 1000 }, (_, i) => ({ type: "lead.updated", data: { lead: { id: `l${i}` } } }));
    const { counted, d1 } = countingD1();
    expect(await writeWebhookDeliveries({ db: getDb(d1), env }, events)).toEqual([]);
    expect(counted).toEqual({ statements: 1, batches: 0 });

    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await createLead(db(), { name: `Sem webhook ${i}`, tags: [] })).id);
    const response = await request("/api/leads/bulk", json("POST", { ids, action: { type: "status", status: "qualified" } }, auth(admin)));
    expect(response.status).toBe(200);
    // The bulk's own write took; give its background work time, then: no rows.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await env.DB.prepare("select count(*) as n from webhook_deliveries").first("n")).toBe(0);
  });
});
