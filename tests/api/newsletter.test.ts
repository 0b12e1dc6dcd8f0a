import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { json, request } from "../helpers.ts";

// POST /api/newsletter through the Worker's real fetch handler, against a migrated D1.

// Each call from its own IP: the per-IP limit is proven in throttles.test.ts.
let ip = 0;
const subscribe = (body: unknown, query = "") =>
  request(`/api/newsletter${query}`, json("POST", body, { "CF-Connecting-IP": `198.51.100.${++ip}` }));

const rows = (email: string) =>
  env.DB.prepare("select email, language from newsletter_subscribers where lower(email) = lower(?)")
    .bind(email)
    .all<{ email: string; language: string }>()
    .then((r) => r.results);

describe("POST /api/newsletter", () => {
  it("stores a new address once, lower-cased, in the caller's language", async () => {
    const response = await subscribe({ email: "  Leitora@Example.COM " }, "?lang=en");
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, alreadySubscribed: false });
    expect(await rows("leitora@example.com")).toEqual([{ email: "leitora@example.com", language: "en" }]);
  });

  it("answers a second subscription of the same address as a success, without a second row", async () => {
    expect((await subscribe({ email: "duplo@example.com" })).status).toBe(201);
    const again = await subscribe({ email: "DUPLO@example.com" }, "?lang=es");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, alreadySubscribed: true });
    // The first language is kept.
    expect(await rows("duplo@example.com")).toEqual([{ email: "duplo@example.com", language: "pt" }]);
  });

  it("refuses an invalid or missing address with 400 and a translated message, storing nothing", async () => {
    const before = (await env.DB.prepare("select count(*) as n from newsletter_subscribers").first<{ n: number }>())!.n;

    const invalid = await subscribe({ email: "not-an-email" }, "?lang=es");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: "validation_failed",
      message: "Algunos campos no son válidos: email.",
      issues: [{ path: "email", message: "Escribe un correo válido, como nombre@empresa.com." }],
    });

    const missing = await subscribe({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: "validation_failed",
      issues: [{ path: "email", message: "Informe o seu e-mail." }],
    });

    const tooLong = await subscribe({ email: `${"a".repeat(250)}@example.com` }, "?lang=en");
    expect((await tooLong.json<{ issues: { message: string }[] }>()).issues[0]!.message).toBe(
      "Your email can be at most 254 characters long.",
    );

    expect((await env.DB.prepare("select count(*) as n from newsletter_subscribers").first<{ n: number }>())!.n).toBe(before);
  });
});
