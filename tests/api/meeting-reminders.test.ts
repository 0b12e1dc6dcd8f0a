// Meeting reminders (issue 24, 'Lembretes de Reuniões'): a meeting logged on a lead's timeline
// with its date and time reminds its author and the lead's owner 30 minutes before it (± 5
// minutes, a run every 5 minutes), once per recipient, never for a removed meeting, at the new
// time for a moved one; not for an inactive user nor one who switched the reminders off; a
// burst of parallel runs still writes one per recipient.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client.ts";
import type { ActivityDto, Page } from "../../worker/services/crm-types.ts";
import { remindMeetingsSoon } from "../../worker/services/meeting-reminder-service.ts";
import { renderNotification } from "../../worker/services/notification-text.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };
/** The author: a manager who logs meetings on the owner's (a rep's) leads. */
let author: Staff, owner: Staff, stranger: Staff, admin: Staff;

beforeAll(async () => {
  [author, owner, stranger, admin] = await Promise.all([
    signedInUser("manager"),
    signedInUser("sales_rep"),
    signedInUser("sales_rep"),
    signedInUser("admin"),
  ]);
});

const services = () => ({ db: getDb(env.DB), env });
const MINUTE = 60_000;
/** Each test its own day, so one test's runs never reach another's meetings. */
let day = 0;
const baseTime = () => new Date(Date.UTC(2031, 5, 1 + day++, 15, 0));
const plus = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);

const auth = (who: Staff, headers: Record<string, string> = {}) => ({ ...bearer(who.session.access_token), ...headers });
const send = (who: Staff | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const all = who ? auth(who, headers) : headers;
  return request(path, body === undefined ? { method, headers: all } : json(method, body, all));
};

/** A lead owned by `owner` (the test's by default), with a meeting the author logs at `at`. */
async function logMeeting(at: Date | string, options: { by?: Staff; ownerId?: string | null; subject?: string | null } = {}) {
  const lead = await createLead(db(), {
    name: `Clínica ${crypto.randomUUID().slice(0, 6)}`,
    assignedTo: "ownerId" in options ? options.ownerId : owner.user.id,
  });
  const response = await send(options.by ?? author, "POST", `/api/leads/${lead.id}/activities`, {
    type: "meeting",
    subject: options.subject === undefined ? "Apresentação da proposta" : options.subject,
    content: "Levar o orçamento impresso.\nConfirmar com a diretora.",
    meeting_at: typeof at === "string" ? at : at.toISOString(),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { activity } = await response.json<{ activity: ActivityDto }>();
  return { lead, activity };
}

const remindersOf = (leadId: string) =>
  env.DB.prepare(
    "select user_id, type, title, message, link, kind, params, read from notifications where type = 'meeting_reminder' and link = ? order by user_id",
  )
    .bind(`/leads?lead=${leadId}`)
    .all<{ user_id: string; type: string; title: string; message: string; link: string; kind: string; params: string; read: number }>()
    .then((r) => r.results);
const recipients = async (leadId: string) => (await remindersOf(leadId)).map((r) => r.user_id).sort();
const both = () => [author.user.id, owner.user.id].sort();

describe("logging a meeting with its date and time", () => {
  it("stores the instant (a zone-less time is the organisation's, São Paulo) and lists it on the timeline", async () => {
    const { lead, activity } = await logMeeting("2031-03-10T09:30");
    expect(activity.meeting_at).toBe("2031-03-10T12:30:00.000Z");
    const page = await (await send(owner, "GET", `/api/leads/${lead.id}/activities`)).json<Page<ActivityDto>>();
    expect(page.items.find((a) => a.id === activity.id)).toMatchObject({ type: "meeting", meeting_at: "2031-03-10T12:30:00.000Z" });
    // Another type (and a meeting without a time) lists meeting_at null.
    const call = await send(author, "POST", `/api/leads/${lead.id}/activities`, { type: "call", content: "Ligou" });
    expect((await call.json<{ activity: ActivityDto }>()).activity.meeting_at).toBeNull();
  });

  it("a past time is accepted (a meeting logged afterwards) and never reminded", async () => {
    const now = baseTime();
    const { lead, activity } = await logMeeting(plus(now, -60));
    expect(activity.meeting_at).toBe(plus(now, -60).toISOString());
    // Every run from 20 minutes before its time on (an hour before now) finds it behind.
    for (let minutes = -80; minutes <= 30; minutes += 5) await remindMeetingsSoon(services(), plus(now, minutes));
    expect(await remindersOf(lead.id)).toEqual([]);
  });

  it("refuses a time on anything but a meeting, a day without a time and a non-date, with translated messages (400, nothing stored)", async () => {
    const lead = await createLead(db(), { assignedTo: author.user.id });
    const post = (body: Record<string, unknown>, language = "pt") =>
      send(author, "POST", `/api/leads/${lead.id}/activities`, { content: "x", ...body }, { "Accept-Language": language });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: "call", meeting_at: "2031-03-10T09:30" }, "pt", "Valor inválido."],
      [{ type: "meeting", meeting_at: "2031-03-10" }, "pt", "Horário inválido."],
      [{ type: "meeting", meeting_at: "2031-03-10T25:00" }, "es", "Hora no válida."],
      [{ type: "meeting", meeting_at: "amanhã às 10" }, "en", "Invalid date."],
      [{ type: "meeting", meeting_at: 1234 }, "pt", "Data inválida."],
    ];
    for (const [body, language, message] of cases) {
      const response = await post(body, language);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json<ErrorBody>()).issues, JSON.stringify(body)).toEqual([{ path: "meeting_at", message }]);
    }
    const count = await env.DB.prepare("select count(*) as n from lead_activities where lead_id = ?").bind(lead.id).first<{ n: number }>();
    expect(count!.n).toBe(0);
    // Without meeting_at (or with null / ""), a meeting is logged without a time.
    for (const meeting_at of [undefined, null, ""]) {
      const response = await post({ type: "meeting", meeting_at });
      expect(response.status).toBe(201);
      expect((await response.json<{ activity: ActivityDto }>()).activity.meeting_at).toBeNull();
    }
  });
});

describe("moving and removing a meeting", () => {
  it("needs a session (401), the author or whoever may edit the lead (403), and a meeting of that lead (404)", async () => {
    const { lead, activity } = await logMeeting("2031-04-01T10:00");
    const path = `/api/leads/${lead.id}/activities/${activity.id}`;
    expect((await send(null, "PATCH", path, { meeting_at: "2031-04-01T11:00" })).status).toBe(401);
    expect((await send(null, "DELETE", path)).status).toBe(401);
    // A rep who neither wrote it nor owns the lead.
    const refused = await send(stranger, "PATCH", path, { meeting_at: "2031-04-01T11:00" }, { "Accept-Language": "en" });
    expect(refused.status).toBe(403);
    expect((await refused.json<ErrorBody>()).error).toBe("forbidden");
    expect((await send(stranger, "DELETE", path)).status).toBe(403);
    // Not a meeting, or another lead's: not found.
    const call = await send(author, "POST", `/api/leads/${lead.id}/activities`, { type: "call", content: "Ligou" });
    const { activity: callActivity } = await call.json<{ activity: ActivityDto }>();
    expect((await send(author, "DELETE", `/api/leads/${lead.id}/activities/${callActivity.id}`)).status).toBe(404);
    expect(
      (await send(author, "PATCH", `/api/leads/${lead.id}/activities/${callActivity.id}`, { meeting_at: "2031-04-01T11:00" })).status,
    ).toBe(404);
    const other = await createLead(db(), { assignedTo: author.user.id });
    expect((await send(author, "DELETE", `/api/leads/${other.id}/activities/${activity.id}`)).status).toBe(404);
    // The body is checked: no time, no move.
    const empty = await send(author, "PATCH", path, {});
    expect(empty.status).toBe(400);
    const noTime = await send(author, "PATCH", path, { meeting_at: null });
    expect((await noTime.json<ErrorBody>()).issues).toEqual([{ path: "meeting_at", message: "Campo obrigatório." }]);
    // The lead's owner moves it, an admin removes it.
    const moved = await send(owner, "PATCH", path, { meeting_at: "2031-04-01T11:15" });
    expect(moved.status).toBe(200);
    expect((await moved.json<{ activity: ActivityDto }>()).activity).toMatchObject({
      id: activity.id,
      meeting_at: "2031-04-01T14:15:00.000Z",
    });
    expect((await send(admin, "DELETE", path)).status).toBe(204);
    expect((await send(admin, "DELETE", path)).status).toBe(404);
  });
});

describe("meeting_reminder notifications", () => {
  it("reach the author and the lead's owner 30 minutes before, once, in the reader's language, opening the lead", async () => {
    const now = baseTime();
    // 15:31 UTC is 12:31 in São Paulo.
    const { lead } = await logMeeting(plus(now, 31));
    expect(await remindersOf(lead.id), "61 minutes before: not yet").toEqual([]);
    await remindMeetingsSoon(services(), plus(now, -30));
    expect(await remindersOf(lead.id), "61 minutes before: not yet").toEqual([]);
    const run = await remindMeetingsSoon(services(), now);
    expect(run.notified).toBe(2);
    const rows = await remindersOf(lead.id);
    expect(rows.map((r) => r.user_id).sort()).toEqual(both());
    for (const row of rows) {
      expect(row).toMatchObject({
        type: "meeting_reminder",
        title: "Lembrete de reunião",
        message: `A reunião “Apresentação da proposta” com o lead “${lead.name}” começa às 12:31.`,
        link: `/leads?lead=${lead.id}`,
        kind: "meetingReminder",
        read: 0,
      });
      expect(JSON.parse(row.params)).toEqual({ lead: lead.name, title: "Apresentação da proposta", time: "12:31" });
    }
    expect(renderNotification(rows[0]!, "es")).toEqual({
      title: "Recordatorio de reunión",
      message: `La reunión “Apresentação da proposta” con el lead “${lead.name}” empieza a las 12:31.`,
    });
    expect(renderNotification(rows[0]!, "en")).toEqual({
      title: "Meeting reminder",
      message: `The meeting “Apresentação da proposta” with the lead “${lead.name}” starts at 12:31.`,
    });
    // The next runs (5 and 10 minutes later, still within the window) do not repeat it.
    await remindMeetingsSoon(services(), plus(now, 5));
    await remindMeetingsSoon(services(), plus(now, 10));
    expect(await remindersOf(lead.id)).toHaveLength(2);
    // The bell lists it for the owner.
    const list = await (await send(owner, "GET", "/api/notifications")).json<{ items: { type: string; link: string }[] }>();
    expect(list.items.filter((n) => n.type === "meeting_reminder" && n.link === `/leads?lead=${lead.id}`)).toHaveLength(1);
  });

  it("come within 30 minutes ± 5: not 36 nor 24 minutes before; 35 and 26 are in; a run every 5 minutes finds every minute", async () => {
    const now = baseTime();
    const [early, late, edge, inside] = await Promise.all([
      logMeeting(plus(now, 36)),
      logMeeting(plus(now, 24)),
      logMeeting(plus(now, 35)),
      logMeeting(plus(now, 26)),
    ]);
    await remindMeetingsSoon(services(), now);
    expect(await remindersOf(early.lead.id), "36 minutes before").toEqual([]);
    expect(await remindersOf(late.lead.id), "24 minutes before").toEqual([]);
    expect(await recipients(edge.lead.id), "35 minutes before").toEqual(both());
    expect(await recipients(inside.lead.id), "26 minutes before").toEqual(both());

    // Meetings at each minute of an hour, runs every 5 minutes (as the Cron Trigger): each is
    // reminded once, between 35 and 25 minutes before it.
    const start = plus(now, 6 * 60);
    const meetings = await Promise.all(Array.from({ length: 12 }, (_, i) => logMeeting(plus(start, 60 + i * 5 + (i % 5)), { by: owner })));
    for (let minutes = 0; minutes <= 120; minutes += 5) await remindMeetingsSoon(services(), plus(start, minutes));
    // A reminder row's created_at is its run's time.
    const created = await env.DB.prepare(
      "select meeting_at, created_at from meeting_reminders where activity_id in (select value from json_each(?))",
    )
      .bind(JSON.stringify(meetings.map((m) => m.activity.id)))
      .all<{ meeting_at: string; created_at: string }>();
    expect(created.results).toHaveLength(12);
    for (const row of created.results) {
      const ahead = (Date.parse(row.meeting_at) - Date.parse(row.created_at)) / MINUTE;
      expect(ahead, row.meeting_at).toBeGreaterThanOrEqual(25);
      expect(ahead, row.meeting_at).toBeLessThanOrEqual(35);
    }
  });

  it("a moved meeting is reminded at its new time, not at the old one; moved again after its reminder, it reminds again", async () => {
    const now = baseTime();
    const { lead, activity } = await logMeeting(plus(now, 31));
    const path = `/api/leads/${lead.id}/activities/${activity.id}`;
    // Moved two hours later before its reminder: nothing at the old time.
    expect((await send(author, "PATCH", path, { meeting_at: plus(now, 151).toISOString() })).status).toBe(200);
    await remindMeetingsSoon(services(), now);
    await remindMeetingsSoon(services(), plus(now, 5));
    expect(await remindersOf(lead.id)).toEqual([]);
    await remindMeetingsSoon(services(), plus(now, 120));
    expect(await recipients(lead.id)).toEqual(both());
    expect((await remindersOf(lead.id))[0]!.message).toContain("às 14:31");
    // Moved again (after its reminder) to later: reminded for the new time once more.
    expect((await send(owner, "PATCH", path, { meeting_at: plus(now, 240).toISOString() })).status).toBe(200);
    await remindMeetingsSoon(services(), plus(now, 125));
    expect(await remindersOf(lead.id)).toHaveLength(2);
    await remindMeetingsSoon(services(), plus(now, 210));
    const rows = await remindersOf(lead.id);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.message.includes("às 16:00"))).toHaveLength(2);
  });

  it("a removed meeting is never reminded", async () => {
    const now = baseTime();
    const { lead, activity } = await logMeeting(plus(now, 31));
    expect((await send(author, "DELETE", `/api/leads/${lead.id}/activities/${activity.id}`)).status).toBe(204);
    await remindMeetingsSoon(services(), now);
    expect(await remindersOf(lead.id)).toEqual([]);
    const left = await env.DB.prepare("select count(*) as n from lead_meetings where activity_id = ?")
      .bind(activity.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it("skip an inactive user and one who switched 'Lembretes de Reuniões' off; one reminder when the author owns the lead", async () => {
    const now = baseTime();
    const inactive = await createUser(db(), { role: "sales_rep", isActive: false });
    const quiet = await signedInUser("sales_rep");
    const switchedOff = await send(quiet, "PUT", "/api/settings/notifications", {
      new_leads: true,
      status_changes: true,
      task_reminders: true,
      meeting_reminders: false,
      email_notifications: true,
      push_notifications: false,
      weekly_reports: true,
      monthly_reports: false,
    });
    expect(switchedOff.status).toBe(200);
    const toInactive = await logMeeting(plus(now, 31), { ownerId: inactive.id });
    const toQuiet = await logMeeting(plus(now, 31), { ownerId: quiet.user.id });
    const byQuiet = await logMeeting(plus(now, 31), { by: quiet, ownerId: null });
    const own = await logMeeting(plus(now, 31), { by: owner });
    const untitled = await logMeeting(plus(now, 31), { subject: null });
    await remindMeetingsSoon(services(), now);
    expect(await recipients(toInactive.lead.id)).toEqual([author.user.id]);
    expect(await recipients(toQuiet.lead.id)).toEqual([author.user.id]);
    expect(await recipients(byQuiet.lead.id)).toEqual([]);
    expect(await recipients(own.lead.id)).toEqual([owner.user.id]);
    // Without a subject, the meeting is named by its text's first line.
    expect(JSON.parse((await remindersOf(untitled.lead.id))[0]!.params).title).toBe("Levar o orçamento impresso.");
  });

  it("a parallel burst of runs (and overlapping ones) writes exactly one per recipient per meeting", async () => {
    const now = baseTime();
    const meetings = await Promise.all([logMeeting(plus(now, 31)), logMeeting(plus(now, 33)), logMeeting(plus(now, 27), { by: owner })]);
    const runs = await Promise.all([
      ...Array.from({ length: 8 }, () => remindMeetingsSoon(services(), now)),
      ...Array.from({ length: 4 }, () => remindMeetingsSoon(services(), plus(now, 1))),
    ]);
    expect(runs.reduce((sum, run) => sum + run.notified, 0)).toBe(5);
    expect(await recipients(meetings[0].lead.id)).toEqual(both());
    expect(await recipients(meetings[1].lead.id)).toEqual(both());
    expect(await recipients(meetings[2].lead.id)).toEqual([owner.user.id]);
  });
});
