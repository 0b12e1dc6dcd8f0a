import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { request } from "../helpers.ts";

describe("GET /api/health", () => {
  it("answers ok after a real D1 query", async () => {
    const response = await request("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ ok: true, db: true });
  });

  it("reports the database as down when the query fails", async () => {
    await env.DB.prepare("alter table users rename to users_away").run();
    try {
      const response = await request("/api/health");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, db: false });
    } finally {
      await env.DB.prepare("alter table users_away rename to users").run();
    }
  });
});

describe("routing", () => {
  it("answers unknown API paths with the JSON error shape, translated", async () => {
    const pt = await request("/api/does-not-exist");
    expect(pt.status).toBe(404);
    expect(await pt.json()).toEqual({ error: "not_found", message: "O recurso solicitado não existe." });

    const en = await request("/api/does-not-exist", { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    expect(await en.json()).toEqual({ error: "not_found", message: "The requested resource does not exist." });

    const es = await request("/api/does-not-exist", { headers: { Cookie: "language=es" } });
    expect(await es.json()).toEqual({ error: "not_found", message: "El recurso solicitado no existe." });
  });

  it("routes /parties/* to partyserver, which answers 404 for an unknown party", async () => {
    const response = await request("/parties/nothing/room-1");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "not_found" });
  });
});
