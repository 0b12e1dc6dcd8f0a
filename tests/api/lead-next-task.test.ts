// Each lead card's next step (issue 20): the leads of the list's and the pipeline's pages
// come with their next open task — the earliest due, undated after every dated one, done
// tasks ignored — flagged overdue once its due date has passed, and null when the lead has
// none; a task completed or created shows on the next read.
import { describe, expect, it } from "vitest";
import type { LeadDto, LeadNextTaskDto, Page, PipelineColumnDto, PipelineDto, TaskDto } from "../../worker/services/crm-types.ts";
import { nextOpenTasks } from "../../worker/services/lead-next-task.ts";
import { createLead, createTask } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

const HOUR = 3_600_000;
const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function get<T>(path: string, token: string): Promise<T> {
  const response = await request(path, { headers: bearer(token) });
  expect(response.status, path).toBe(200);
  return response.json<T>();
}

const byId = (leads: LeadDto[]) => new Map(leads.map((lead) => [lead.id, lead.next_task]));

describe("a lead's next task", () => {
  it("is its earliest-due open task on the list, the board and a column's next page; overdue flagged; undated last; done ignored; null without one", async () => {
    const { session } = await signedInUser("sales_rep");
    const tag = `proximo-${crypto.randomUUID().slice(0, 8)}`;
    const lead = (name: string) => createLead(db(), { name, tags: [tag] });
    const [busy, undated, late, finished, untouched] = await Promise.all([
      lead("Clínica Horizonte"),
      lead("Padaria Trigo Bom"),
      lead("Auto Peças Rota"),
      lead("Estúdio Lumen"),
      lead("Mercado Bairro"),
    ]);
    // busy: a done task due sooner, an undated one, and two dated ones (the sooner is next).
    await createTask(db(), { title: "Já feita", leadId: busy!.id, dueDate: fromNow(1), completed: true });
    await createTask(db(), { title: "Sem prazo", leadId: busy!.id });
    await createTask(db(), { title: "Depois de amanhã", leadId: busy!.id, dueDate: fromNow(50) });
    const soonest = await createTask(db(), { title: "Ligar às 10h", leadId: busy!.id, dueDate: fromNow(20), dueHasTime: true });
    // undated: two without a date, the older first.
    await createTask(db(), { title: "Sem data, nova", leadId: undated!.id, createdAt: "2031-01-02T00:00:00.000Z" });
    const older = await createTask(db(), { title: "Sem data, antiga", leadId: undated!.id, createdAt: "2031-01-01T00:00:00.000Z" });
    // late: overdue, and a later one.
    const overdue = await createTask(db(), { title: "Mandar contrato", leadId: late!.id, dueDate: fromNow(-26) });
    await createTask(db(), { title: "Follow-up", leadId: late!.id, dueDate: fromNow(5) });
    // finished: only done tasks.
    await createTask(db(), { title: "Concluída", leadId: finished!.id, dueDate: fromNow(-2), completed: true });

    const expected = new Map<string, LeadNextTaskDto | null>([
      [busy!.id, { id: soonest.id, title: "Ligar às 10h", due_date: soonest.dueDate, due_has_time: true, overdue: false }],
      [undated!.id, { id: older.id, title: "Sem data, antiga", due_date: null, due_has_time: false, overdue: false }],
      [late!.id, { id: overdue.id, title: "Mandar contrato", due_date: overdue.dueDate, due_has_time: false, overdue: true }],
      [finished!.id, null],
      [untouched!.id, null],
    ]);

    const list = await get<Page<LeadDto>>(`/api/leads?tag=${tag}`, session.access_token);
    expect(byId(list.items)).toEqual(expected);

    const board = await get<PipelineDto>(`/api/leads/pipeline?tag=${tag}`, session.access_token);
    expect(byId(board.columns.flatMap((column) => column.leads))).toEqual(expected);

    // "Carregar mais" of a column: its second page has them too.
    const first = await get<PipelineColumnDto>(`/api/leads/pipeline/new?tag=${tag}&limit=2`, session.access_token);
    const second = await get<PipelineColumnDto>(
      `/api/leads/pipeline/new?tag=${tag}&limit=3&cursor=${encodeURIComponent(first.next_cursor!)}`,
      session.access_token,
    );
    expect(byId([...first.leads, ...second.leads])).toEqual(expected);

    // Completing the next task (a manager: it is not the rep's) brings the one after it; a
    // task created for a lead without one becomes its next.
    const manager = await signedInUser("manager");
    expect(
      (await request(`/api/tasks/${soonest.id}/completion`, json("PATCH", { completed: true }, bearer(manager.session.access_token))))
        .status,
    ).toBe(200);
    const created = await request(
      "/api/tasks",
      json("POST", { title: "Visitar a loja", lead_id: finished!.id, due_date: "2031-05-20T16:00" }, bearer(session.access_token)),
    );
    const { task } = await created.json<{ task: TaskDto }>();
    const again = byId((await get<Page<LeadDto>>(`/api/leads?tag=${tag}`, session.access_token)).items);
    expect(again.get(busy!.id)?.title).toBe("Depois de amanhã");
    expect(again.get(finished!.id)).toEqual({
      id: task.id,
      title: "Visitar a loja",
      due_date: "2031-05-20T19:00:00.000Z",
      due_has_time: true,
      overdue: false,
    });
  });

  it("reads the next tasks of 101 leads at once (more ids than D1's 100 bound parameters allow as a list), and nothing for none", async () => {
    const leads = await Promise.all(Array.from({ length: 100 }, (_, i) => createLead(db(), { name: `Lead em lote ${i}` })));
    await Promise.all(leads.map((lead, i) => createTask(db(), { title: `Passo ${i}`, leadId: lead.id, dueDate: fromNow(i - 49.5) })));
    const next = await nextOpenTasks({ db: db() }, [...leads.map((lead) => lead.id), "no-such-lead"]);
    expect(next.size).toBe(100);
    leads.forEach((lead, i) => expect(next.get(lead.id), lead.name).toMatchObject({ title: `Passo ${i}`, overdue: i < 50 }));
    expect((await nextOpenTasks({ db: db() }, [])).size).toBe(0);
  });

  it("is not read without a session", async () => {
    for (const path of ["/api/leads", "/api/leads/pipeline", "/api/leads/pipeline/new"]) {
      expect((await request(path)).status, path).toBe(401);
    }
  });
});
