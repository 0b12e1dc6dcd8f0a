import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { NotificationCreatedEvent, ServerEvent } from "../../app/modules/realtime/protocol.ts";
import type { LeadDto, NotificationDto, NotificationListDto, TaskDto } from "../../worker/services/crm-types.ts";
import { createLead, createNotification, createTask } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser, userRoomTabs } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;

const auth = (s: Session) => bearer(s.session.access_token);
const send = (method: string, path: string, s: Session | null) => request(path, { method, headers: s ? auth(s) : {} });
const list = async (s: Session) => {
  const response = await send("GET", "/api/notifications", s);
  expect(response.status).toBe(200);
  return (await response.json()) as NotificationListDto;
};
const readFlag = (id: string) =>
  env.DB.prepare("select read from notifications where id = ?")
    .bind(id)
    .first<{ read: number }>()
    .then((r) => r?.read);
const unreadIn = (userId: string) =>
  env.DB.prepare("select count(*) as n from notifications where user_id = ? and read = 0")
    .bind(userId)
    .first<{ n: number }>()
    .then((r) => r!.n);

/** An ISO instant `minutes` after a fixed start, so the order is known. */
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) + minutes * 60_000).toISOString();

let anonTarget: string;

beforeAll(async () => {
  const someone = await signedInUser("sales_rep");
  anonTarget = (await createNotification(db(), { userId: someone.user.id })).id;
});

describe("anonymous", () => {
  it("gets 401 on every notifications route and changes nothing", async () => {
    for (const [method, path] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["PATCH", `/api/notifications/${anonTarget}/read`],
      ["POST", "/api/notifications/read-all"],
    ] as const) {
      const response = await send(method, path, null);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ error: "no_authorization", message: "Sessão de autenticação ausente!" });
    }
    expect(await readFlag(anonTarget)).toBe(0);
  });
});

describe("list", () => {
  it("shows only the caller's own, newest first, with the DTO's fields", async () => {
    const me = await signedInUser("sales_rep");
    const other = await signedInUser("admin");
    await createNotification(db(), { userId: other.user.id, title: "Do outro", createdAt: at(5) });
    const older = await createNotification(db(), { userId: me.user.id, type: "new_lead", title: "Antigo", createdAt: at(1) });
    const newer = await createNotification(db(), {
      userId: me.user.id,
      type: "task_assigned",
      title: "Novo",
      message: "Uma tarefa para você",
      link: "/tasks?task=abc",
      read: true,
      createdAt: at(2),
    });
    const body = await list(me);
    expect(body.items).toEqual<NotificationDto[]>([
      {
        id: newer.id,
        type: "task_assigned",
        title: "Novo",
        message: "Uma tarefa para você",
        link: "/tasks?task=abc",
        read: true,
        created_at: at(2),
      },
      { id: older.id, type: "new_lead", title: "Antigo", message: "Mensagem de teste.", link: null, read: false, created_at: at(1) },
    ]);
    expect(body.unread_count).toBe(1);
    expect((await list(other)).items.map((n) => n.title)).toEqual(["Do outro"]);
  });

  it("gives the 50 newest, and the unread count of all of them (not only the 50)", async () => {
    const me = await signedInUser("manager");
    // 60 unread: minute 0 … 59; plus 5 read ones, older still.
    for (let i = 0; i < 60; i++) await createNotification(db(), { userId: me.user.id, title: `n${i}`, createdAt: at(100 + i) });
    for (let i = 0; i < 5; i++) await createNotification(db(), { userId: me.user.id, title: `r${i}`, read: true, createdAt: at(i) });
    const body = await list(me);
    expect(body.items).toHaveLength(50);
    expect(body.items.map((n) => n.title)).toEqual(Array.from({ length: 50 }, (_, i) => `n${59 - i}`));
    expect(body.unread_count).toBe(60);
    const count = await send("GET", "/api/notifications/unread-count", me);
    expect(await count.json()).toEqual({ unread_count: 60 });
  });

  it("never hands out a link that leaves the app", async () => {
    const me = await signedInUser("sales_rep");
    for (const link of ["https://evil.test/x", "//evil.test", "javascript:alert(1)", "/\\evil.test"]) {
      await createNotification(db(), { userId: me.user.id, link });
    }
    expect((await list(me)).items.map((n) => n.link)).toEqual([null, null, null, null]);
  });
});

describe("mark read", () => {
  it("marks one of the caller's read (twice is fine); the count drops by one", async () => {
    const me = await signedInUser("sales_rep");
    const one = await createNotification(db(), { userId: me.user.id, link: "/leads?lead=x" });
    await createNotification(db(), { userId: me.user.id });
    const response = await send("PATCH", `/api/notifications/${one.id}/read`, me);
    expect(response.status).toBe(200);
    const { notification } = (await response.json()) as { notification: NotificationDto };
    expect(notification).toMatchObject({ id: one.id, read: true, link: "/leads?lead=x" });
    expect(await readFlag(one.id)).toBe(1);
    expect((await list(me)).unread_count).toBe(1);
    expect((await send("PATCH", `/api/notifications/${one.id}/read`, me)).status).toBe(200);
    expect((await list(me)).unread_count).toBe(1);
  });

  it("is 404 for another user's notification (which stays unread) and for an unknown id", async () => {
    const me = await signedInUser("admin");
    const other = await signedInUser("sales_rep");
    const theirs = await createNotification(db(), { userId: other.user.id });
    const response = await send("PATCH", `/api/notifications/${theirs.id}/read`, me);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "not_found" });
    expect(await readFlag(theirs.id)).toBe(0);
    expect((await send("PATCH", "/api/notifications/no-such-id/read", me)).status).toBe(404);
  });

  it("marks all of the caller's read and nobody else's", async () => {
    const me = await signedInUser("sales_rep");
    const other = await signedInUser("sales_rep");
    for (let i = 0; i < 3; i++) await createNotification(db(), { userId: me.user.id });
    await createNotification(db(), { userId: me.user.id, read: true });
    for (let i = 0; i < 2; i++) await createNotification(db(), { userId: other.user.id });
    const response = await send("POST", "/api/notifications/read-all", me);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ updated: 3 });
    expect(await unreadIn(me.user.id)).toBe(0);
    expect(await unreadIn(other.user.id)).toBe(2);
    expect((await list(me)).unread_count).toBe(0);
    expect(await (await send("POST", "/api/notifications/read-all", me)).json()).toEqual({ updated: 0 });
  });
});

// ---------------------------------------------------------------------------------------
// The producers: who gets which row (never the actor), and their live delivery.

type Row = { user_id: string; type: string; title: string; message: string; link: string | null; read: number };
const rowsFor = async (userId: string, type?: string) =>
  (
    await env.DB.prepare(
      `select user_id, type, title, message, link, read from notifications where user_id = ?${type ? " and type = ?" : ""} order by created_at`,
    )
      .bind(...(type ? [userId, type] : [userId]))
      .all<Row>()
  ).results;
const rowsLinking = async (link: string) =>
  (
    await env.DB.prepare("select user_id, type, title, message, link, read from notifications where link = ? order by created_at")
      .bind(link)
      .all<Row>()
  ).results;

const patchLead = (s: Session, id: string, body: Record<string, unknown>) => request(`/api/leads/${id}`, json("PATCH", body, auth(s)));

const openTab = userRoomTabs();
/** A tab of `s` listening to their own user room: the events it received. */
const tab = async (s: Session) => (await openTab(s)).events;
const created = (events: ServerEvent[]) => events.filter((e): e is NotificationCreatedEvent => e.type === "notification.created");
async function until(done: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}
const settle = () => new Promise((r) => setTimeout(r, 150));

describe("producers: leads", () => {
  it("a lead's status change notifies its assignee (pt, link to the lead), not the actor, nobody else", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const bystander = await signedInUser("admin");
    const lead = await createLead(db(), { name: "Clínica Aurora", assignedTo: rep.user.id, status: "new" });
    expect((await patchLead(manager, lead.id, { status: "negotiating" })).status).toBe(200);
    expect(await rowsFor(rep.user.id)).toEqual<Row[]>([
      {
        user_id: rep.user.id,
        type: "status_change",
        title: "Status do lead alterado",
        message: `${manager.user.name} moveu o lead “Clínica Aurora” de Novo para Negociando.`,
        link: `/leads?lead=${lead.id}`,
        read: 0,
      },
    ]);
    expect(await rowsFor(manager.user.id)).toEqual([]);
    expect(await rowsFor(bystander.user.id)).toEqual([]);
    // The assignee moving their own lead: nobody is told.
    expect((await patchLead(rep, lead.id, { status: "won" })).status).toBe(200);
    expect(await rowsLinking(`/leads?lead=${lead.id}`)).toHaveLength(1);
    // An edit that changes neither status nor assignee tells nobody.
    expect((await patchLead(manager, lead.id, { company: "Aurora Ltda", tags: ["Urgente"] })).status).toBe(200);
    expect(await rowsLinking(`/leads?lead=${lead.id}`)).toHaveLength(1);
    // A status "change" to the same status writes nothing.
    expect((await patchLead(manager, lead.id, { status: "won" })).status).toBe(200);
    expect(await rowsLinking(`/leads?lead=${lead.id}`)).toHaveLength(1);
  });

  it("the whole-form edit too; an unassigned lead's status change tells nobody", async () => {
    const rep = await signedInUser("sales_rep");
    const admin = await signedInUser("admin");
    const lead = await createLead(db(), { name: "Padaria Sol", assignedTo: rep.user.id, status: "qualified" });
    const form = {
      name: "Padaria Sol",
      email: null,
      phone: null,
      company: "Sol",
      source: "referral",
      status: "lost",
      estimated_value: "1200,50",
      notes: "x",
      assigned_to: rep.user.id,
      tags: [],
    };
    expect((await patchLead(admin, lead.id, form)).status).toBe(200);
    expect((await rowsFor(rep.user.id, "status_change")).map((r) => r.message)).toEqual([
      `${admin.user.name} moveu o lead “Padaria Sol” de Qualificado para Perdido.`,
    ]);
    const loose = await createLead(db(), { assignedTo: null, status: "new" });
    expect((await patchLead(admin, loose.id, { status: "won" })).status).toBe(200);
    expect(await rowsLinking(`/leads?lead=${loose.id}`)).toEqual([]);
  });

  it("assigning a lead notifies the new assignee once (lead_assigned), not the old one, not the actor; to oneself, nobody", async () => {
    const first = await signedInUser("sales_rep");
    const second = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const lead = await createLead(db(), { name: "Oficina Rota", assignedTo: first.user.id, status: "new" });
    // Reassigned and moved in one edit: one notification, the assignment.
    expect((await patchLead(manager, lead.id, { assigned_to: second.user.id, status: "contacted" })).status).toBe(200);
    expect(await rowsFor(second.user.id)).toEqual<Row[]>([
      {
        user_id: second.user.id,
        type: "lead_assigned",
        title: "Lead atribuído a você",
        message: `${manager.user.name} atribuiu a você o lead “Oficina Rota”.`,
        link: `/leads?lead=${lead.id}`,
        read: 0,
      },
    ]);
    expect(await rowsFor(first.user.id)).toEqual([]);
    expect(await rowsFor(manager.user.id)).toEqual([]);
    // The manager takes it: nobody is told. Unassigned: nobody.
    expect((await patchLead(manager, lead.id, { assigned_to: manager.user.id })).status).toBe(200);
    expect((await patchLead(manager, lead.id, { assigned_to: null, status: "won" })).status).toBe(200);
    expect(await rowsLinking(`/leads?lead=${lead.id}`)).toHaveLength(1);
  });

  it("a lead created for someone else notifies them; created for oneself or nobody, nobody", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const make = async (s: Session, body: Record<string, unknown>) => {
      const response = await request("/api/leads", json("POST", body, auth(s)));
      expect(response.status).toBe(201);
      return ((await response.json()) as { lead: LeadDto }).lead;
    };
    const forRep = await make(manager, { name: "Mercado Bom", assigned_to: rep.user.id });
    const forSelf = await make(manager, { name: "Meu lead", assigned_to: manager.user.id });
    const nobody = await make(rep, { name: "Sem dono" });
    expect(await rowsFor(rep.user.id)).toEqual([expect.objectContaining({ type: "lead_assigned", link: `/leads?lead=${forRep.id}` })]);
    expect(await rowsLinking(`/leads?lead=${forSelf.id}`)).toEqual([]);
    expect(await rowsLinking(`/leads?lead=${nobody.id}`)).toEqual([]);
    expect(await rowsFor(manager.user.id)).toEqual([]);
    // A duplicate e-mail (409) creates no notification.
    await make(manager, { name: "Com e-mail", email: `dup-${rep.user.id}@example.com` });
    const dup = await request(
      "/api/leads",
      json("POST", { name: "Outro", email: `dup-${rep.user.id}@example.com`, assigned_to: rep.user.id }, auth(manager)),
    );
    expect(dup.status).toBe(409);
    expect(await rowsFor(rep.user.id)).toHaveLength(1);
  });

  it("parallel status changes: exactly one notification per change that took (decided in the write)", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const admin = await signedInUser("admin");
    const lead = await createLead(db(), { assignedTo: rep.user.id, status: "new" });
    const statuses = ["qualified", "contacted", "negotiating", "won", "lost", "qualified", "contacted", "negotiating"];
    const answers = await Promise.all(statuses.map((status, i) => patchLead(i % 2 ? manager : admin, lead.id, { status })));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const moves = await env.DB.prepare("select count(*) as n from lead_activities where lead_id = ? and type = 'status_change'")
      .bind(lead.id)
      .first<{ n: number }>();
    expect(moves!.n).toBeGreaterThan(0);
    expect(await rowsFor(rep.user.id, "status_change")).toHaveLength(moves!.n);
  });

  it("a new captured lead notifies the active managers and admins only", async () => {
    const manager = await signedInUser("manager");
    const admin = await signedInUser("admin");
    const rep = await signedInUser("sales_rep");
    const email = `captured-${crypto.randomUUID()}@example.com`;
    const response = await request(
      "/api/leads/capture",
      json("POST", { email, language: "pt", transcript: [] }, { "CF-Connecting-IP": "203.0.113.91" }),
    );
    expect(response.status).toBe(201);
    const about = (rows: Row[]) => rows.filter((r) => r.message.includes(email));
    expect(about(await rowsFor(manager.user.id, "new_lead"))).toHaveLength(1);
    expect(about(await rowsFor(admin.user.id, "new_lead"))).toHaveLength(1);
    expect(about(await rowsFor(rep.user.id))).toEqual([]);
  });
});

describe("producers: tasks", () => {
  it("a task assigned to someone else notifies them, never the actor", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const create = await request("/api/tasks", json("POST", { title: "Ligar amanhã", assigned_to: rep.user.id }, auth(manager)));
    expect(create.status).toBe(201);
    const { task } = (await create.json()) as { task: TaskDto };
    expect(await rowsFor(rep.user.id)).toEqual([expect.objectContaining({ type: "task_assigned", link: `/tasks?task=${task.id}` })]);
    const own = await request("/api/tasks", json("POST", { title: "Minha", assigned_to: manager.user.id }, auth(manager)));
    expect(own.status).toBe(201);
    expect(await rowsFor(manager.user.id)).toEqual([]);
  });
});

describe("producers: live", () => {
  it("a status change reaches every tab of the assignee (after it is stored), and nobody else's", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const lead = await createLead(db(), { name: "Ao Vivo", assignedTo: rep.user.id, status: "new" });
    const tabs = [await tab(rep), await tab(rep)];
    const actorTab = await tab(manager);
    expect((await patchLead(manager, lead.id, { status: "qualified" })).status).toBe(200);
    await until(() => tabs.every((t) => created(t).length > 0));
    await settle();
    const [stored] = await env.DB.prepare("select id from notifications where user_id = ?")
      .bind(rep.user.id)
      .all<{ id: string }>()
      .then((r) => r.results);
    for (const events of tabs) {
      expect(created(events)).toEqual([
        expect.objectContaining({
          type: "notification.created",
          id: stored!.id,
          unread_count: 1,
          notification: expect.objectContaining({ id: stored!.id, type: "status_change", link: `/leads?lead=${lead.id}`, read: false }),
        }),
      ]);
    }
    expect(actorTab).toEqual([]);
  });

  it("a task assignment, a lead assignment and a captured lead reach the recipient's room", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const repTab = await tab(rep);
    const managerTab = await tab(manager);
    expect((await request("/api/tasks", json("POST", { title: "Ao vivo", assigned_to: rep.user.id }, auth(manager)))).status).toBe(201);
    await until(() => created(repTab).length >= 1);
    expect(created(repTab).map((e) => e.notification.type)).toEqual(["task_assigned"]);
    const lead = await createLead(db(), { assignedTo: null });
    expect((await patchLead(manager, lead.id, { assigned_to: rep.user.id })).status).toBe(200);
    await until(() => created(repTab).length >= 2);
    expect(created(repTab).map((e) => [e.notification.type, e.unread_count])).toEqual([
      ["task_assigned", 1],
      ["lead_assigned", 2],
    ]);
    const task = await createTask(db(), { assignedTo: manager.user.id });
    expect((await request(`/api/tasks/${task.id}`, json("PATCH", { assigned_to: rep.user.id }, auth(manager)))).status).toBe(200);
    await until(() => created(repTab).length >= 3);
    expect(created(repTab)[2]!.notification.type).toBe("task_assigned");

    const email = `live-${crypto.randomUUID()}@example.com`;
    expect(
      (await request("/api/leads/capture", json("POST", { email, language: "pt", transcript: [] }, { "CF-Connecting-IP": "203.0.113.92" })))
        .status,
    ).toBe(201);
    await until(() => created(managerTab).some((e) => e.notification.message.includes(email)));
    await settle();
    expect(created(managerTab).filter((e) => e.notification.message.includes(email))).toHaveLength(1);
    expect(created(repTab).some((e) => e.notification.message.includes(email))).toBe(false);
  });
});
