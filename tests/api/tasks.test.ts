import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page, TaskDto } from "../../worker/services/crm-types.ts";
import type { Db } from "../../worker/db/client.ts";
import type { Authenticated } from "../../worker/services/auth-service.ts";
import type { ServiceContext } from "../../worker/services/service-context.ts";
import { parseDueDate, setTaskCompleted, updateTask } from "../../worker/services/task-service.ts";
import { createLead, createTask, createUser } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;
type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };

const auth = (s: Session) => bearer(s.session.access_token);
const get = (path: string, s: Session) => request(path, { headers: auth(s) });
const send = (method: string, path: string, s: Session | null, body?: unknown) =>
  request(path, body === undefined ? { method, headers: s ? auth(s) : {} } : json(method, body, s ? auth(s) : {}));

const taskRow = (id: string) =>
  env.DB.prepare("select completed, completed_at, assigned_to, title, due_date from tasks where id = ?")
    .bind(id)
    .first<{ completed: number; completed_at: string | null; assigned_to: string | null; title: string; due_date: string | null }>();
const notificationsOf = (userId: string) =>
  env.DB.prepare("select type, title, message, link, read from notifications where user_id = ? order by created_at")
    .bind(userId)
    .all<{ type: string; title: string; message: string; link: string; read: number }>()
    .then((r) => r.results);

let rep: Session;
let otherRep: Session;
let manager: Session;
let admin: Session;

beforeAll(async () => {
  rep = await signedInUser("sales_rep");
  otherRep = await signedInUser("sales_rep");
  manager = await signedInUser("manager");
  admin = await signedInUser("admin");
});

describe("due dates", () => {
  it("stores instants; a date alone is the end of that day in São Paulo; empty is null; nonsense is refused", () => {
    expect(parseDueDate("2026-11-25")).toBe("2026-11-26T02:59:59.999Z");
    expect(parseDueDate("2026-11-25T14:30")).toBe("2026-11-25T17:30:00.000Z");
    expect(parseDueDate("2026-11-25T14:30:00Z")).toBe("2026-11-25T14:30:00.000Z");
    expect(parseDueDate("2026-11-25T14:30:00.5+01:00")).toBe("2026-11-25T13:30:00.500Z");
    expect(parseDueDate("")).toBeNull();
    expect(parseDueDate("  ")).toBeNull();
    expect(parseDueDate(null)).toBeNull();
    for (const bad of ["2026-02-30", "2026-13-01", "25/11/2026", "amanhã", "2026-11-25T25:00", "1969-06-30", "2026-11-25T10:00:00+0300x"]) {
      expect(parseDueDate(bad), bad).toBeUndefined();
    }
  });
});

describe("anonymous", () => {
  it("gets 401 on every tasks route and on the assignable users", async () => {
    const task = await createTask(db(), { title: "Privada" });
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/tasks"],
      ["GET", "/api/tasks?filter=bogus"],
      ["POST", "/api/tasks", { title: "x" }],
      ["POST", "/api/tasks", {}],
      ["GET", `/api/tasks/${task.id}`],
      ["PATCH", `/api/tasks/${task.id}`, { title: "y" }],
      ["PATCH", `/api/tasks/${task.id}/completion`, { completed: true }],
      ["DELETE", `/api/tasks/${task.id}`],
      ["GET", "/api/users/assignable"],
    ];
    for (const [method, path, body] of calls) {
      const response = await send(method, path, null, body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ error: "no_authorization", message: "Sessão de autenticação ausente!" });
    }
    expect((await taskRow(task.id))!.title).toBe("Privada");
  });
});

describe("create", () => {
  it("creates a task with every field of the dialog; created_by is the actor; joins lead, assignee and creator", async () => {
    const lead = await createLead(db(), { name: "Padaria Pão Quente", company: "Pão Quente Ltda" });
    const response = await send("POST", "/api/tasks", rep, {
      title: "  Ligar para o cliente  ",
      description: "Primeira linha\r\nSegunda linha\n",
      due_date: "2026-11-25",
      lead_id: lead.id,
      assigned_to: rep.user.id,
    });
    expect(response.status).toBe(201);
    const { task } = await response.json<{ task: TaskDto }>();
    expect(task).toMatchObject({
      title: "Ligar para o cliente",
      description: "Primeira linha\nSegunda linha",
      due_date: "2026-11-26T02:59:59.999Z",
      lead_id: lead.id,
      lead: { id: lead.id, name: "Padaria Pão Quente", company: "Pão Quente Ltda" },
      assigned_to: rep.user.id,
      assigned_user: { id: rep.user.id, name: rep.user.name },
      created_by: rep.user.id,
      creator: { id: rep.user.id, name: rep.user.name },
      completed: false,
      completed_at: null,
    });
    const read = await get(`/api/tasks/${task.id}`, otherRep);
    expect(read.status).toBe(200);
    expect((await read.json<{ task: TaskDto }>()).task).toEqual(task);
  });

  it("'none' and empty values are stored as null", async () => {
    const response = await send("POST", "/api/tasks", rep, {
      title: "Sem nada",
      description: "   ",
      due_date: "",
      lead_id: "none",
      assigned_to: "none",
    });
    expect(response.status).toBe(201);
    const { task } = await response.json<{ task: TaskDto }>();
    expect(task).toMatchObject({ description: null, due_date: null, lead_id: null, lead: null, assigned_to: null, assigned_user: null });
  });

  it("refuses a missing or blank title, a bad date, a title over 200 characters: 400 naming the field, translated", async () => {
    const cases: [unknown, string, string][] = [
      [{}, "title", "Campo obrigatório."],
      [{ title: "   " }, "title", "Campo obrigatório."],
      [{ title: "x".repeat(201) }, "title", "Texto longo demais."],
      [{ title: "Ok", due_date: "31/12/2026" }, "due_date", "Data inválida."],
      [{ title: "Ok", due_date: "2026-02-30" }, "due_date", "Data inválida."],
      [{ title: "Ok", lead_id: 42 }, "lead_id", "Valor inválido."],
    ];
    for (const [body, field, message] of cases) {
      const response = await send("POST", "/api/tasks", rep, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await response.json<ErrorBody>();
      expect(error.error).toBe("validation_failed");
      expect(error.message).toBe(`Alguns campos são inválidos: ${field}.`);
      expect(error.issues).toEqual([{ path: field, message }]);
    }
    const english = await request("/api/tasks?lang=en", json("POST", { title: "" }, auth(rep)));
    expect(await english.json()).toEqual({
      error: "validation_failed",
      message: "Some fields are invalid: title.",
      issues: [{ path: "title", message: "Required field." }],
    });
  });

  it("refuses a lead that does not exist and an inactive or unknown assignee: 400 naming each field, nothing stored", async () => {
    const inactive = await createUser(db(), { isActive: false });
    const before = await env.DB.prepare("select count(*) as n from tasks").first<{ n: number }>();
    const response = await send("POST", "/api/tasks", rep, { title: "Fantasma", lead_id: "no-such-lead", assigned_to: inactive.id });
    expect(response.status).toBe(400);
    const error = await response.json<ErrorBody>();
    expect(error.message).toBe("Alguns campos são inválidos: lead_id, assigned_to.");
    expect(error.issues).toEqual([
      { path: "lead_id", message: "O lead selecionado não existe mais." },
      { path: "assigned_to", message: "O responsável selecionado não existe ou está inativo." },
    ]);
    const unknown = await request("/api/tasks?lang=es", json("POST", { title: "Fantasma", assigned_to: "no-such-user" }, auth(rep)));
    expect((await unknown.json<ErrorBody>()).issues).toEqual([
      { path: "assigned_to", message: "El responsable seleccionado no existe o está inactivo." },
    ]);
    const after = await env.DB.prepare("select count(*) as n from tasks").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    expect(await notificationsOf(inactive.id)).toEqual([]);
  });

  it("assigning a task to someone else notifies them (pt copy, link to the task); assigning to yourself does not", async () => {
    const assignee = await createUser(db(), { name: "Beatriz Assis" });
    const response = await send("POST", "/api/tasks", rep, { title: "Enviar proposta", assigned_to: assignee.id });
    const { task } = await response.json<{ task: TaskDto }>();
    expect(await notificationsOf(assignee.id)).toEqual([
      {
        type: "task_assigned",
        title: "Nova tarefa atribuída",
        message: `${rep.user.name} atribuiu a você a tarefa “Enviar proposta”.`,
        link: `/tasks?task=${task.id}`,
        read: 0,
      },
    ]);
    const before = (await notificationsOf(rep.user.id)).length;
    await send("POST", "/api/tasks", rep, { title: "Minha própria", assigned_to: rep.user.id });
    expect(await notificationsOf(rep.user.id)).toHaveLength(before);
  });
});

describe("list", () => {
  // A database of its own for ordering: tasks of this block carry a marker in the title.
  const marker = "ordem-zz";
  const seeded: Record<string, string> = {};

  beforeAll(async () => {
    const specs: [string, string | null, string][] = [
      ["sem data A", null, "2026-01-01T00:00:00.000Z"],
      ["dia 10", "2026-12-10T12:00:00.000Z", "2026-01-02T00:00:00.000Z"],
      ["dia 5 (segunda)", "2026-12-05T12:00:00.000Z", "2026-01-03T00:00:00.000Z"],
      ["sem data B", null, "2026-01-04T00:00:00.000Z"],
      ["dia 5 (primeira)", "2026-12-05T12:00:00.000Z", "2026-01-01T00:00:00.000Z"],
      ["ontem", "2025-06-01T12:00:00.000Z", "2026-01-05T00:00:00.000Z"],
      ["sem data C", null, "2026-01-04T00:00:00.000Z"],
    ];
    for (const [name, dueDate, createdAt] of specs) {
      const task = await createTask(db(), { title: `${marker} ${name}`, dueDate, createdAt, completed: name === "dia 10" });
      seeded[name] = task.id;
    }
  });

  const expectedOrder = () => {
    const [b, c] = [seeded["sem data B"]!, seeded["sem data C"]!].sort();
    return ["ontem", "dia 5 (primeira)", "dia 5 (segunda)", "dia 10", "sem data A"].map((n) => seeded[n]!).concat([b!, c!]);
  };

  it("orders by due date ascending, tasks without a date last, then by creation and id — the same across pages of 2", async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`/api/tasks?q=${marker}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, rep);
      expect(response.status).toBe(200);
      const page: Page<TaskDto> = await response.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      ids.push(...page.items.map((t) => t.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(ids).toEqual(expectedOrder());

    const whole: Page<TaskDto> = await (await get(`/api/tasks?q=${marker}`, rep)).json();
    expect(whole.items.map((t) => t.id)).toEqual(expectedOrder());
    expect(whole.next_cursor).toBeNull();
  });

  it("filters pending and completed; an unknown filter, a bad limit or a forged cursor is a 400", async () => {
    const completed: Page<TaskDto> = await (await get(`/api/tasks?q=${marker}&filter=completed`, rep)).json();
    expect(completed.items.map((t) => t.id)).toEqual([seeded["dia 10"]]);
    const pending: Page<TaskDto> = await (await get(`/api/tasks?q=${marker}&filter=pending`, rep)).json();
    expect(pending.items.map((t) => t.id)).toEqual(expectedOrder().filter((id) => id !== seeded["dia 10"]));
    const all: Page<TaskDto> = await (await get(`/api/tasks?q=${marker}&filter=all`, rep)).json();
    expect(all.items).toHaveLength(7);

    for (const [query, field] of [
      ["filter=done", "filter"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=abc", "limit"],
      ["cursor=not-a-cursor", "cursor"],
      [`cursor=${btoa(JSON.stringify({ a: 1 }))}`, "cursor"],
    ] as const) {
      const response = await get(`/api/tasks?${query}`, rep);
      expect(response.status, query).toBe(400);
      const error = await response.json<ErrorBody>();
      expect(error.error).toBe("validation_failed");
      expect(error.issues?.[0]).toEqual({ path: field, message: "Valor inválido." });
    }
  });

  it("searches title, description and the linked lead's name, ignoring case and accents", async () => {
    const lead = await createLead(db(), { name: "Confeitaria São João", company: "Doces SJ" });
    const byLead = await createTask(db(), { title: "Retornar amanhã", leadId: lead.id });
    const byDescription = await createTask(db(), { title: "Outra coisa", description: "Falar sobre o ORÇAMENTO\nanual" });
    const byTitle = await createTask(db(), { title: "Ação de Páscoa" });
    const search = async (q: string) => {
      const page: Page<TaskDto> = await (await get(`/api/tasks?q=${encodeURIComponent(q)}`, rep)).json();
      return page.items.map((t) => t.id);
    };
    expect(await search("sao joao")).toEqual([byLead.id]);
    expect(await search("CONFEITARIA")).toEqual([byLead.id]);
    expect(await search("orcamento")).toEqual([byDescription.id]);
    expect(await search("Orçamento")).toEqual([byDescription.id]);
    expect(await search("acao de pascoa")).toEqual([byTitle.id]);
    expect(await search("AÇÃO")).toEqual([byTitle.id]);
    expect(await search("100%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    const page: Page<TaskDto> = await (await get(`/api/tasks?q=sao%20joao`, rep)).json();
    expect(page.items[0]!.lead).toEqual({ id: lead.id, name: "Confeitaria São João", company: "Doces SJ" });
  });

  it("an unknown task is a 404", async () => {
    const response = await get("/api/tasks/no-such-task", rep);
    expect(response.status).toBe(404);
    expect((await response.json<ErrorBody>()).message).toBe("O recurso solicitado não existe.");
    expect((await send("PATCH", "/api/tasks/no-such-task", rep, { title: "x" })).status).toBe(404);
    expect((await send("PATCH", "/api/tasks/no-such-task/completion", rep, { completed: true })).status).toBe(404);
    expect((await send("DELETE", "/api/tasks/no-such-task", manager)).status).toBe(404);
  });
});

describe("who may change a task", () => {
  const title = (id: string) => taskRow(id).then((r) => r!.title);

  it("a sales_rep edits, completes and deletes tasks assigned to them or created by them, never another's (403)", async () => {
    const assignedToRep = await createTask(db(), { assignedTo: rep.user.id, createdBy: manager.user.id });
    const createdByRep = await createTask(db(), { assignedTo: otherRep.user.id, createdBy: rep.user.id });
    const othersTask = await createTask(db(), { assignedTo: otherRep.user.id, createdBy: manager.user.id });
    const nobodys = await createTask(db(), { assignedTo: null, createdBy: null });

    for (const task of [assignedToRep, createdByRep]) {
      expect((await send("PATCH", `/api/tasks/${task.id}`, rep, { title: "Editada pelo vendedor" })).status).toBe(200);
      expect(await title(task.id)).toBe("Editada pelo vendedor");
      expect((await send("PATCH", `/api/tasks/${task.id}/completion`, rep, { completed: true })).status).toBe(200);
    }
    for (const task of [othersTask, nobodys]) {
      const original = await title(task.id);
      const edit = await send("PATCH", `/api/tasks/${task.id}`, rep, { title: "Não pode" });
      expect(edit.status).toBe(403);
      expect(await edit.json()).toEqual({ error: "forbidden", message: "Você não tem permissão para esta ação." });
      expect((await send("PATCH", `/api/tasks/${task.id}/completion`, rep, { completed: true })).status).toBe(403);
      expect((await send("DELETE", `/api/tasks/${task.id}`, rep)).status).toBe(403);
      expect(await title(task.id)).toBe(original);
      expect((await taskRow(task.id))!.completed).toBe(0);
      // Reading is for everyone.
      expect((await get(`/api/tasks/${task.id}`, rep)).status).toBe(200);
    }
    expect((await send("DELETE", `/api/tasks/${createdByRep.id}`, rep)).status).toBe(204);
    expect(await taskRow(createdByRep.id)).toBeNull();
    expect((await send("DELETE", `/api/tasks/${assignedToRep.id}`, rep)).status).toBe(204);
  });

  it("a sales_rep who hands their task to a colleague can no longer change it (unless they created it)", async () => {
    const task = await createTask(db(), { assignedTo: rep.user.id, createdBy: manager.user.id });
    expect((await send("PATCH", `/api/tasks/${task.id}`, rep, { assigned_to: otherRep.user.id })).status).toBe(200);
    expect((await send("PATCH", `/api/tasks/${task.id}`, rep, { title: "Depois" })).status).toBe(403);
    expect((await send("PATCH", `/api/tasks/${task.id}`, otherRep, { title: "Agora é minha" })).status).toBe(200);
  });

  it("managers and admins change any task", async () => {
    for (const actor of [manager, admin]) {
      const task = await createTask(db(), { assignedTo: otherRep.user.id, createdBy: otherRep.user.id });
      expect((await send("PATCH", `/api/tasks/${task.id}`, actor, { title: `Editada por ${actor.user.role}` })).status).toBe(200);
      expect((await send("PATCH", `/api/tasks/${task.id}/completion`, actor, { completed: true })).status).toBe(200);
      expect((await send("DELETE", `/api/tasks/${task.id}`, actor)).status).toBe(204);
      expect(await taskRow(task.id)).toBeNull();
    }
  });
});

describe("edit", () => {
  it("changes only the fields sent; 'none' and empty clear them; validation as on create", async () => {
    const lead = await createLead(db(), { name: "Lead Edição" });
    const task = await createTask(db(), {
      title: "Original",
      description: "Descrição",
      dueDate: "2026-12-01T12:00:00.000Z",
      leadId: lead.id,
      assignedTo: rep.user.id,
      createdBy: rep.user.id,
    });
    const response = await send("PATCH", `/api/tasks/${task.id}`, rep, { title: "Nova" });
    expect((await response.json<{ task: TaskDto }>()).task).toMatchObject({
      title: "Nova",
      description: "Descrição",
      due_date: "2026-12-01T12:00:00.000Z",
      lead: { id: lead.id, name: "Lead Edição", company: null },
      assigned_to: rep.user.id,
    });
    const cleared = await send("PATCH", `/api/tasks/${task.id}`, rep, { description: "", due_date: "", lead_id: "none" });
    expect((await cleared.json<{ task: TaskDto }>()).task).toMatchObject({
      title: "Nova",
      description: null,
      due_date: null,
      lead_id: null,
      lead: null,
      assigned_to: rep.user.id,
    });

    const blank = await send("PATCH", `/api/tasks/${task.id}`, rep, { title: " " });
    expect(blank.status).toBe(400);
    expect((await blank.json<ErrorBody>()).issues).toEqual([{ path: "title", message: "Campo obrigatório." }]);
    const badLead = await send("PATCH", `/api/tasks/${task.id}`, rep, { lead_id: "gone" });
    expect(badLead.status).toBe(400);
    expect((await badLead.json<ErrorBody>()).issues).toEqual([{ path: "lead_id", message: "O lead selecionado não existe mais." }]);
    const inactive = await createUser(db(), { isActive: false });
    const badAssignee = await send("PATCH", `/api/tasks/${task.id}`, rep, { assigned_to: inactive.id });
    expect(badAssignee.status).toBe(400);
    expect((await badAssignee.json<ErrorBody>()).issues).toEqual([
      { path: "assigned_to", message: "O responsável selecionado não existe ou está inativo." },
    ]);
    expect(await taskRow(task.id)).toMatchObject({ title: "Nova", assigned_to: rep.user.id });
  });

  it("a new assignee other than the actor is notified once; keeping or taking the task yourself notifies nobody", async () => {
    const colleague = await createUser(db(), { name: "Carla Reis" });
    const task = await createTask(db(), { title: "Visitar cliente", assignedTo: rep.user.id, createdBy: rep.user.id });
    await send("PATCH", `/api/tasks/${task.id}`, rep, { assigned_to: colleague.id });
    await send("PATCH", `/api/tasks/${task.id}`, manager, { assigned_to: colleague.id, title: "Visitar cliente (mesmo responsável)" });
    expect(await notificationsOf(colleague.id)).toEqual([
      expect.objectContaining({
        type: "task_assigned",
        message: `${rep.user.name} atribuiu a você a tarefa “Visitar cliente”.`,
        link: `/tasks?task=${task.id}`,
      }),
    ]);
    const managerBefore = (await notificationsOf(manager.user.id)).length;
    await send("PATCH", `/api/tasks/${task.id}`, manager, { assigned_to: manager.user.id });
    expect(await notificationsOf(manager.user.id)).toHaveLength(managerBefore);
    // Given back with a new title in the same edit: the message names the new title.
    await send("PATCH", `/api/tasks/${task.id}`, manager, { assigned_to: colleague.id, title: "Visitar cliente hoje" });
    const told = await notificationsOf(colleague.id);
    expect(told).toHaveLength(2);
    expect(told[1]!.message).toBe(`${manager.user.name} atribuiu a você a tarefa “Visitar cliente hoje”.`);
    // A refused edit tells nobody.
    const inactiveLead = await send("PATCH", `/api/tasks/${task.id}`, manager, { assigned_to: rep.user.id, lead_id: "gone" });
    expect(inactiveLead.status).toBe(400);
    expect(await notificationsOf(rep.user.id)).toEqual([]);
  });
});

describe("completion", () => {
  it("completing sets completed_at to now; reopening clears it; completing twice keeps the first time", async () => {
    const task = await createTask(db(), { assignedTo: rep.user.id });
    const started = Date.now();
    const done = await send("PATCH", `/api/tasks/${task.id}/completion`, rep, { completed: true });
    expect(done.status).toBe(200);
    const completed = (await done.json<{ task: TaskDto }>()).task;
    expect(completed.completed).toBe(true);
    expect(Date.parse(completed.completed_at!)).toBeGreaterThanOrEqual(started - 5);
    expect(Date.parse(completed.completed_at!)).toBeLessThanOrEqual(Date.now() + 5);
    const again = await send("PATCH", `/api/tasks/${task.id}/completion`, rep, { completed: true });
    expect((await again.json<{ task: TaskDto }>()).task.completed_at).toBe(completed.completed_at);

    const reopened = await send("PATCH", `/api/tasks/${task.id}/completion`, rep, { completed: false });
    expect((await reopened.json<{ task: TaskDto }>()).task).toMatchObject({ completed: false, completed_at: null });
    expect(await taskRow(task.id)).toMatchObject({ completed: 0, completed_at: null });

    const bad = await send("PATCH", `/api/tasks/${task.id}/completion`, rep, { completed: "yes" });
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).issues).toEqual([{ path: "completed", message: "Valor inválido." }]);
  });

  it("a burst of 10 parallel toggles leaves a consistent row (completed_at null iff not completed)", async () => {
    const task = await createTask(db(), { assignedTo: rep.user.id });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send("PATCH", `/api/tasks/${task.id}/completion`, i % 3 === 0 ? manager : rep, { completed: i % 2 === 0 }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const row = (await taskRow(task.id))!;
    expect(row.completed === 1).toBe(row.completed_at !== null);
    const shown = (await (await get(`/api/tasks/${task.id}`, rep)).json<{ task: TaskDto }>()).task;
    expect(shown.completed).toBe(row.completed === 1);
    expect(shown.completed_at).toBe(row.completed_at);
  });

  it("a burst of toggles racing reassignments never breaks the row or lets a stale permission through", async () => {
    const task = await createTask(db(), { assignedTo: rep.user.id, createdBy: manager.user.id });
    const toggles = Array.from({ length: 8 }, (_, i) => send("PATCH", `/api/tasks/${task.id}/completion`, rep, { completed: i % 2 === 0 }));
    const moves = [send("PATCH", `/api/tasks/${task.id}`, manager, { assigned_to: otherRep.user.id })];
    const statuses = (await Promise.all([...toggles, ...moves])).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 403)).toBe(true);
    const row = (await taskRow(task.id))!;
    expect(row.assigned_to).toBe(otherRep.user.id);
    expect(row.completed === 1).toBe(row.completed_at !== null);
  });
});

describe("decisions taken in the write itself (conventions 11)", () => {
  const actorOf = (s: Session): Authenticated => ({
    user: s.user,
    session: { id: "test", method: "password", expiresAt: Date.now() + 60_000 },
  });

  /**
   * A database that, just before the first write statement of the call (after the
   * permission read), lets `meanwhile` run: a colleague's change landing between the
   * read and the write.
   */
  function interleavedDb(meanwhile: () => Promise<unknown>): Db {
    const real = db();
    let done = false;
    const before = async () => {
      if (!done) {
        done = true;
        await meanwhile();
      }
    };
    const client = new Proxy(real.$client, {
      get(target, property, receiver) {
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            await before();
            return target.batch(statements);
          };
        }
        if (property === "prepare") {
          return (query: string) => {
            const prepared = target.prepare(query);
            if (!/^\s*(update|insert|delete)/i.test(query)) return prepared;
            return new Proxy(prepared, {
              get(stmt, key, r) {
                if (key === "bind")
                  return (...values: unknown[]) => {
                    const bound = stmt.bind(...values);
                    return new Proxy(bound, {
                      get(b, k) {
                        const value = Reflect.get(b, k, b);
                        if (k === "all" || k === "run" || k === "first")
                          return async (...a: unknown[]) => (await before(), value.apply(b, a));
                        return typeof value === "function" ? value.bind(b) : value;
                      },
                    });
                  };
                const value = Reflect.get(stmt, key, r);
                return typeof value === "function" ? value.bind(stmt) : value;
              },
            });
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return new Proxy(real, {
      get(target, property, receiver) {
        if (property === "$client") return client;
        if (property === "all") {
          return async (...args: Parameters<Db["all"]>) => {
            await before();
            return target.all(...args);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
  }

  it("a rep's completion whose task is handed to someone else between the permission check and the write is refused (403), the row untouched", async () => {
    const task = await createTask(db(), { assignedTo: rep.user.id, createdBy: manager.user.id });
    const services: ServiceContext = {
      env,
      db: interleavedDb(() => env.DB.prepare("update tasks set assigned_to = ? where id = ?").bind(otherRep.user.id, task.id).run()),
    };
    await expect(setTaskCompleted(services, actorOf(rep), task.id, true)).rejects.toMatchObject({ kind: "forbidden", code: "forbidden" });
    expect(await taskRow(task.id)).toMatchObject({ completed: 0, completed_at: null, assigned_to: otherRep.user.id });
  });

  it("an edit whose task was reassigned meanwhile misses, is checked again and lands once: the new assignee is told once (the notification needs the update to have taken), the interloper not at all", async () => {
    const colleague = await createUser(db(), { name: "Dora Lins" });
    const third = await createUser(db(), { name: "Edu Melo" });
    const task = await createTask(db(), { title: "Contrato", assignedTo: rep.user.id, createdBy: rep.user.id });
    const services: ServiceContext = {
      env,
      db: interleavedDb(() => env.DB.prepare("update tasks set assigned_to = ? where id = ?").bind(third.id, task.id).run()),
    };
    const updated = await updateTask(services, actorOf(manager), task.id, { assigned_to: colleague.id });
    expect(updated.assigned_to).toBe(colleague.id);
    expect(await notificationsOf(colleague.id)).toHaveLength(1);
    expect(await notificationsOf(third.id)).toEqual([]);
  });
});
