// The dashboard (crm.md §2 Dashboard, §9): the seeded figures against the database and the
// API, a rep's own figures and the team's (issue 20), the recent leads opening /leads?lead=<id>, 'Atualizar dados' (forced, with its loading
// state), no refetch under 5 minutes, the 10-minute refresh, the error state with 'Tentar
// novamente', 'Nova ação', axe, phone width, and screenshots in three languages and two themes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { holdRequests, snapshot } from "./support/chromium.ts";
import { queryAll, queryFirst } from "./support/d1.ts";
import {
  assertNoSidewaysScroll,
  createLead,
  DESKTOP,
  OFFLINE_REQUEST,
  PHONE,
  setUpJourneys,
  toastShown,
  tourStops,
  type DemoUser,
  type JourneyOptions,
} from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";

const STATUSES = ["new", "qualified", "contacted", "negotiating", "won", "lost"] as const;
const STATUS_PT = {
  new: "Novo",
  qualified: "Qualificado",
  contacted: "Contatado",
  negotiating: "Negociando",
  won: "Ganho",
  lost: "Perdido",
};

const journeys = setUpJourneys();

/** Signed in on the dashboard, its data loaded. */
async function openDashboard(user: DemoUser = "admin", options: JourneyOptions = DESKTOP) {
  const opened = await journeys.signIn(user, options);
  await opened.page.getByTestId("dashboard").waitFor();
  await opened.page.waitForLoadState("networkidle");
  return opened;
}

const money = (value: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(value);
const ptDate = (iso: string) => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date(iso));
const metric = (page: Page, id: string) => page.getByTestId(`metric-${id}`).getByTestId("metric-value").innerText();

type Figures = { total: number; fresh: number; won: number; revenue: number };
/** The team's figures, or (`owner`) those of the leads one user holds. */
async function databaseFigures(owner?: string): Promise<Figures> {
  const row = await queryFirst<Figures>(
    `select count(*) as total, sum(status = 'new') as fresh, sum(status = 'won') as won,
            total(case when status = 'won' then estimated_value end) as revenue from leads
     where ? is null or assigned_to = ?`,
    owner ?? null,
    owner ?? null,
  );
  return row!;
}

describe("dashboard", () => {
  it("shows the seeded figures, the pipeline per status and the 5 newest leads, as the database and the API have them", async () => {
    const { page, context } = await openDashboard();
    await page.getByRole("heading", { name: "Dashboard", level: 2 }).waitFor();
    await page.getByText("Bem-vindo de volta, Ana Administradora! Aqui está o resumo das suas vendas.").waitFor();

    const figures = await databaseFigures();
    type Trend = { now: number; before: number };
    const api = (await (await page.request.get("/api/dashboard")).json()) as {
      totalLeads: number;
      wonLeads: number;
      totalRevenue: number;
      newLeads: number;
      trends: { days: number; total: Trend; created: Trend; won: Trend; revenue: Trend };
    };
    assert.deepEqual(
      [api.totalLeads, api.newLeads, api.wonLeads, api.totalRevenue],
      [figures.total, figures.fresh, figures.won, figures.revenue],
    );
    assert.equal(await metric(page, "total"), String(figures.total));
    assert.equal(await metric(page, "new"), String(figures.fresh));
    assert.equal(await metric(page, "won"), String(figures.won));
    // 'Receita Gerada': the value of the leads won in the last 30 days, as the card says.
    assert.equal(await metric(page, "revenue"), money(api.trends.revenue.now));
    assert.match(await page.getByTestId("metric-revenue").innerText(), /Leads ganhos nos últimos 30 dias/);
    assert.ok(figures.revenue > 0 && figures.won > 0, "the seed has won leads with values");

    // Each trend as the server computed it (the last 30 days against the 30 before); none
    // where there was nothing before.
    const percent = ({ now, before }: Trend) =>
      before > 0
        ? new Intl.NumberFormat("pt-BR", { style: "percent", signDisplay: "exceptZero" }).format(
            Math.round(((now - before) / before) * 100) / 100,
          )
        : null;
    let shown = 0;
    for (const [id, trend] of [
      ["total", api.trends.total],
      ["new", api.trends.created],
      ["won", api.trends.won],
      ["revenue", api.trends.revenue],
    ] as const) {
      const expected = percent(trend);
      const card = page.getByTestId(`metric-${id}`).getByTestId("metric-trend");
      if (expected === null) assert.equal(await card.count(), 0, `${id}: no trend without earlier data`);
      else {
        assert.equal((await card.locator("[aria-hidden]").innerText()).replace(/\u00a0/g, " "), expected.replace(/\u00a0/g, " "), id);
        shown++;
      }
    }
    assert.ok(shown > 0, "the seed gives at least one trend");
    // What a trend compares shows on focus (and hover).
    await page.getByTestId("metric-total").getByTestId("metric-trend").focus();
    await page
      .getByRole("tooltip")
      .getByText(`Total de leads agora: ${api.trends.total.now}; há 30 dias: ${api.trends.total.before}`)
      .first()
      .waitFor();

    const pipeline = page.getByTestId("pipeline-card");
    await pipeline.getByRole("heading", { name: "Pipeline de Vendas" }).waitFor();
    const counts = await queryAll<{ status: string; n: number }>("select status, count(*) as n from leads group by status");
    for (const status of STATUSES) {
      const row = pipeline.locator(`[data-status=${status}]`);
      assert.match(await row.innerText(), new RegExp(STATUS_PT[status]));
      assert.equal(await row.getByTestId("pipeline-count").innerText(), String(counts.find((c) => c.status === status)?.n ?? 0), status);
    }

    const recent = await queryAll<{ id: string; name: string; company: string | null; status: keyof typeof STATUS_PT; created_at: string }>(
      "select id, name, company, status, created_at from leads order by created_at desc, id desc limit 5",
    );
    const links = page.getByTestId("recent-lead");
    assert.equal(await links.count(), 5);
    for (const [index, lead] of recent.entries()) {
      const link = links.nth(index);
      const text = await link.innerText();
      assert.ok(text.includes(lead.name), `${index}: ${text}`);
      if (lead.company) assert.ok(text.includes(lead.company));
      assert.ok(text.includes(ptDate(lead.created_at)), `dd/mm/yyyy: ${text}`);
      assert.ok(text.includes(STATUS_PT[lead.status]));
      assert.equal(await link.getAttribute("href"), `/leads?lead=${lead.id}`);
    }
    assert.equal(await page.getByTestId("recent-leads").getByRole("link", { name: "Ver todos" }).getAttribute("href"), "/leads");

    const quick = page.getByTestId("quick-actions");
    assert.equal(await quick.getByRole("link", { name: "Novo Lead" }).getAttribute("href"), "/leads");
    assert.equal(await quick.getByRole("link", { name: "Ver Tarefas" }).getAttribute("href"), "/tasks");
    assert.equal(await quick.getByRole("link", { name: "Chat Interno" }).getAttribute("href"), "/chat");

    await snapshot(page, "crm-dashboard-pt-1280");
    await context.close();
  });

  it("a rep sees their own figures, toggles to the team's (kept in the URL), and opens a recent lead at /leads?lead=<id>", async () => {
    const { page, context } = await openDashboard("rep");
    const rep = (await queryFirst<{ id: string }>("select id from users where email = 'rep@demo.test'"))!;
    const newestOf = (owner: string | null) =>
      queryAll<{ id: string; name: string }>(
        "select id, name from leads where ? is null or assigned_to = ? order by created_at desc, id desc limit 5",
        owner,
        owner,
      );
    const shown = async () => ({
      total: Number(await metric(page, "total")),
      fresh: Number(await metric(page, "new")),
      won: Number(await metric(page, "won")),
      recent: await page.getByTestId("recent-lead").evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    });
    const expected = async (owner: string | null) => {
      const figures = await databaseFigures(owner ?? undefined);
      const recent = await newestOf(owner);
      return { total: figures.total, fresh: figures.fresh, won: figures.won, recent: recent.map((lead) => `/leads?lead=${lead.id}`) };
    };

    // By default: 'Meus números', only the leads Rita holds.
    const title = page.getByTestId("dashboard-scope-title");
    assert.equal(await title.innerText(), "Meus números");
    const own = await expected(rep.id);
    assert.deepEqual(await shown(), own);
    assert.match(await page.getByTestId("metric-total").innerText(), /Todos os leads sob sua responsabilidade/);
    assert.equal(await page.getByRole("link", { name: "Ver todos" }).getAttribute("href"), "/leads?owner=me");
    const toggle = page.getByRole("group", { name: "Mostrar os números de" });
    assert.equal(await toggle.getByRole("link", { name: "Meus leads" }).getAttribute("aria-current"), "true");

    // 'Toda a equipe': every lead; the URL keeps the choice.
    await toggle.getByRole("link", { name: "Toda a equipe" }).click();
    await page.waitForURL((url) => url.searchParams.get("scope") === "team");
    await title.getByText("Números da equipe").waitFor();
    const team = await expected(null);
    assert.ok(team.total > own.total, "the team holds more leads than Rita");
    assert.deepEqual(await shown(), team);
    assert.equal(await toggle.getByRole("link", { name: "Toda a equipe" }).getAttribute("aria-current"), "true");
    assert.equal(await page.getByRole("link", { name: "Ver todos" }).getAttribute("href"), "/leads");

    await page.getByTestId("recent-lead").first().click();
    await page.waitForURL((url) => url.pathname === "/leads" && `/leads?lead=${url.searchParams.get("lead")}` === team.recent[0]);
    await context.close();
  });

  it("'Atualizar dados' forces a fetch with a loading state; coming back within 5 minutes does not refetch", async () => {
    const { page, context } = await openDashboard();
    const before = await databaseFigures();
    assert.equal(await metric(page, "total"), String(before.total));

    // Someone adds a lead. Leaving and coming back (under 5 minutes) shows the figures already fetched.
    await createLead(page, { name: `Lead do painel ${Date.now()}` });
    await page.getByRole("link", { name: "Tarefas" }).first().click();
    await page.waitForURL("**/tasks");
    await page.getByTestId("tasks").waitFor();
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/dashboard.data") dataRequests.push(url.search);
    });
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await page.getByTestId("dashboard").waitFor();
    assert.ok(
      dataRequests.every((search) => !search.includes("routes%2Fcrm%2Fdashboard")),
      `no refetch under 5 minutes (the dashboard's loader did not run): ${dataRequests.join(" ")}`,
    );
    // The figures kept from before: the ones first read, or (the lead was added while the
    // dashboard was still open) the ones its live layer read again 250 ms after the team
    // room told it, if that happened before the screen was left.
    assert.ok(
      [String(before.total), String(before.total + 1)].includes(await metric(page, "total")),
      "the figures fetched before, or those plus the lead added meanwhile",
    );

    // Forced: the button shows its loading state until the answer arrives, then the new count.
    const release = await holdRequests(page, (url) => url.pathname === "/api/dashboard");
    await page.getByRole("button", { name: "Atualizar dados" }).click();
    const busy = page.getByTestId("dashboard-refresh");
    await page.getByRole("button", { name: "Atualizando..." }).waitFor();
    assert.equal(await busy.isDisabled(), true);
    await page.getByTestId("dashboard-status").getByText("Carregando dados...").waitFor();
    release();
    await page.getByRole("button", { name: "Atualizar dados" }).waitFor();
    await page.waitForFunction(
      (total) => document.querySelector("[data-testid=metric-total] [data-testid=metric-value]")?.textContent === total,
      String(before.total + 1),
    );
    assert.match(await page.getByTestId("dashboard-status").innerText(), /^Atualizado às \d{2}:\d{2}$/);
    await context.close();
  });

  it("switching the language in the frame translates the dashboard in place, without a reload, and back", async () => {
    const { page, context } = await openDashboard("admin");
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    const dashboard = page.getByTestId("dashboard");
    await dashboard.getByText("Pipeline de Vendas").waitFor();
    for (const [option, pipeline, refresh, gone] of [
      ["English", "Sales pipeline", "Refresh data", "Pipeline de Vendas"],
      ["Español", "Pipeline de ventas", "Actualizar datos", "Sales pipeline"],
      ["Português", "Pipeline de Vendas", "Atualizar dados", "Pipeline de ventas"],
    ] as const) {
      await page
        .getByRole("combobox", { name: "Idioma" })
        .or(page.getByRole("combobox", { name: "Language" }))
        .click();
      await page.getByRole("option", { name: option }).click();
      await dashboard.getByText(pipeline, { exact: true }).waitFor();
      await dashboard.getByRole("button", { name: refresh }).waitFor();
      assert.equal(await dashboard.getByText(gone, { exact: true }).count(), 0, `no '${gone}' left after choosing ${option}`);
    }
    assert.equal(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same), true, "no reload");
    await context.close();
  });

  it("refreshes by itself every 10 minutes while open", async () => {
    const { page, context } = await openDashboard();
    await page.clock.install();
    await page.reload();
    await page.getByTestId("dashboard").waitFor();
    await page.waitForLoadState("networkidle");
    await createLead(page, { name: `Lead do relógio ${Date.now()}` });
    const total = (await databaseFigures()).total;
    // Ten minutes later the page fetches the figures by itself. (A render that lands while the
    // clock jumps, on a busy machine, starts the timer again: jump again, up to three times.)
    const isRefresh = (request: { url(): string }) => new URL(request.url()).pathname === "/api/dashboard";
    let refreshed = false;
    for (let jump = 0; jump < 3 && !refreshed; jump++) {
      const request = page.waitForRequest(isRefresh, { timeout: 5000 }).then(
        () => true,
        () => false,
      );
      await page.clock.fastForward("10:01");
      refreshed = await request;
    }
    assert.ok(refreshed, "GET /api/dashboard after 10 minutes");
    await page.waitForFunction(
      (value) => document.querySelector("[data-testid=metric-total] [data-testid=metric-value]")?.textContent === value,
      String(total),
    );
    await context.close();
  });

  it("shows the error with 'Tentar novamente' when the figures cannot be fetched, and recovers", async () => {
    const { page, context } = await openDashboard("admin", { ...DESKTOP, allowConsoleErrors: [OFFLINE_REQUEST] });
    const figuresApi = (url: URL) => url.pathname === "/api/dashboard";
    await page.route(figuresApi, (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Atualizar dados" }).click();
    await page.getByTestId("dashboard-error").getByText("Sem conexão. Verifique sua internet e tente novamente.").waitFor();
    assert.equal(await page.getByTestId("metric-total").count(), 0);
    assert.equal(await page.getByTestId("crm-title").innerText(), "Dashboard", "the frame stays");
    await snapshot(page, "crm-dashboard-error-pt");
    await page.unroute(figuresApi);
    await page.getByRole("button", { name: "Tentar novamente" }).click();
    await page.getByTestId("metric-total").waitFor();
    await page.getByTestId("dashboard-error").waitFor({ state: "detached" });
    await context.close();
  });

  it("'Nova ação' creates a task and a lead from the dashboard (the lead shows in the figures)", async () => {
    const { page, context } = await openDashboard();
    await page.getByRole("button", { name: "Nova ação" }).click();
    await page.getByRole("menuitem", { name: "Novo lead" }).waitFor();
    let violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await page.getByRole("menuitem", { name: "Nova tarefa" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Nova tarefa" }).waitFor();
    violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    const title = `Tarefa criada no dashboard ${Date.now()}`;
    await dialog.getByLabel("Título").fill(title);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Tarefa criada!");
    await dialog.waitFor({ state: "detached" });
    assert.ok(await queryFirst("select id from tasks where title = ?", title));
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
      "dashboard-new-action",
      "focus back on 'Nova ação'",
    );

    // Novo lead: the leads screen's form; the new lead shows in the figures and the recent list.
    const total = (await databaseFigures()).total;
    await page.getByRole("button", { name: "Nova ação" }).click();
    await page.getByRole("menuitem", { name: "Novo lead" }).click();
    const leadDialog = page.getByRole("dialog");
    await leadDialog.getByRole("heading", { name: "Novo Lead" }).waitFor();
    violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    const name = `Lead criado no dashboard ${Date.now()}`;
    await leadDialog.getByLabel("Nome").fill(name);
    await leadDialog.getByRole("button", { name: "Criar Lead" }).click();
    await toastShown(page, "Lead criado!");
    await leadDialog.waitFor({ state: "detached" });
    await page.waitForFunction(
      (value) => document.querySelector("[data-testid=metric-total] [data-testid=metric-value]")?.textContent === value,
      String(total + 1),
    );
    assert.equal(await page.getByTestId("recent-lead").first().locator("span").first().innerText(), name);
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "dashboard-new-action");
    await context.close();
  });

  it("fits a 390 px phone: the cards stack, nothing scrolls sideways", async () => {
    const { page, context } = await openDashboard("rep", PHONE);
    await assertNoSidewaysScroll(page, "390 px");
    const boxes = await page
      .locator("[data-testid=metric-total], [data-testid=metric-new], [data-testid=metric-won], [data-testid=metric-revenue]")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    assert.equal(boxes.length, 4);
    assert.ok(
      boxes.every((box, i) => i === 0 || box.top >= boxes[i - 1]!.bottom),
      "one card a row",
    );
    assert.ok(boxes.every((box) => box.right <= 390));
    await snapshot(page, "crm-dashboard-pt-390");
    await context.close();
  });

  for (const { language, theme, width, options } of tourStops()) {
    it(`${language}, ${theme}, ${width} px: no sideways scroll, axe clean (screenshot)`, async () => {
      const { page, context } = await openDashboard("admin", { ...options, language, theme });
      const title = { pt: "Dashboard", es: "Panel", en: "Dashboard" }[language];
      await page.getByRole("heading", { name: title, level: 2 }).waitFor();
      await page.getByTestId("metric-total").waitFor();
      await assertNoSidewaysScroll(page, `${width}`);
      await snapshot(page, `crm-dashboard-${language}-${theme}-${width}`);
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await context.close();
    });
  }
});
