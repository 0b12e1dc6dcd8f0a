// Settings → Perfil (issue 22): PATCH /api/users/me saves the caller's own name and phone, with
// the lead form's rules and translated field errors; e-mail and role are not theirs to change.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bearer, json, request, signedInUser } from "../helpers.ts";

const row = (id: string) => env.DB.prepare("select name, phone, email, role from users where id = ?").bind(id).first();

describe("PATCH /api/users/me", () => {
  it("anonymous: 401", async () => {
    expect((await request("/api/users/me", json("PATCH", { name: "X", phone: "" }))).status).toBe(401);
  });

  it("saves the caller's name (trimmed) and phone (E.164; empty is none), and nobody else's; e-mail and role stay", async () => {
    const { user, session } = await signedInUser("sales_rep");
    const other = await signedInUser("sales_rep");
    const before = await row(other.user.id);
    const response = await request(
      "/api/users/me",
      json("PATCH", { name: "  Bia Souza  ", phone: "(11) 98888-7777", email: "x@evil.test", role: "admin" }, bearer(session.access_token)),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      profile: { id: user.id, name: "Bia Souza", phone: "+5511988887777", role: "sales_rep" },
    });
    expect(await row(user.id)).toEqual({ name: "Bia Souza", phone: "+5511988887777", email: user.email, role: "sales_rep" });
    expect(await row(other.user.id)).toEqual(before);
    const cleared = await request("/api/users/me", json("PATCH", { name: "Bia Souza", phone: "" }, bearer(session.access_token)));
    expect(await cleared.json()).toMatchObject({ profile: { phone: null } });
  });

  it("400 per field in the caller's language: a name required, one line, at most 100; a phone it can read", async () => {
    const { user, session } = await signedInUser("manager");
    const send = (body: unknown) =>
      request("/api/users/me", json("PATCH", body, { ...bearer(session.access_token), "Accept-Language": "en" })).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { error: string; issues: { path: string; message: string }[] },
      }));
    for (const [body, path] of [
      [{ name: "   ", phone: "" }, "name"],
      [{ name: "x".repeat(101), phone: "" }, "name"],
      [{ name: "Two\nlines", phone: "" }, "name"],
      [{ phone: "" }, "name"],
      [{ name: "Ok", phone: "not a phone" }, "phone"],
      [{ name: "Ok", phone: 12 }, "phone"],
    ] as const) {
      const { status, body: answer } = await send(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error).toBe("validation_failed");
      expect(answer.issues.map((issue) => issue.path)).toEqual([path]);
      // Our translated texts, never a dictionary key or zod's own English.
      expect(answer.issues[0]!.message).not.toMatch(/apiErrors|Invalid input|expected/);
    }
    expect((await send({ name: "x".repeat(100), phone: "" })).status).toBe(200);
    expect(((await row(user.id)) as { name: string }).name).toHaveLength(100);
  });
});
