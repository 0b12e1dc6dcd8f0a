import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { queueEmail, type EmailTransport } from "../../worker/services/email-service.ts";
import { clearRateLimit, rateLimitState, recordRateLimitEvent } from "../../worker/services/rate-limit-service.ts";
import { db } from "../helpers.ts";

describe("rate limits", () => {
  const limit = { limit: 3, windowMs: 60_000 };

  it("limits after `limit` events in the window and says when it frees up", async () => {
    const start = new Date("2026-11-22T10:00:00.000Z");
    for (let i = 0; i < 3; i++) {
      expect((await rateLimitState(db(), "k1", limit, start)).limited).toBe(false);
      await recordRateLimitEvent(db(), "k1", new Date(start.getTime() + i * 10_000));
    }
    const state = await rateLimitState(db(), "k1", limit, new Date(start.getTime() + 30_000));
    expect(state).toEqual({ limited: true, count: 3, retryAfterSeconds: 30 });
    expect((await rateLimitState(db(), "k1", limit, new Date(start.getTime() + 61_000))).limited).toBe(false);
    expect((await rateLimitState(db(), "other", limit, start)).limited).toBe(false);
  });

  it("clears a key", async () => {
    const now = new Date();
    for (let i = 0; i < 3; i++) await recordRateLimitEvent(db(), "k2", now);
    expect((await rateLimitState(db(), "k2", limit, now)).limited).toBe(true);
    await clearRateLimit(db(), "k2");
    expect((await rateLimitState(db(), "k2", limit, now)).limited).toBe(false);
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
    const stored = await env.DB.prepare("select status, last_error from email_outbox where id = ?").bind(row.id).first<{ status: string; last_error: string }>();
    expect(stored?.status).toBe("failed");
    expect(stored?.last_error).toContain("smtp down");
  });
});
