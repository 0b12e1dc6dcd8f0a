// task_due notifications from the scheduled run (crm.md §3): once per task and due
// date, only for open tasks with an active assignee due within 24 hours (within the hour
// before, when the due date has a time), honouring the 'Lembretes de Tarefas' switch, and
// never twice, also when runs overlap.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client.ts";
import { remindTasksDueSoon } from "../../worker/services/task-reminder-service.ts";
import { createTask, createUser } from "../factories/index.ts";
import { db } from "../helpers.ts";

const services = () => ({ db: getDb(env.DB), env });
const NOW = new Date(Date.UTC(2031, 5, 10, 12, 0));
const inHours = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
const dueNotices = (taskId: string) =>
  env.DB.prepare("select user_id, title, message, link from notifications where type = 'task_due' and link = ?")
    .bind(`/tasks?task=${taskId}`)
    .all<{ user_id: string; title: string; message: string; link: string }>()
    .then((r) => r.results);

describe("task_due reminders", () => {
  it("tells the assignee of an open task due within 24 hours, once, in Portuguese with a link", async () => {
    const rep = await createUser(db(), { role: "sales_rep" });
    const task = await createTask(db(), { title: "Ligar para a Clínica Aurora", assignedTo: rep.id, dueDate: inHours(3) });
    const first = await remindTasksDueSoon(services(), NOW);
    expect(first.notified).toBeGreaterThanOrEqual(1);
    const notices = await dueNotices(task.id);
    expect(notices).toEqual([
      {
        user_id: rep.id,
        title: "Tarefa vence em breve",
        message: "A tarefa “Ligar para a Clínica Aurora” vence nas próximas 24 horas.",
        link: `/tasks?task=${task.id}`,
      },
    ]);
    // The next runs (15 minutes later, an hour later) do not repeat it.
    await remindTasksDueSoon(services(), new Date(NOW.getTime() + 15 * 60_000));
    await remindTasksDueSoon(services(), new Date(NOW.getTime() + 60 * 60_000));
    expect(await dueNotices(task.id)).toHaveLength(1);
  });

  it("never notifies twice when runs overlap", async () => {
    const rep = await createUser(db(), { role: "sales_rep" });
    const task = await createTask(db(), { assignedTo: rep.id, dueDate: inHours(5) });
    await Promise.all(Array.from({ length: 8 }, () => remindTasksDueSoon(services(), NOW)));
    expect(await dueNotices(task.id)).toHaveLength(1);
  });

  it("reminds again when the due date moves to a new one", async () => {
    const rep = await createUser(db(), { role: "sales_rep" });
    const task = await createTask(db(), { assignedTo: rep.id, dueDate: inHours(2) });
    await remindTasksDueSoon(services(), NOW);
    await env.DB.prepare("update tasks set due_date = ? where id = ?").bind(inHours(20), task.id).run();
    await remindTasksDueSoon(services(), NOW);
    expect(await dueNotices(task.id)).toHaveLength(2);
  });

  it("skips completed, unassigned, past, later-than-24-hours and inactive-assignee tasks, and assignees who switched reminders off", async () => {
    const rep = await createUser(db(), { role: "sales_rep" });
    const inactive = await createUser(db(), { role: "sales_rep", isActive: false });
    const quiet = await createUser(db(), { role: "sales_rep" });
    await env.DB.prepare("insert into notification_preferences (user_id, task_reminders) values (?, 0)").bind(quiet.id).run();
    const skipped = await Promise.all([
      createTask(db(), { assignedTo: rep.id, dueDate: inHours(4), completed: true, completedAt: NOW.toISOString() }),
      createTask(db(), { assignedTo: null, dueDate: inHours(4) }),
      createTask(db(), { assignedTo: rep.id, dueDate: inHours(-1) }),
      createTask(db(), { assignedTo: rep.id, dueDate: inHours(25) }),
      createTask(db(), { assignedTo: rep.id, dueDate: null }),
      createTask(db(), { assignedTo: inactive.id, dueDate: inHours(4) }),
      createTask(db(), { assignedTo: quiet.id, dueDate: inHours(4) }),
    ]);
    await remindTasksDueSoon(services(), NOW);
    for (const task of skipped) expect(await dueNotices(task.id), task.id).toEqual([]);
  });

  it("a task with a time is reminded within the hour before it, not the day before, with its São Paulo time in the message", async () => {
    const rep = await createUser(db(), { role: "sales_rep" });
    // 12:30 in São Paulo (15:30 UTC), three and a half hours after NOW (12:00 UTC, 09:00 there).
    const timed = await createTask(db(), { title: "Ligar para a Ótica Lume", assignedTo: rep.id, dueDate: inHours(3.5), dueHasTime: true });
    // A day alone due as soon: the 24-hour notice, as before.
    const day = await createTask(db(), { title: "Enviar proposta", assignedTo: rep.id, dueDate: inHours(3.5), dueHasTime: false });
    await remindTasksDueSoon(services(), NOW);
    expect(await dueNotices(timed.id), "3 h 30 before: not yet").toEqual([]);
    expect(await dueNotices(day.id)).toHaveLength(1);
    await remindTasksDueSoon(services(), new Date(NOW.getTime() + 2 * 3_600_000));
    expect(await dueNotices(timed.id), "1 h 30 before: not yet").toEqual([]);
    await remindTasksDueSoon(services(), new Date(NOW.getTime() + 2.75 * 3_600_000));
    expect(await dueNotices(timed.id)).toEqual([
      {
        user_id: rep.id,
        title: "Tarefa vence em breve",
        message: "A tarefa “Ligar para a Ótica Lume” vence às 12:30.",
        link: `/tasks?task=${timed.id}`,
      },
    ]);
    await remindTasksDueSoon(services(), new Date(NOW.getTime() + 3.25 * 3_600_000));
    expect(await dueNotices(timed.id)).toHaveLength(1);
  });
});
