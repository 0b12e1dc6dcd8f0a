// The cross-site check (worker/auth/origin-check.ts) and which credential a request carries
// (worker/auth/request-auth.ts): a write that carries the session cookies must show our own
// Origin (or Sec-Fetch-Site: same-origin) whatever other headers it has, a request with an
// Authorization header that is not a valid bearer token is 401 and never falls back to the
// cookies, and bearer-token clients without cookies work from anywhere. Every writing path:
// the API routes, React Router actions through the one fetch handler, and the /auth sign-in.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../worker/fetch-handler.ts";
import { createLoadContext } from "../../worker/router-context.ts";
import { createUser } from "../factories/index.ts";
import { bearer, db, ORIGIN, request, sessionCookie, signedInUser, signIn } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;

const EVIL = "https://evil.example";
const BASIC = `Basic ${btoa("admin:crm-demo-2026")}`;

let admin: Session;
let target: { id: string };

beforeAll(async () => {
  admin = await signedInUser("admin");
  target = await createUser(db(), { role: "sales_rep" });
});

/** Every API route that changes something for a signed-in staff member, with a body it accepts. */
const writes = (): { method: string; path: string; body?: unknown }[] => [
  { method: "POST", path: "/api/leads", body: { name: "Lead forjado" } },
  { method: "POST", path: "/api/tasks", body: { title: "Tarefa forjada" } },
  { method: "POST", path: "/api/chat/channels", body: { name: "canal-forjado" } },
  { method: "POST", path: "/api/notifications/read-all" },
  {
    method: "PUT",
    path: "/api/settings/notifications",
    body: {
      new_leads: false,
      status_changes: false,
      task_reminders: false,
      meeting_reminders: false,
      email_notifications: false,
      push_notifications: false,
      weekly_reports: false,
      monthly_reports: false,
    },
  },
  { method: "PATCH", path: `/api/users/${target.id}/status`, body: { is_active: false } },
  { method: "PUT", path: "/api/auth/user", body: { password: "cavalo correto bateria grampo" } },
  { method: "POST", path: "/api/auth/logout?scope=global" },
  { method: "POST", path: "/api/session/refresh" },
];

function send(write: { method: string; path: string; body?: unknown }, headers: Record<string, string>) {
  return request(write.path, {
    method: write.method,
    headers: { ...(write.body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: write.body === undefined ? undefined : JSON.stringify(write.body),
  });
}

/** What the forged writes above would have changed. */
async function footprint() {
  const row = await env.DB.prepare(
    `select
       (select count(*) from leads where name = 'Lead forjado') as leads,
       (select count(*) from tasks where title = 'Tarefa forjada') as tasks,
       (select count(*) from chat_channels where name = 'canal-forjado') as channels,
       (select is_active from users where id = ?) as target_active,
       (select password_hash from users where id = ?) as admin_password,
       (select count(*) from auth_sessions where user_id = ? and revoked_at is null) as admin_sessions`,
  )
    .bind(target.id, admin.user.id, admin.user.id)
    .first();
  return row;
}

describe("API writes with the session cookies", () => {
  it("are refused (403) from another origin whatever Authorization header comes along, and change nothing", async () => {
    const before = await footprint();
    const cookie = sessionCookie(admin.session);
    for (const write of writes()) {
      for (const authorization of [BASIC, `Bearer ${admin.session.access_token}`, "Bearer", "Token abc", undefined]) {
        const headers = { Cookie: cookie, Origin: EVIL, ...(authorization ? { Authorization: authorization } : {}) };
        const response = await send(write, headers);
        expect(response.status, `${write.method} ${write.path} with ${authorization?.split(" ")[0] ?? "no Authorization"}`).toBe(403);
        expect(await response.json()).toMatchObject({ error: "forbidden" });
      }
      for (const site of ["cross-site", "same-site"]) {
        const response = await send(write, { Cookie: cookie, "Sec-Fetch-Site": site, Authorization: BASIC });
        expect(response.status, `${write.method} ${write.path} Sec-Fetch-Site: ${site}`).toBe(403);
      }
    }
    expect(await footprint()).toEqual(before);
  });

  it("are refused (403) with neither Origin nor Sec-Fetch-Site: no page of ours sends such a write", async () => {
    const before = await footprint();
    for (const write of writes()) {
      const response = await send(write, { Cookie: sessionCookie(admin.session) });
      expect(response.status, `${write.method} ${write.path}`).toBe(403);
      // Only the refresh cookie (what a tab whose access cookie expired sends) is a session too.
      const refreshOnly = await send(write, { Cookie: `crm-refresh=${admin.session.refresh_token}` });
      expect(refreshOnly.status, `${write.method} ${write.path} (refresh cookie)`).toBe(403);
    }
    expect(await footprint()).toEqual(before);
  });

  it("with our own Origin but an Authorization header that is not a valid bearer token: 401, never the cookie session", async () => {
    const before = await footprint();
    for (const write of writes()) {
      for (const authorization of [BASIC, "Bearer", "Bearer not-a-token", "Token abc", `bearer${admin.session.access_token}`]) {
        const response = await send(write, { Cookie: sessionCookie(admin.session), Origin: ORIGIN, Authorization: authorization });
        expect(response.status, `${write.method} ${write.path} with ${JSON.stringify(authorization.slice(0, 12))}`).toBe(401);
      }
    }
    expect(await footprint()).toEqual(before);
    // Reads too: the header is the credential, the cookies are not looked at.
    const read = await request("/api/session", { headers: { Cookie: sessionCookie(admin.session), Authorization: BASIC } });
    expect(read.status).toBe(401);
    expect(await read.json()).toMatchObject({ error: "bad_jwt" });
    // With a valid bearer token the header is what counts (here: the same user).
    const valid = await request("/api/auth/user", {
      headers: { Cookie: sessionCookie(admin.session), ...bearer(admin.session.access_token) },
    });
    expect(valid.status).toBe(200);
  });

  it("a browser's same-origin fetch works: Origin = our origin, or only Sec-Fetch-Site: same-origin", async () => {
    const me = await signedInUser("sales_rep");
    const cookie = sessionCookie(me.session);
    const withOrigin = await send(
      { method: "POST", path: "/api/tasks", body: { title: "Mesma origem" } },
      { Cookie: cookie, Origin: ORIGIN },
    );
    expect(withOrigin.status).toBe(201);
    const withFetchMetadata = await send(
      { method: "POST", path: "/api/tasks", body: { title: "Sec-Fetch-Site" } },
      { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    );
    expect(withFetchMetadata.status).toBe(201);
    // Over HTTPS the __Host- cookies and the https origin.
    const secure = await request("https://crm.example/api/tasks", {
      method: "POST",
      headers: {
        Cookie: `__Host-crm-access=${me.session.access_token}`,
        Origin: "https://crm.example",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ title: "HTTPS" }),
    });
    expect(secure.status).toBe(201);
    const insecureOrigin = await request("https://crm.example/api/tasks", {
      method: "POST",
      headers: { Cookie: `__Host-crm-access=${me.session.access_token}`, Origin: "http://crm.example", "Content-Type": "application/json" },
      body: JSON.stringify({ title: "HTTP origin" }),
    });
    expect(insecureOrigin.status).toBe(403);
    const refresh = await request("/api/session/refresh", { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(refresh.status).toBe(200);
  });
});

describe("a forged upload (a form on another site can post multipart/form-data with no preflight)", () => {
  it("is refused (403) before the file is read: no import, no R2 object", async () => {
    const csv = "Nome;E-mail\nLead forjado;forjado@evil.example\n";
    const imports = async () => (await env.DB.prepare("select count(*) as n from lead_imports").first<{ n: number }>())!.n;
    const objects = async () => (await env.ATTACHMENTS.list({ prefix: "imports/" })).objects.length;
    const before = { imports: await imports(), objects: await objects() };
    for (const headers of [{ Origin: EVIL }, { "Sec-Fetch-Site": "cross-site" }, {}] as Record<string, string>[]) {
      const form = new FormData();
      form.set("file", new File([csv], "leads.csv", { type: "text/csv" }));
      const response = await request("/api/imports", {
        method: "POST",
        headers: { Cookie: sessionCookie(admin.session), ...headers },
        body: form,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect({ imports: await imports(), objects: await objects() }).toEqual(before);
    // The same upload from our own page is taken: the refusals above are the origin's.
    const form = new FormData();
    form.set("file", new File([csv], "leads.csv", { type: "text/csv" }));
    const own = await request("/api/imports", {
      method: "POST",
      headers: { Cookie: sessionCookie(admin.session), Origin: ORIGIN },
      body: form,
    });
    expect(own.status).toBe(201);
    expect(await imports()).toBe(before.imports + 1);
  });
});

describe("bearer-token clients without cookies", () => {
  it("keep working from any origin or none", async () => {
    const me = await signedInUser("sales_rep");
    for (const origin of [EVIL, ORIGIN, undefined]) {
      const response = await send(
        { method: "POST", path: "/api/tasks", body: { title: `Bearer ${origin ?? "sem origem"}` } },
        { ...bearer(me.session.access_token), ...(origin ? { Origin: origin } : {}) },
      );
      expect(response.status, String(origin)).toBe(201);
    }
    const other = await signIn(me.user.email);
    expect(
      (await send({ method: "POST", path: "/api/auth/logout?scope=local" }, { ...bearer(other.access_token), Origin: EVIL })).status,
    ).toBe(204);
  });

  it("a bad bearer token is 401 whatever the Origin", async () => {
    for (const origin of [EVIL, ORIGIN]) {
      const response = await send(
        { method: "POST", path: "/api/tasks", body: { title: "x" } },
        { Authorization: "Bearer not-a-token", Origin: origin },
      );
      expect(response.status).toBe(401);
    }
  });
});

describe("React Router actions and the /auth sign-in, through the one fetch handler", () => {
  /** The Worker's fetch handler with an app renderer that records what reached it. */
  function handler() {
    const reached: string[] = [];
    const fetch = createFetchHandler(async (req) => {
      reached.push(`${req.method} ${new URL(req.url).pathname}`);
      return new Response("rendered", { status: 200 });
    });
    const call = (path: string, init: RequestInit) =>
      fetch(new Request(new URL(path, ORIGIN), init) as Request<unknown, IncomingRequestCfProperties>, env, createExecutionContext());
    return { reached, call };
  }
  const form = (headers: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "intent=delete&email=a%40b.co&password=x",
  });

  it("a cookie action from another origin, with any Authorization header, or with neither Origin nor Sec-Fetch-Site never reaches the app", async () => {
    const { reached, call } = handler();
    const cookie = sessionCookie(admin.session);
    for (const path of ["/leads", "/leads.data", "/tasks?index", "/settings", "/auth/logout"]) {
      for (const headers of [
        { Cookie: cookie, Origin: EVIL } as Record<string, string>,
        { Cookie: cookie, Origin: EVIL, Authorization: BASIC },
        { Cookie: cookie, Origin: EVIL, ...bearer(admin.session.access_token) },
        { Cookie: cookie, "Sec-Fetch-Site": "cross-site", Authorization: BASIC },
        { Cookie: cookie },
        { Cookie: cookie, Authorization: BASIC },
        { Cookie: "crm-refresh=anything" },
      ]) {
        const response = await call(path, form(headers));
        expect(response.status, `${path} ${JSON.stringify(Object.keys(headers))}`).toBe(403);
      }
    }
    expect(reached).toEqual([]);
  });

  it("the /auth sign-in form is refused from another origin and without Origin or Sec-Fetch-Site, cookies or not", async () => {
    const { reached, call } = handler();
    for (const headers of [
      { Origin: EVIL } as Record<string, string>,
      { Origin: EVIL, Authorization: BASIC },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      {},
      { Authorization: BASIC },
    ]) {
      const response = await call("/auth", form(headers));
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect(reached).toEqual([]);
  });

  it("a same-origin form post reaches the app (Origin, or Sec-Fetch-Site: same-origin); a bearer client without cookies too", async () => {
    const { reached, call } = handler();
    const cookie = sessionCookie(admin.session);
    expect((await call("/leads", form({ Cookie: cookie, Origin: ORIGIN }))).status).toBe(200);
    expect((await call("/tasks?index", form({ Cookie: cookie, "Sec-Fetch-Site": "same-origin" }))).status).toBe(200);
    expect((await call("/auth", form({ Origin: ORIGIN }))).status).toBe(200);
    expect((await call("/auth", form({ "Sec-Fetch-Site": "same-origin" }))).status).toBe(200);
    expect((await call("/leads", form({ ...bearer(admin.session.access_token) }))).status).toBe(200);
    expect(reached).toEqual(["POST /leads", "POST /tasks", "POST /auth", "POST /auth", "POST /leads"]);
  });

  it("a loader or action sees no one behind a non-bearer Authorization header, even with valid cookies", async () => {
    const identify = (headers: Record<string, string>) => {
      const req = new Request(new URL("/leads", ORIGIN), { method: "POST", headers: { Origin: ORIGIN, ...headers } });
      return createLoadContext(req, env, createExecutionContext(), "nonce").auth.current();
    };
    const cookie = sessionCookie(admin.session);
    expect((await identify({ Cookie: cookie }))?.user.id).toBe(admin.user.id);
    expect(await identify({ Cookie: cookie, Authorization: BASIC })).toBeNull();
    expect(await identify({ Cookie: cookie, Authorization: "Bearer not-a-token" })).toBeNull();
    expect((await identify({ Cookie: cookie, ...bearer(admin.session.access_token) }))?.user.id).toBe(admin.user.id);
  });
});
