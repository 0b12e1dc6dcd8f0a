// E-mails leave through EMAIL_QUEUE (issue 24, docs/decisions/026): the outbox row is written
// first, its id travels on the queue, and the consumer delivers it at most once, retrying with
// backoff and dead-lettering after the last try; the Cron's retryOutbox is the safety net.
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  EMAIL_DLQ_NAME,
  EMAIL_QUEUE_MAX_TRIES,
  OUTBOX_STALE_MS,
  consoleTransport,
  handleEmailQueue,
  httpTransport,
  queueEmail,
  retryOutbox,
  type EmailMessage,
  type EmailTransport,
} from "../../worker/services/email-service.ts";
import { db, eventually } from "../helpers.ts";
import { queueLedger, queuesSettled } from "../setup/queue-ledger.ts";

const QUEUE = "agency-edge-email";

function recorder() {
  const sent: EmailMessage[] = [];
  const transport: EmailTransport = { name: "memory", send: async (m) => void sent.push(m) };
  return { sent, transport };
}
const failing: EmailTransport = { name: "down", send: async () => Promise.reject(new Error("mail API answered 503")) };

type Row = { status: string; attempts: number; last_error: string | null; sent_at: string | null; claimed_until: string | null };
const row = (id: string) =>
  env.DB.prepare("select status, attempts, last_error, sent_at, claimed_until from email_outbox where id = ?").bind(id).first<Row>();

async function pendingEmail(id: string, subject = "Olá") {
  await env.DB.prepare(
    "insert into email_outbox (id, to_address, subject, text_body, kind, status, attempts) values (?, 'ana@example.test', ?, 'Texto', 'test', 'pending', 0)",
  )
    .bind(id, subject)
    .run();
}

/** Runs the Worker's queue handler on one batch and returns what it acknowledged and retried. */
async function consume(messages: { id: string; outboxId: string; attempts: number }[], transport: EmailTransport, queue = QUEUE) {
  const batch = createMessageBatch(
    queue,
    messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts, body: { outboxId: m.outboxId } })),
  );
  // getQueueResult does not report retry()'s delaySeconds: each message's delay is noted here.
  const delays: Record<string, number | undefined> = {};
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    Object.defineProperty(message, "retry", {
      value: (options?: QueueRetryOptions) => {
        delays[message.id] = options?.delaySeconds;
        retry(options);
      },
    });
  }
  const ctx = createExecutionContext();
  await handleEmailQueue(batch, { db: db(), env }, transport);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryMessages: result.retryMessages.map((r) => ({ msgId: r.msgId, delaySeconds: delays[r.msgId] })) };
}

describe("the e-mail queue", () => {
  it("queueEmail writes the outbox row and the real queue's consumer delivers it once", async () => {
    expect(env.EMAIL_QUEUE).toBeDefined();
    const written = await queueEmail({ db: db(), env }, { to: "bia@example.test", subject: "Pelo queue", text: "Oi", kind: "test" });
    expect(written.status).toBe("pending");
    const delivered = await eventually(
      () => row(written.id),
      (r) => r?.status === "sent",
      10_000,
    );
    expect(delivered).toMatchObject({ status: "sent", attempts: 1, last_error: null, claimed_until: null });
    expect(delivered!.sent_at).toEqual(expect.any(String));
  });

  it("a test file ends only after the queue delivered what it sent (the pool's ledger of messages in flight)", async () => {
    const ledger = queueLedger();
    const before = ledger.inFlight;
    const written = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        queueEmail({ db: db(), env }, { to: `l${i}@example.test`, subject: `Ledger ${i}`, text: "x", kind: "test" }),
      ),
    );
    expect(ledger.inFlight).toBe(before + 3);
    expect(await queuesSettled(10_000)).toBe(true);
    expect(ledger.inFlight).toBe(0);
    for (const { id } of written) expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a message is delivered once through the transport and acknowledged, with the outbox id as idempotency key", async () => {
    await pendingEmail("q-once", "Uma vez");
    const { sent, transport } = recorder();
    const result = await consume([{ id: "m1", outboxId: "q-once", attempts: 1 }], transport);
    expect(sent.map((m) => [m.subject, m.to, m.id])).toEqual([["Uma vez", "ana@example.test", "q-once"]]);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
    expect(await row("q-once")).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a failing transport is retried with exponential backoff, then dead-lettered; the outbox keeps attempts and the last error", async () => {
    await pendingEmail("q-down");
    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt <= EMAIL_QUEUE_MAX_TRIES; attempt++) {
      const result = await consume([{ id: "m-down", outboxId: "q-down", attempts: attempt }], failing);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages.map((r) => r.msgId)).toEqual(["m-down"]);
      delays.push(result.retryMessages[0]!.delaySeconds);
      expect(await row("q-down")).toMatchObject({ status: "failed", attempts: attempt, last_error: "Error: mail API answered 503" });
    }
    // The 5th try's retry() is past max_retries (4): the queue moves the message to the DLQ.
    expect(delays).toEqual([30, 60, 120, 240, 480]);
    const dead = await consume([{ id: "m-down", outboxId: "q-down", attempts: 1 }], failing, EMAIL_DLQ_NAME);
    expect(dead.explicitAcks).toEqual(["m-down"]);
    expect(await row("q-down")).toMatchObject({ status: "failed", attempts: 5, last_error: "Error: mail API answered 503" });
    // Its five tries are spent: the Cron's retries leave it alone.
    const { sent, transport } = recorder();
    await retryOutbox({ db: db(), env }, new Date(Date.now() + OUTBOX_STALE_MS * 2), transport);
    expect(sent.filter((m) => m.id === "q-down")).toEqual([]);
  });

  it("a failure then a success: sent on the second try, the error cleared", async () => {
    await pendingEmail("q-flaky");
    await consume([{ id: "m-f", outboxId: "q-flaky", attempts: 1 }], failing);
    const { sent, transport } = recorder();
    const result = await consume([{ id: "m-f", outboxId: "q-flaky", attempts: 2 }], transport);
    expect(result.explicitAcks).toEqual(["m-f"]);
    expect(sent).toHaveLength(1);
    expect(await row("q-flaky")).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("a duplicate message (same outbox id) never sends twice: in one batch, in later batches, in a parallel burst", async () => {
    await pendingEmail("q-dup");
    const { sent, transport } = recorder();
    const first = await consume(
      [
        { id: "d1", outboxId: "q-dup", attempts: 1 },
        { id: "d2", outboxId: "q-dup", attempts: 1 },
      ],
      transport,
    );
    expect(first.explicitAcks.sort()).toEqual(["d1", "d2"]);
    const later = await consume([{ id: "d3", outboxId: "q-dup", attempts: 1 }], transport);
    expect(later.explicitAcks).toEqual(["d3"]);
    expect(sent).toHaveLength(1);

    await pendingEmail("q-burst");
    const burst = recorder();
    const slow: EmailTransport = {
      name: "slow",
      send: async (m) => {
        await new Promise((r) => setTimeout(r, 50));
        await burst.transport.send(m);
      },
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => consume([{ id: `b${i}`, outboxId: "q-burst", attempts: 1 }], slow)),
    );
    expect(burst.sent).toHaveLength(1);
    // The others found it claimed (looked at again after the claim ends) or already sent.
    for (const result of results) expect(result.explicitAcks.length + result.retryMessages.length).toBe(1);
    expect(await row("q-burst")).toMatchObject({ status: "sent" });
  });

  it("a flaky transport under parallel batches, duplicate messages and overlapping Cron runs: every e-mail sent exactly once, attempts recorded", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `q-flaky-${i}`);
    for (const id of ids) await pendingEmail(id, id);
    // Written 10 minutes ago: past OUTBOX_STALE_MS, so the Cron (at the real time) takes them too.
    await env.DB.prepare("update email_outbox set created_at = ? where id like 'q-flaky-%'")
      .bind(new Date(Date.now() - 10 * 60_000).toISOString())
      .run();
    // Each e-mail fails its first (i % 3) tries, then goes through.
    const tries = new Map<string, number>();
    const delivered: string[] = [];
    const flaky: EmailTransport = {
      name: "flaky",
      send: async (m) => {
        const n = (tries.get(m.id!) ?? 0) + 1;
        tries.set(m.id!, n);
        await new Promise((r) => setTimeout(r, 5));
        if (n <= Number(m.id!.split("-").at(-1)) % 3) throw new Error(`mail API answered 503 (try ${n})`);
        delivered.push(m.id!);
      },
    };
    // The queue's loop: every message retried goes round again with attempts + 1, and each round
    // also carries a duplicate of every message; a Cron run overlaps every round.
    let round = ids.map((id) => ({ id: `m-${id}`, outboxId: id, attempts: 1 }));
    for (let pass = 0; pass < 6 && round.length; pass++) {
      const batches = [round, round.map((m) => ({ ...m, id: `${m.id}-dup` }))];
      const [a, b] = await Promise.all([
        ...batches.map((batch) => consume(batch, flaky)),
        retryOutbox({ db: db(), env }, new Date(), flaky),
      ]);
      const retried = new Set(
        [...(a as Awaited<ReturnType<typeof consume>>).retryMessages, ...(b as Awaited<ReturnType<typeof consume>>).retryMessages].map(
          (r) => r.msgId.replace(/-dup$/, ""),
        ),
      );
      // A held row (another delivery had it) is looked at again once its claim ends.
      await env.DB.prepare("update email_outbox set claimed_until = null where status != 'sent'").run();
      round = round.filter((m) => retried.has(m.id)).map((m) => ({ ...m, attempts: m.attempts + 1 }));
    }
    expect(delivered.sort()).toEqual([...ids].sort());
    for (const [i, id] of ids.entries()) {
      const stored = await row(id);
      expect(stored).toMatchObject({ status: "sent", last_error: null, claimed_until: null });
      // Every try is counted, by the queue or the Cron: the failures, then the one that sent.
      expect(stored!.attempts).toBe((i % 3) + 1);
      expect(tries.get(id)).toBe((i % 3) + 1);
    }
  });

  it("a message for an unknown row or without an outbox id is acknowledged and sends nothing", async () => {
    const { sent, transport } = recorder();
    const batch = createMessageBatch<unknown>(QUEUE, [
      { id: "u1", timestamp: new Date(), attempts: 1, body: { outboxId: "no-such-row" } },
      { id: "u2", timestamp: new Date(), attempts: 1, body: "garbage" },
    ]);
    const ctx = createExecutionContext();
    await handleEmailQueue(batch, { db: db(), env }, transport);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["u1", "u2"]);
    expect(sent).toEqual([]);
  });

  it("a Worker restart between attempts loses nothing: the queue refused, or a delivery died mid-way, and the Cron sends it once", async () => {
    // The queue refused the message: the row stays pending.
    const refusing = { ...env, EMAIL_QUEUE: { send: () => Promise.reject(new Error("queue unavailable")) } as unknown as Queue };
    const refused = await queueEmail({ db: db(), env: refusing }, { to: "cai@example.test", subject: "Recusado", text: "x", kind: "test" });
    // A delivery claimed this one and the isolate ended before it finished (its claim has expired).
    await pendingEmail("q-died", "Morreu");
    await env.DB.prepare("update email_outbox set attempts = 1, claimed_until = ? where id = 'q-died'")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    expect(await row(refused.id)).toMatchObject({ status: "pending", attempts: 0 });

    const { sent, transport } = recorder();
    // Not stale yet: the queue may still deliver them.
    await retryOutbox({ db: db(), env }, new Date(), transport);
    expect(sent).toEqual([]);
    const later = new Date(Date.now() + OUTBOX_STALE_MS + 60_000);
    await Promise.all([retryOutbox({ db: db(), env }, later, transport), retryOutbox({ db: db(), env }, later, transport)]);
    expect(sent.map((m) => m.subject).sort()).toEqual(["Morreu", "Recusado"]);
    expect(await row(refused.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await row("q-died")).toMatchObject({ status: "sent", attempts: 2 });
    // The queue redelivers the dead delivery's message after the restart: already sent, acknowledged.
    const redelivered = await consume([{ id: "r1", outboxId: "q-died", attempts: 2 }], transport);
    expect(redelivered.explicitAcks).toEqual(["r1"]);
    expect(sent).toHaveLength(2);
  });

  it("a delivery in progress holds the row: the Cron and a second message leave it alone", async () => {
    await pendingEmail("q-held");
    await env.DB.prepare("update email_outbox set attempts = 1, claimed_until = ? where id = 'q-held'")
      .bind(new Date(Date.now() + 60_000).toISOString())
      .run();
    const { sent, transport } = recorder();
    const result = await consume([{ id: "h1", outboxId: "q-held", attempts: 1 }], transport);
    expect(result.retryMessages).toEqual([{ msgId: "h1", delaySeconds: 60 }]);
    await retryOutbox({ db: db(), env }, new Date(Date.now() + 30_000), transport);
    expect(sent).toEqual([]);
    expect(await row("q-held")).toMatchObject({ status: "pending", attempts: 1 });
  });
});

describe("an e-mail's extra headers (List-Unsubscribe, RFC 8058)", () => {
  afterEach(() => vi.restoreAllMocks());

  const unsubscribe = {
    "List-Unsubscribe": "<https://crm.example.test/unsubscribe?t=abc>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };

  it("are stored on the outbox row and reach the transport, also when the queue delivers the row later", async () => {
    const { sent, transport } = recorder();
    const written = await queueEmail(
      { db: db(), env },
      { to: "bia@example.test", subject: "Resumo", text: "Oi", kind: "test", headers: unsubscribe },
      transport,
    );
    expect(sent.map((m) => m.headers)).toEqual([unsubscribe]);
    const stored = await env.DB.prepare("select headers from email_outbox where id = ?").bind(written.id).first<{ headers: string }>();
    expect(JSON.parse(stored!.headers)).toEqual(unsubscribe);

    // A row delivered by the queue's consumer (or the Cron) sends the headers it stored.
    await pendingEmail("q-headers");
    await env.DB.prepare("update email_outbox set headers = ? where id = 'q-headers'").bind(JSON.stringify(unsubscribe)).run();
    const later = recorder();
    await consume([{ id: "hd1", outboxId: "q-headers", attempts: 1 }], later.transport);
    expect(later.sent.map((m) => [m.id, m.headers])).toEqual([["q-headers", unsubscribe]]);
    // An e-mail without extra headers has none (null on the row).
    const plain = await queueEmail({ db: db(), env }, { to: "cai@example.test", subject: "Sem", text: "x", kind: "test" }, transport);
    expect(plain.headers).toBeNull();
    expect(sent.at(-1)!.headers).toBeUndefined();
  });

  it("cannot inject a header: names and values lose their line breaks; reserved and malformed names are dropped", async () => {
    const { sent, transport } = recorder();
    const written = await queueEmail(
      { db: db(), env },
      {
        to: "bia@example.test",
        subject: "Resumo",
        text: "Oi",
        kind: "test",
        headers: {
          "List-Unsubscribe": "<https://crm.example.test/u>\r\nBcc: spy@evil.test",
          "X-Tag\r\nBcc": "spy@evil.test",
          Bcc: "spy@evil.test",
          "reply-to": "spy@evil.test",
          "Bad Name": "x",
          "X-Colon:": "x",
        },
      },
      transport,
    );
    const expected = { "List-Unsubscribe": "<https://crm.example.test/u> Bcc: spy@evil.test" };
    expect(sent.map((m) => m.headers)).toEqual([expected]);
    const stored = await env.DB.prepare("select headers from email_outbox where id = ?").bind(written.id).first<{ headers: string }>();
    expect(JSON.parse(stored!.headers)).toEqual(expected);
    for (const [name, value] of Object.entries(JSON.parse(stored!.headers) as Record<string, string>)) {
      expect(name + value).not.toMatch(/[\r\n\0]/);
    }
  });

  it("a row whose stored headers were tampered with still cannot inject one", async () => {
    await pendingEmail("q-tampered");
    await env.DB.prepare("update email_outbox set headers = ? where id = 'q-tampered'")
      .bind(JSON.stringify({ "List-Unsubscribe": "<x>\nBcc: spy@evil.test", "Cc\n": "spy@evil.test" }))
      .run();
    await pendingEmail("q-broken-json");
    await env.DB.prepare("update email_outbox set headers = '{not json' where id = 'q-broken-json'").run();
    const { sent, transport } = recorder();
    await consume(
      [
        { id: "t1", outboxId: "q-tampered", attempts: 1 },
        { id: "t2", outboxId: "q-broken-json", attempts: 1 },
      ],
      transport,
    );
    expect(sent.map((m) => [m.id, m.headers])).toEqual([
      ["q-tampered", { "List-Unsubscribe": "<x> Bcc: spy@evil.test" }],
      ["q-broken-json", undefined],
    ]);
  });

  it("the http transport sends them as a headers object in its JSON body, with the idempotency key", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), init: init! });
      return new Response("{}", { status: 200 });
    });
    await httpTransport("https://mail.example.test/send", "key-1", "team@demo.test").send({
      id: "outbox-1",
      to: "bia@example.test",
      subject: "Resumo",
      text: "Oi",
      kind: "test",
      headers: { ...unsubscribe, "X-Evil": "a\r\nBcc: spy@evil.test" },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://mail.example.test/send");
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: "Bearer key-1", "Idempotency-Key": "outbox-1" });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      from: "team@demo.test",
      to: "bia@example.test",
      subject: "Resumo",
      text: "Oi",
      headers: { ...unsubscribe, "X-Evil": "a Bcc: spy@evil.test" },
    });
  });

  it("the console transport prints them under the subject", async () => {
    const printed: string[] = [];
    vi.spyOn(console, "info").mockImplementation((line: string) => void printed.push(line));
    await consoleTransport.send({ to: "bia@example.test", subject: "Resumo", text: "Oi", kind: "digest", headers: unsubscribe });
    expect(printed).toEqual([
      [
        "📧 E-mail (digest) to bia@example.test",
        "   Subject: Resumo",
        "   List-Unsubscribe: <https://crm.example.test/unsubscribe?t=abc>",
        "   List-Unsubscribe-Post: List-Unsubscribe=One-Click",
        "   Oi",
      ].join("\n"),
    ]);
  });
});
