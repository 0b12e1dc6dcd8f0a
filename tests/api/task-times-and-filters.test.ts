// Tasks with a due time and the tasks screen's filters (issue 20): a date with a time is
// stored as that São Paulo instant and flagged as timed, a date alone as the end of its day
// without a time, a wrong time is refused naming it; 'Minhas tarefas', a colleague's,
// nobody's and every task, one lead's; the screen's counts and its loader's defaults. Everyone signed in reads every
// task (docs/decisions/010): the filters narrow, they never guard, and need a session.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as tasksLoader } from "../../app/routes/crm/tasks.tsx";
import { createLoadContext } from "../../worker/router-context.ts";
import type { Page, TaskDto } from "../../worker/services/crm-types.ts";
import type { Authenticated } from "../../worker/services/service-context.ts";
import { countTasks } from "../../worker/services/task-service.ts";
import { createLead, createTask, createUser } from "../factories/index.ts";
import { bearer, db, json, ORIGIN, request, sessionCookie, signedInUser } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;
type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };

const auth = (s: Session) => bearer(s.session.access_token);
const send = (method: string, path: string, s: Session | null, body?: unknown) =>
  request(path, body === undefined ? { method, headers: s ? auth(s) : {} } : json(method, body, s ? auth(s) : {}));
const list = async (path: string, s: Session) => {
  const response = await send("GET", path, s);
  expect(response.status, path).toBe(200);
  return (await response.json<Page<TaskDto>>()).items;
};
const titles = (items: TaskDto[]) => items.map((task) => task.title).sort();
const stored = (id: string) =>
  env.DB.prepare("select due_date, due_has_time from tasks where id = ?")
    .bind(id)
    .first<{ due_date: string | null; due_has_time: number }>();
const services = () => ({ db: db(), env });

let rep: Session;
let colleague: Session;
let manager: Session;

beforeAll(async () => {
  rep = await signedInUser("sales_rep");
  colleague = await signedInUser("sales_rep");
  manager = await signedInUser("manager");
});

describe("a due time", () => {
  it("a date with a time is that time in São Paulo and says it has one; a date alone has none", async () => {
    const timed = await send("POST", "/api/tasks", rep, { title: "Ligar às 14:30", due_date: "2031-03-10T14:30" });
    expect(timed.status).toBe(201);
    const { task } = await timed.json<{ task: TaskDto }>();
    expect(task).toMatchObject({ due_date: "2031-03-10T17:30:00.000Z", due_has_time: true });
    expect(await stored(task.id)).toEqual({ due_date: "2031-03-10T17:30:00.000Z", due_has_time: 1 });

    const day = await send("POST", "/api/tasks", rep, { title: "Enviar proposta", due_date: "2031-03-10" });
    expect((await day.json<{ task: TaskDto }>()).task).toMatchObject({ due_date: "2031-03-11T02:59:59.999Z", due_has_time: false });
    const none = await send("POST", "/api/tasks", rep, { title: "Sem prazo" });
    expect((await none.json<{ task: TaskDto }>()).task).toMatchObject({ due_date: null, due_has_time: false });
    const instant = await send("POST", "/api/tasks", rep, { title: "Instante", due_date: "2031-03-10T09:00:00Z" });
    expect((await instant.json<{ task: TaskDto }>()).task).toMatchObject({ due_date: "2031-03-10T09:00:00.000Z", due_has_time: true });
  });

  it("an edit sets or drops the time with the date; a change elsewhere keeps both", async () => {
    const { task } = await (
      await send("POST", "/api/tasks", rep, { title: "Reunião", due_date: "2031-04-01T09:15" })
    ).json<{ task: TaskDto }>();
    const renamed = await send("PATCH", `/api/tasks/${task.id}`, rep, { title: "Reunião com o diretor" });
    expect((await renamed.json<{ task: TaskDto }>()).task).toMatchObject({ due_date: "2031-04-01T12:15:00.000Z", due_has_time: true });
    const dayOnly = await send("PATCH", `/api/tasks/${task.id}`, rep, { due_date: "2031-04-02" });
    expect((await dayOnly.json<{ task: TaskDto }>()).task).toMatchObject({ due_date: "2031-04-03T02:59:59.999Z", due_has_time: false });
    const timedAgain = await send("PATCH", `/api/tasks/${task.id}`, rep, { due_date: "2031-04-02T23:59" });
    expect((await timedAgain.json<{ task: TaskDto }>()).task).toMatchObject({ due_date: "2031-04-03T02:59:00.000Z", due_has_time: true });
    const cleared = await send("PATCH", `/api/tasks/${task.id}`, rep, { due_date: null });
    expect((await cleared.json<{ task: TaskDto }>()).task).toMatchObject({ due_date: null, due_has_time: false });
    expect(await stored(task.id)).toEqual({ due_date: null, due_has_time: 0 });
  });

  it("refuses a time that is not one ('Horário inválido.') and a wrong day ('Data inválida.'), in the caller's language; nothing stored", async () => {
    const cases: [string, string][] = [
      ["2031-03-10T25:00", "Horário inválido."],
      ["2031-03-10T14:60", "Horário inválido."],
      ["2031-03-10T14h30", "Horário inválido."],
      ["2031-03-10T", "Horário inválido."],
      ["2031-02-30T10:00", "Data inválida."],
      ["10/03/2031 14:30", "Data inválida."],
    ];
    const before = await env.DB.prepare("select count(*) as n from tasks").first<{ n: number }>();
    for (const [due, message] of cases) {
      const response = await send("POST", "/api/tasks", rep, { title: "Horário", due_date: due });
      expect(response.status, due).toBe(400);
      expect((await response.json<ErrorBody>()).issues, due).toEqual([{ path: "due_date", message }]);
    }
    const { task } = await (
      await send("POST", "/api/tasks", rep, { title: "Intacta", due_date: "2031-03-10T08:00" })
    ).json<{ task: TaskDto }>();
    const patch = await send("PATCH", `/api/tasks/${task.id}`, rep, { due_date: "2031-03-10T24:00" });
    expect(patch.status).toBe(400);
    expect((await patch.json<ErrorBody>()).issues).toEqual([{ path: "due_date", message: "Horário inválido." }]);
    expect(await stored(task.id)).toEqual({ due_date: "2031-03-10T11:00:00.000Z", due_has_time: 1 });
    const english = await request("/api/tasks?lang=en", json("POST", { title: "Time", due_date: "2031-03-10T99:99" }, auth(rep)));
    expect((await english.json<ErrorBody>()).issues).toEqual([{ path: "due_date", message: "Invalid time." }]);
    const after = await env.DB.prepare("select count(*) as n from tasks").first<{ n: number }>();
    expect(after!.n).toBe(before!.n + 1);
  });
});

describe("whose tasks (?assignee=)", () => {
  const marker = "filtro-qq";
  let lead: { id: string };

  beforeAll(async () => {
    lead = await createLead(db(), { name: "Ótica Visão Clara" });
    const inactive = await createUser(db(), { role: "sales_rep", isActive: false });
    await createTask(db(), { title: `${marker} da rep`, assignedTo: rep.user.id, createdBy: manager.user.id, leadId: lead.id });
    await createTask(db(), { title: `${marker} da rep, feita`, assignedTo: rep.user.id, completed: true });
    await createTask(db(), { title: `${marker} da colega`, assignedTo: colleague.user.id, createdBy: rep.user.id, leadId: lead.id });
    await createTask(db(), { title: `${marker} de ninguém`, assignedTo: null });
    await createTask(db(), { title: `${marker} de quem saiu`, assignedTo: inactive.id });
  });

  it("'me' is the caller's own: the same URL answers each user with theirs, never by who created them", async () => {
    expect(titles(await list(`/api/tasks?q=${marker}&assignee=me`, rep))).toEqual([`${marker} da rep`, `${marker} da rep, feita`]);
    expect(titles(await list(`/api/tasks?q=${marker}&assignee=me`, colleague))).toEqual([`${marker} da colega`]);
    expect(await list(`/api/tasks?q=${marker}&assignee=me`, manager)).toEqual([]);
    expect(titles(await list(`/api/tasks?q=${marker}&assignee=me&filter=pending`, rep))).toEqual([`${marker} da rep`]);
  });

  it("a colleague's, nobody's, every task ('all' or none), one lead's: what everyone may read anyway", async () => {
    expect(titles(await list(`/api/tasks?q=${marker}&assignee=${colleague.user.id}`, rep))).toEqual([`${marker} da colega`]);
    expect(titles(await list(`/api/tasks?q=${marker}&assignee=none`, colleague))).toEqual([`${marker} de ninguém`]);
    const every = [`${marker} da colega`, `${marker} da rep`, `${marker} da rep, feita`, `${marker} de ninguém`, `${marker} de quem saiu`];
    expect(titles(await list(`/api/tasks?q=${marker}&assignee=all`, rep))).toEqual(every);
    expect(titles(await list(`/api/tasks?q=${marker}`, rep))).toEqual(every);
    expect(titles(await list(`/api/tasks?lead_id=${lead.id}`, manager))).toEqual([`${marker} da colega`, `${marker} da rep`]);
    expect(titles(await list(`/api/tasks?lead_id=${lead.id}&assignee=me`, colleague))).toEqual([`${marker} da colega`]);
    expect(await list(`/api/tasks?assignee=no-such-user`, rep)).toEqual([]);
  });

  it("needs a session (401), and refuses an assignee or lead that cannot be an id (400 naming it)", async () => {
    for (const path of [`/api/tasks?assignee=me`, `/api/tasks?assignee=${rep.user.id}`, `/api/tasks?lead_id=${lead.id}`]) {
      const response = await send("GET", path, null);
      expect(response.status, path).toBe(401);
      expect((await response.json<ErrorBody>()).error).toBe("no_authorization");
    }
    const forged = await request(`/api/tasks?assignee=me`, { headers: bearer("not.a.token") });
    expect(forged.status).toBe(401);
    for (const [query, field] of [
      ["assignee=%25", "assignee"],
      ["assignee=a%20b", "assignee"],
      [`assignee=${"x".repeat(65)}`, "assignee"],
      ["lead_id=%27%20or%201%3D1", "lead_id"],
    ] as const) {
      const response = await send("GET", `/api/tasks?${query}`, rep);
      expect(response.status, query).toBe(400);
      expect((await response.json<ErrorBody>()).issues?.[0]).toEqual({ path: field, message: "Valor inválido." });
    }
  });

  it("counts, for whose tasks the screen shows, the open overdue ones (whatever the search) and the completed ones matching it", async () => {
    const owner = await createUser(db(), { role: "sales_rep" });
    const now = new Date(Date.UTC(2031, 5, 10, 12));
    const hoursFrom = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
    await createTask(db(), { title: "Atrasada ontem", assignedTo: owner.id, dueDate: hoursFrom(-20) });
    await createTask(db(), { title: "Atrasada há uma hora", assignedTo: owner.id, dueDate: hoursFrom(-1), dueHasTime: true });
    await createTask(db(), { title: "Vence mais tarde", assignedTo: owner.id, dueDate: hoursFrom(2), dueHasTime: true });
    await createTask(db(), { title: "Sem data", assignedTo: owner.id });
    await createTask(db(), { title: "Feita e atrasada", assignedTo: owner.id, dueDate: hoursFrom(-30), completed: true });
    await createTask(db(), { title: "Feita: ligar", assignedTo: owner.id, completed: true });
    await createTask(db(), { title: "De outra pessoa, atrasada", assignedTo: colleague.user.id, dueDate: hoursFrom(-5) });
    const actor: Authenticated = { user: owner, session: { id: "s", method: "password", expiresAt: 0 } };
    expect(await countTasks(services(), actor, { assignee: "me" }, now)).toEqual({ overdue: 2, completed: 2 });
    expect(await countTasks(services(), actor, { assignee: owner.id, q: "LIGAR" }, now)).toEqual({ overdue: 2, completed: 1 });
    expect(await countTasks(services(), actor, { assignee: "me" }, new Date(now.getTime() + 3 * 3_600_000))).toEqual({
      overdue: 3,
      completed: 2,
    });
    const everyone = await countTasks(services(), actor, { assignee: "all" }, now);
    expect(everyone.overdue).toBeGreaterThanOrEqual(3);
  });
});

describe("the /tasks screen's loader", () => {
  /** The loader for `path` as `who` (signed out without). */
  const load = (path: string, who?: Session) => {
    const url = new URL(path, ORIGIN);
    const req = new Request(url, { headers: who ? { Cookie: sessionCookie(who.session) } : {} });
    const { context } = createLoadContext(req, env, createExecutionContext(), "nonce");
    return tasksLoader({ request: req, context, params: {}, unstable_pattern: url.pathname } as never);
  };
  const titlesOf = (page: Page<TaskDto> | null) => (page?.items ?? []).map((task) => task.title).sort();

  it("a sales rep starts on their own open tasks, managers on everyone's; done ones only when 'Concluídas' is open; the counts", async () => {
    const marker = "tela-ww";
    await createTask(db(), { title: `${marker} minha`, assignedTo: rep.user.id, dueDate: "2020-01-01T12:00:00.000Z" });
    await createTask(db(), { title: `${marker} minha, feita`, assignedTo: rep.user.id, completed: true });
    await createTask(db(), { title: `${marker} da colega`, assignedTo: colleague.user.id });

    const own = await load(`/tasks?q=${marker}`, rep);
    expect([own.assignee, own.defaultAssignee]).toEqual(["me", "me"]);
    expect(titlesOf(own.page)).toEqual([`${marker} minha`]);
    expect(own.completed).toBeNull();
    expect(own.counts).toMatchObject({ completed: 1 });
    expect(own.counts.overdue).toBeGreaterThanOrEqual(1);

    const everyone = await load(`/tasks?q=${marker}&assignee=all&done=1`, rep);
    expect(titlesOf(everyone.page)).toEqual([`${marker} da colega`, `${marker} minha`]);
    expect(titlesOf(everyone.completed)).toEqual([`${marker} minha, feita`]);

    const boss = await load(`/tasks?q=${marker}`, manager);
    expect([boss.assignee, boss.defaultAssignee]).toEqual(["all", "all"]);
    expect(titlesOf(boss.page)).toEqual([`${marker} da colega`, `${marker} minha`]);
    const bossOwn = await load(`/tasks?q=${marker}&assignee=me`, manager);
    expect(bossOwn.page.items).toEqual([]);
    // Nonsense is the default, never an error.
    expect((await load(`/tasks?q=${marker}&assignee=%27%20or%201%3D1`, rep)).assignee).toBe("me");
  });

  it("a linked task (a notification, the quick search) is shown where it is: everyone's when not the viewer's, 'Concluídas' open when done", async () => {
    const marker = "ligada-vv";
    const others = await createTask(db(), { title: `${marker} da colega`, assignedTo: colleague.user.id });
    const done = await createTask(db(), { title: `${marker} feita`, assignedTo: rep.user.id, completed: true });
    const linkedOther = await load(`/tasks?q=${marker}&task=${others.id}`, rep);
    expect(linkedOther.assignee).toBe("all");
    expect(titlesOf(linkedOther.page)).toEqual([`${marker} da colega`]);
    expect(linkedOther.linked?.task?.id).toBe(others.id);
    // The URL's choice wins.
    expect((await load(`/tasks?q=${marker}&task=${others.id}&assignee=me`, rep)).assignee).toBe("me");
    const linkedDone = await load(`/tasks?q=${marker}&task=${done.id}`, rep);
    expect(linkedDone.assignee).toBe("me");
    expect(titlesOf(linkedDone.completed)).toEqual([`${marker} feita`]);
  });

  it("sends whoever is signed out to /auth", async () => {
    const answer = await load("/tasks?assignee=all").catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toMatch(/^\/auth/);
  });
});
