// Personal API tokens (issue 25, docs/decisions/031) against the real D1 and Durable Objects:
// /api/tokens (the cookie session only), a token acting as its owner within its scopes and
// the owner's role rules, the ways a token stops working (revoked, expired, unknown, owner
// deactivated), never a page's or a socket's identity, 600 requests a minute with the IETF
// draft RateLimit fields on every answer, and the audit trail of what it did.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/auth/crypto.ts";
import { apiTokens } from "../../worker/db/schema/index.ts";
import { createLoadContext } from "../../worker/router-context.ts";
import {
  API_TOKEN_RATE_LIMIT,
  MAX_ACTIVE_API_TOKENS,
  createApiToken,
  pruneApiTokenRequests,
  TOKEN_REQUEST_KEEP_DAYS,
  type ApiTokenDto,
  type ApiTokenScope,
  type CreatedApiTokenDto,
} from "../../worker/services/api-token-service.ts";
import { requiredScopes } from "../../worker/api/token-access.ts";
import { createLead, createTask, createUser } from "../factories/index.ts";
import { bearer, db, eventually, json, ORIGIN, recoverySession, request, sessionCookie, signedInUser } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;

const ALL_SCOPES: ApiTokenScope[] = ["leads:read", "leads:write", "tasks:read", "tasks:write", "reports:read"];

/** The browser's session: its cookies and our Origin (state-changing cookie requests need it). */
const browser = (s: Session, extra: Record<string, string> = {}) => ({ Cookie: sessionCookie(s.session), Origin: ORIGIN, ...extra });

async function makeToken(s: Session, body: Record<string, unknown> = {}): Promise<CreatedApiTokenDto> {
  const response = await request("/api/tokens", json("POST", { name: "CI", scopes: ALL_SCOPES, ...body }, browser(s)));
  expect(response.status).toBe(201);
  return response.json();
}

/** A token made straight through the service (no HTTP), for tests that need many. */
const serviceToken = (s: Session, scopes: ApiTokenScope[] = ALL_SCOPES, name = "svc") =>
  createApiToken({ db: db(), env }, { user: s.user, session: { id: "x", method: "password", expiresAt: 0 } }, { name, scopes });

const withToken = (secret: string, path: string, init: RequestInit = {}) =>
  request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...bearer(secret) } });

const tokenRequests = (tokenId: string) =>
  env.DB.prepare("select after from audit_log where action = 'token.request' and target_id = ? order by created_at")
    .bind(tokenId)
    .all<{ after: string }>()
    .then((r) => r.results.map((row) => JSON.parse(row.after) as { method: string; route: string; status: number }));

describe("/api/tokens: create, list, revoke", () => {
  it("refuses to mint a token in a recovery link's session (it would outlive the password reset); lists and revokes there", async () => {
    const rep = await signedInUser("sales_rep");
    const recovery = await recoverySession(rep.user.email);
    const asRecovery = { Cookie: sessionCookie(recovery), Origin: ORIGIN };
    const create = await request("/api/tokens?lang=en", json("POST", { name: "Backdoor", scopes: ["leads:read"] }, asRecovery));
    expect(create.status).toBe(403);
    expect(await create.json()).toEqual({
      error: "api_token_recovery_session",
      message: "Set your new password before creating an API token.",
    });
    expect((await env.DB.prepare("select count(*) as n from api_tokens").first<{ n: number }>())!.n).toBe(0);
    expect((await request("/api/tokens", { headers: asRecovery })).status).toBe(200);
    // The same person signed in with a password makes one.
    expect((await makeToken(rep, { name: "ERP", scopes: ["leads:read"] })).token.name).toBe("ERP");
  });

  it("shows the secret once, stores only its SHA-256 and a short prefix, and lists it without the secret", async () => {
    const rep = await signedInUser("sales_rep");
    const created = await makeToken(rep, { name: "  ERP  ", scopes: ["tasks:read", "leads:read", "leads:read"] });
    expect(created.secret).toMatch(/^vxl_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({
      name: "ERP",
      scopes: ["leads:read", "tasks:read"],
      status: "active",
      expires_at: null,
      last_used_at: null,
      owner: { id: rep.user.id },
    });
    expect(created.secret.startsWith(created.token.prefix)).toBe(true);
    expect(created.token.prefix.length).toBeLessThan(16);

    const row = await db().select().from(apiTokens).where(eq(apiTokens.id, created.token.id)).get();
    expect(row!.tokenHash).toBe(await sha256Hex(created.secret));
    // Nothing in D1 holds the secret: not the token row, not the audit log.
    const tokenRows = JSON.stringify((await env.DB.prepare("select * from api_tokens").all()).results);
    const auditRows = JSON.stringify((await env.DB.prepare("select * from audit_log").all()).results);
    const secretPart = created.secret.slice(created.token.prefix.length);
    expect(tokenRows).not.toContain(secretPart);
    expect(auditRows).not.toContain(secretPart);

    const list = await request("/api/tokens", { headers: browser(rep) });
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(secretPart);
    expect((JSON.parse(text) as { tokens: ApiTokenDto[] }).tokens.map((t) => t.id)).toEqual([created.token.id]);
  });

  it("validates name, scopes and expiry with translated field messages", async () => {
    const rep = await signedInUser("sales_rep");
    const post = (body: unknown, lang = "pt") => request(`/api/tokens?lang=${lang}`, json("POST", body, browser(rep)));
    const issuesOf = async (response: Response) => {
      expect(response.status).toBe(400);
      return ((await response.json()) as { issues: { path: string; message: string }[] }).issues;
    };
    expect(await issuesOf(await post({ name: "   ", scopes: ["leads:read"] }))).toEqual([{ path: "name", message: "Campo obrigatório." }]);
    expect(await issuesOf(await post({ name: "x".repeat(81), scopes: ["leads:read"] }))).toEqual([
      { path: "name", message: "Texto longo demais." },
    ]);
    expect(await issuesOf(await post({ name: "ok", scopes: [] }, "en"))).toEqual([
      { path: "scopes", message: "Pick at least one permission." },
    ]);
    expect((await issuesOf(await post({ name: "ok", scopes: ["admin:all"] })))[0]!.path).toBe("scopes.0");
    expect((await issuesOf(await post({ name: "ok" })))[0]!.path).toBe("scopes");
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await issuesOf(await post({ name: "ok", scopes: ["leads:read"], expires_at: past }, "es"))).toEqual([
      { path: "expires_at", message: "La fecha de expiración debe estar en el futuro." },
    ]);
    const tooFar = new Date(Date.now() + 367 * 86_400_000).toISOString();
    expect((await issuesOf(await post({ name: "ok", scopes: ["leads:read"], expires_at: tooFar })))[0]!.path).toBe("expires_at");
    expect((await issuesOf(await post({ name: "ok", scopes: ["leads:read"], expires_at: "tomorrow" })))[0]!.path).toBe("expires_at");
    expect(await issuesOf(await post({ name: "ok", scopes: ["leads:read"], extra: 1 }))).toEqual([
      { path: "(body)", message: "Campo não permitido." },
    ]);
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expect((await post({ name: "ok", scopes: ["leads:read"], expires_at: inAYear })).status).toBe(201);
  });

  it(`allows ${MAX_ACTIVE_API_TOKENS} active tokens per user: a parallel burst of 26 creates exactly ${MAX_ACTIVE_API_TOKENS}`, async () => {
    const rep = await signedInUser("sales_rep");
    const responses = await Promise.all(
      Array.from({ length: 26 }, (_, i) =>
        request("/api/tokens?lang=en", json("POST", { name: `t${i}`, scopes: ["leads:read"] }, browser(rep))),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ACTIVE_API_TOKENS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(26 - MAX_ACTIVE_API_TOKENS);
    const refused = await responses.find((r) => r.status === 409)!.json();
    expect(refused).toEqual({
      error: "api_token_limit",
      message: "You already have 20 active tokens. Revoke one before creating another.",
    });
    const { count } = (await env.DB.prepare("select count(*) as count from api_tokens where user_id = ?")
      .bind(rep.user.id)
      .first<{ count: number }>())!;
    expect(count).toBe(MAX_ACTIVE_API_TOKENS);
    // Only the created ones were audited.
    const audited = await env.DB.prepare("select count(*) as n from audit_log where action = 'token.created' and actor_id = ?")
      .bind(rep.user.id)
      .first<{ n: number }>();
    expect(audited!.n).toBe(MAX_ACTIVE_API_TOKENS);
    // A revoked token frees a place.
    const { tokens } = (await (await request("/api/tokens", { headers: browser(rep) })).json()) as { tokens: ApiTokenDto[] };
    expect((await request(`/api/tokens/${tokens[0]!.id}`, { method: "DELETE", headers: browser(rep) })).status).toBe(200);
    expect((await request("/api/tokens", json("POST", { name: "again", scopes: ["leads:read"] }, browser(rep)))).status).toBe(201);
  });

  it("revokes at once: the next request with the token is 401 api_token_revoked, in the caller's language", async () => {
    const rep = await signedInUser("sales_rep");
    const { token, secret } = await makeToken(rep);
    expect((await withToken(secret, "/api/leads")).status).toBe(200);
    const revoked = await request(`/api/tokens/${token.id}`, { method: "DELETE", headers: browser(rep) });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { token: ApiTokenDto }).token).toMatchObject({ status: "revoked" });
    const after = await withToken(secret, "/api/leads?lang=en");
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "api_token_revoked", message: "This API token has been revoked." });
    // Revoking again changes nothing and writes no second entry.
    expect((await request(`/api/tokens/${token.id}`, { method: "DELETE", headers: browser(rep) })).status).toBe(200);
    const entries = await env.DB.prepare("select actor_id from audit_log where action = 'token.revoked' and target_id = ?")
      .bind(token.id)
      .all();
    expect(entries.results).toEqual([{ actor_id: rep.user.id }]);
  });

  it("anonymous requests are 401; another user's token is 404 to non-admins; everyone's list is for admins only", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const admin = await signedInUser("admin");
    const { token } = await makeToken(rep);
    expect((await request("/api/tokens")).status).toBe(401);
    expect((await request("/api/tokens", json("POST", { name: "x", scopes: ["leads:read"] }))).status).toBe(401);
    expect((await request(`/api/tokens/${token.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await request(`/api/tokens/${token.id}/requests`)).status).toBe(401);

    expect((await request(`/api/tokens/${token.id}`, { method: "DELETE", headers: browser(manager) })).status).toBe(404);
    expect((await request(`/api/tokens/${token.id}/requests`, { headers: browser(manager) })).status).toBe(404);
    expect((await request("/api/tokens?all=1", { headers: browser(manager) })).status).toBe(403);
    expect((await request("/api/tokens?all=1", { headers: browser(rep) })).status).toBe(403);
    // The manager's own list does not show the rep's token.
    expect(((await (await request("/api/tokens", { headers: browser(manager) })).json()) as { tokens: unknown[] }).tokens).toEqual([]);

    const all = (await (await request("/api/tokens?all=1", { headers: browser(admin) })).json()) as { tokens: ApiTokenDto[] };
    expect(all.tokens.find((t) => t.id === token.id)).toMatchObject({ owner: { id: rep.user.id, name: rep.user.name } });
    const revoked = await request(`/api/tokens/${token.id}`, { method: "DELETE", headers: browser(admin) });
    expect(revoked.status).toBe(200);
    const entry = await env.DB.prepare("select actor_id, target_label from audit_log where action = 'token.revoked' and target_id = ?")
      .bind(token.id)
      .first<{ actor_id: string; target_label: string }>();
    expect(entry).toEqual({ actor_id: admin.user.id, target_label: `CI (${rep.user.name})` });
  });

  it("only the cookie session manages tokens: a token (or any Authorization) cannot list, mint or revoke", async () => {
    const rep = await signedInUser("sales_rep");
    const { token, secret } = await makeToken(rep);
    const list = await withToken(secret, "/api/tokens?lang=en");
    expect(list.status).toBe(403);
    expect(await list.json()).toEqual({ error: "api_token_route_not_allowed", message: "This route is not available to API tokens." });
    expect((await withToken(secret, "/api/tokens", json("POST", { name: "x", scopes: ["leads:read"] }))).status).toBe(403);
    expect((await withToken(secret, `/api/tokens/${token.id}`, { method: "DELETE" })).status).toBe(403);
    // A session's JWT as a bearer is not the browser's session either.
    const jwt = await request("/api/tokens", json("POST", { name: "x", scopes: ["leads:read"] }, bearer(rep.session.access_token)));
    expect(jwt.status).toBe(403);
    expect(((await jwt.json()) as { error: string }).error).toBe("api_token_not_allowed");
    const { count } = (await env.DB.prepare("select count(*) as count from api_tokens").first<{ count: number }>())!;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare("select count(*) as n from api_tokens where name = 'x'").first<{ n: number }>()).toEqual({ n: 0 });
  });
});

describe("a token acts as its owner", () => {
  it("maps each request to its scope; a scope opens its routes and nothing else (403 with a translated message)", async () => {
    const manager = await signedInUser("manager");
    const lead = await createLead(db(), { assignedTo: manager.user.id });
    const task = await createTask(db(), { assignedTo: manager.user.id, createdBy: manager.user.id });
    const calls: { scope: ApiTokenScope; method: string; path: string; body?: unknown; ok: number }[] = [
      { scope: "leads:read", method: "GET", path: "/api/leads", ok: 200 },
      { scope: "leads:read", method: "GET", path: `/api/leads/${lead.id}`, ok: 200 },
      { scope: "leads:read", method: "GET", path: "/api/leads/pipeline", ok: 200 },
      { scope: "leads:write", method: "POST", path: "/api/leads", body: { name: "Via API" }, ok: 201 },
      { scope: "leads:write", method: "PATCH", path: `/api/leads/${lead.id}`, body: { status: "contacted" }, ok: 200 },
      { scope: "tasks:read", method: "GET", path: "/api/tasks", ok: 200 },
      { scope: "tasks:read", method: "GET", path: `/api/tasks/${task.id}`, ok: 200 },
      { scope: "tasks:write", method: "POST", path: "/api/tasks", body: { title: "Via API" }, ok: 201 },
      { scope: "tasks:write", method: "PATCH", path: `/api/tasks/${task.id}/completion`, body: { completed: true }, ok: 200 },
      { scope: "reports:read", method: "GET", path: "/api/reports?period=30d", ok: 200 },
    ];
    for (const scope of ALL_SCOPES) {
      const { secret } = await serviceToken(manager, [scope], scope);
      for (const call of calls) {
        const init = call.body === undefined ? { method: call.method } : json(call.method, call.body);
        const response = await withToken(secret, `${call.path}${call.path.includes("?") ? "&" : "?"}lang=en`, init);
        if (call.scope === scope) {
          expect(response.status, `${scope} ${call.method} ${call.path}`).toBe(call.ok);
        } else {
          expect(response.status, `${scope} ${call.method} ${call.path}`).toBe(403);
          const body = (await response.json()) as { error: string; message: string };
          expect(body.error).toBe("api_token_scope_missing");
          expect(body.message).toBe(`This API token lacks the permission this needs: ${call.scope}.`);
        }
      }
    }
  });

  it("lets any token read the API's OpenAPI document (no scope needed), with the rate-limit fields; never write to it", async () => {
    const rep = await signedInUser("sales_rep");
    const { secret } = await serviceToken(rep, ["tasks:read"]);
    const response = await withToken(secret, "/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("RateLimit-Policy")).toBe('"token";q=600;w=60');
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.paths)).toContain("/api/leads");
    const post = await withToken(secret, "/api/openapi.json", { method: "POST" });
    expect(post.status).toBe(403);
  });

  it("refuses every other API route to any token, whatever its scopes", async () => {
    const admin = await signedInUser("admin");
    const { secret } = await serviceToken(admin);
    const refused: [string, string, unknown?][] = [
      ["GET", "/api/dashboard"],
      ["GET", "/api/search?q=ana"],
      ["GET", "/api/notifications"],
      ["GET", "/api/chat/channels"],
      ["GET", "/api/users"],
      ["GET", "/api/users/audit"],
      ["PATCH", "/api/users/me", { name: "Hacked" }],
      ["GET", "/api/settings/system"],
      ["GET", "/api/exports/data"],
      ["GET", "/api/backups"],
      ["GET", "/api/session"],
      ["POST", "/api/auth/logout"],
      ["GET", "/api/push/devices"],
      ["POST", "/api/reports/export"],
      ["POST", "/api/leads/capture", { email: "x@y.z" }],
      ["POST", "/api/contact", { name: "Ana", email: "a@b.c", message: "hello there friend" }],
      ["GET", "/api/health"],
      ["GET", "/api/no-such-route"],
      // Dot segments, plain or encoded, are resolved before the scopes are read: they never
      // borrow the leads scope for another route.
      ["GET", "/api/leads/%2e%2e/users"],
      ["GET", "/api/leads/%2E%2E/dashboard"],
    ];
    for (const [method, path, body] of refused) {
      const response = await withToken(secret, path, body === undefined ? { method } : json(method, body));
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { error: string }).error, `${method} ${path}`).toBe("api_token_route_not_allowed");
    }
    // The name did not change.
    expect((await env.DB.prepare("select name from users where id = ?").bind(admin.user.id).first<{ name: string }>())!.name).toBe(
      admin.user.name,
    );
  });

  it("GET /api/users/assignable opens to leads:read or tasks:read (the owner ids a client needs)", async () => {
    const rep = await signedInUser("sales_rep");
    for (const [scopes, status] of [
      [["leads:read"], 200],
      [["tasks:read"], 200],
      [["reports:read", "leads:write"], 403],
    ] as const) {
      const { secret } = await serviceToken(rep, [...scopes]);
      expect((await withToken(secret, "/api/users/assignable")).status, scopes.join()).toBe(status);
    }
    expect(requiredScopes("POST", "/api/users/assignable")).toBeNull();
  });

  it("follows the owner's role rules: a sales_rep's token edits only what that rep may", async () => {
    const rep = await signedInUser("sales_rep");
    const other = await createUser(db(), { role: "sales_rep" });
    const mine = await createLead(db(), { assignedTo: rep.user.id, name: "Meu" });
    const theirs = await createLead(db(), { assignedTo: other.id, name: "Deles" });
    const theirTask = await createTask(db(), { assignedTo: other.id, createdBy: other.id });
    const { secret } = await serviceToken(rep);

    expect((await withToken(secret, `/api/leads/${mine.id}`, json("PATCH", { status: "contacted" }))).status).toBe(200);
    const refused = await withToken(secret, `/api/leads/${theirs.id}?lang=en`, json("PATCH", { status: "contacted" }));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe("forbidden");
    expect((await withToken(secret, `/api/leads/${mine.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await withToken(secret, `/api/tasks/${theirTask.id}`, json("PATCH", { title: "Nope" }))).status).toBe(403);
    // Reading is everyone's.
    expect((await withToken(secret, `/api/leads/${theirs.id}`)).status).toBe(200);

    // A manager's token may delete.
    const manager = await signedInUser("manager");
    const { secret: managerSecret } = await serviceToken(manager);
    expect((await withToken(managerSecret, `/api/leads/${theirs.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("an unknown, malformed, expired token or a deactivated owner's token is a 401 saying which", async () => {
    const rep = await signedInUser("sales_rep");
    const admin = await signedInUser("admin");
    const error = async (secret: string) => {
      const response = await withToken(secret, "/api/leads?lang=en");
      expect(response.status).toBe(401);
      expect(response.headers.get("RateLimit")).toBeNull();
      return response.json();
    };
    expect(await error(`vxl_pat_${"A".repeat(43)}`)).toEqual({ error: "api_token_invalid", message: "Invalid API token." });
    expect(await error("vxl_pat_short")).toMatchObject({ error: "api_token_invalid" });

    const expiring = await serviceToken(rep, ["leads:read"], "expiring");
    expect((await withToken(expiring.secret, "/api/leads")).status).toBe(200);
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(apiTokens.id, expiring.token.id));
    expect(await error(expiring.secret)).toEqual({ error: "api_token_expired", message: "This API token has expired." });
    const listed = (await (await request("/api/tokens", { headers: browser(rep) })).json()) as { tokens: ApiTokenDto[] };
    expect(listed.tokens.find((t) => t.id === expiring.token.id)!.status).toBe("expired");

    const { secret } = await serviceToken(rep, ["leads:read"], "owner");
    expect((await withToken(secret, "/api/leads")).status).toBe(200);
    const deactivated = await request(`/api/users/${rep.user.id}/status`, json("PATCH", { is_active: false }, browser(admin)));
    expect(deactivated.status).toBe(200);
    expect(await error(secret)).toEqual({ error: "api_token_owner_inactive", message: "This API token's owner is deactivated." });
    const pt = await withToken(secret, "/api/leads");
    expect(((await pt.json()) as { message: string }).message).toBe("O dono deste token de API está desativado.");
  });

  it("never opens a CRM page: the loaders' auth sees no one behind a token, cookies or not", async () => {
    const rep = await signedInUser("sales_rep");
    const { secret } = await serviceToken(rep);
    const identify = (headers: Record<string, string>) => {
      const req = new Request(new URL("/dashboard", ORIGIN), { headers });
      return createLoadContext(req, env, createExecutionContext(), "nonce").auth;
    };
    expect(await identify(bearer(secret)).current()).toBeNull();
    expect(await identify({ ...bearer(secret), Cookie: sessionCookie(rep.session) }).current()).toBeNull();
    await expect(identify(bearer(secret)).require()).rejects.toMatchObject({ status: 401 });
    // The same request's API twin is the rep.
    expect((await withToken(secret, "/api/leads")).status).toBe(200);
  });

  it("never opens a socket", async () => {
    const rep = await signedInUser("sales_rep");
    const { secret } = await serviceToken(rep);
    const upgrade = (headers: Record<string, string>) =>
      request(`/parties/user-room/user-${rep.user.id}`, { headers: { Upgrade: "websocket", Origin: ORIGIN, ...headers } });
    const refused = await upgrade(bearer(secret));
    expect(refused.status).toBe(401);
    expect(refused.webSocket).toBeNull();
    expect((await upgrade({ ...bearer(secret), Cookie: sessionCookie(rep.session) })).status).toBe(401);
    const team = await request("/parties/team-room/team", { headers: { Upgrade: "websocket", Origin: ORIGIN, ...bearer(secret) } });
    expect(team.status).toBe(401);
  });
});

describe("rate limit, RateLimit fields and the audit trail", () => {
  it(`a parallel burst of ${API_TOKEN_RATE_LIMIT.limit + 12} gets exactly ${API_TOKEN_RATE_LIMIT.limit} through; every answer carries the fields`, async () => {
    const rep = await signedInUser("sales_rep");
    const { token, secret } = await serviceToken(rep, ["leads:read"]);
    const limit = API_TOKEN_RATE_LIMIT.limit;
    const responses = await Promise.all(Array.from({ length: limit + 12 }, () => withToken(secret, "/api/users/assignable?lang=en")));
    const passed = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    expect(passed).toHaveLength(limit);
    expect(refused).toHaveLength(12);
    for (const response of responses) {
      expect(response.headers.get("RateLimit-Policy")).toBe(`"token";q=${limit};w=60`);
      expect(response.headers.get("RateLimit")).toMatch(/^"token";r=\d+;t=\d+$/);
    }
    // Each reservation saw the window as it left it: every count from 599 down to 0 exactly once.
    const remaining = passed.map((r) => Number(/r=(\d+)/.exec(r.headers.get("RateLimit")!)![1])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: limit }, (_, i) => i));
    for (const response of refused) {
      expect(response.headers.get("RateLimit")).toMatch(/^"token";r=0;t=([1-9]\d?)$/);
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe("rate_limited");
      expect(body.message).toMatch(/^This API token's request limit was reached\. Try again in /);
    }
    await Promise.all(passed.map((r) => r.body?.cancel()));
    // Each request that went through is audited (after its answer); the refused ones are not.
    await eventually(
      () => tokenRequests(token.id),
      (rows) => rows.length === limit,
      30_000,
    );
    // Another token of the same owner has its own 600.
    const { secret: second } = await serviceToken(rep, ["leads:read"], "second");
    const fresh = await withToken(second, "/api/users/assignable");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("RateLimit")).toMatch(/^"token";r=599;t=60$/);
  }, 120_000);

  it("the fields are on refusals too (403 scope), and a session's requests carry none", async () => {
    const rep = await signedInUser("sales_rep");
    const { secret } = await serviceToken(rep, ["reports:read"]);
    const refused = await withToken(secret, "/api/leads");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("RateLimit-Policy")).toBe(`"token";q=600;w=60`);
    expect(refused.headers.get("RateLimit")).toBe(`"token";r=599;t=60`);
    const session = await request("/api/leads", { headers: bearer(rep.session.access_token) });
    expect(session.status).toBe(200);
    expect(session.headers.get("RateLimit")).toBeNull();
  });

  it("audits every request (route pattern, method, status) after the answer, and last use at most once a minute", async () => {
    const rep = await signedInUser("sales_rep");
    const admin = await signedInUser("admin");
    const lead = await createLead(db(), { assignedTo: rep.user.id });
    const { token, secret } = await makeToken(rep, { name: "Zapier", scopes: ["leads:read", "leads:write"] });
    expect((await withToken(secret, `/api/leads/${lead.id}`)).status).toBe(200);
    expect((await withToken(secret, `/api/leads/${lead.id}`, json("PATCH", { status: "contacted" }))).status).toBe(200);
    expect((await withToken(secret, "/api/tasks")).status).toBe(403);
    const rows = await eventually(
      () => tokenRequests(token.id),
      (r) => r.length === 3,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { method: "GET", route: "/api/leads/:id", status: 200 },
        { method: "PATCH", route: "/api/leads/:id", status: 200 },
        { method: "GET", route: "/api/tasks", status: 403 },
      ]),
    );
    const label = await env.DB.prepare(
      "select distinct actor_id, target_label from audit_log where action = 'token.request' and target_id = ?",
    )
      .bind(token.id)
      .all();
    expect(label.results).toEqual([{ actor_id: rep.user.id, target_label: "Zapier" }]);

    // The token's row shows them, newest first; the owner's and admins' only.
    const recent = await request(`/api/tokens/${token.id}/requests`, { headers: browser(rep) });
    expect(recent.status).toBe(200);
    const { requests } = (await recent.json()) as { requests: { method: string; route: string; status: number }[] };
    expect(requests).toHaveLength(3);
    expect((await request(`/api/tokens/${token.id}/requests`, { headers: browser(admin) })).status).toBe(200);

    // The trail of changes (Settings → Usuários) has the token made, not its requests.
    const audit = (await (await request("/api/users/audit", { headers: browser(admin) })).json()) as { entries: { action: string }[] };
    const actions = audit.entries.map((e) => e.action);
    expect(actions).toContain("token.created");
    expect(actions).not.toContain("token.request");

    // Last use: written once, not again within the minute.
    const first = await eventually(
      () => db().select().from(apiTokens).where(eq(apiTokens.id, token.id)).get(),
      (row) => row?.lastUsedAt !== null,
    );
    expect((await withToken(secret, "/api/leads")).status).toBe(200);
    await eventually(
      () => tokenRequests(token.id),
      (r) => r.length === 4,
    );
    const second = await db().select().from(apiTokens).where(eq(apiTokens.id, token.id)).get();
    expect(second!.lastUsedAt).toBe(first!.lastUsedAt);
    // A minute later it moves.
    await db()
      .update(apiTokens)
      .set({ lastUsedAt: new Date(Date.now() - 61_000).toISOString() })
      .where(eq(apiTokens.id, token.id));
    expect((await withToken(secret, "/api/leads")).status).toBe(200);
    await eventually(
      () => db().select().from(apiTokens).where(eq(apiTokens.id, token.id)).get(),
      (row) => new Date(row!.lastUsedAt!).getTime() > Date.now() - 30_000,
    );
  });

  it("the trail of changes reads the partial index that leaves token requests out", async () => {
    const { results } = await env.DB.prepare(
      `explain query plan select * from audit_log where action <> 'token.request' order by created_at desc, id desc limit 50`,
    ).all<{ detail: string }>();
    expect(results.map((r) => r.detail).join(" | ")).toContain("audit_log_changes_created_idx");
  });
});

describe("the Cron's clean-up of token request entries", () => {
  it("removes per-request entries older than 90 days, keeps newer ones and every other audit entry", async () => {
    const admin = await signedInUser("admin");
    const now = new Date("2026-12-07T12:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const insert = (id: string, action: string, createdAt: string) =>
      env.DB.prepare(
        "insert into audit_log (id, actor_id, actor_name, action, target_type, target_id, created_at) values (?, ?, 'Ana', ?, 'api_token', 't1', ?)",
      )
        .bind(id, admin.user.id, action, createdAt)
        .run();
    await insert("old-request", "token.request", daysAgo(TOKEN_REQUEST_KEEP_DAYS + 1));
    await insert("recent-request", "token.request", daysAgo(TOKEN_REQUEST_KEEP_DAYS - 1));
    await insert("old-created", "token.created", daysAgo(400));
    await insert("old-role-change", "user.role_changed", daysAgo(400));

    expect(await pruneApiTokenRequests({ db: db(), env }, now)).toBe(1);
    const left = await env.DB.prepare(
      "select id from audit_log where id in ('old-request', 'recent-request', 'old-created', 'old-role-change') order by id",
    ).all<{ id: string }>();
    expect(left.results.map((row) => row.id)).toEqual(["old-created", "old-role-change", "recent-request"]);
    expect(await pruneApiTokenRequests({ db: db(), env }, now)).toBe(0);
  });
});
