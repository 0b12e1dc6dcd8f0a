import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signAccessToken } from "../../worker/auth/jwt.ts";
import { createUser, DEFAULT_PASSWORD } from "../factories/index.ts";
import { bearer, db, decodeJwt, eventually, json, recoverySession, request, signedInUser, signIn } from "../helpers.ts";

const token = (body: unknown, headers: Record<string, string> = {}) =>
  request("/api/auth/token?grant_type=password", json("POST", body, headers));
const refresh = (refreshToken: string) =>
  request("/api/auth/token?grant_type=refresh_token", json("POST", { refresh_token: refreshToken }));
const getUser = (accessToken: string) => request("/api/auth/user", { headers: bearer(accessToken) });

describe("POST /api/auth/token?grant_type=password", () => {
  it("returns a GoTrue session with a signed access token carrying the staff role", async () => {
    const user = await createUser(db(), { email: "gerente@demo.test", role: "manager", name: "Marcos" });
    const response = await token({ email: "Gerente@Demo.test ", password: DEFAULT_PASSWORD });
    expect(response.status).toBe(200);
    const session = await response.json<Record<string, unknown>>();
    expect(session).toMatchObject({
      token_type: "bearer",
      expires_in: 3600,
      user: {
        id: user.id,
        email: "gerente@demo.test",
        aud: "authenticated",
        app_metadata: { staff_role: "manager" },
        user_metadata: { name: "Marcos" },
      },
    });
    expect(typeof session.refresh_token).toBe("string");
    const claims = decodeJwt(session.access_token as string);
    expect(claims).toMatchObject({ sub: user.id, role: "authenticated", aud: "authenticated", staff_role: "manager" });
    expect(claims.exp as number).toBe((claims.iat as number) + 3600);
    expect(session.expires_at).toBe(claims.exp);
    expect(typeof claims.session_id).toBe("string");
  });

  it("refuses a wrong password or an unknown e-mail with invalid_credentials, translated", async () => {
    const user = await createUser(db());
    for (const body of [
      { email: user.email, password: "wrong-password" },
      { email: "nobody@demo.test", password: DEFAULT_PASSWORD },
    ]) {
      const response = await token(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 400, error_code: "invalid_credentials", msg: "Email ou senha inválidos" });
    }
    const english = await token({ email: user.email, password: "nope-nope" }, { "Accept-Language": "en" });
    expect((await english.json<{ msg: string }>()).msg).toBe("Invalid login credentials");
  });

  it("answers missing fields, bad JSON and unknown grants with 400", async () => {
    expect((await token({ email: "a@b.co" })).status).toBe(400);
    const badJson = await request("/api/auth/token?grant_type=password", {
      method: "POST",
      body: "{oops",
      headers: { "Content-Type": "application/json" },
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error_code: "validation_failed" });
    const unknownGrant = await request("/api/auth/token?grant_type=magic", json("POST", {}));
    expect(unknownGrant.status).toBe(400);
    expect(await unknownGrant.json()).toMatchObject({ error_code: "unsupported_grant_type" });
  });
});

describe("access tokens", () => {
  it("GET /user answers the user for a valid token", async () => {
    const { user, session } = await signedInUser();
    const response = await getUser(session.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it("401 without credentials, for a token that is not three base64url parts, forged or expired", async () => {
    const { user, session } = await signedInUser();
    const anonymous = await request("/api/auth/user");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error_code: "no_authorization" });

    const claims = decodeJwt(session.access_token);
    const forged = await signAccessToken("another-secret-0123456789abcdef0123456789", {
      sub: user.id,
      session_id: claims.session_id as string,
      email: user.email,
      staff_role: "admin",
      iat: Math.floor(Date.now() / 1000),
      amr: [],
    });
    const expired = await signAccessToken(env.AUTH_SECRET, {
      sub: user.id,
      session_id: claims.session_id as string,
      email: user.email,
      staff_role: user.role,
      iat: Math.floor(Date.now() / 1000) - 7200,
      amr: [],
    });
    for (const bad of ["not-a-jwt", "a.b", "a.b.c.d", "##.$$.%%", forged, expired]) {
      const response = await getUser(bad);
      expect(response.status, bad).toBe(401);
      expect(await response.json()).toMatchObject({ error_code: "bad_jwt" });
    }
  });
});

describe("refresh tokens", () => {
  it("rotate: a refresh token gives a new pair and the old one stops working after the grace period", async () => {
    const { session } = await signedInUser();
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    const next = await first.json<{ access_token: string; refresh_token: string }>();
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect((await getUser(next.access_token)).status).toBe(200);

    // A retry of the just-used token within 10 s returns the very same new pair.
    const retry = await refresh(session.refresh_token);
    expect(retry.status).toBe(200);
    const again = await retry.json<{ access_token: string; refresh_token: string }>();
    expect(again.refresh_token).toBe(next.refresh_token);
    expect(again.access_token).toBe(next.access_token);

    // Presented again later: treated as theft, and the whole session ends.
    await env.DB.prepare("update refresh_tokens set used_at = ? where used_at is not null")
      .bind(new Date(Date.now() - 11_000).toISOString())
      .run();
    const reuse = await refresh(session.refresh_token);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error_code: "refresh_token_already_used" });
    expect((await refresh(next.refresh_token)).status).toBe(400);
    const revoked = await getUser(next.access_token);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ error_code: "session_not_found" });
  });

  it("refuses unknown refresh tokens", async () => {
    const response = await refresh("made-up-token");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: "refresh_token_not_found" });
  });

  it("stores only hashes of refresh tokens", async () => {
    const { session } = await signedInUser();
    const stored = await env.DB.prepare("select token_hash from refresh_tokens").all<{ token_hash: string }>();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(session.refresh_token);
    expect(stored.results[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("POST /api/auth/logout", () => {
  const logout = (accessToken: string, scope?: string) =>
    request(`/api/auth/logout${scope ? `?scope=${scope}` : ""}`, { method: "POST", headers: bearer(accessToken) });

  it("local ends only this session; others ends the rest; global (the default) ends all", async () => {
    const user = await createUser(db());
    const [a, b, c] = [await signIn(user.email), await signIn(user.email), await signIn(user.email)];
    expect((await logout(a.access_token, "others")).status).toBe(204);
    expect((await getUser(a.access_token)).status).toBe(200);
    expect((await getUser(b.access_token)).status).toBe(401);
    expect((await getUser(c.access_token)).status).toBe(401);

    const d = await signIn(user.email);
    expect((await logout(d.access_token, "local")).status).toBe(204);
    expect((await getUser(d.access_token)).status).toBe(401);
    expect((await getUser(a.access_token)).status).toBe(200);

    const e = await signIn(user.email);
    expect((await logout(e.access_token)).status).toBe(204);
    expect((await getUser(a.access_token)).status).toBe(401);
    expect((await refresh(a.refresh_token)).status).toBe(400);
  });

  it("rejects any other scope with 400", async () => {
    const { session } = await signedInUser();
    const response = await logout(session.access_token, "everyone");
    expect(response.status).toBe(400);
    expect((await getUser(session.access_token)).status).toBe(200);
  });
});

describe("sign-in throttling", () => {
  it("the 6th failed sign-in for the same e-mail and IP within 15 minutes gets 429 with Retry-After", async () => {
    const user = await createUser(db());
    const attempt = (password: string, ip = "203.0.113.7") => token({ email: user.email, password }, { "CF-Connecting-IP": ip });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong-password")).status).toBe(400);
    const limited = await attempt(DEFAULT_PASSWORD);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The message speaks in whole minutes (rounded up), the header in seconds.
    expect(await limited.json()).toMatchObject({
      error_code: "over_request_rate_limit",
      msg: "Muitas tentativas. Tente novamente em 15 minutos.",
    });
    for (const [lang, msg] of [
      ["es", "Demasiados intentos. Inténtalo de nuevo en 15 minutos."],
      ["en", "Too many attempts. Try again in 15 minutes."],
    ] as const) {
      const again = await token(
        { email: user.email, password: DEFAULT_PASSWORD },
        { "CF-Connecting-IP": "203.0.113.7", "Accept-Language": lang },
      );
      expect(again.status).toBe(429);
      expect(await again.json()).toMatchObject({ msg });
    }
    // Another address is not affected.
    expect((await attempt(DEFAULT_PASSWORD, "203.0.113.8")).status).toBe(200);
  });

  it("a successful sign-in clears earlier failures", async () => {
    const user = await createUser(db());
    for (let i = 0; i < 4; i++) await token({ email: user.email, password: "wrong-password" });
    expect((await token({ email: user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await token({ email: user.email, password: "wrong-password" })).status).toBe(400);
  });
});

describe("password recovery", () => {
  const recover = (email: string, headers: Record<string, string> = {}) =>
    request("/api/auth/recover?redirect_to=http://localhost/auth", json("POST", { email }, headers));
  // The e-mail is written after the answer (waitUntil), so reads wait for it.
  const outbox = (to?: string) =>
    eventually(
      () => outboxNow(to),
      (rows) => rows.results.length > 0,
    );
  const outboxNow = (to?: string) =>
    env.DB.prepare(
      "select to_address, subject, text_body, status from email_outbox where kind = 'password_recovery' and (?1 is null or to_address = ?1) order by created_at",
    )
      .bind(to ?? null)
      .all<{
        to_address: string;
        text_body: string;
        status: string;
      }>();
  const tokenFrom = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;

  it("answers the same whether or not the address exists, and only mails real accounts", async () => {
    const user = await createUser(db(), { email: "rita@demo.test" });
    const known = await recover(user.email);
    const unknown = await recover("ghost@demo.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const mails = (
      await eventually(
        () => outboxNow(),
        (rows) => rows.results[0]?.status === "sent",
      )
    ).results;
    expect(mails.map((m) => m.to_address)).toEqual(["rita@demo.test"]);
    expect(mails[0]!.status).toBe("sent");
    // Built from PUBLIC_ORIGIN, not from the request's host (http://localhost here).
    expect(mails[0]!.text_body).toContain(`${env.PUBLIC_ORIGIN}/auth?type=recovery&token=`);
  });

  it("a recovery token opens a recovery session once, and the new password replaces the old", async () => {
    const user = await createUser(db());
    const other = await signIn(user.email);
    await recover(user.email);
    const recoveryToken = tokenFrom((await outbox(user.email)).results[0]!.text_body);

    const verify = () => request("/api/auth/verify", json("POST", { type: "recovery", token_hash: recoveryToken }));
    const first = await verify();
    expect(first.status).toBe(200);
    const session = await first.json<{ access_token: string }>();
    expect(decodeJwt(session.access_token).amr).toEqual([expect.objectContaining({ method: "recovery" })]);
    const second = await verify();
    expect(second.status).toBe(403);
    expect(await second.json()).toMatchObject({ error_code: "otp_expired" });

    const update = await request("/api/auth/user", json("PUT", { password: "uma senha nova e longa" }, bearer(session.access_token)));
    expect(update.status).toBe(200);
    expect((await getUser(other.access_token)).status).toBe(401);
    expect((await token({ email: user.email, password: DEFAULT_PASSWORD })).status).toBe(400);
    expect((await token({ email: user.email, password: "uma senha nova e longa" })).status).toBe(200);
  });

  it("a recovery token expires after one hour", async () => {
    const user = await createUser(db());
    await recover(user.email);
    const recoveryToken = tokenFrom((await outbox(user.email)).results[0]!.text_body);
    await env.DB.prepare("update password_reset_tokens set expires_at = ?")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    const response = await request("/api/auth/verify", json("POST", { type: "recovery", token_hash: recoveryToken }));
    expect(response.status).toBe(403);
  });

  it("is throttled: the 6th request for the same e-mail and IP gets 429", async () => {
    const headers = { "CF-Connecting-IP": "192.0.2.44" };
    for (let i = 0; i < 5; i++) expect((await recover("someone@demo.test", headers)).status).toBe(200);
    const limited = await recover("someone@demo.test", { ...headers, "Accept-Language": "en" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(await limited.json()).toMatchObject({ msg: "Too many recovery requests. Try again in 15 minutes." });
  });

  it("never redirects outside this site", async () => {
    const user = await createUser(db());
    await request("/api/auth/recover?redirect_to=https://evil.example/steal", json("POST", { email: user.email }));
    expect((await outbox(user.email)).results[0]!.text_body).toContain(`${env.PUBLIC_ORIGIN}/auth?type=recovery`);
  });

  it("links are built from PUBLIC_ORIGIN whatever Host the request names", async () => {
    const user = await createUser(db());
    const response = await exports.default.fetch(
      new Request("http://attacker.example/api/auth/recover?redirect_to=http://attacker.example/auth", json("POST", { email: user.email })),
    );
    expect(response.status).toBe(200);
    const text = (await outbox(user.email)).results[0]!.text_body;
    expect(text).toContain(`${env.PUBLIC_ORIGIN}/auth?type=recovery`);
    expect(text).not.toContain("attacker.example");
  });

  it("a password change spends every reset link still unused", async () => {
    const user = await createUser(db());
    await recover(user.email);
    const recoveryToken = tokenFrom((await outbox(user.email)).results[0]!.text_body);
    const session = await signIn(user.email);
    const update = await request(
      "/api/users/me/password",
      json("POST", { current_password: DEFAULT_PASSWORD, new_password: "outra senha nova e longa" }, bearer(session.access_token)),
    );
    expect(update.status).toBe(204);
    const verify = await request("/api/auth/verify", json("POST", { type: "recovery", token_hash: recoveryToken }));
    expect(verify.status).toBe(403);
    expect(await verify.json()).toMatchObject({ error_code: "otp_expired" });
  });
});

describe("password rules (PUT /api/auth/user)", () => {
  it.each([
    ["seven77", ["length"]],
    ["x".repeat(129), ["length"]],
    ["password123", ["pwned"]],
    ["Senha123", ["pwned"]],
  ])("refuses %s as weak_password with reasons %j", async (password, reasons) => {
    const { user } = await signedInUser();
    const session = await recoverySession(user.email);
    const response = await request("/api/auth/user", json("PUT", { password }, bearer(session.access_token)));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error_code: "weak_password", weak_password: { reasons } });
  });

  it("a normal session may not set a password without the current one (403 reauthentication_needed)", async () => {
    const { user, session } = await signedInUser();
    const response = await request(
      "/api/auth/user",
      json("PUT", { password: "cavalo correto bateria grampo" }, { ...bearer(session.access_token), "Accept-Language": "en" }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: "reauthentication_needed" });
    expect((await token({ email: user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it("accepts a long passphrase without composition rules, and a password change ends other sessions", async () => {
    const { user } = await signedInUser();
    const other = await signIn(user.email);
    const session = await recoverySession(user.email);
    const response = await request(
      "/api/auth/user",
      json("PUT", { password: "cavalo correto bateria grampo" }, bearer(session.access_token)),
    );
    expect(response.status).toBe(200);
    expect((await getUser(session.access_token)).status).toBe(200);
    expect((await getUser(other.access_token)).status).toBe(401);
    const hash = await env.DB.prepare("select password_hash from users where id = ?").bind(user.id).first<{ password_hash: string }>();
    expect(hash?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[\w-]+\$[\w-]+$/);
  });
});

describe("deactivation and roles (PATCH /api/users/:id/status)", () => {
  const setStatus = (id: string, active: boolean, accessToken?: string) =>
    request(`/api/users/${id}/status`, json("PATCH", { is_active: active }, accessToken ? bearer(accessToken) : {}));

  it("an admin deactivates a user: their sessions end and they cannot sign in", async () => {
    const admin = await signedInUser("admin");
    const rep = await signedInUser("sales_rep");
    const response = await setStatus(rep.user.id, false, admin.session.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: rep.user.id, is_active: false });
    expect((await getUser(rep.session.access_token)).status).toBe(401);
    expect((await refresh(rep.session.refresh_token)).status).toBe(400);
    const signInAgain = await token({ email: rep.user.email, password: DEFAULT_PASSWORD });
    expect(signInAgain.status).toBe(400);
    expect(await signInAgain.json()).toMatchObject({ error_code: "user_banned" });

    expect((await setStatus(rep.user.id, true, admin.session.access_token)).status).toBe(200);
    expect((await token({ email: rep.user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it("401 for anonymous callers and 403 for managers and sales reps", async () => {
    const target = await createUser(db());
    const anonymous = await setStatus(target.id, false);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "no_authorization" });
    for (const role of ["manager", "sales_rep"] as const) {
      const { session } = await signedInUser(role);
      const response = await setStatus(target.id, false, session.access_token);
      expect(response.status, role).toBe(403);
      expect(await response.json()).toMatchObject({ error: "insufficient_role" });
    }
    const still = await env.DB.prepare("select is_active from users where id = ?").bind(target.id).first();
    expect(still).toEqual({ is_active: 1 });
  });

  it("validates the body and answers 404 for an unknown user", async () => {
    const admin = await signedInUser("admin");
    const bad = await request(`/api/users/x/status`, json("PATCH", { is_active: "no" }, bearer(admin.session.access_token)));
    expect(bad.status).toBe(400);
    expect((await setStatus("missing-id", false, admin.session.access_token)).status).toBe(404);
  });
});
