import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AssignableUserDto } from "../../worker/services/crm-types.ts";
import { createUser } from "../factories/index.ts";
import { bearer, db, request, sessionCookie, signedInUser } from "../helpers.ts";

// The assignee choices of leads and tasks (crm.md §6/§7: active users only, by name).
describe("GET /api/users/assignable", () => {
  it("401 without a session", async () => {
    const response = await request("/api/users/assignable");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "no_authorization", message: "Sessão de autenticação ausente!" });
  });

  it("lists active users by name (accents and case do not reorder; numbers in numeric order), for every role, without inactive ones or secrets", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const admin = await signedInUser("admin");
    await createUser(db(), { name: "Zuleica Prado", role: "manager" });
    await createUser(db(), { name: "Álvaro Dias" });
    await createUser(db(), { name: "alberto lima" });
    await createUser(db(), { name: "Bruno Inativo", isActive: false });

    const everyone = await env.DB.prepare("select id, name, email, role, avatar_url, is_active from users").all<{
      id: string;
      name: string;
      email: string;
      role: string;
      avatar_url: string | null;
      is_active: number;
    }>();
    const active = everyone.results.filter((u) => u.is_active === 1);
    const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });
    const expected = active
      .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1))
      .map(({ id, name, email, role, avatar_url }) => ({ id, name, email, role, avatar_url }));

    for (const viewer of [rep, manager, admin]) {
      const response = await request("/api/users/assignable", { headers: bearer(viewer.session.access_token) });
      expect(response.status).toBe(200);
      const { users } = await response.json<{ users: AssignableUserDto[] }>();
      expect(users).toEqual(expected);
    }
    const names = expected.map((u) => u.name);
    expect(names.indexOf("alberto lima")).toBeLessThan(names.indexOf("Álvaro Dias"));
    expect(names.indexOf("Álvaro Dias")).toBeLessThan(names.indexOf("Zuleica Prado"));
    expect(names).not.toContain("Bruno Inativo");

    // The browser's cookies work the same.
    const byCookie = await request("/api/users/assignable", { headers: { Cookie: sessionCookie(rep.session) } });
    expect(byCookie.status).toBe(200);
    const body = await byCookie.text();
    expect(body).not.toContain("password");
    expect(body).not.toContain("Bruno Inativo");
  });

  it("a user switched off leaves the list at once", async () => {
    const admin = await signedInUser("admin");
    const leaving = await createUser(db(), { name: "Saindo Agora" });
    const names = async () =>
      (
        await (
          await request("/api/users/assignable", { headers: bearer(admin.session.access_token) })
        ).json<{ users: AssignableUserDto[] }>()
      ).users.map((u) => u.id);
    expect(await names()).toContain(leaving.id);
    await env.DB.prepare("update users set is_active = 0 where id = ?").bind(leaving.id).run();
    expect(await names()).not.toContain(leaving.id);
  });
});
