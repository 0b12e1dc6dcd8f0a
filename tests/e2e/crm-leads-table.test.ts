// The leads table (issue 20): a sales rep's 'Meus leads' as rows, sorted by a header (in the
// URL), a shift-click range selected, the selection exported as CSV (formula-safe, opens in a
// Brazilian spreadsheet) and assigned to a colleague in one bulk request (one timeline entry
// per lead), then rows walked and opened by keyboard; axe clean with the bulk bar showing;
// 390 px without sideways scrolling outside the table's own scroll box.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { audit, describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { queryAll, queryFirst } from "./support/d1.ts";
import { assertNoSidewaysScroll, createLead, DEMO_USERS, eventuallyEqual, setUpJourneys, toastShown, urlWhere } from "./support/journey.ts";

const journeys = setUpJourneys();
const RUN = Date.now().toString(36);

const rowNames = (page: Page) =>
  page.getByTestId("lead-row").evaluateAll((rows) => rows.map((row) => row.querySelector("td:nth-child(2)")!.textContent!.trim()));

describe("leads table", () => {
  it("a rep's 'Meus leads' table: sort by a header, shift-click a range, export it, assign it in one request, walk the rows by keyboard", async () => {
    const journey = await journeys.signIn("rep", { path: "/leads?view=table&owner=me" });
    const { page } = journey;
    const rep = (await queryFirst<{ id: string }>("select id from users where email = ?", DEMO_USERS.rep))!.id;
    const manager = (await queryFirst<{ id: string; name: string }>("select id, name from users where email = ?", DEMO_USERS.manager))!;
    await hydrated(page, "[data-testid=lead-table]");
    const seeded = await queryAll<{ id: string }>(
      "select id from leads where assigned_to = ? order by created_at desc, id desc limit 50",
      rep,
    );
    await eventuallyEqual(
      () => page.getByTestId("lead-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-lead-id"))),
      seeded.map((row) => row.id),
      "the rep's own leads, newest first",
    );

    // Four leads of this run (one whose name a spreadsheet would run as a formula), found by search.
    for (const [name, value] of [
      ["Delta", 10],
      ["=Beta", 2500.5],
      ["Ápice", null],
      ["Carvalho", 700],
    ] as const) {
      await createLead(page, { name: `${name} ${RUN}`, assigned_to: rep, estimated_value: value, company: "Tabela Ltda" });
    }
    await page.getByRole("searchbox").fill(RUN);
    await urlWhere(page, (url) => url.searchParams.get("q") !== null);
    await eventuallyEqual(() => rowNames(page), [`Carvalho ${RUN}`, `Ápice ${RUN}`, `=Beta ${RUN}`, `Delta ${RUN}`], "newest first");

    // Sorting by a header: in the URL, accent-blind, the header says so.
    await page.getByTestId("lead-table-sort-name").click();
    await urlWhere(page, (url) => url.searchParams.get("sort") === "name");
    await eventuallyEqual(() => rowNames(page), [`=Beta ${RUN}`, `Ápice ${RUN}`, `Carvalho ${RUN}`, `Delta ${RUN}`], "name A–Z");
    assert.match(await page.locator("th[aria-sort=ascending]").innerText(), /^Nome/);
    await page.getByTestId("lead-table-sort-value").click();
    await urlWhere(page, (url) => url.searchParams.get("sort") === "value");
    await eventuallyEqual(() => rowNames(page), [`=Beta ${RUN}`, `Carvalho ${RUN}`, `Delta ${RUN}`, `Ápice ${RUN}`], "value, none last");

    // A range: the first row's box, then shift and the third.
    const boxes = page.getByTestId("lead-row-select");
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ["Shift"] });
    assert.equal(await page.getByTestId("lead-bulk-count").innerText(), "3 leads selecionados");
    assert.deepEqual(await page.getByTestId("lead-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-selected"))), [
      "true",
      "true",
      "true",
      "false",
    ]);
    assert.deepEqual(await boxes.evaluateAll((all) => all.map((box) => (box as HTMLInputElement).checked)), [true, true, true, false]);
    const violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-leads-table-pt-1280", { fullPage: false });

    // The selection as CSV: BOM, ";" between cells, decimal comma, the formula defused.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("lead-bulk-export").click()]);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    assert.ok(csv.startsWith("\uFEFF"), "a byte-order mark for Excel");
    assert.equal(lines[0], "Nome;Email;Telefone;Empresa;Status;Valor;Moeda;Responsável;Origem;Tags;Criado em;Última atividade");
    assert.equal(lines.length, 4);
    assert.match(lines[1]!, new RegExp(`^'=Beta ${RUN};;;Tabela Ltda;Novo;2500,5;BRL;`));
    await toastShown(page, "3 leads exportados");

    // Assigned to the manager in one request; the rows say so at once; one entry per lead.
    const bulkRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/leads/bulk")) bulkRequests.push(request.postData() ?? "");
    });
    await page.getByTestId("lead-bulk-assign").click();
    await page.getByRole("menuitem", { name: manager.name, exact: true }).click();
    await toastShown(page, "3 leads atualizados");
    assert.equal(bulkRequests.length, 1, "one request for the three");
    await eventuallyEqual(
      async () => (await page.getByTestId("lead-row-owner").allInnerTexts()).slice(0, 3),
      [manager.name, manager.name, manager.name],
      "the new owner on the three rows",
    );
    const stored = await queryAll<{ name: string; assigned_to: string; entries: number }>(
      `select l.name, l.assigned_to, (select count(*) from lead_activities a where a.lead_id = l.id and a.type = 'assignment_change') as entries
       from leads l where l.name like ? order by l.name`,
      `%${RUN}`,
    );
    assert.deepEqual(
      stored.map((row) => [row.name.split(" ")[0], row.assigned_to === manager.id, row.entries]),
      [
        ["=Beta", true, 1],
        ["Carvalho", true, 1],
        ["Delta", true, 1],
        ["Ápice", false, 0],
      ],
    );
    assert.equal(await page.getByTestId("lead-bulk-bar").count(), 0, "nothing selected after it");

    // Keyboard: down to the last row, space selects it, Enter opens its detail.
    await page.getByTestId("lead-row").first().focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press(" ");
    assert.equal(await page.getByTestId("lead-bulk-count").innerText(), "1 lead selecionado");
    const last = await page.getByTestId("lead-row").nth(3).getAttribute("data-lead-id");
    await page.keyboard.press("Enter");
    await urlWhere(page, (url) => url.searchParams.get("lead") !== null);
    assert.equal(new URL(page.url()).searchParams.get("lead"), last);
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await urlWhere(page, (url) => url.searchParams.get("lead") === null);

    // 390 px: the table scrolls inside its own box; nothing else sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await assertNoSidewaysScroll(page, "leads table at 390 px", ["main"]);
    const wrap = await page.getByTestId("lead-table-wrap").evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    assert.ok(wrap.scroll > wrap.client, "the table scrolls sideways inside its box");
    await snapshot(page, "crm-leads-table-pt-390", { fullPage: false });
    await journey.close();
  });
});
