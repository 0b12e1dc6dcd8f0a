import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppEnv } from "../../worker/api/context.ts";
import { ApiError, onError, onNotFound } from "../../worker/api/errors.ts";
import { validate } from "../../worker/api/validate.ts";
import { requestLanguage } from "../../worker/lib/request-language.ts";

// A small app wired exactly like worker/api: the same language middleware, validator and
// error handler, with routes that fail in each way a real handler can.
const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set("language", requestLanguage(c.req.raw));
    await next();
  })
  .post("/items", validate("json", z.object({ name: z.string().min(1), email: z.email() })), (c) =>
    c.json({ ok: true, item: c.req.valid("json") }, 201),
  )
  .get("/forbidden", () => {
    throw new ApiError(403, "forbidden");
  })
  .get("/limited", () => {
    throw new ApiError(429, "rate_limited", { headers: { "Retry-After": "30" } });
  })
  .get("/limited-long", () => {
    throw new ApiError(429, "rate_limited", { headers: { "Retry-After": "61" } });
  })
  .get("/crash", () => {
    throw new Error("secret internal detail at /srv/app.ts:42");
  });
app.onError(onError);
app.notFound(onNotFound);

const json = (body: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body,
});

describe("API error shape", () => {
  it("accepts valid input", async () => {
    const response = await app.request("/items", json(JSON.stringify({ name: "Ana", email: "ana@example.com" })));
    expect(response.status).toBe(201);
  });

  it("answers bad input with 400, a code, a translated message and the failing fields", async () => {
    const response = await app.request("/items", json(JSON.stringify({ name: "", email: "nope" })));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string; issues: { path: string }[] };
    expect(body.error).toBe("validation_failed");
    expect(body.message).toBe("Alguns campos são inválidos: name, email.");
    expect(body.issues.map((i) => i.path)).toEqual(["name", "email"]);
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const response = await app.request("/items", json("{not json", { "Accept-Language": "en" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_json", message: "The request body is not valid JSON." });
  });

  it("keeps status, code and headers of thrown ApiErrors", async () => {
    const forbidden = await app.request("/forbidden?lang=es");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "forbidden", message: "No tienes permiso para esta acción." });

    const limited = await app.request("/limited");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("30");
    expect(await limited.json()).toEqual({ error: "rate_limited", message: "Muitas tentativas. Tente novamente em 30 segundos." });
    // From a minute on the wait reads in whole minutes, rounded up; the header stays in seconds.
    const long = await app.request("/limited-long?lang=en");
    expect(long.headers.get("Retry-After")).toBe("61");
    expect(await long.json()).toEqual({ error: "rate_limited", message: "Too many attempts. Try again in 2 minutes." });
  });

  it("turns unexpected failures into a 500 without leaking details", async () => {
    const response = await app.request("/crash", { headers: { "Accept-Language": "en" } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: "internal_error", message: "Unexpected server error. Please try again." });
    expect(text).not.toContain("secret internal detail");
  });
});
