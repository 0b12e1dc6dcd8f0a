// Settings → Perfil's 'Alterar senha' (issue 22): POST /api/users/me/password with the current
// password and a new one under the sign-in's rules. A wrong current password is a translated
// 400, throttled per user (5 in 15 minutes, also under a parallel burst); a change ends every
// other session (access and refresh tokens) while the current one keeps working.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD } from "../factories/index.ts";
import { bearer, json, ORIGIN, recoverySession, request, sessionCookie, signedInUser, signIn } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };

const NEW_PASSWORD = "cavalo correto bateria grampo";
const change = (who: Staff, body: unknown, language = "pt-BR") =>
  request("/api/users/me/password", json("POST", body, { ...bearer(who.session.access_token), "Accept-Language": language }));
const refresh = (token: string) => request("/api/auth/token?grant_type=refresh_token", json("POST", { refresh_token: token }));
const signInStatus = (email: string, password: string) =>
  request("/api/auth/token?grant_type=password", json("POST", { email, password }, { "CF-Connecting-IP": "198.51.100.77" })).then(
    (r) => r.status,
  );
const passwordHash = (userId: string) =>
  env.DB.prepare("select password_hash from users where id = ?")
    .bind(userId)
    .first<{ password_hash: string }>()
    .then((r) => r!.password_hash);

const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) {
    try {
      ws.close(1000, "test over");
    } catch {
      // already closed by the room
    }
  }
});

/** The user's own live room (notifications), opened with a session's cookies; resolves with its close code, or null if still open after `ms`. */
async function userSocket(s: Staff, ms = 3000) {
  const response = await request(`/parties/user-room/user-${s.user.id}`, {
    headers: { Upgrade: "websocket", Cookie: sessionCookie(s.session), Origin: ORIGIN },
  });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  return () =>
    new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ms);
      ws.addEventListener("close", (event) => {
        clearTimeout(timer);
        resolve(event.code);
      });
    });
}

describe("POST /api/users/me/password", () => {
  it("anonymous: 401, nothing changes", async () => {
    const response = await request(
      "/api/users/me/password",
      json("POST", { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD }),
    );
    expect(response.status).toBe(401);
  });

  it("ends every other session (access and refresh tokens refused, sockets closed), the current one keeps working; the new password signs in, the old does not", async () => {
    const me = await signedInUser("sales_rep");
    const phone: Staff = { user: me.user, session: await signIn(me.user.email) };
    const laptop: Staff = { user: me.user, session: await signIn(me.user.email) };
    const other = await signedInUser("sales_rep");

    const [mine, theirs] = [await userSocket(me, 800), await userSocket(laptop)];
    const [stays, closes] = [mine(), theirs()];

    const response = await change(me, { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD });
    expect(response.status).toBe(204);
    // The other session's socket is closed as signed out; this one's stays open.
    expect(await closes).toBe(4401);
    expect(await stays).toBeNull();

    for (const s of [phone, laptop]) {
      expect((await request("/api/auth/user", { headers: bearer(s.session.access_token) })).status).toBe(401);
      expect((await request("/api/notifications", { headers: { Cookie: sessionCookie(s.session) } })).status).toBe(401);
      expect((await refresh(s.session.refresh_token)).status).toBe(400);
    }
    expect((await request("/api/auth/user", { headers: bearer(me.session.access_token) })).status).toBe(200);
    expect((await refresh(me.session.refresh_token)).status).toBe(200);
    // Someone else's session is untouched.
    expect((await request("/api/auth/user", { headers: bearer(other.session.access_token) })).status).toBe(200);

    expect(await signInStatus(me.user.email, DEFAULT_PASSWORD)).toBe(400);
    expect(await signInStatus(me.user.email, NEW_PASSWORD)).toBe(200);
  });

  it("a wrong current password: 400 current_password_incorrect in the caller's language, the password unchanged, no session ended", async () => {
    const me = await signedInUser("manager");
    const laptop: Staff = { user: me.user, session: await signIn(me.user.email) };
    const before = await passwordHash(me.user.id);
    for (const [language, message] of [
      ["pt-BR", "A senha atual está incorreta."],
      ["es", "La contraseña actual es incorrecta."],
      ["en", "The current password is incorrect."],
    ] as const) {
      const response = await change(me, { current_password: "not-my-password", new_password: NEW_PASSWORD }, language);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "current_password_incorrect", message });
    }
    expect(await passwordHash(me.user.id)).toBe(before);
    expect((await request("/api/auth/user", { headers: bearer(laptop.session.access_token) })).status).toBe(200);
  });

  it("a weak new password: 400 with each reason under new_password (the sign-in's rules), checked before the current password", async () => {
    const me = await signedInUser("admin");
    const before = await passwordHash(me.user.id);
    const send = async (body: unknown, language = "pt-BR") => {
      const response = await change(me, body, language);
      return { status: response.status, body: (await response.json()) as ErrorBody };
    };
    const short = await send({ current_password: DEFAULT_PASSWORD, new_password: "abc" });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("validation_failed");
    expect(short.body.issues).toEqual([{ path: "new_password", message: "A senha deve ter entre 8 e 128 caracteres." }]);

    const common = await send({ current_password: DEFAULT_PASSWORD, new_password: "password123" }, "en");
    expect(common.body.issues).toEqual([{ path: "new_password", message: "This password is too common. Choose another one." }]);

    const long = await send({ current_password: DEFAULT_PASSWORD, new_password: "x".repeat(129) }, "es");
    expect(long.body.issues).toEqual([{ path: "new_password", message: "La contraseña debe tener entre 8 y 128 caracteres." }]);

    const missing = await send({ new_password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.issues!.map((i) => i.path)).toEqual(["current_password"]);
    expect(missing.body.issues![0]!.message).toBe("Campo obrigatório.");

    // Even with a wrong current password the weak one is refused first: no throttle spent.
    for (let i = 0; i < 7; i++) expect((await send({ current_password: "wrong", new_password: "123" })).status).toBe(400);
    expect(await passwordHash(me.user.id)).toBe(before);
    expect((await change(me, { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(204);
  });

  it("throttled per user: of a parallel burst of 8 wrong guesses 5 are evaluated and 3 refused with 429; then even the right password waits", async () => {
    const me = await signedInUser("sales_rep");
    const colleague = await signedInUser("sales_rep");
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => change(me, { current_password: `guess-${i}`, new_password: NEW_PASSWORD })),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const refused = burst.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorBody).message).toMatch(
      /^Muitas tentativas de alterar a senha\. Tente novamente em \d+ minutos?\.$/,
    );

    const right = await change(me, { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD }, "en");
    expect(right.status).toBe(429);
    expect(((await right.json()) as ErrorBody).message).toMatch(/^Too many attempts to change the password/);
    expect(await signInStatus(me.user.email, DEFAULT_PASSWORD)).toBe(200);
    // Another user's count is their own.
    expect((await change(colleague, { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(204);
  });

  it("a success clears the count of earlier wrong attempts", async () => {
    const me = await signedInUser("sales_rep");
    for (let i = 0; i < 4; i++) expect((await change(me, { current_password: "wrong", new_password: NEW_PASSWORD })).status).toBe(400);
    expect((await change(me, { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD })).status).toBe(204);
    for (let i = 0; i < 5; i++) expect((await change(me, { current_password: "wrong", new_password: DEFAULT_PASSWORD })).status).toBe(400);
    expect((await change(me, { current_password: NEW_PASSWORD, new_password: "outra senha bem longa" })).status).toBe(429);
  });

  it("PUT /api/auth/user (GoTrue) cannot skip the current password and the throttle: a normal session gets 403; a recovery link's session still sets one", async () => {
    const me = await signedInUser("sales_rep");
    const refused = await request("/api/auth/user", json("PUT", { password: NEW_PASSWORD }, bearer(me.session.access_token)));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error_code: "reauthentication_needed" });
    expect(await signInStatus(me.user.email, NEW_PASSWORD)).toBe(400);
    const recovery = await recoverySession(me.user.email);
    const response = await request("/api/auth/user", json("PUT", { password: NEW_PASSWORD }, bearer(recovery.access_token)));
    expect(response.status).toBe(200);
    expect(await signInStatus(me.user.email, NEW_PASSWORD)).toBe(200);
  });
});
