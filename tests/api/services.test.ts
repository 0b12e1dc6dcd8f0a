import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { queueEmail, type EmailTransport } from "../../worker/services/email-service.ts";
import { clearRateLimit, consumeRateLimit } from "../../worker/services/rate-limit-service.ts";
import { db } from "../helpers.ts";

describe("rate limits", () => {
  const limit = { limit: 3, windowMs: 60_000 };

  it("allows `limit` attempts in the window, then refuses and says when it frees up", async () => {
    const start = new Date("2026-11-22T10:00:00.000Z");
    // What is left of the window, and when its oldest attempt leaves it (the RateLimit fields of issue 25).
    for (let i = 0; i < 3; i++) {
      expect(await consumeRateLimit(db(), "k1", limit, new Date(start.getTime() + i * 10_000))).toEqual({
        allowed: true,
        remaining: 2 - i,
        resetSeconds: 60 - i * 10,
      });
    }
    expect(await consumeRateLimit(db(), "k1", limit, new Date(start.getTime() + 30_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
      remaining: 0,
      resetSeconds: 30,
    });
    // The first attempt has left the window: one more is allowed.
    expect((await consumeRateLimit(db(), "k1", limit, new Date(start.getTime() + 61_000))).allowed).toBe(true);
    expect((await consumeRateLimit(db(), "other", limit, start)).allowed).toBe(true);
  });

  it("keeps a key's events for `retainMs` when given (a day otherwise)", async () => {
    const start = new Date("2026-11-22T10:00:00.000Z");
    const later = new Date(start.getTime() + 2 * 60_000);
    const count = async (key: string) =>
      (await env.DB.prepare("select count(*) as n from rate_limit_events where key = ?").bind(key).first<{ n: number }>())?.n;
    await consumeRateLimit(db(), "short", { ...limit, retainMs: 60_000 }, start);
    await consumeRateLimit(db(), "short", { ...limit, retainMs: 60_000 }, later);
    expect(await count("short")).toBe(1);
    await consumeRateLimit(db(), "long", limit, start);
    await consumeRateLimit(db(), "long", limit, later);
    expect(await count("long")).toBe(2);
  });

  it("a refused attempt is not counted", async () => {
    const now = new Date();
    for (let i = 0; i < 10; i++) await consumeRateLimit(db(), "k3", limit, now);
    const rows = await env.DB.prepare("select count(*) as n from rate_limit_events where key = 'k3'").first<{ n: number }>();
    expect(rows?.n).toBe(3);
  });

  it("holds under a parallel burst: exactly `limit` of 40 simultaneous attempts get through", async () => {
    const decisions = await Promise.all(Array.from({ length: 40 }, () => consumeRateLimit(db(), "burst", limit)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    for (const d of decisions.filter((d) => !d.allowed)) expect(d).toMatchObject({ retryAfterSeconds: expect.any(Number) });
  });

  it("clears a key", async () => {
    const now = new Date();
    for (let i = 0; i < 3; i++) await consumeRateLimit(db(), "k2", limit, now);
    expect((await consumeRateLimit(db(), "k2", limit, now)).allowed).toBe(false);
    await clearRateLimit(db(), "k2");
    expect((await consumeRateLimit(db(), "k2", limit, now)).allowed).toBe(true);
  });
});

describe("e-mail outbox", () => {
  const message = { to: "ana@example.com", subject: "Oi", text: "Olá", kind: "test" };

  it("stores the e-mail and marks it sent after delivery", async () => {
    const sent: string[] = [];
    const transport: EmailTransport = { name: "memory", send: async (m) => void sent.push(m.to) };
    const row = await queueEmail({ db: db(), env }, message, transport);
    expect(sent).toEqual(["ana@example.com"]);
    const stored = await env.DB.prepare("select status, attempts, sent_at from email_outbox where id = ?").bind(row.id).first();
    expect(stored).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps a failed e-mail in the outbox with the error", async () => {
    const transport: EmailTransport = { name: "broken", send: async () => Promise.reject(new Error("smtp down")) };
    const row = await queueEmail({ db: db(), env }, message, transport);
    const stored = await env.DB.prepare("select status, last_error from email_outbox where id = ?")
      .bind(row.id)
      .first<{ status: string; last_error: string }>();
    expect(stored?.status).toBe("failed");
    expect(stored?.last_error).toContain("smtp down");
  });
});
