// The tasks screen (crm.md §2 Tasks screen, §4, §5, §8, issue 20): the seeded open tasks in
// the server's order with their urgency badges, the overdue count in the title, the completed
// ones in a 'Concluídas' section collapsed by default, the task dialog (create with a due
// time, edit, validation, the server's errors, offline), completion and reopening (kept after
// a reload), search and whose tasks ('Minhas tarefas' first for a sales rep) in the URL,
// `?task=<id>`, both empty states, axe with the dialog open, and phone width.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { baseUrl, holdRequests, snapshot } from "./support/chromium.ts";
import { queryAll, queryFirst } from "./support/d1.ts";
import {
  assertNoSidewaysScroll,
  callApi,
  DEMO_USERS,
  DESKTOP,
  eventuallyEqual,
  failedRequest,
  OFFLINE_REQUEST,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
  tourStops,
  type DemoUser,
  type JourneyOptions,
} from "./support/journey.ts";
import { animationsDone, auditScreen as audit } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

/** Signed in on `path`, its data loaded. */
async function openTasks(path: string, user: DemoUser, options: JourneyOptions) {
  const opened = await journeys.signIn(user, { path, ...options });
  await opened.page.waitForLoadState("networkidle");
  return opened;
}

const card = (page: Page, title: string) =>
  page.getByTestId("task-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

const dialog = (page: Page) => page.getByRole("dialog");

/** Waits (up to 10 s) until the cards' titles are `expected`, then compares them (a diff on failure). */
const expectTitles = (page: Page, expected: string[]) => eventuallyEqual(() => page.getByTestId("task-title").allInnerTexts(), expected);

async function urgencyOf(locator: Locator): Promise<string | null> {
  const badge = locator.getByTestId("task-urgency");
  return (await badge.count()) ? badge.innerText() : null;
}

/** The São Paulo calendar day `days` from now, as a date input takes it. */
function dayFromNow(days: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() + days * 86_400_000));
}
const ptDate = (iso: string) => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date(iso));

/** The open tasks (of `assignee` when given) in the server's order, first page. */
const openTitles = async (assignee?: string) =>
  (
    await queryAll<{ title: string }>(
      `select title from tasks where completed = 0 ${assignee ? "and assigned_to = ?" : ""}
       order by due_date is null, due_date, created_at, id limit 50`,
      ...(assignee ? [assignee] : []),
    )
  ).map((row) => row.title);

const userId = async (user: DemoUser) => (await queryFirst<{ id: string }>("select id from users where email = ?", DEMO_USERS[user]))!.id;

/** Whose tasks: the select's choice by its name. */
async function chooseAssignee(page: Page, name: string) {
  await page.getByTestId("tasks-assignee").click();
  await page.getByRole("option", { name, exact: true }).click();
}

describe("tasks screen", () => {
  it("lists the open tasks as the server orders them (due date, none last) with status and urgency badges, the overdue count in the title, the completed ones under 'Concluídas'", async () => {
    const { page, context } = await openTasks("/tasks", "admin", DESKTOP);
    await page.getByRole("heading", { name: "Tarefas", level: 2 }).waitFor();
    await page.getByText("Gerencie suas tarefas e acompanhe o progresso da equipe").waitFor();

    assert.deepEqual(await page.getByTestId("task-title").allInnerTexts(), await openTitles());
    const { n: overdue } = (await queryFirst<{ n: number }>(
      "select count(*) as n from tasks where completed = 0 and due_date < ?",
      new Date().toISOString(),
    ))!;
    assert.ok(overdue >= 2, "the seed has overdue tasks");
    assert.equal(await page.getByTestId("tasks-overdue-count").innerText(), `${overdue} atrasadas`);
    assert.equal(await page.title(), `Tarefas (${overdue} atrasadas) — Velox Labs`);

    assert.equal(await urgencyOf(card(page, "Enviar proposta para Pinto Farmácias")), "Atrasada");
    assert.equal(await urgencyOf(card(page, "Reunião de alinhamento com Castro Materiais")), "Urgente");
    assert.equal(await urgencyOf(card(page, "Revisar contrato da Moreira Eventos")), "Alta");
    assert.equal(await urgencyOf(card(page, "Planejar workshop de descoberta da AgroTech")), null, "due in 10 days: normal");

    // The completed tasks wait in 'Concluídas (N)', closed until asked; opened, a completed
    // task, overdue or not, has no urgency and its title is struck through.
    const { n: completed } = (await queryFirst<{ n: number }>("select count(*) as n from tasks where completed = 1"))!;
    const toggle = page.getByRole("button", { name: `Concluídas (${completed})` });
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await card(page, "Enviar boas-vindas à Correia Cosméticos").count(), 0);
    await toggle.click();
    await page.waitForURL((url) => url.searchParams.get("done") === "1");
    const done = page
      .getByTestId("tasks-completed-list")
      .getByTestId("task-card")
      .filter({ hasText: "Enviar boas-vindas à Correia Cosméticos" });
    await done.waitFor();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    assert.equal(await urgencyOf(done), null);
    assert.equal(await done.getByTestId("task-status").innerText(), "Concluída");
    assert.equal(await done.getByTestId("task-title").evaluate((el) => getComputedStyle(el).textDecorationLine), "line-through");
    const row = await queryFirst<{ completed_at: string }>(
      "select completed_at from tasks where title = ?",
      "Enviar boas-vindas à Correia Cosméticos",
    );
    assert.equal(await done.getByTestId("task-completed-at").innerText(), `Concluída em ${ptDate(row!.completed_at)}`);

    const pending = card(page, "Enviar proposta para Pinto Farmácias");
    assert.equal(await pending.getByTestId("task-status").innerText(), "Pendente");
    const due = await queryFirst<{ due_date: string }>(
      "select due_date from tasks where title = ?",
      "Enviar proposta para Pinto Farmácias",
    );
    assert.equal(await pending.getByTestId("task-due").innerText(), `Vence em ${ptDate(due!.due_date)}`);
    assert.equal(await pending.getByTestId("task-assignee").innerText(), "Responsável: Ana Administradora");
    const leadLink = pending.getByTestId("task-lead").getByRole("link");
    const lead = await queryFirst<{ id: string; name: string }>(
      "select l.id, l.name from tasks t join leads l on l.id = t.lead_id where t.title = ?",
      "Enviar proposta para Pinto Farmácias",
    );
    assert.equal(await leadLink.innerText(), `Lead: ${lead!.name}`);
    assert.equal(await leadLink.getAttribute("href"), `/leads?lead=${lead!.id}`);
    await snapshot(page, "crm-tasks-pt-1280");

    // Undated tasks come last (maybe on a later page): found by searching.
    await page.goto("/tasks?q=Organizar%20a%20pasta");
    const undated = card(page, "Organizar a pasta de propostas");
    assert.equal(await undated.getByTestId("task-due").innerText(), "Sem data");
    assert.equal(await urgencyOf(undated), null, "no date: normal");

    await context.close();
  });

  it("offers Editar and the checkbox only on the tasks a sales rep may change", async () => {
    const { page, context } = await openTasks("/tasks?assignee=all", "rep", DESKTOP);
    const own = card(page, "Retornar ligação da Clínica Sorriso Feliz");
    const other = card(page, "Enviar proposta para Pinto Farmácias");
    await own.waitFor();
    assert.equal(await own.getByTestId("task-edit").count(), 1);
    assert.equal(await own.getByTestId("task-toggle").isDisabled(), false);
    assert.equal(await other.getByTestId("task-edit").count(), 0, "someone else's task: no Editar");
    assert.equal(await other.getByTestId("task-toggle").isDisabled(), true);
    await context.close();
  });

  it("deletes a task from its dialog after a confirmation that can be cancelled; the focus goes back to 'Nova tarefa'", async () => {
    const { page, context } = await openTasks("/tasks?assignee=all", "rep", DESKTOP);
    const title = `Tarefa para excluir ${Date.now()}`;
    const created = await callApi<{ task: { id: string } }>(page, "POST", "/tasks", { title });
    assert.equal(created.status, 201);
    await page.reload();
    await card(page, title).getByTestId("task-edit").click();
    const dialog = page.getByTestId("task-dialog");
    await dialog.getByTestId("task-delete").click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir tarefa?" });
    await confirm.getByText(`A tarefa “${title}” será excluída.`, { exact: false }).waitFor();
    await animationsDone(page);
    const violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-task-delete-confirm-pt-1280", { fullPage: false });
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await confirm.waitFor({ state: "detached" });
    assert.ok(await queryFirst("select 1 as one from tasks where id = ?", created.body.task.id), "cancelled: kept");

    await dialog.getByTestId("task-delete").click();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await toastShown(page, "Tarefa excluída!");
    await dialog.waitFor({ state: "detached" });
    await card(page, title).waitFor({ state: "detached" });
    assert.equal(await queryFirst("select 1 as one from tasks where id = ?", created.body.task.id), null);
    await page.waitForFunction(() => document.activeElement?.textContent === "Nova tarefa", undefined, { polling: 50 });
    await context.close();
  });

  it("creates a task with a due time (assignee, lead found as you type), lists it with the time, edits it, completes it into the closed 'Concluídas' and reopens it; each survives a reload", async () => {
    const { page, context } = await openTasks("/tasks", "admin", DESKTOP);
    const title = `Ligar para confirmar a reunião ${Date.now()}`;
    const lead = await queryFirst<{ id: string; name: string; company: string }>(
      "select id, name, company from leads where company = ?",
      "Pinto Farmácias",
    );
    assert.ok(lead);

    await page.getByRole("button", { name: "Nova tarefa" }).click();
    await dialog(page).getByRole("heading", { name: "Nova tarefa" }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "task-title-input", "the title has focus");
    await dialog(page).getByLabel("Título").fill(title);
    await dialog(page).getByLabel("Descrição").fill("Primeira linha\nSegunda linha");
    await dialog(page).getByLabel("Data de vencimento").fill(dayFromNow(2));
    await dialog(page).getByLabel("Horário").fill("14:30");
    await dialog(page).getByLabel("Responsável").click();
    await page.getByRole("option", { name: "Rita Vendedora" }).click();
    const leadInput = dialog(page).getByRole("combobox", { name: "Lead Relacionado" });
    await leadInput.fill("Pinto");
    const option = page.getByTestId("task-lead-option").filter({ hasText: lead.name });
    await option.waitFor();
    assert.match(await option.innerText(), /Pinto Farmácias/, "name and company");
    await option.click();
    assert.equal(await leadInput.inputValue(), `${lead.name} (Pinto Farmácias)`);
    await dialog(page).getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Tarefa criada!");
    await dialog(page).waitFor({ state: "detached" });

    const created = card(page, title);
    await created.waitFor();
    const row = await queryFirst<{
      id: string;
      description: string;
      due_date: string;
      due_has_time: number;
      lead_id: string;
      assigned_to: string;
      completed: number;
    }>("select id, description, due_date, due_has_time, lead_id, assigned_to, completed from tasks where title = ?", title);
    assert.ok(row);
    assert.equal(row.description, "Primeira linha\nSegunda linha");
    assert.equal(row.lead_id, lead.id);
    assert.equal(row.assigned_to, await userId("rep"));
    const at = new Date(`${dayFromNow(2)}T14:30:00-03:00`).toISOString();
    assert.deepEqual([row.due_date, row.due_has_time], [at, 1], "14:30 of that São Paulo day, with its time");
    assert.equal(await created.getByTestId("task-due").innerText(), `Vence em ${ptDate(at)} às 14:30`);
    assert.equal(await created.getByTestId("task-urgency").innerText(), "Alta");
    // Open tasks only: the completed ones wait in 'Concluídas', closed.
    assert.equal(await page.getByTestId("tasks-completed-toggle").getAttribute("aria-expanded"), "false");
    assert.equal(await page.getByTestId("tasks-completed-list").count(), 0);
    await created.scrollIntoViewIfNeeded();
    await snapshot(page, "crm-tasks-with-time-pt-1280", { fullPage: false });
    assert.equal(await created.getByTestId("task-assignee").innerText(), "Responsável: Rita Vendedora");

    // Edit: the dialog comes with the task's values.
    await created.getByRole("button", { name: `Editar a tarefa “${title}”` }).click();
    await dialog(page).getByRole("heading", { name: "Editar Tarefa" }).waitFor();
    assert.equal(await dialog(page).getByLabel("Título").inputValue(), title);
    assert.equal(await dialog(page).getByLabel("Data de vencimento").inputValue(), dayFromNow(2));
    assert.equal(await dialog(page).getByLabel("Horário").inputValue(), "14:30");
    assert.equal(await leadInput.inputValue(), `${lead.name} (Pinto Farmácias)`);
    const edited = `${title} (editada)`;
    await dialog(page).getByLabel("Título").fill(edited);
    await dialog(page).getByLabel("Responsável").click();
    await page.getByRole("option", { name: "Nenhum" }).click();
    await dialog(page).getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Tarefa atualizada!");
    await card(page, edited).waitFor();
    const after = await queryFirst<{ title: string; assigned_to: string | null; due_date: string }>(
      "select title, assigned_to, due_date from tasks where id = ?",
      row.id,
    );
    assert.deepEqual(
      after,
      { title: edited, assigned_to: null, due_date: row.due_date },
      "an unchanged day and time keep the stored instant",
    );

    // Complete: it goes to 'Concluídas' (closed), where it shows its completion date, also after a reload.
    await card(page, edited)
      .getByRole("checkbox", { name: `Marcar “${edited}” como concluída` })
      .click();
    await toastShown(page, "Tarefa marcada como concluída!");
    await card(page, edited).waitFor({ state: "detached" });
    await page.getByTestId("tasks-completed-toggle").click();
    await page.waitForURL((url) => url.searchParams.get("done") === "1");
    const completedAt = card(page, edited).getByTestId("task-completed-at");
    await completedAt.waitFor();
    assert.equal(await completedAt.innerText(), `Concluída em ${ptDate(new Date().toISOString())}`);
    const stored = await queryFirst<{ completed: number; completed_at: string | null }>(
      "select completed, completed_at from tasks where id = ?",
      row.id,
    );
    assert.equal(stored!.completed, 1);
    assert.ok(stored!.completed_at);
    await page.reload();
    await card(page, edited).getByTestId("task-completed-at").waitFor();
    assert.equal(await card(page, edited).getByTestId("task-status").innerText(), "Concluída");
    assert.equal(await card(page, edited).getByTestId("task-urgency").count(), 0);

    // Reopen: back among the open tasks without a completion date, also after a reload.
    await card(page, edited)
      .getByRole("checkbox", { name: `Reabrir “${edited}”` })
      .click();
    await toastShown(page, "Tarefa reaberta!");
    await page.getByTestId("tasks-list").getByTestId("task-card").filter({ hasText: edited }).waitFor();
    await card(page, edited).getByTestId("task-completed-at").waitFor({ state: "detached" });
    const reopened = await queryFirst<{ completed: number; completed_at: string | null }>(
      "select completed, completed_at from tasks where id = ?",
      row.id,
    );
    assert.deepEqual({ ...reopened }, { completed: 0, completed_at: null });
    await page.reload();
    await card(page, edited).waitFor();
    assert.equal(await card(page, edited).getByTestId("task-completed-at").count(), 0);
    assert.equal(await card(page, edited).getByTestId("task-status").innerText(), "Pendente");

    await context.close();
  });

  it("rolls the checkbox back when the server refuses, with the error toast", async () => {
    const { page, context } = await openTasks("/tasks", "admin", { ...DESKTOP, allowConsoleErrors: [failedRequest(500)] });
    const target = card(page, "Planejar workshop de descoberta da AgroTech");
    await page.route(/\/api\/tasks\/[^/]+\/completion$/, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "internal", message: "Erro interno do servidor." }),
      }),
    );
    await target.getByTestId("task-toggle").click();
    await toastShown(page, "Não foi possível atualizar a tarefa");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-testid=task-card]")].some(
        (el) => el.textContent?.includes("Planejar workshop de descoberta da AgroTech") && el.getAttribute("data-completed") === "false",
      ),
    );
    assert.equal(await target.getByTestId("task-toggle").getAttribute("aria-checked"), "false");
    const row = await queryFirst<{ completed: number }>(
      "select completed from tasks where title = ?",
      "Planejar workshop de descoberta da AgroTech",
    );
    assert.equal(row!.completed, 0);
    await context.close();
  });

  it("requires a title, shows the server's message under its field, and keeps what was typed offline", async () => {
    // The browser reports the refused and the offline request itself.
    const { page, context } = await openTasks("/tasks", "admin", { ...DESKTOP, allowConsoleErrors: [failedRequest(400), OFFLINE_REQUEST] });
    await page.getByRole("button", { name: "Nova tarefa" }).click();
    await dialog(page).getByRole("button", { name: "Salvar" }).click();
    await dialog(page).getByText("Título é obrigatório", { exact: true }).waitFor();
    assert.equal(await dialog(page).getByLabel("Título").getAttribute("aria-invalid"), "true");

    // The server's field message (here: one the test makes it send) goes under the field.
    await page.route("**/api/tasks", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              error: "validation_failed",
              message: "Alguns campos são inválidos: due_date.",
              issues: [{ path: "due_date", message: "Data inválida." }],
            }),
          })
        : route.continue(),
    );
    await dialog(page).getByLabel("Título").fill("Tarefa com data ruim");
    await dialog(page).getByRole("button", { name: "Salvar" }).click();
    await dialog(page).getByText("Data inválida.").waitFor();
    await toastShown(page, "Alguns campos são inválidos: due_date.");
    assert.equal(await dialog(page).getByLabel("Data de vencimento").getAttribute("aria-invalid"), "true");
    await page.unroute("**/api/tasks");

    // Offline: the toast says so, the dialog and its values stay; back online it saves.
    const title = `Tarefa feita sem rede ${Date.now()}`;
    await dialog(page).getByLabel("Título").fill(title);
    await dialog(page).getByLabel("Descrição").fill("Escrita sem conexão");
    // Dated, so it sorts on the first page whatever else the database holds.
    await dialog(page).getByLabel("Data de vencimento").fill(dayFromNow(1));
    await context.setOffline(true);
    await dialog(page).getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Sem conexão. Verifique sua internet e tente novamente.");
    assert.equal(await dialog(page).getByLabel("Título").inputValue(), title);
    assert.equal(await dialog(page).getByLabel("Descrição").inputValue(), "Escrita sem conexão");
    assert.equal(await dialog(page).getByLabel("Data de vencimento").inputValue(), dayFromNow(1));
    await context.setOffline(false);
    await dialog(page).getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Tarefa criada!");
    await card(page, title).waitFor();
    await context.close();
  });

  it("searches (300 ms after typing) and shows whose tasks through the URL ('Minhas tarefas' first for a sales rep), and says when nothing matches", async () => {
    const { page, context } = await openTasks("/tasks", "rep", DESKTOP);
    const rita = await userId("rep");
    // A sales rep starts on their own open tasks.
    assert.equal(await page.getByTestId("tasks-assignee").innerText(), "Minhas tarefas");
    await expectTitles(page, await openTitles(rita));
    await chooseAssignee(page, "Todas as tarefas");
    await page.waitForURL((url) => url.searchParams.get("assignee") === "all");
    await expectTitles(page, await openTitles());

    await page.getByRole("searchbox", { name: "Buscar tarefas" }).fill("PROPOSTA");
    await page.waitForURL((url) => url.searchParams.get("q") === "PROPOSTA" && url.searchParams.get("assignee") === "all");
    const expected = await queryAll<{ title: string }>(
      `select t.title from tasks t left join leads l on l.id = t.lead_id
       where t.completed = 0 and (lower(t.title) like '%proposta%' or lower(coalesce(t.description, '')) like '%proposta%' or lower(coalesce(l.name, '')) like '%proposta%')
       order by t.due_date is null, t.due_date, t.created_at, t.id`,
    );
    await expectTitles(
      page,
      expected.map((r) => r.title),
    );

    // By the linked lead's name, without its accents. (Each step waits for the list it shows:
    // the URL changes first, and a choice made before the screen has caught up would keep the
    // query the screen still shows.)
    await page.getByRole("searchbox", { name: "Buscar tarefas" }).fill("farmacias");
    await page.waitForURL((url) => url.searchParams.get("q") === "farmacias");
    await card(page, "Enviar proposta para Pinto Farmácias").waitFor();
    await card(page, "Organizar a pasta de propostas").waitFor({ state: "detached" });

    // A colleague's, with the search: their open tasks that match.
    await chooseAssignee(page, "Ana Administradora");
    const ana = await userId("admin");
    await page.waitForURL((url) => url.searchParams.get("assignee") === ana && url.searchParams.get("q") === "farmacias");
    await expectTitles(page, ["Enviar proposta para Pinto Farmácias"]);

    // The URL is the state: a reload keeps both.
    await page.getByRole("searchbox", { name: "Buscar tarefas" }).fill("zzzz-nada");
    await page.waitForURL((url) => url.searchParams.get("q") === "zzzz-nada" && url.searchParams.get("assignee") === ana);
    await page.getByText("Nenhuma tarefa encontrada com os filtros aplicados").waitFor();
    await page.reload();
    await page.getByText("Nenhuma tarefa encontrada com os filtros aplicados").waitFor();
    assert.equal(await page.getByRole("searchbox", { name: "Buscar tarefas" }).inputValue(), "zzzz-nada");
    assert.equal(await page.getByTestId("tasks-assignee").innerText(), "Ana Administradora");
    assert.equal(await page.getByRole("button", { name: "Criar tarefa" }).count(), 0, "no create button when filtering");
    await context.close();
  });

  it("whose tasks chosen while a search is still loading keeps that search, and a cleared search stays cleared", async () => {
    const { page, context } = await openTasks("/tasks", "rep", DESKTOP);
    const searchbox = page.getByRole("searchbox", { name: "Buscar tarefas" });
    // The screen's data requests wait until released: the URL shown stays the old one meanwhile.
    let release = await holdRequests(page, (url) => url.pathname.endsWith(".data"));
    await searchbox.fill("proposta");
    await page.waitForRequest((request) => new URL(request.url()).searchParams.get("q") === "proposta");
    await chooseAssignee(page, "Todas as tarefas");
    release();
    await page.waitForURL((url) => url.searchParams.get("assignee") === "all");
    assert.equal(new URL(page.url()).searchParams.get("q"), "proposta", "the search typed before the filter is kept");
    await page.unrouteAll({ behavior: "wait" });

    release = await holdRequests(page, (url) => url.pathname.endsWith(".data"));
    await searchbox.fill("");
    await page.waitForRequest((request) => request.url().includes(".data") && !new URL(request.url()).searchParams.has("q"));
    await chooseAssignee(page, "Sem responsável");
    release();
    await page.waitForURL((url) => url.searchParams.get("assignee") === "none");
    assert.equal(new URL(page.url()).searchParams.get("q"), null, "the cleared search does not come back");
    await page.unrouteAll({ behavior: "wait" });
    const unassigned = await queryAll<{ title: string }>(
      "select title from tasks where completed = 0 and assigned_to is null order by due_date is null, due_date, created_at, id limit 50",
    );
    await expectTitles(
      page,
      unassigned.map((r) => r.title),
    );
    assert.equal(await searchbox.inputValue(), "");
    await context.close();
  });

  it("opens the task's dialog from /tasks?task=<id> (the notifications' link) and drops the parameter on close", async () => {
    const task = await queryFirst<{ id: string }>("select id from tasks where title = ?", "Retornar ligação da Clínica Sorriso Feliz");
    const { page, context } = await openTasks(`/tasks?task=${task!.id}`, "rep", DESKTOP);
    await dialog(page).getByRole("heading", { name: "Editar Tarefa" }).waitFor();
    assert.equal(await dialog(page).getByLabel("Título").inputValue(), "Retornar ligação da Clínica Sorriso Feliz");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await page.waitForURL((url) => url.pathname === "/tasks" && !url.searchParams.has("task"));
    await context.close();
  });

  it("has no axe violations with the dialog, the assignee list and the lead list open; keyboard only", async () => {
    const { page, context } = await openTasks("/tasks", "admin", DESKTOP);
    let violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    // Keyboard: Tab to 'Nova tarefa', Enter opens; type; the lead combobox with arrows and Enter.
    await page.getByRole("button", { name: "Nova tarefa" }).focus();
    await page.keyboard.press("Enter");
    await dialog(page).getByRole("heading", { name: "Nova tarefa" }).waitFor();
    violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await page.keyboard.type("Tarefa pelo teclado");
    const leadInput = dialog(page).getByRole("combobox", { name: "Lead Relacionado" });
    await leadInput.focus();
    await page.keyboard.type("Castro");
    await page.getByTestId("task-lead-option").nth(1).waitFor();
    violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-task-dialog-lead-list-pt");
    await page.keyboard.press("Enter");
    assert.match(await leadInput.inputValue(), /Castro Materiais/);
    // Escape with the list closed closes the dialog; focus returns to 'Nova tarefa'.
    await page.keyboard.press("ArrowDown");
    assert.equal(await leadInput.getAttribute("aria-expanded"), "true");
    await page.keyboard.press("Escape");
    assert.equal(await leadInput.getAttribute("aria-expanded"), "false");
    assert.equal(await dialog(page).count(), 1, "Escape closed only the list");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    // Radix gives focus back as the dialog's focus scope unmounts: wait for it, briefly.
    await page
      .waitForFunction(() => document.activeElement?.textContent === "Nova tarefa", undefined, { timeout: 3000 })
      .catch(() => undefined);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Nova tarefa");

    await card(page, "Revisar contrato da Moreira Eventos").getByTestId("task-edit").click();
    await dialog(page).getByLabel("Responsável").click();
    await page.getByRole("listbox").waitFor();
    violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("fits a 390 px phone: cards stack, no sideways scroll, the dialog fills the screen", async () => {
    const { page, context } = await openTasks("/tasks", "admin", PHONE);
    await assertNoSidewaysScroll(page, "the list");
    const boxes = await page
      .getByTestId("task-card")
      .evaluateAll((els) => els.slice(0, 3).map((el) => el.getBoundingClientRect().toJSON()));
    assert.ok(
      boxes.every((box, i) => i === 0 || box.top >= boxes[i - 1]!.bottom),
      "one card a row",
    );
    await snapshot(page, "crm-tasks-pt-390");
    await page.getByRole("button", { name: "Nova tarefa" }).click();
    const content = page.getByTestId("task-dialog");
    await content.waitFor();
    await animationsDone(page);
    const box = (await content.boundingBox())!;
    assert.ok(box.x <= 0.5 && box.width >= 389 && box.height >= 843, `the dialog fills the screen (${JSON.stringify(box)})`);
    await assertNoSidewaysScroll(page, "the dialog");
    await snapshot(page, "crm-task-dialog-pt-390", { fullPage: false });
    await context.close();
  });

  for (const { language, theme, width, options } of tourStops()) {
    it(`${language}, ${theme}, ${width} px: no sideways scroll, axe clean with and without the dialog (screenshots)`, async () => {
      const { page, context } = await openTasks("/tasks", "admin", { ...options, language, theme });
      await page.getByTestId("task-card").first().waitFor();
      const title = { pt: "Tarefas", es: "Tareas", en: "Tasks" }[language];
      await page.getByRole("heading", { name: title, level: 2 }).waitFor();
      await assertNoSidewaysScroll(page, `${width}`);
      await snapshot(page, `crm-tasks-${language}-${theme}-${width}`);
      const violations = await audit(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      // A task's own dialog: its fields and 'Excluir' beside 'Cancelar' and 'Salvar'.
      await page.getByTestId("task-edit").first().click();
      await page.getByTestId("task-dialog").getByTestId("task-delete").waitFor();
      await assertNoSidewaysScroll(page, `${width}, the dialog`, ["[data-testid=task-dialog]"]);
      const dialogViolations = await audit(page);
      assert.equal(dialogViolations.length, 0, describeViolations(dialogViolations));
      await snapshot(page, `crm-task-dialog-${language}-${theme}-${width}`, { fullPage: false });
      await context.close();
    });
  }

  // Last: it adds tasks (due in 2099, so they sort after the seeded dates and before the undated).
  it("loads the next page with 'Carregar mais', in the server's order", async () => {
    const { page, context } = await openTasks("/tasks", "admin", DESKTOP);
    const { n } = (await queryFirst<{ n: number }>("select count(*) as n from tasks where completed = 0"))!;
    for (let i = n; i < 60; i++) {
      const day = String((i % 28) + 1).padStart(2, "0");
      const response = await page.request.post("/api/tasks", {
        data: { title: `Tarefa em lote ${String(i).padStart(2, "0")}`, due_date: `2099-01-${day}` },
        headers: { Origin: baseUrl() },
      });
      assert.equal(response.status(), 201, await response.text());
    }
    await page.reload();
    await page.getByTestId("task-card").first().waitFor();
    assert.equal(await page.getByTestId("task-card").count(), 50, "one page of 50 open tasks");
    await page.getByRole("button", { name: "Carregar mais" }).click();
    const all = await queryAll<{ title: string }>(
      "select title from tasks where completed = 0 order by due_date is null, due_date, created_at, id",
    );
    await page.waitForFunction((count) => document.querySelectorAll("[data-testid=task-card]").length === count, all.length);
    assert.deepEqual(
      await page.getByTestId("task-title").allInnerTexts(),
      all.map((row) => row.title),
    );
    assert.equal(await page.getByRole("button", { name: "Carregar mais" }).count(), 0, "no more pages");
    await context.close();
  });
});

describe("tasks and dashboard on an empty database", () => {
  // One staff account (the demo admin) and nothing else.
  const empty = serverOverEmptyDatabase("admin");

  it("shows 'Nenhuma tarefa cadastrada' with a create button, and the dashboard's empty recent leads", async () => {
    const { page, context } = await journeys.signIn("admin", { path: "/tasks", baseURL: empty.url });
    await page.getByText("Nenhuma tarefa cadastrada").waitFor();
    await page.getByRole("button", { name: "Criar tarefa" }).click();
    await dialog(page).getByRole("heading", { name: "Nova tarefa" }).waitFor();
    await page.keyboard.press("Escape");

    await page.goto("/dashboard");
    await page.getByText("Nenhum lead cadastrado ainda").waitFor();
    await page.getByRole("button", { name: "Adicionar Lead" }).click();
    await dialog(page).getByRole("heading", { name: "Novo Lead" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("metric-total").getByTestId("metric-value").innerText(), "0");
    assert.match(await page.getByTestId("metric-revenue").getByTestId("metric-value").innerText(), /^R\$\s0,00$/);
    await snapshot(page, "crm-empty-dashboard-pt");
    await context.close();
  });
});
