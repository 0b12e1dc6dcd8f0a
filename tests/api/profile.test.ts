// Settings → Perfil (issue 22): PATCH /api/users/me saves the caller's own name and phone, with
// the lead form's rules and translated field errors; e-mail and role are not theirs to change.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ActivityDto, ChatMessageDto, Page } from "../../worker/services/crm-types.ts";
import { createLead } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

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

describe("the new name everywhere the user's work shows", () => {
  it("earlier chat messages and timeline entries read the author's name from users (a join), so they show the new one", async () => {
    const { user, session } = await signedInUser("sales_rep");
    const auth = bearer(session.access_token);
    const lead = await createLead(db(), { name: "Lead do perfil", assignedTo: user.id });
    const logged = await request(`/api/leads/${lead.id}/activities`, json("POST", { type: "call", content: "Ligação feita." }, auth));
    expect(logged.status).toBe(201);
    const channel = await request("/api/chat/channels", json("POST", { name: "perfil-nome" }, auth));
    const { channel: created } = (await channel.json()) as { channel: { id: string } };
    const sent = await request(`/api/chat/channels/${created.id}/messages`, json("POST", { content: "Oi, equipe" }, auth));
    expect(sent.status).toBe(201);

    const renamed = await request("/api/users/me", json("PATCH", { name: "Nome Novo da Silva", phone: "" }, auth));
    expect(renamed.status).toBe(200);

    const timeline = (await (await request(`/api/leads/${lead.id}/activities`, { headers: auth })).json()) as Page<ActivityDto>;
    const call = timeline.items.find((item) => item.type === "call");
    expect(call?.author).toEqual({ id: user.id, name: "Nome Novo da Silva" });
    const messages = (await (await request(`/api/chat/channels/${created.id}/messages`, { headers: auth })).json()) as Page<ChatMessageDto>;
    expect(messages.items.map((m) => [m.content, m.author_name])).toEqual([["Oi, equipe", "Nome Novo da Silva"]]);
  });
});
