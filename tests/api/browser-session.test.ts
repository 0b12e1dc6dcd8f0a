import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signAccessToken } from "../../worker/auth/jwt.ts";
import { bearer, decodeJwt, request, sessionCookie, signedInUser } from "../helpers.ts";

const setCookies = (response: Response) => response.headers.getSetCookie();

describe("cookie sessions", () => {
  it("GET /api/session answers the signed-in user from the session cookies", async () => {
    const { user, session } = await signedInUser();
    const response = await request("/api/session", { headers: { Cookie: sessionCookie(session) } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: user.id }, expires_at: session.expires_at });
    // No session cookie is renewed (the D1 bookmark cookie may be set: docs/decisions/011).
    expect(setCookies(response).filter((cookie) => !cookie.startsWith("crm-d1-bookmark="))).toEqual([]);
  });

  it("the server renews an expired access token with the refresh cookie by itself", async () => {
    const { user, session } = await signedInUser();
    const claims = decodeJwt(session.access_token);
    const stale = await signAccessToken(env.AUTH_SECRET, {
      sub: user.id,
      session_id: claims.session_id as string,
      email: user.email,
      staff_role: user.role,
      iat: Math.floor(Date.now() / 1000) - 3600 + 30,
      amr: [],
    });
    const response = await request("/api/session", { headers: { Cookie: sessionCookie({ ...session, access_token: stale }) } });
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^crm-access=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/);
    expect(cookies[1]).toMatch(/^crm-refresh=[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const body = await response.json<{ expires_at: number }>();
    expect(body.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3500);
  });

  it("over HTTPS the cookies are Secure and __Host- prefixed", async () => {
    const { session } = await signedInUser();
    const response = await request("https://crm.example/api/session/refresh", {
      method: "POST",
      headers: { Cookie: `__Host-crm-refresh=${session.refresh_token}`, Origin: "https://crm.example" },
    });
    expect(response.status).toBe(200);
    for (const cookie of setCookies(response))
      expect(cookie).toMatch(/^__Host-crm-(access|refresh)=.*; Path=\/; .*HttpOnly; SameSite=Lax; Secure$/);
  });

  it("an ended session is answered 401 and its cookies are cleared", async () => {
    const { session } = await signedInUser();
    await env.DB.prepare("update auth_sessions set revoked_at = ?").bind(new Date().toISOString()).run();
    const response = await request("/api/session", { headers: { Cookie: sessionCookie(session) } });
    expect(response.status).toBe(401);
    expect(setCookies(response).every((c) => c.includes("Max-Age=0"))).toBe(true);
  });

  it("signing out with cookies ends the session and clears the cookies", async () => {
    const { session } = await signedInUser();
    const response = await request("/api/auth/logout?scope=local", {
      method: "POST",
      headers: { Cookie: sessionCookie(session), Origin: "http://localhost" },
    });
    expect(response.status).toBe(204);
    expect(setCookies(response)).toEqual([expect.stringContaining("crm-access=; "), expect.stringContaining("crm-refresh=; ")]);
    expect((await request("/api/auth/user", { headers: bearer(session.access_token) })).status).toBe(401);
  });
});

describe("CSRF: state-changing cookie requests must come from this origin", () => {
  it("rejects another Origin and cross-site fetches, accepts our own", async () => {
    const { session } = await signedInUser();
    const post = (headers: Record<string, string>) =>
      request("/api/auth/logout?scope=local", { method: "POST", headers: { Cookie: sessionCookie(session), ...headers } });

    const evil = await post({ Origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ error: "forbidden" });
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await request("/api/auth/user", { headers: bearer(session.access_token) })).status).toBe(200);

    expect((await post({ Origin: "http://localhost" })).status).toBe(204);
  });

  it("guards the sign-in form against cross-site posts", async () => {
    const response = await request("/auth", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.co&password=x",
    });
    expect(response.status).toBe(403);
  });

  it("does not apply to bearer-token clients", async () => {
    const { session } = await signedInUser();
    const response = await request("/api/auth/logout?scope=local", {
      method: "POST",
      headers: { ...bearer(session.access_token), Origin: "https://other-app.example" },
    });
    expect(response.status).toBe(204);
  });
});
