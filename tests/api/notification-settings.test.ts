// Settings → Notificações (GET/PUT /api/settings/notifications): each user reads and saves
// only their own eight switches, the spec's defaults until saved, one upsert per save (a
// burst of parallel saves ends as exactly one of the bodies), translated 400s; and the
// producers honour the switches (new_leads, status_changes, task_reminders).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NotificationPreferencesDto } from "../../worker/services/notification-preferences-service.ts";
import { remindTasksDueSoon } from "../../worker/services/task-reminder-service.ts";
import { getDb } from "../../worker/db/client.ts";
import { createLead, createTask } from "../factories/index.ts";
import { bearer, json, request, signedInUser } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;

const DEFAULTS: NotificationPreferencesDto = {
  new_leads: true,
  status_changes: true,
  task_reminders: true,
  meeting_reminders: true,
  email_notifications: true,
  push_notifications: false,
  weekly_reports: true,
  monthly_reports: false,
};
const ALL_OFF: NotificationPreferencesDto = Object.fromEntries(Object.keys(DEFAULTS).map((k) => [k, false])) as NotificationPreferencesDto;

const path = "/api/settings/notifications";
const read = (s: Session | null, headers: Record<string, string> = {}) =>
  request(path, { headers: { ...(s ? bearer(s.session.access_token) : {}), ...headers } });
const save = (s: Session | null, body: unknown, headers: Record<string, string> = {}) =>
  request(path, json("PUT", body, { ...(s ? bearer(s.session.access_token) : {}), ...headers }));
const rowOf = (userId: string) =>
  env.DB.prepare("select * from notification_preferences where user_id = ?").bind(userId).first<Record<string, unknown>>();
const notificationsOf = async (userId: string, type: string) =>
  (await env.DB.prepare("select * from notifications where user_id = ? and type = ?").bind(userId, type).all<Record<string, unknown>>())
    .results;

describe("anonymous", () => {
  it("gets 401 on GET and PUT and stores nothing", async () => {
    const before = await env.DB.prepare("select count(*) as n from notification_preferences").first<{ n: number }>();
    const got = await read(null);
    expect(got.status).toBe(401);
    expect(await got.json()).toMatchObject({ error: "no_authorization" });
    expect((await save(null, ALL_OFF)).status).toBe(401);
    expect(await env.DB.prepare("select count(*) as n from notification_preferences").first<{ n: number }>()).toEqual(before);
  });
});

describe("own switches", () => {
  it("reads the spec's defaults until saved, then exactly what was saved (stored per user)", async () => {
    const me = await signedInUser("sales_rep");
    const got = await read(me);
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual({ preferences: DEFAULTS });
    expect(await rowOf(me.user.id)).toBeNull();

    const mine = { ...DEFAULTS, status_changes: false, push_notifications: true, weekly_reports: false };
    const saved = await save(me, mine);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ preferences: mine });
    expect(await (await read(me)).json()).toEqual({ preferences: mine });
    expect(await rowOf(me.user.id)).toMatchObject({ status_changes: 0, push_notifications: 1, weekly_reports: 0, new_leads: 1 });

    // Saved again: the same row changes (one row per user).
    expect((await save(me, ALL_OFF)).status).toBe(200);
    expect(await (await read(me)).json()).toEqual({ preferences: ALL_OFF });
    expect(await env.DB.prepare("select count(*) as n from notification_preferences where user_id = ?").bind(me.user.id).first()).toEqual({
      n: 1,
    });
  });

  it("never reads or changes another user's switches (no user id is taken, one is ignored)", async () => {
    const me = await signedInUser("admin");
    const other = await signedInUser("sales_rep");
    expect((await save(other, { ...DEFAULTS, new_leads: false })).status).toBe(200);
    // An admin's GET is their own row, not the other's.
    expect(await (await read(me)).json()).toEqual({ preferences: DEFAULTS });
    // A user_id in the body is not a field: the admin's own row changes, the other's does not.
    expect((await save(me, { ...ALL_OFF, user_id: other.user.id })).status).toBe(200);
    expect(await (await read(other)).json()).toEqual({ preferences: { ...DEFAULTS, new_leads: false } });
    expect(await (await read(me)).json()).toEqual({ preferences: ALL_OFF });
    // There is no route naming a user.
    expect((await request(`${path}/${other.user.id}`, { headers: bearer(me.session.access_token) })).status).toBe(404);
  });

  it("a burst of parallel saves ends as exactly one of the bodies sent, never a mix", async () => {
    const me = await signedInUser("manager");
    const bodies = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0 ? { ...ALL_OFF, weekly_reports: i % 4 === 0 } : { ...DEFAULTS, monthly_reports: i % 3 === 0 },
    );
    const answers = await Promise.all(bodies.map((body) => save(me, body)));
    expect(answers.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const { preferences } = (await (await read(me)).json()) as { preferences: NotificationPreferencesDto };
    expect(bodies).toContainEqual(preferences);
    expect(await env.DB.prepare("select count(*) as n from notification_preferences where user_id = ?").bind(me.user.id).first()).toEqual({
      n: 1,
    });
  });
});

describe("malformed bodies", () => {
  it("answers 400 validation_failed naming the field, in the caller's language, and stores nothing", async () => {
    const me = await signedInUser("sales_rep");
    const cases: [unknown, string | null][] = [
      [{ ...DEFAULTS, new_leads: "yes" }, "new_leads"],
      [{ ...DEFAULTS, status_changes: 1 }, "status_changes"],
      [{ ...DEFAULTS, monthly_reports: null }, "monthly_reports"],
      [(({ task_reminders: _, ...rest }) => rest)(DEFAULTS), "task_reminders"],
      [[true, false], null],
      ["on", null],
      [null, null],
    ];
    for (const [body, field] of cases) {
      const response = await save(me, body, { "Accept-Language": "en" });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { error: string; message: string; issues?: { path: string; message: string }[] };
      expect(error.error).toBe("validation_failed");
      expect(error.message).not.toMatch(/apiErrors|Invalid input/);
      if (field) expect(error.issues).toContainEqual({ path: field, message: "Invalid value." });
    }
    const pt = await save(me, { ...DEFAULTS, push_notifications: "sim" });
    expect(((await pt.json()) as { issues: unknown[] }).issues).toContainEqual({ path: "push_notifications", message: "Valor inválido." });
    // Not JSON at all.
    const broken = await request(path, {
      method: "PUT",
      headers: { ...bearer(me.session.access_token), "Content-Type": "application/json" },
      body: "{new_leads:",
    });
    expect(broken.status).toBe(400);
    expect(await rowOf(me.user.id)).toBeNull();
  });
});

describe("the producers honour the switches", () => {
  it("'Novos Leads' off: no new_lead notification for that manager, still for the others", async () => {
    const off = await signedInUser("manager");
    const on = await signedInUser("admin");
    expect((await save(off, { ...DEFAULTS, new_leads: false })).status).toBe(200);
    const email = `switch-${crypto.randomUUID()}@example.com`;
    const captured = await request(
      "/api/leads/capture",
      json("POST", { email, language: "pt", transcript: [] }, { "CF-Connecting-IP": "203.0.113.77" }),
    );
    expect(captured.status).toBe(201);
    const forOff = (await notificationsOf(off.user.id, "new_lead")).filter((n) => String(n.message).includes(email));
    const forOn = (await notificationsOf(on.user.id, "new_lead")).filter((n) => String(n.message).includes(email));
    expect(forOff).toHaveLength(0);
    expect(forOn).toHaveLength(1);
  });

  it("'Mudanças de Status' off: a status change of their lead notifies them no more (an assignment still does)", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const lead = await createLead(getDb(env.DB), { assignedTo: rep.user.id, status: "new" });
    const move = (status: string) => request(`/api/leads/${lead.id}`, json("PATCH", { status }, bearer(manager.session.access_token)));
    expect((await move("qualified")).status).toBe(200);
    expect(await notificationsOf(rep.user.id, "status_change")).toHaveLength(1);
    expect((await save(rep, { ...DEFAULTS, status_changes: false })).status).toBe(200);
    expect((await move("contacted")).status).toBe(200);
    expect(await notificationsOf(rep.user.id, "status_change")).toHaveLength(1);
    // Switched back on: delivered again.
    expect((await save(rep, DEFAULTS)).status).toBe(200);
    expect((await move("negotiating")).status).toBe(200);
    expect(await notificationsOf(rep.user.id, "status_change")).toHaveLength(2);
  });

  it("'Lembretes de Tarefas' off: the cron does not remind them", async () => {
    const rep = await signedInUser("sales_rep");
    const due = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    await createTask(getDb(env.DB), { assignedTo: rep.user.id, dueDate: due, title: "Lembrete desligado" });
    expect((await save(rep, { ...DEFAULTS, task_reminders: false })).status).toBe(200);
    await remindTasksDueSoon({ db: getDb(env.DB), env });
    expect(await notificationsOf(rep.user.id, "task_due")).toHaveLength(0);
  });
});
