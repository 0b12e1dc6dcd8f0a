// Settings → Usuários (issue 22): the team read by every role and changed by admins only;
// invitations through the outbox with a single-use 7-day link; role changes and
// (de)activation with the last-admin guard in the write itself (two admins at the same
// moment, and a forced interleaving); deactivation ending sessions at once; the audit trail.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client.ts";
import { authenticateAccessToken } from "../../worker/services/auth-service.ts";
import { writeActive, writeRole } from "../../worker/services/user-admin-service.ts";
import { createLead, createTask, createUser, DEFAULT_PASSWORD } from "../factories/index.ts";
import { bearer, db, eventually, json, request, signedInUser, signIn } from "../helpers.ts";

type Member = { id: string; name: string; email: string; role: string; status: string };

const call = (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(
    `/api/users${path}`,
    body === undefined
      ? { method, headers: { ...(token ? bearer(token) : {}), ...headers } }
      : json(method, body, { ...(token ? bearer(token) : {}), ...headers }),
  );

const invitationMail = (to: string) =>
  eventually(
    () =>
      env.DB.prepare(
        "select subject, text_body, status from email_outbox where kind = 'user_invitation' and to_address = ? order by created_at",
      )
        .bind(to)
        .all<{ subject: string; text_body: string; status: string }>(),
    (rows) => rows.results.length > 0 && rows.results.every((row) => row.status === "sent"),
  );
const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);

/** Makes `keep` the only active admins (other files' and tests' admins become managers). */
async function onlyAdmins(...keep: string[]) {
  await env.DB.prepare(`update users set role = 'manager' where role = 'admin' and id not in (${keep.map(() => "?").join(", ")})`)
    .bind(...keep)
    .run();
}

const auditRows = () =>
  env.DB.prepare("select actor_id, action, target_id, before, after from audit_log order by created_at, rowid").all<{
    actor_id: string;
    action: string;
    target_id: string;
    before: string | null;
    after: string | null;
  }>();

describe("the team (GET /api/users)", () => {
  it("every signed-in role reads it, with status; anonymous 401", async () => {
    const invited = await createUser(db(), { name: "Zé Convidado", invitedAt: new Date().toISOString() });
    const inactive = await createUser(db(), { isActive: false });
    for (const role of ["admin", "manager", "sales_rep"] as const) {
      const { session } = await signedInUser(role);
      const response = await call("GET", "", session.access_token);
      expect(response.status, role).toBe(200);
      const { users } = await response.json<{ users: (Member & { password_hash?: string })[] }>();
      expect(users.find((u) => u.id === invited.id)?.status).toBe("invited");
      expect(users.find((u) => u.id === inactive.id)?.status).toBe("inactive");
      expect(users.every((u) => !("password_hash" in u) && !("passwordHash" in u))).toBe(true);
    }
    expect((await call("GET", "")).status).toBe(401);
  });

  it("the audit trail is for admins only", async () => {
    expect((await call("GET", "/audit")).status).toBe(401);
    for (const role of ["manager", "sales_rep"] as const) {
      const { session } = await signedInUser(role);
      expect((await call("GET", "/audit", session.access_token)).status, role).toBe(403);
    }
    const admin = await signedInUser("admin");
    expect((await call("GET", "/audit", admin.session.access_token)).status).toBe(200);
  });
});

describe("invitations (POST /api/users/invitations)", () => {
  it("creates a pending account and e-mails a 7-day single-use link that sets the password and signs in", async () => {
    const admin = await signedInUser("admin");
    const response = await call("POST", "/invitations", admin.session.access_token, {
      name: "  Nina Nova ",
      email: " Nina@Demo.TEST ",
      role: "manager",
    });
    expect(response.status).toBe(201);
    const { user } = await response.json<{ user: Member }>();
    expect(user).toMatchObject({ name: "Nina Nova", email: "nina@demo.test", role: "manager", status: "invited" });

    // Nobody knows the account's password until the link sets one.
    expect(
      (await request("/api/auth/token?grant_type=password", json("POST", { email: "nina@demo.test", password: DEFAULT_PASSWORD }))).status,
    ).toBe(400);

    const [mail] = (await invitationMail("nina@demo.test")).results;
    expect(mail!.subject).toBe(`${admin.user.name} convidou você para o CRM da Minha Empresa`);
    expect(mail!.text_body).toContain("para usar o CRM da Minha Empresa como Gerente");
    const link = linkIn(mail!.text_body);
    expect(link.origin + link.pathname).toBe(`${env.PUBLIC_ORIGIN}/auth`);
    expect(link.searchParams.get("type")).toBe("invite");
    const token = await env.DB.prepare("select expires_at, purpose from password_reset_tokens where user_id = ?")
      .bind(user.id)
      .first<{ expires_at: string; purpose: string }>();
    expect(token!.purpose).toBe("invite");
    const days = (new Date(token!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // The link: a recovery-method session, then the new password; the row is no longer pending.
    const verify = () => request("/api/auth/verify", json("POST", { type: "recovery", token_hash: link.searchParams.get("token") }));
    const opened = await verify();
    expect(opened.status).toBe(200);
    const session = await opened.json<{ access_token: string }>();
    expect(
      (await request("/api/auth/user", json("PUT", { password: "uma senha longa da Nina" }, bearer(session.access_token)))).status,
    ).toBe(200);
    expect((await verify()).status).toBe(403); // single use
    await signIn("nina@demo.test", "uma senha longa da Nina");
    const row = await env.DB.prepare("select invited_at from users where id = ?").bind(user.id).first();
    expect(row).toEqual({ invited_at: null });
    const actions = (await auditRows()).results.filter((entry) => entry.target_id === user.id).map((entry) => entry.action);
    expect(actions).toEqual(["user.invited", "user.invitation_accepted"]);
  });

  it("an expired link and a link spent by a second invitation are refused", async () => {
    const admin = await signedInUser("admin");
    const { user } = await (
      await call("POST", "/invitations", admin.session.access_token, { name: "Otto", email: "otto@demo.test", role: "sales_rep" })
    ).json<{ user: Member }>();
    const first = linkIn((await invitationMail("otto@demo.test")).results[0]!.text_body).searchParams.get("token");
    expect((await call("POST", `/${user.id}/invitation`, admin.session.access_token)).status).toBe(200);
    const mails = await eventually(
      () => invitationMail("otto@demo.test"),
      (rows) => rows.results.length === 2,
    );
    const second = linkIn(mails.results[1]!.text_body).searchParams.get("token");
    const verify = (token: string | null) => request("/api/auth/verify", json("POST", { type: "recovery", token_hash: token }));
    expect((await verify(first)).status).toBe(403);
    await env.DB.prepare("update password_reset_tokens set expires_at = ? where user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run();
    expect((await verify(second)).status).toBe(403);
  });

  it("409 with a translated message for an e-mail already in use, also for two invitations at once", async () => {
    const admin = await signedInUser("admin");
    const taken = await createUser(db(), { email: "ocupado@demo.test" });
    const response = await call(
      "POST",
      "/invitations",
      admin.session.access_token,
      { name: "X", email: taken.email, role: "sales_rep" },
      { "Accept-Language": "en" },
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: "user_email_taken",
      message: "A user with the e-mail ocupado@demo.test already exists.",
    });

    const burst = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", "/invitations", admin.session.access_token, { name: "Par", email: "par@demo.test", role: "sales_rep" }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const count = await env.DB.prepare("select count(*) as n from users where email = 'par@demo.test'").first();
    expect(count).toEqual({ n: 1 });
  });

  it("400 per field in the caller's language; 403 for managers and sales reps; 401 anonymous", async () => {
    const admin = await signedInUser("admin");
    const bad = await call(
      "POST",
      "/invitations",
      admin.session.access_token,
      { name: "", email: "not-an-email", role: "owner" },
      { "Accept-Language": "es" },
    );
    expect(bad.status).toBe(400);
    const body = await bad.json<{ issues: { path: string; message: string }[] }>();
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Campo obligatorio." },
        { path: "email", message: "Valor no válido." },
        { path: "role", message: "Valor no válido." },
      ]),
    );
    for (const role of ["manager", "sales_rep"] as const) {
      const { session } = await signedInUser(role);
      expect(
        (await call("POST", "/invitations", session.access_token, { name: "A", email: `a-${role}@demo.test`, role: "admin" })).status,
      ).toBe(403);
    }
    expect((await call("POST", "/invitations", undefined, { name: "A", email: "anon@demo.test", role: "admin" })).status).toBe(401);
    const none = await env.DB.prepare(
      "select count(*) as n from users where email like 'a-%@demo.test' or email = 'anon@demo.test'",
    ).first();
    expect(none).toEqual({ n: 0 });
  });
});

describe("roles and deactivation", () => {
  it("an admin changes a role (audited); others get 403 and nothing changes", async () => {
    const admin = await signedInUser("admin");
    const rep = await createUser(db(), { role: "sales_rep" });
    for (const role of ["manager", "sales_rep"] as const) {
      const { session } = await signedInUser(role);
      expect((await call("PATCH", `/${rep.id}/role`, session.access_token, { role: "admin" })).status).toBe(403);
    }
    const response = await call("PATCH", `/${rep.id}/role`, admin.session.access_token, { role: "manager" });
    expect(response.status).toBe(200);
    expect((await response.json<{ user: Member }>()).user.role).toBe("manager");
    const entry = (await auditRows()).results.find((row) => row.target_id === rep.id);
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      action: "user.role_changed",
      before: '{"role":"sales_rep"}',
      after: '{"role":"manager"}',
    });
    expect((await call("PATCH", `/${rep.id}/role`, admin.session.access_token, { role: "boss" })).status).toBe(400);
    expect((await call("PATCH", "/missing/role", admin.session.access_token, { role: "manager" })).status).toBe(404);
  });

  it("deactivation ends the user's sessions at once and keeps their leads and tasks, named and marked inactive", async () => {
    const admin = await signedInUser("admin");
    const rep = await signedInUser("sales_rep");
    const lead = await createLead(db(), { assignedTo: rep.user.id });
    await createTask(db(), { assignedTo: rep.user.id, leadId: lead.id });
    const response = await call("PATCH", `/${rep.user.id}/status`, admin.session.access_token, { is_active: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: rep.user.id, is_active: false, user: { status: "inactive" } });
    await expect(authenticateAccessToken({ db: getDb(env.DB), env }, rep.session.access_token)).rejects.toMatchObject({ status: 401 });
    const revoked = await env.DB.prepare("select count(*) as n from auth_sessions where user_id = ? and revoked_at is null")
      .bind(rep.user.id)
      .first();
    expect(revoked).toEqual({ n: 0 });

    const detail = await request(`/api/leads/${lead.id}`, { headers: bearer(admin.session.access_token) });
    expect((await detail.json<{ lead: { assigned_user: unknown } }>()).lead.assigned_user).toEqual({
      id: rep.user.id,
      name: rep.user.name,
      inactive: true,
    });
    // The list, the pipeline and live events read leads with raw SQL: marked there too.
    const list = await (
      await request(`/api/leads?owner=${rep.user.id}`, { headers: bearer(admin.session.access_token) })
    ).json<{
      items: { id: string; assigned_user: unknown }[];
    }>();
    expect(list.items.find((item) => item.id === lead.id)?.assigned_user).toEqual({ id: rep.user.id, name: rep.user.name, inactive: true });
    const assignable = await (await call("GET", "/assignable", admin.session.access_token)).json<{ users: Member[] }>();
    expect(assignable.users.some((u) => u.id === rep.user.id)).toBe(false);

    expect((await call("PATCH", `/${rep.user.id}/status`, admin.session.access_token, { is_active: true })).status).toBe(200);
    await signIn(rep.user.email);
    const actions = (await auditRows()).results.filter((row) => row.target_id === rep.user.id).map((row) => row.action);
    expect(actions).toEqual(["user.deactivated", "user.reactivated"]);
  });

  it("an admin cannot deactivate themself (400, translated)", async () => {
    const admin = await signedInUser("admin");
    const response = await call(
      "PATCH",
      `/${admin.user.id}/status`,
      admin.session.access_token,
      { is_active: false },
      { "Accept-Language": "pt" },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "cannot_deactivate_self",
      message: "Você não pode desativar a sua própria conta.",
    });
  });

  it("the last active admin cannot be demoted or deactivated (409)", async () => {
    const a = await signedInUser("admin");
    const b = await signedInUser("admin");
    await onlyAdmins(a.user.id, b.user.id);
    expect((await call("PATCH", `/${b.user.id}/status`, a.session.access_token, { is_active: false })).status).toBe(200);
    // b is inactive: a is the last active admin, and may not demote themself.
    const demote = await call("PATCH", `/${a.user.id}/role`, a.session.access_token, { role: "manager" }, { "Accept-Language": "en" });
    expect(demote.status).toBe(409);
    expect(await demote.json()).toMatchObject({ error: "last_admin" });
    expect((await env.DB.prepare("select role from users where id = ?").bind(a.user.id).first())?.role).toBe("admin");
    // An invited admin who never set a password does not count as a remaining admin.
    await createUser(db(), { role: "admin", invitedAt: new Date().toISOString() });
    expect((await call("PATCH", `/${a.user.id}/role`, a.session.access_token, { role: "manager" })).status).toBe(409);
  });

  it("two admins demoting each other at the same moment leave one admin", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await signedInUser("admin");
      const b = await signedInUser("admin");
      await onlyAdmins(a.user.id, b.user.id);
      const [ab, ba] = await Promise.all([
        call("PATCH", `/${b.user.id}/role`, a.session.access_token, { role: "sales_rep" }),
        call("PATCH", `/${a.user.id}/role`, b.session.access_token, { role: "sales_rep" }),
      ]);
      const statuses = [ab.status, ba.status];
      // The one whose admin was demoted first is refused, either by the guard (409) or, once
      // demoted, by the role check (403); never both succeed.
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const admins = await env.DB.prepare("select count(*) as n from users where role = 'admin' and is_active = 1").first();
      expect(admins).toEqual({ n: 1 });
    }
  });

  it("a forced interleaving: both callers have read two admins before either writes, and the second write is refused", async () => {
    const a = await signedInUser("admin");
    const b = await signedInUser("admin");
    await onlyAdmins(a.user.id, b.user.id);
    const ctx = { db: getDb(env.DB), env };
    const viewerA = await authenticateAccessToken(ctx, a.session.access_token);
    const viewerB = await authenticateAccessToken(ctx, b.session.access_token);
    // Both reads done (each sees two active admins) before either write.
    const [rowA, rowB] = [viewerA.user, viewerB.user];
    const first = await writeActive(ctx, viewerA, rowB, false);
    const second = await writeRole(ctx, viewerB, rowA, "manager");
    expect(first?.isActive).toBe(false);
    expect(second).toBeUndefined();
    const admins = await env.DB.prepare("select id from users where role = 'admin' and is_active = 1").all<{ id: string }>();
    expect(admins.results.map((row) => row.id)).toEqual([a.user.id]);
    // The refused write left no audit entry.
    const entries = (await auditRows()).results.filter((row) => row.target_id === a.user.id);
    expect(entries).toEqual([]);
  });

  it("a parallel burst of deactivations of every admin but one keeps exactly one active admin", async () => {
    const admins = await Promise.all(Array.from({ length: 4 }, () => signedInUser("admin")));
    await onlyAdmins(...admins.map((admin) => admin.user.id));
    // Each admin deactivates the next one, all at once.
    const results = await Promise.all(
      admins.map((admin, i) =>
        call("PATCH", `/${admins[(i + 1) % admins.length]!.user.id}/status`, admin.session.access_token, { is_active: false }),
      ),
    );
    const active = await env.DB.prepare("select count(*) as n from users where role = 'admin' and is_active = 1").first<{ n: number }>();
    expect(active!.n).toBeGreaterThanOrEqual(1);
    expect(results.filter((r) => r.status === 200).length).toBe(admins.length - active!.n);
    expect(results.every((r) => [200, 401, 409].includes(r.status))).toBe(true);
  });
});

describe("invitation throttle", () => {
  it("an admin sends at most 30 invitations an hour: a parallel burst lets exactly 30 through, then 429 with Retry-After", async () => {
    const admin = await signedInUser("admin");
    const burst = await Promise.all(
      Array.from({ length: 34 }, (_, i) =>
        call("POST", "/invitations", admin.session.access_token, { name: `Lote ${i}`, email: `lote${i}@demo.test`, role: "sales_rep" }),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    const refused = burst.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    const created = await env.DB.prepare("select count(*) as n from users where email like 'lote%@demo.test'").first();
    expect(created).toEqual({ n: 30 });
  });
});

describe("hostile input", () => {
  it("a name with a directional override, a wrong body shape or type: translated 400s; a burst of one address never answers 500", async () => {
    const admin = await signedInUser("admin");
    const bidi = await call("POST", "/invitations", admin.session.access_token, {
      name: "Bidi\u202eName",
      email: "bidi@demo.test",
      role: "sales_rep",
    });
    expect(bidi.status).toBe(400);
    expect((await bidi.json<{ issues: { path: string; message: string }[] }>()).issues).toEqual([
      { path: "name", message: "Valor inválido." },
    ]);
    for (const body of [[], null, "x"]) {
      const response = await call("POST", "/invitations", admin.session.access_token, body, { "Accept-Language": "es" });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain("Valor no válido.");
    }
    const rep = await createUser(db());
    const wrongType = await call("PATCH", `/${rep.id}/status`, admin.session.access_token, { is_active: "false" });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(await wrongType.json())).toContain("Valor inválido.");
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        call("POST", "/invitations", admin.session.access_token, { name: "Paula", email: "paula.par@demo.test", role: "sales_rep" }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it("a deactivated invitee's link is spent: reactivating does not bring it back", async () => {
    const admin = await signedInUser("admin");
    const { user } = await (
      await call("POST", "/invitations", admin.session.access_token, { name: "Vera", email: "vera@demo.test", role: "sales_rep" })
    ).json<{ user: Member }>();
    const link = linkIn((await invitationMail("vera@demo.test")).results[0]!.text_body).searchParams.get("token");
    expect((await call("PATCH", `/${user.id}/status`, admin.session.access_token, { is_active: false })).status).toBe(200);
    expect((await call("PATCH", `/${user.id}/status`, admin.session.access_token, { is_active: true })).status).toBe(200);
    expect((await request("/api/auth/verify", json("POST", { type: "recovery", token_hash: link }))).status).toBe(403);
  });
});
