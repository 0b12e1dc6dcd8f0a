// Relatórios e Analytics (issue 21): the figures of a period as the database has them, the
// period in the URL with 'Carregando relatórios...', a figure opening the leads behind it,
// 'Exportar CSV' downloading a file that reads back, the chart by keyboard and as a table,
// the offline error with 'Tentar novamente', 390 px, pt/es/en in light and dark with axe.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import Papa from "papaparse";
import { startOfDay } from "../../worker/lib/org-time.ts";
import { describeViolations } from "./support/axe.ts";
import { holdRequests, snapshot } from "./support/chromium.ts";
import { queryFirst } from "./support/d1.ts";
import { assertNoSidewaysScroll, DESKTOP, OFFLINE_REQUEST, setUpJourneys, toastShown, tourStops } from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

const card = (page: Page, id: string) => page.getByTestId(`report-card-${id}`).getByTestId("report-card-value").innerText();
const thirtyDaysFrom = () => startOfDay(new Date(), 29).toISOString();

async function countLeads(from: string | null, extra = "true"): Promise<number> {
  const row = await queryFirst<{ n: number }>(
    `select count(*) as n from leads where (? is null or created_at >= ?) and ${extra}`,
    from,
    from,
  );
  return row!.n;
}

/** Opens the period select and picks `label`. */
async function choosePeriod(page: Page, label: string) {
  await page.getByTestId("report-period").click();
  await page.getByRole("option", { name: label }).click();
}

describe("reports screen", () => {
  it("shows the last 30 days as the database has them; another period goes into the URL, says 'Carregando relatórios...' and survives a reload", async () => {
    const { page } = await journeys.signIn("manager", { ...DESKTOP, path: "/reports" });
    await page.getByRole("heading", { name: "Relatórios e Analytics", level: 2 }).waitFor();
    assert.equal(await page.getByTestId("report-period").innerText(), "Últimos 30 dias");
    const total30 = await countLeads(thirtyDaysFrom());
    assert.equal(await card(page, "total"), new Intl.NumberFormat("pt-BR").format(total30));
    const won30 = await countLeads(thirtyDaysFrom(), "status = 'won'");
    const rate = total30 ? (won30 / total30) * 100 : 0;
    assert.equal(
      await card(page, "conversion"),
      new Intl.NumberFormat("pt-BR", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate / 100),
    );
    // Every status with its count, zeros included.
    const statusRows = page.getByTestId("report-status").locator("li");
    assert.equal(await statusRows.count(), 6);
    await snapshot(page, "crm-reports-pt-1280");

    // All time: held so the loading text can be seen.
    const release = await holdRequests(page, (url) => url.pathname.endsWith(".data") && url.searchParams.get("period") === "all");
    await choosePeriod(page, "Todo período");
    await page.getByTestId("reports-loading").getByText("Carregando relatórios...").waitFor();
    release();
    await page.getByTestId("reports-loading").waitFor({ state: "detached" });
    assert.equal(new URL(page.url()).searchParams.get("period"), "all");
    const total = await countLeads(null);
    assert.equal(await card(page, "total"), new Intl.NumberFormat("pt-BR").format(total));
    await page.reload();
    assert.equal(await page.getByTestId("report-period").innerText(), "Todo período");
    assert.equal(await card(page, "total"), new Intl.NumberFormat("pt-BR").format(total));
    // The top sellers as the database ranks them (unassigned leads are nobody's).
    const top = await queryFirst<{ name: string; n: number }>(
      `select u.name as name, count(*) as n from leads l join users u on u.id = l.assigned_to group by u.id
       order by n desc, total(case when l.currency = 'BRL' then l.estimated_value end) desc, u.name collate nocase limit 1`,
    );
    const firstSeller = page.getByTestId("report-seller").first();
    assert.match(await firstSeller.innerText(), new RegExp(`${top!.name}[\\s\\S]*${top!.n} leads`));
  });

  it("a figure opens the leads list filtered the same way: a status, a source, a seller", async () => {
    const { page } = await journeys.signIn("admin", { ...DESKTOP, path: "/reports?period=month" });
    await page.getByTestId("report-status").waitFor();
    await page
      .getByTestId("report-status")
      .getByRole("link", { name: /^Ganho / })
      .click();
    await page.waitForURL((url) => url.pathname === "/leads");
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("status"), "won");
    assert.equal(url.searchParams.get("period"), "month");
    assert.equal(await page.getByTestId("lead-filter-period").innerText(), "Este mês");
    await page.goBack();
    await page
      .getByTestId("report-source")
      .getByRole("link", { name: /^Indicação / })
      .click();
    await page.waitForURL((u) => u.pathname === "/leads" && new URL(u).searchParams.get("source") === "referral");
    await page.goBack();
    const seller = page.getByTestId("report-seller").first();
    if (await seller.count()) {
      await seller.getByRole("link").click();
      await page.waitForURL((u) => u.pathname === "/leads" && Boolean(new URL(u).searchParams.get("owner")));
    }
  });

  it("'Exportar CSV' downloads relatorio-leads-<date>.csv with the summary and every lead of the period, and says so", async () => {
    const { page } = await journeys.signIn("rep", { ...DESKTOP, path: "/reports?period=all" });
    await page.getByTestId("report-export").waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-export").click()]);
    assert.match(download.suggestedFilename(), /^relatorio-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    await toastShown(page, "Relatório exportado para CSV!");
    const text = await readFile((await download.path())!, "utf8");
    assert.ok(text.startsWith("\uFEFF"), "a byte-order mark");
    const [summary, table] = text.slice(1).split("\r\n\r\n") as [string, string];
    const head = Papa.parse<string[]>(summary, { delimiter: ";" }).data;
    const total = await countLeads(null);
    assert.deepEqual(head[0], ["Relatório de Leads", "Todo período"]);
    assert.deepEqual(head[2], ["Total de Leads", String(total)]);
    const rows = Papa.parse<Record<string, string>>(table.trimEnd(), { delimiter: ";", header: true }).data;
    assert.equal(rows.length, total);
    const newest = await queryFirst<{ name: string }>("select name from leads order by created_at desc, id desc limit 1");
    assert.equal(rows[0]!.Nome, newest!.name);
  });

  it("the chart: arrow keys move between days, each named with its figures; 'Ver como tabela' shows them all; axe clean", async () => {
    const { page } = await journeys.signIn("admin", { ...DESKTOP, path: "/reports?period=7d" });
    const points = page.getByTestId("report-chart-point");
    await points.first().waitFor();
    assert.equal(await points.count(), 7);
    const last = points.nth(6);
    assert.equal(await last.getAttribute("tabindex"), "0");
    await last.focus();
    const readout = page.getByTestId("report-chart-readout");
    const today = await readout.innerText();
    assert.match(today, /^\d+ de [a-z]+\.?: \d+ leads? criados?, \d+ ganhos? \(R\$/);
    await page.keyboard.press("ArrowLeft");
    assert.equal(await points.nth(5).evaluate((node) => node === document.activeElement), true);
    assert.notEqual(await readout.innerText(), today);
    assert.equal(await points.nth(5).getAttribute("aria-label"), await readout.innerText());
    await page.keyboard.press("Home");
    assert.equal(await points.nth(0).evaluate((node) => node === document.activeElement), true);
    assert.deepEqual(await auditScreen(page), []);

    await page.getByTestId("report-chart-table-toggle").click();
    const table = page.getByTestId("report-chart-table");
    await table.waitFor();
    assert.equal(await table.locator("tbody tr").count(), 7);
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
  });

  it("offline, another period says so with 'Tentar novamente' and the error toast; back online it loads", async () => {
    const { page, context } = await journeys.signIn("manager", {
      ...DESKTOP,
      path: "/reports",
      allowConsoleErrors: [OFFLINE_REQUEST],
    });
    await page.getByTestId("report-chart").waitFor();
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    await choosePeriod(page, "Últimos 7 dias");
    await page.getByTestId("reports-error").waitFor();
    const toast = await toastShown(page, "Não foi possível carregar os dados do relatório");
    assert.equal(toast.title, "Erro");
    await context.setOffline(false);
    await page.getByTestId("reports-error").getByRole("button", { name: "Tentar novamente" }).click();
    await page.getByTestId("report-chart").waitFor();
    assert.equal(await page.getByTestId("report-chart-point").count(), 7);
  });
});

describe("reports in pt, es and en, light and dark, at 1280 and 390 px (screenshots)", () => {
  const COPY = {
    pt: { status: "Leads por Status", period: "Últimos 30 dias", export: "Exportar CSV" },
    es: { status: "Leads por Estado", period: "Últimos 30 días", export: "Exportar CSV" },
    en: { status: "Leads by Status", period: "Last 30 days", export: "Export CSV" },
  } as const;
  for (const { language, theme, width, options } of tourStops()) {
    it(`${language}, ${theme}, ${width} px: translated, the cards stacked on a phone without sideways scroll, axe clean`, async () => {
      const { page } = await journeys.signIn("admin", { ...options, path: "/reports", language, theme });
      await page.getByRole("heading", { name: COPY[language].status }).waitFor();
      assert.equal(await page.getByTestId("report-period").innerText(), COPY[language].period);
      await page.getByRole("button", { name: COPY[language].export }).waitFor();
      await assertNoSidewaysScroll(page, `${language} ${theme} ${width}`);
      await snapshot(page, `crm-reports-${language}-${theme}-${width}`);
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, `${language} ${theme} ${width}: ${describeViolations(violations)}`);
    });
  }
});
