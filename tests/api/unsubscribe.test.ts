// One-click unsubscribe (issue 24, RFC 8058; docs/decisions/028): a signed single-purpose token
// per e-mail turns ONE switch off without signing in. Valid, tampered, expired, wrong purpose
// (a session token, and this token as a session), reused (idempotent, and not again after the
// user switched it back on), a parallel burst, GET changes nothing, the page, rate limits, and
// the headers and link on report e-mails; Settings (the API) shows the switch off afterwards.
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client.ts";
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_TTL_SECONDS } from "../../worker/auth/unsubscribe-token.ts";
import { sendReportEmails } from "../../worker/services/report-email-service.ts";
import { UNSUBSCRIBE_USER_LIMIT } from "../../worker/services/unsubscribe-service.ts";
import type { NotificationPreferencesDto } from "../../worker/services/notification-preferences-service.ts";
import { createExecutionContext } from "cloudflare:test";
import { action as pageAction, loader as pageLoader } from "../../app/routes/unsubscribe.tsx";
import { createLoadContext } from "../../worker/router-context.ts";
import { bearer, eventually, json, ORIGIN, request, signedInUser } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;
let ip = 1;
/** Each call from its own address, so the per-IP limit only bites where a test wants it. */
const nextIp = () => `203.0.113.${ip++}`;

const oneClick = (token: string, body: BodyInit | null = "List-Unsubscribe=One-Click", headers: Record<string, string> = {}) =>
  request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp(), ...headers },
    body,
  });
const preferences = async (s: Session) => {
  const response = await request("/api/settings/notifications", { headers: bearer(s.session.access_token) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { preferences: NotificationPreferencesDto }).preferences;
};
const setPreferences = (s: Session, changes: Partial<NotificationPreferencesDto>) =>
  preferences(s).then((current) =>
    request("/api/settings/notifications", json("PUT", { ...current, ...changes }, bearer(s.session.access_token))),
  );
const setLanguage = (s: Session, language: string) =>
  env.DB.prepare("update users set language = ? where id = ?").bind(language, s.user.id).run();

/** Calls the page's loader or action as React Router does, through the Worker's load context. */
async function callRoute<T>(handler: (args: never) => Promise<T>, path: string, init: RequestInit = {}): Promise<T> {
  const url = new URL(path, ORIGIN);
  const req = new Request(url, init);
  const { context } = createLoadContext(req, env, createExecutionContext(), "nonce");
  return handler({ request: req, context, params: {}, unstable_pattern: url.pathname } as never);
}

afterAll(async () => {
  // The report e-mails go out through the queue: let them finish before the pool ends the file.
  await eventually(
    async () => (await env.DB.prepare("select count(*) as n from email_outbox where status = 'pending'").first<{ n: number }>())!.n,
    (n) => n === 0,
    10_000,
  );
});

describe("one-click unsubscribe (POST /api/unsubscribe)", () => {
  it("a valid token turns its one switch off without signing in; Settings shows it off, the other switches unchanged", async () => {
    const me = await signedInUser();
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "email_notifications");
    const response = await oneClick(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      switch: "email_notifications",
      already_done: false,
      message: `'Notificações por Email' foi desligado para ${me.user.email}.`,
    });
    expect(await preferences(me)).toMatchObject({
      email_notifications: false,
      weekly_reports: true,
      new_leads: true,
      monthly_reports: false,
    });
  });

  it("multipart bodies are accepted too (RFC 8058); any other body is a 400 that changes nothing", async () => {
    const me = await signedInUser();
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "weekly_reports");
    for (const [body, type] of [
      [null, "application/x-www-form-urlencoded"],
      ["List-Unsubscribe=Yes", "application/x-www-form-urlencoded"],
      [JSON.stringify({ "List-Unsubscribe": "One-Click" }), "application/json"],
    ] as const) {
      const refused = await oneClick(token, body, { "Content-Type": type });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: "unsubscribe_one_click_required",
        message: "Para cancelar, envie List-Unsubscribe=One-Click no corpo do POST.",
      });
    }
    expect((await preferences(me)).weekly_reports).toBe(true);
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const multipart = await request(`/api/unsubscribe?token=${token}`, {
      method: "POST",
      body: form,
      headers: { "CF-Connecting-IP": nextIp() },
    });
    expect(multipart.status).toBe(200);
    expect((await preferences(me)).weekly_reports).toBe(false);
  });

  it("a tampered token is a translated 400 and changes nothing", async () => {
    const me = await signedInUser();
    await setLanguage(me, "en");
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "email_notifications");
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));
    const otherSwitch = btoa(JSON.stringify({ ...claims, sw: "weekly_reports" }))
      .replaceAll("=", "")
      .replaceAll("+", "-")
      .replaceAll("/", "_");
    const flipped = signature.at(-2) === "A" ? "B" : "A";
    for (const bad of [
      `${header}.${otherSwitch}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`,
      token.slice(0, -10),
      "not-a-token",
      "",
    ]) {
      const refused = await oneClick(bad, "List-Unsubscribe=One-Click", { Cookie: "language=es" });
      expect(refused.status, bad).toBe(400);
      expect(await refused.json()).toEqual({
        error: "unsubscribe_link_invalid",
        message:
          "Este enlace de cancelación no es válido (quizá se copió a medias). Puedes desactivar los correos en Configuración → Notificaciones.",
      });
    }
    expect(await preferences(me)).toMatchObject({ email_notifications: true, weekly_reports: true });
  });

  it("a body without List-Unsubscribe=One-Click is refused in the language of the user the link names (es, en), else the caller's; nothing changes", async () => {
    for (const language of ["es", "en"] as const) {
      const me = await signedInUser();
      await setLanguage(me, language);
      const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "weekly_reports");
      // The caller's own language (pt by its cookie) loses to the link's user's.
      const refused = await oneClick(token, "List-Unsubscribe=Yes", { Cookie: "language=pt", "Accept-Language": "pt-BR" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: "unsubscribe_one_click_required",
        message:
          language === "es"
            ? "Para cancelar, envía List-Unsubscribe=One-Click en el cuerpo del POST."
            : "To unsubscribe, send List-Unsubscribe=One-Click in the POST body.",
      });
      expect((await preferences(me)).weekly_reports).toBe(true);
      // An expired link still names its user: their language too.
      const expired = await signUnsubscribeToken(
        env.AUTH_SECRET,
        me.user.id,
        "weekly_reports",
        new Date(Date.now() - (UNSUBSCRIBE_TOKEN_TTL_SECONDS + 60) * 1000),
      );
      const refusedExpired = await oneClick(expired, JSON.stringify({}), { "Content-Type": "application/json" });
      expect(((await refusedExpired.json()) as { message: string }).message).toMatch(
        language === "es" ? /^Para cancelar, envía/ : /^To unsubscribe/,
      );
    }
    // A link that names nobody: the caller's language (Accept-Language en).
    const altered = await oneClick("not-a-token", "", { "Accept-Language": "en" });
    expect(altered.status).toBe(400);
    expect(((await altered.json()) as { error: string; message: string }).message).toBe(
      "To unsubscribe, send List-Unsubscribe=One-Click in the POST body.",
    );
  });

  it("an expired token: 400 unsubscribe_link_expired in the language of the user it names; nothing changes", async () => {
    const me = await signedInUser();
    await setLanguage(me, "en");
    const issued = new Date(Date.now() - (UNSUBSCRIBE_TOKEN_TTL_SECONDS + 60) * 1000);
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "email_notifications", issued);
    const refused = await oneClick(token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "unsubscribe_link_expired",
      message: "This unsubscribe link has expired. You can turn the e-mails off in Settings → Notifications.",
    });
    expect((await preferences(me)).email_notifications).toBe(true);
  });

  it("single purpose: a session's access token is refused here, this token is refused as a session, and one signed with the session key is refused", async () => {
    const me = await signedInUser();
    const asUnsubscribe = await oneClick(me.session.access_token);
    expect(asUnsubscribe.status).toBe(400);
    expect(await asUnsubscribe.json()).toMatchObject({ error: "unsubscribe_link_invalid" });

    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "email_notifications");
    const asSession = await request("/api/settings/notifications", { headers: bearer(token) });
    expect(asSession.status).toBe(401);

    // The right claims, audience and typ, but signed with AUTH_SECRET itself (the sessions' key).
    const forged = await new SignJWT({ sw: "email_notifications" })
      .setProtectedHeader({ alg: "HS256", typ: "unsubscribe+jwt" })
      .setSubject(me.user.id)
      .setAudience("unsubscribe")
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(env.AUTH_SECRET));
    expect((await oneClick(forged)).status).toBe(400);
    expect((await preferences(me)).email_notifications).toBe(true);
  });

  it("reused: answers already done and does not turn the switch off again after the user turned it back on in Settings", async () => {
    const me = await signedInUser();
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "monthly_reports");
    expect((await setPreferences(me, { monthly_reports: true })).status).toBe(200);
    expect(await (await oneClick(token)).json()).toMatchObject({ ok: true, already_done: false });
    expect((await preferences(me)).monthly_reports).toBe(false);

    expect((await setPreferences(me, { monthly_reports: true })).status).toBe(200);
    const again = await oneClick(token);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      ok: true,
      switch: "monthly_reports",
      already_done: true,
      message: `Este link já foi usado: 'Relatórios Mensais' foi desligado para ${me.user.email}. Para voltar a receber, ligue em Configurações → Notificações.`,
    });
    expect((await preferences(me)).monthly_reports).toBe(true);
    // A new link (a later e-mail) works again.
    const fresh = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "monthly_reports");
    expect(await (await oneClick(fresh)).json()).toMatchObject({ already_done: false });
    expect((await preferences(me)).monthly_reports).toBe(false);
  });

  it("a parallel burst of the same link: exactly one turns the switch off, the others answer already done", async () => {
    const me = await signedInUser();
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "email_notifications");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => oneClick(token).then((r) => r.json() as Promise<{ already_done: boolean }>)),
    );
    expect(answers.filter((a) => !a.already_done)).toHaveLength(1);
    expect(answers.filter((a) => a.already_done)).toHaveLength(5);
    expect(
      await env.DB.prepare("select count(*) as n from unsubscribe_token_uses where user_id = ?").bind(me.user.id).first<{ n: number }>(),
    ).toEqual({ n: 1 });
  });

  it(`rate limited: after ${UNSUBSCRIBE_USER_LIMIT.limit} uses for one user in 10 minutes, a translated 429 with Retry-After`, async () => {
    const me = await signedInUser();
    for (let i = 0; i < UNSUBSCRIBE_USER_LIMIT.limit; i++) {
      const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "weekly_reports");
      expect((await oneClick(token)).status).toBe(200);
    }
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "weekly_reports");
    const limited = await oneClick(token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      error: "rate_limited",
      message: expect.stringMatching(/^Muitas tentativas de cancelamento/),
    });
  });

  it("the per-user limit holds under a parallel burst of distinct links: exactly the limit go through", async () => {
    const me = await signedInUser();
    const tokens = await Promise.all(Array.from({ length: 25 }, () => signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "weekly_reports")));
    const statuses = (await Promise.all(tokens.map((token) => oneClick(token)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(UNSUBSCRIBE_USER_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - UNSUBSCRIBE_USER_LIMIT.limit);
  });

  it("GET never changes anything: the API redirects to the page, whose loader only says what would be turned off, in the user's language", async () => {
    const me = await signedInUser();
    await setLanguage(me, "en");
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "email_notifications");
    const redirect = await request(`/api/unsubscribe?token=${token}`, { redirect: "manual" });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("Location")).toBe(`/unsubscribe?token=${token}`);
    const page = await callRoute(pageLoader, `/unsubscribe?token=${token}`, { headers: { Cookie: "language=es" } });
    expect(page).toMatchObject({
      language: "en",
      link: { state: "ready", token, email: me.user.email, setting: "Email Notifications" },
    });
    expect((page as { messages: { email: { unsubscribePage: { button: string } } } }).messages.email.unsubscribePage.button).toBe(
      "Turn off these e-mails",
    );
    expect((await preferences(me)).email_notifications).toBe(true);

    // The page's button: its action turns the switch off; the page then shows the link as used.
    const form = new URLSearchParams({ token });
    const done = await callRoute(pageAction, "/unsubscribe", { method: "POST", body: form, headers: { "CF-Connecting-IP": nextIp() } });
    expect(done).toMatchObject({
      data: { ok: true, alreadyDone: false, message: `'Email Notifications' was turned off for ${me.user.email}.` },
    });
    expect((await preferences(me)).email_notifications).toBe(false);
    expect(await callRoute(pageLoader, `/unsubscribe?token=${token}`)).toMatchObject({ link: { state: "already" } });

    // A broken link: a 400 page in the caller's language (it names nobody); an expired one in its user's.
    const bad = await callRoute(pageLoader, `/unsubscribe?token=${token.slice(0, -4)}`, { headers: { Cookie: "language=es" } });
    expect(bad).toMatchObject({
      init: { status: 400 },
      data: { language: "es", link: { state: "invalid", message: expect.stringMatching(/^Este enlace de cancelación no es válido/) } },
    });
    const old = await signUnsubscribeToken(
      env.AUTH_SECRET,
      me.user.id,
      "weekly_reports",
      new Date(Date.now() - (UNSUBSCRIBE_TOKEN_TTL_SECONDS + 5) * 1000),
    );
    expect(await callRoute(pageLoader, `/unsubscribe?token=${old}`)).toMatchObject({
      init: { status: 400 },
      data: { language: "en", link: { state: "expired", message: expect.stringMatching(/^This unsubscribe link has expired/) } },
    });
    const refused = await callRoute(pageAction, "/unsubscribe", {
      method: "POST",
      body: new URLSearchParams({ token: old }),
      headers: { "CF-Connecting-IP": nextIp() },
    });
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { ok: false, message: expect.stringMatching(/^This unsubscribe link has expired/) },
    });
    expect((await preferences(me)).weekly_reports).toBe(true);
  });
});

describe("report e-mails carry the unsubscribe", () => {
  const MONDAY_8AM = new Date("2026-11-30T11:00:00.000Z"); // 08:00 on Monday in São Paulo

  it("each weekly report has List-Unsubscribe + List-Unsubscribe-Post and a body link, its reader's own; the link turns weekly_reports off", async () => {
    const ana = await signedInUser();
    const bia = await signedInUser();
    await setLanguage(bia, "en");
    await sendReportEmails({ db: getDb(env.DB), env }, MONDAY_8AM);
    const mailOf = (email: string) =>
      env.DB.prepare("select text_body, headers from email_outbox where kind = 'report_weekly' and to_address = ?")
        .bind(email)
        .first<{ text_body: string; headers: string }>();
    const [anaMail, biaMail] = [await mailOf(ana.user.email), await mailOf(bia.user.email)];
    const tokenOf = (mail: { text_body: string; headers: string }, line: RegExp) => {
      const pageUrl = new URL(mail.text_body.match(line)![1]!);
      expect(pageUrl.origin + pageUrl.pathname).toBe("https://crm.example.test/unsubscribe");
      const token = pageUrl.searchParams.get("token")!;
      expect(JSON.parse(mail.headers)).toEqual({
        "List-Unsubscribe": `<https://crm.example.test/api/unsubscribe?token=${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      return token;
    };
    const anaToken = tokenOf(anaMail!, /Para não receber mais estes e-mails: (\S+)/);
    const biaToken = tokenOf(biaMail!, /To stop receiving these e-mails: (\S+)/);
    expect(anaToken).not.toBe(biaToken);
    expect(biaMail!.text_body).toContain(`Hello, ${bia.user.name}!`);

    const done = await oneClick(anaToken);
    expect(await done.json()).toMatchObject({ ok: true, switch: "weekly_reports", already_done: false });
    expect(await preferences(ana)).toMatchObject({ weekly_reports: false, email_notifications: true });
    expect((await preferences(bia)).weekly_reports).toBe(true);
  });
});
