// 'Notificações por Email' (issue 24, docs/decisions/028): a user's unread notifications go
// out as ONE digest e-mail at most every 15 minutes, in the user's saved language, with
// absolute links and a one-click unsubscribe; nothing for a notification read in the CRM
// first; never one notification in two digests; a parallel burst of runs sends one digest;
// the switch and inactive users are honoured.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import type { Language } from "../../app/i18n/languages.ts";
import { getDb } from "../../worker/db/client.ts";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "../../worker/auth/unsubscribe-token.ts";
import {
  DIGEST_DELAY_MS,
  DIGEST_INTERVAL_MS,
  DIGEST_MAX_ITEMS,
  DIGEST_STALE_MS,
  sendNotificationDigests,
} from "../../worker/services/email-digest-service.ts";
import { notificationColumns, type NotificationKind, type NotificationParams } from "../../worker/services/notification-text.ts";
import { createNotification, createUser } from "../factories/index.ts";
import { bearer, db, eventually, json, request, signedInUser } from "../helpers.ts";

const ctx = () => ({ db: getDb(env.DB), env });
const MIN = 60 * 1000;
// Each test runs on its own day, so the 15-minute window of one never reaches another.
let day = 0;
const freshNow = () => new Date(Date.UTC(2026, 10, 2 + day++, 12, 0, 0));
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

const PREFERENCES = {
  new_leads: true,
  status_changes: true,
  task_reminders: true,
  meeting_reminders: true,
  email_notifications: true,
  push_notifications: false,
  weekly_reports: true,
  monthly_reports: false,
};
const sinceOf = async (userId: string) =>
  (
    await env.DB.prepare("select email_notifications_since as since from notification_preferences where user_id = ?")
      .bind(userId)
      .first<{ since: string | null }>()
  )?.since ?? null;

type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  status: string;
  headers: string | null;
};
const digestsTo = async (email: string) =>
  (
    await env.DB.prepare("select * from email_outbox where kind = 'notification_digest' and to_address = ? order by created_at, id")
      .bind(email)
      .all<OutboxRow>()
  ).results;

async function user(overrides: { language?: Language; isActive?: boolean } = {}) {
  return createUser(db(), { role: "sales_rep", ...overrides });
}

async function notify(
  userId: string,
  createdAt: string,
  what: { kind: NotificationKind; params: NotificationParams; link?: string | null } = {
    kind: "taskAssigned",
    params: { name: "Ana", title: "Ligar para o cliente" },
    link: "/tasks?task=t-1",
  },
) {
  return createNotification(db(), {
    userId,
    type: "task_assigned",
    createdAt,
    link: what.link ?? null,
    ...notificationColumns(what.kind, what.params),
  });
}

// The e-mails go out through the queue after each run: let them finish before the pool ends the file.
afterAll(async () => {
  const pending = await eventually(
    async () => (await env.DB.prepare("select count(*) as n from email_outbox where status = 'pending'").first<{ n: number }>())!.n,
    (n) => n === 0,
    10_000,
  );
  expect(pending).toBe(0);
});

describe("notification digests", () => {
  it("several unread notifications become ONE e-mail with absolute links and a one-click unsubscribe; a fresh one waits", async () => {
    const now = freshNow();
    const me = await user();
    await notify(me.id, ago(now, 30 * MIN), { kind: "taskAssigned", params: { name: "Ana", title: "Primeira" }, link: "/tasks?task=t-1" });
    await notify(me.id, ago(now, 20 * MIN), {
      kind: "leadAssigned",
      params: { name: "Bruno", lead: "Acme Ltda" },
      link: "/leads?lead=lead-42",
    });
    await notify(me.id, ago(now, DIGEST_DELAY_MS + MIN), { kind: "taskAssigned", params: { name: "Ana", title: "Terceira" }, link: null });
    // Younger than the delay: the user working in the CRM reads it from the bell first.
    await notify(me.id, ago(now, DIGEST_DELAY_MS - MIN), { kind: "taskAssigned", params: { name: "Ana", title: "Recente" } });

    const run = await sendNotificationDigests(ctx(), now);
    expect(run.queued).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await digestsTo(me.email);
    expect(more).toEqual([]);
    // Handed to the outbox's delivery (the e-mail queue).
    expect(["pending", "sent"]).toContain(mail!.status);
    expect(mail!.subject).toBe("Você tem 3 notificações não lidas no CRM");
    const text = mail!.text_body;
    expect(text).toContain(`Olá, ${me.name}!`);
    // Newest first, each rendered in pt with its absolute link.
    expect(text.indexOf("Terceira")).toBeLessThan(text.indexOf("Acme Ltda"));
    expect(text.indexOf("Acme Ltda")).toBeLessThan(text.indexOf("Primeira"));
    expect(text).toContain(
      "• Lead atribuído a você\n  Bruno atribuiu a você o lead “Acme Ltda”.\n  https://crm.example.test/leads?lead=lead-42\n",
    );
    expect(text).toContain("https://crm.example.test/tasks?task=t-1");
    expect(text).not.toContain("Recente");
    expect(text).toContain("Abrir o CRM: https://crm.example.test/dashboard");
    // The unsubscribe: a link to the page in the body, the one-click URL in the headers, one token.
    const pageUrl = text.match(/Para não receber mais estes e-mails: (\S+)/)![1]!;
    expect(pageUrl).toMatch(/^https:\/\/crm\.example\.test\/unsubscribe\?token=/);
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    const token = new URL(pageUrl).searchParams.get("token")!;
    expect(headers).toEqual({
      "List-Unsubscribe": `<https://crm.example.test/api/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const check = await verifyUnsubscribeToken(env.AUTH_SECRET, token);
    expect(check).toMatchObject({ ok: true, claims: { userId: me.id, switch: "email_notifications" } });

    // 15 minutes later the recent one goes, alone: none of the first three is sent twice.
    await sendNotificationDigests(ctx(), new Date(now.getTime() + DIGEST_INTERVAL_MS));
    const [, second, ...none] = await digestsTo(me.email);
    expect(none).toEqual([]);
    expect(second!.subject).toBe("Você tem 1 notificação não lida no CRM");
    expect(second!.text_body).toContain("Recente");
    expect(second!.text_body).not.toMatch(/Primeira|Terceira|Acme/);
  });

  it("at most one digest per user every 15 minutes, however often the Cron runs", async () => {
    const now = freshNow();
    const me = await user();
    await notify(me.id, ago(now, 11 * MIN));
    await sendNotificationDigests(ctx(), now);
    expect(await digestsTo(me.email)).toHaveLength(1);
    // A notification that has waited long enough, but the last digest is 5 and 10 minutes old.
    await notify(me.id, ago(now, 11 * MIN - 1));
    await notify(me.id, now.toISOString());
    for (const minutes of [5, 10, 14]) await sendNotificationDigests(ctx(), new Date(now.getTime() + minutes * MIN));
    expect(await digestsTo(me.email)).toHaveLength(1);
    await sendNotificationDigests(ctx(), new Date(now.getTime() + 15 * MIN));
    const mails = await digestsTo(me.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("Você tem 2 notificações não lidas no CRM");
  });

  it("nothing for a notification read in the CRM before the digest goes; all read: no e-mail at all", async () => {
    const now = freshNow();
    const me = await user();
    const readOne = await notify(me.id, ago(now, 20 * MIN), { kind: "taskAssigned", params: { name: "Ana", title: "Já lida" } });
    await notify(me.id, ago(now, 15 * MIN), { kind: "taskAssigned", params: { name: "Ana", title: "Ainda não lida" } });
    await env.DB.prepare("update notifications set read = 1 where id = ?").bind(readOne.id).run();
    await sendNotificationDigests(ctx(), now);
    const [mail] = await digestsTo(me.email);
    expect(mail!.subject).toBe("Você tem 1 notificação não lida no CRM");
    expect(mail!.text_body).toContain("Ainda não lida");
    expect(mail!.text_body).not.toContain("Já lida");

    const other = await user();
    const a = await notify(other.id, ago(now, 20 * MIN));
    const b = await notify(other.id, ago(now, 12 * MIN));
    await env.DB.prepare("update notifications set read = 1 where id in (?, ?)").bind(a.id, b.id).run();
    await sendNotificationDigests(ctx(), now);
    expect(await digestsTo(other.email)).toEqual([]);
  });

  it("read right after the claim, before the e-mail is written: left out, and a digest left with nothing sends nothing", async () => {
    const now = freshNow();
    const me = await user();
    await notify(me.id, ago(now, 20 * MIN), { kind: "taskAssigned", params: { name: "Ana", title: "Fica" } });
    const readMeanwhile = await notify(me.id, ago(now, 15 * MIN), { kind: "taskAssigned", params: { name: "Ana", title: "Lida no meio" } });
    // The user reads it in the CRM the moment the run has claimed it (a trigger on the claim).
    await env.DB.prepare(
      `create trigger test_read_on_claim after insert on notification_digest_items when new.notification_id = '${readMeanwhile.id}'
       begin update notifications set read = 1 where id = new.notification_id; end`,
    ).run();
    try {
      await sendNotificationDigests(ctx(), now);
    } finally {
      await env.DB.prepare("drop trigger test_read_on_claim").run();
    }
    const [mail, ...none] = await digestsTo(me.email);
    expect(none).toEqual([]);
    expect(mail!.subject).toBe("Você tem 1 notificação não lida no CRM");
    expect(mail!.text_body).toContain("Fica");
    expect(mail!.text_body).not.toContain("Lida no meio");

    // Everything read right after the claim: the digest is 'empty' and no e-mail goes.
    const other = await user();
    const only = await notify(other.id, ago(now, 20 * MIN));
    await env.DB.prepare(
      `create trigger test_read_on_claim after insert on notification_digest_items when new.notification_id = '${only.id}'
       begin update notifications set read = 1 where id = new.notification_id; end`,
    ).run();
    try {
      await sendNotificationDigests(ctx(), now);
    } finally {
      await env.DB.prepare("drop trigger test_read_on_claim").run();
    }
    expect(await digestsTo(other.email)).toEqual([]);
    expect(await env.DB.prepare("select status from notification_digests where user_id = ?").bind(other.id).first()).toEqual({
      status: "empty",
    });
    // An empty digest does not hold the next one back: a new notification goes 10 minutes later.
    await notify(other.id, now.toISOString());
    await sendNotificationDigests(ctx(), new Date(now.getTime() + DIGEST_DELAY_MS + MIN));
    expect(await digestsTo(other.email)).toHaveLength(1);
  });

  it("a claimed notification that was read is never e-mailed, even after its run died and the claim was released", async () => {
    const now = freshNow();
    const me = await user();
    const n = await notify(me.id, ago(now, 20 * MIN));
    await env.DB.batch([
      env.DB.prepare(
        "insert into notification_digests (id, user_id, run_id, status, created_at) values ('d-read', ?, 'run-x', 'claimed', ?)",
      ).bind(me.id, ago(now, 1000)),
      env.DB.prepare("insert into notification_digest_items (notification_id, digest_id) values (?, 'd-read')").bind(n.id),
      env.DB.prepare("update notifications set read = 1 where id = ?").bind(n.id),
    ]);
    await sendNotificationDigests(ctx(), new Date(now.getTime() + DIGEST_STALE_MS + MIN));
    await sendNotificationDigests(ctx(), new Date(now.getTime() + DIGEST_INTERVAL_MS + MIN));
    expect(await digestsTo(me.email)).toEqual([]);
  });

  it("in the user's saved language: es and en", async () => {
    const now = freshNow();
    const en = await user({ language: "en" });
    const es = await user({ language: "es" });
    for (const u of [en, es]) {
      await notify(u.id, ago(now, 20 * MIN), {
        kind: "leadStatusChanged",
        params: { name: "Carla", lead: "Beta SA", from: "new", to: "won" },
        link: "/leads?lead=l-9",
      });
      await notify(u.id, ago(now, 15 * MIN), { kind: "taskDueAt", params: { title: "Proposta", time: "14:30" }, link: "/tasks?task=t-9" });
    }
    await sendNotificationDigests(ctx(), now);
    const [mailEn] = await digestsTo(en.email);
    expect(mailEn!.subject).toBe("You have 2 unread notifications in the CRM");
    expect(mailEn!.text_body).toContain(`Hello, ${en.name}!`);
    expect(mailEn!.text_body).toContain("Lead status changed");
    expect(mailEn!.text_body).toMatch(/Carla moved the lead “Beta SA” from New to Won\./);
    expect(mailEn!.text_body).toContain("To stop receiving these e-mails: https://crm.example.test/unsubscribe?token=");
    expect(mailEn!.text_body).not.toMatch(/Olá|notificaç|Você/);
    const [mailEs] = await digestsTo(es.email);
    expect(mailEs!.subject).toBe("Tienes 2 notificaciones sin leer en el CRM");
    expect(mailEs!.text_body).toContain(`¡Hola, ${es.name}!`);
    expect(mailEs!.text_body).toContain("Para dejar de recibir estos correos: https://crm.example.test/unsubscribe?token=");
  });

  it("switched off: no digest; inactive user: no digest; the default (no row) is on", async () => {
    const now = freshNow();
    const off = await user();
    const inactive = await user({ isActive: false });
    await env.DB.prepare("insert into notification_preferences (user_id, email_notifications) values (?, 0)").bind(off.id).run();
    for (const u of [off, inactive]) await notify(u.id, ago(now, 20 * MIN));
    await sendNotificationDigests(ctx(), now);
    expect(await digestsTo(off.email)).toEqual([]);
    expect(await digestsTo(inactive.email)).toEqual([]);
    // The default (no row) is on: a user without preferences gets one.
    const defaults = await user();
    await notify(defaults.id, ago(now, 20 * MIN));
    await sendNotificationDigests(ctx(), now);
    expect(await digestsTo(defaults.email)).toHaveLength(1);
  });

  it("switched back on: only what arrives after (never what came while it was off)", async () => {
    const me = await signedInUser();
    const settings = (emailOn: boolean) =>
      request(
        "/api/settings/notifications",
        json("PUT", { ...PREFERENCES, email_notifications: emailOn }, bearer(me.session.access_token)),
      );
    expect((await settings(false)).status).toBe(200);
    // Arrives while off (the clock is the real one: the switch is stamped by D1's).
    const whileOff = await notify(me.user.id, new Date(Date.now() - 1).toISOString());
    expect((await settings(true)).status).toBe(200);
    const since = (await sinceOf(me.user.id))!;
    expect(since >= whileOff.createdAt).toBe(true);
    // Cron well after the wait: what came while off is not e-mailed (and claims no digest).
    const first = new Date(Date.parse(since) + DIGEST_DELAY_MS + MIN);
    expect(await sendNotificationDigests(ctx(), first)).toMatchObject({ queued: 0 });
    expect(await digestsTo(me.user.email)).toEqual([]);
    // One that arrives after the switch went on is.
    await notify(me.user.id, new Date(Date.parse(since) + MIN).toISOString(), {
      kind: "taskAssigned",
      params: { name: "Ana", title: "Depois de religar" },
    });
    await sendNotificationDigests(ctx(), new Date(Date.parse(since) + MIN + DIGEST_DELAY_MS + MIN));
    const mails = await digestsTo(me.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Você tem 1 notificação não lida no CRM");
    expect(mails[0]!.text_body).toContain("Depois de religar");
    expect(mails[0]!.text_body).not.toContain("Ligar para o cliente");
    // Saving again with it still on does not move the moment (only 0 → 1 does).
    expect((await settings(true)).status).toBe(200);
    expect(await sinceOf(me.user.id)).toBe(since);
  });

  it("switched off by the unsubscribe link, back on in Settings: what came in between is never e-mailed", async () => {
    const me = await signedInUser();
    const token = await signUnsubscribeToken(env.AUTH_SECRET, me.user.id, "email_notifications");
    const unsubscribed = await request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.31" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    await notify(me.user.id, new Date(Date.now() - 1).toISOString());
    const on = await request(
      "/api/settings/notifications",
      json("PUT", { ...PREFERENCES, email_notifications: true }, bearer(me.session.access_token)),
    );
    expect(on.status).toBe(200);
    const since = (await sinceOf(me.user.id))!;
    await sendNotificationDigests(ctx(), new Date(Date.parse(since) + DIGEST_DELAY_MS + MIN));
    expect(await digestsTo(me.user.email)).toEqual([]);
  });

  it("a parallel burst of saves: the switch-on moment is set by the save that found it off, and stays consistent", async () => {
    const me = await signedInUser();
    const put = (emailOn: boolean) =>
      request(
        "/api/settings/notifications",
        json("PUT", { ...PREFERENCES, email_notifications: emailOn }, bearer(me.session.access_token)),
      );
    expect((await put(false)).status).toBe(200);
    const before = new Date(Date.now() - 1).toISOString();
    await notify(me.user.id, before);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => put(true)));
    expect(statuses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const row = await env.DB.prepare(
      "select email_notifications, email_notifications_since, updated_at from notification_preferences where user_id = ?",
    )
      .bind(me.user.id)
      .first<{ email_notifications: number; email_notifications_since: string | null; updated_at: string }>();
    expect(row!.email_notifications).toBe(1);
    expect(row!.email_notifications_since! >= before).toBe(true);
    expect(row!.email_notifications_since! <= row!.updated_at).toBe(true);
    // A mixed burst ends on exactly one of the bodies; when it ends on, the moment is set and after the earlier one.
    const mixed = await Promise.all(Array.from({ length: 8 }, (_, i) => put(i % 2 === 0)));
    expect(mixed.map((r) => r.status)).toEqual(Array(8).fill(200));
    const after = await env.DB.prepare(
      "select email_notifications, email_notifications_since from notification_preferences where user_id = ?",
    )
      .bind(me.user.id)
      .first<{ email_notifications: number; email_notifications_since: string | null }>();
    expect(after!.email_notifications_since! >= row!.email_notifications_since!).toBe(true);
    // Whatever the burst ended on, switched on once more: the notification from while it was off never goes out.
    expect((await put(true)).status).toBe(200);
    const since = (await sinceOf(me.user.id))!;
    await sendNotificationDigests(ctx(), new Date(Date.parse(since) + DIGEST_DELAY_MS + MIN));
    expect(await digestsTo(me.user.email)).toEqual([]);
  });

  it("a parallel burst of runs sends each user one digest", async () => {
    const now = freshNow();
    const people = await Promise.all([user(), user(), user()]);
    for (const u of people) for (const minutes of [12, 18, 25]) await notify(u.id, ago(now, minutes * MIN));
    const runs = await Promise.all(Array.from({ length: 6 }, () => sendNotificationDigests(ctx(), now)));
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBeGreaterThanOrEqual(people.length);
    for (const u of people) {
      const mails = await digestsTo(u.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Você tem 3 notificações não lidas no CRM");
    }
    const items = await env.DB.prepare(
      "select count(*) as n, count(distinct notification_id) as d from notification_digest_items i join notifications n on n.id = i.notification_id where n.user_id in (?, ?, ?)",
    )
      .bind(...people.map((u) => u.id))
      .first<{ n: number; d: number }>();
    expect(items).toEqual({ n: 9, d: 9 });
  });

  it(`lists at most ${DIGEST_MAX_ITEMS} and counts the rest ("and N more") with a link to the CRM`, async () => {
    const now = freshNow();
    const me = await user({ language: "en" });
    for (let i = 0; i < DIGEST_MAX_ITEMS + 5; i++) {
      await notify(me.id, ago(now, (11 + i) * MIN), { kind: "taskAssigned", params: { name: "Ana", title: `Task ${i}` } });
    }
    await sendNotificationDigests(ctx(), now);
    const [mail] = await digestsTo(me.email);
    expect(mail!.subject).toBe(`You have ${DIGEST_MAX_ITEMS + 5} unread notifications in the CRM`);
    expect(mail!.text_body.match(/^• /gm)).toHaveLength(DIGEST_MAX_ITEMS);
    expect(mail!.text_body).toContain("… and 5 more notifications: https://crm.example.test/dashboard");
    expect(mail!.text_body).toContain("Task 0");
    expect(mail!.text_body).not.toContain(`Task ${DIGEST_MAX_ITEMS}`);
    // The 5 not listed are not sent again later either.
    await sendNotificationDigests(ctx(), new Date(now.getTime() + DIGEST_INTERVAL_MS));
    expect(await digestsTo(me.email)).toHaveLength(1);
  });

  it("a run that died after claiming: its notifications are released and go in a later digest, once", async () => {
    const now = freshNow();
    const me = await user();
    const n = await notify(me.id, ago(now, 20 * MIN));
    await env.DB.batch([
      env.DB.prepare(
        "insert into notification_digests (id, user_id, run_id, status, created_at) values ('d-dead', ?, 'run-dead', 'claimed', ?)",
      ).bind(me.id, now.toISOString()),
      env.DB.prepare("insert into notification_digest_items (notification_id, digest_id) values (?, 'd-dead')").bind(n.id),
    ]);
    // Still fresh: another run neither steals nor repeats it.
    await sendNotificationDigests(ctx(), new Date(now.getTime() + MIN));
    expect(await digestsTo(me.email)).toEqual([]);
    const later = new Date(now.getTime() + DIGEST_STALE_MS + MIN);
    const run = await sendNotificationDigests(ctx(), later);
    expect(run.released).toBeGreaterThanOrEqual(1);
    const mails = await digestsTo(me.email);
    expect(mails).toHaveLength(1);
    expect(await env.DB.prepare("select status from notification_digests where id = 'd-dead'").first()).toEqual({ status: "abandoned" });
  });
});
