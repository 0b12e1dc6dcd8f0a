// Settings → Sistema → 'Exportar Dados' (issue 23): a manager clicks it, sees 'Exportação
// Iniciada' and the busy button (a double click makes one export), gets velox-dados-<date>.zip
// (opened here with fflate: leads.csv holds the leads this journey made, README.txt is there),
// then 'Exportação concluída'; offline, the error toast says so. At 390 px one toast is
// updated (started → done → error), never stacked, and never over the Dados card's buttons. A sales rep has no button.
// es at 390 px and en at 1280 px: their texts and files. Leads are created here, so it runs on
// a server of its own over an empty database (serverOverEmptyDatabase).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import { unzipSync } from "fflate";
import Papa from "papaparse";
import { describeViolations } from "./support/axe.ts";
import { holdRequests, hydrated, snapshot } from "./support/chromium.ts";
import {
  assertNoSidewaysScroll,
  createLead,
  DESKTOP,
  OFFLINE_REQUEST,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
} from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";
import type { Download, Page } from "playwright-core";

const journeys = setUpJourneys();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** The downloaded ZIP's entries, as text. */
async function openZip(download: Download): Promise<Record<string, string>> {
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  return Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, decoder.decode(bytes)]));
}

const rowsOf = (csv: string, delimiter: string) => {
  assert.ok(csv.startsWith("\uFEFF"), "a byte-order mark for Excel");
  return Papa.parse<Record<string, string>>(csv.slice(1), { header: true, delimiter, skipEmptyLines: true }).data;
};

async function openSystemTab(page: Page) {
  await page.getByTestId("system-data").waitFor();
  await hydrated(page, "[data-testid=export-data-button]");
}

describe("settings: Exportar Dados", () => {
  const server = serverOverEmptyDatabase("manager", "rep");

  it("a manager exports: the toast, a busy button that makes one export on a double click, the ZIP with the leads, then done", async () => {
    const { page } = await journeys.signIn("manager", { ...DESKTOP, baseURL: server.url, path: "/settings?tab=system" });
    await createLead(page, {
      name: "Marina Export",
      email: "marina@export.test",
      company: "Exporta & Cia",
      estimated_value: 1500.5,
      tags: ["Urgente"],
    });
    await createLead(page, { name: "=Fórmula Export", status: "won", source: "referral" });
    await openSystemTab(page);
    const button = page.getByTestId("export-data-button");
    assert.equal(await button.innerText(), "Exportar Dados");
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    const exports: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/exports/data") exports.push(request.method());
    });
    const release = await holdRequests(page, (url) => url.pathname === "/api/exports/data");
    const downloaded = page.waitForEvent("download");
    await button.dblclick();
    const started = await toastShown(page, "Exportação Iniciada");
    assert.match(started.description, /ZIP/);
    // While the file is on its way: busy, and clicks do nothing.
    assert.equal(await button.innerText(), "Exportando...");
    assert.equal(await button.isDisabled(), true);
    await button.click({ force: true });
    await snapshot(page, "crm-data-export-busy-pt-1280", { fullPage: false });
    release();
    const download = await downloaded;
    const done = await toastShown(page, "Exportação concluída");
    assert.equal(done.variant, "success");
    assert.match(download.suggestedFilename(), /^velox-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    assert.equal(done.description, `${download.suggestedFilename()} foi salvo nos seus downloads.`);
    assert.deepEqual(exports, ["GET"], "one export for a double click and a click while busy");
    assert.equal(await button.innerText(), "Exportar Dados");
    assert.equal(await button.isDisabled(), false);

    const files = await openZip(download);
    assert.deepEqual(Object.keys(files).sort(), [
      "README.txt",
      "activities.csv",
      "attachments.csv",
      "chat-messages.csv",
      "leads.csv",
      "notes.csv",
      "tasks.csv",
      "users.csv",
    ]);
    const leads = rowsOf(files["leads.csv"]!, ";");
    assert.deepEqual(leads.map((row) => row.Nome).sort(), ["'=Fórmula Export", "Marina Export"]);
    const marina = leads.find((row) => row.Nome === "Marina Export")!;
    assert.equal(marina["E-mail"], "marina@export.test");
    assert.equal(marina.Empresa, "Exporta & Cia");
    assert.equal(marina.Valor, "1500,5");
    assert.equal(marina.Tags, "Urgente");
    assert.equal(leads.find((row) => row.Nome === "'=Fórmula Export")!.Status, "Ganho");
    assert.match(files["README.txt"]!, /leads\.csv: 2 leads\./);
    assert.ok(!/password|\$pbkdf2/i.test(files["users.csv"]!), "no password in users.csv");
    await snapshot(page, "crm-data-export-done-pt-1280", { fullPage: false });
  });

  it("offline: the error toast says so, and the button can be used again", async () => {
    const { page, context } = await journeys.signIn("manager", {
      ...DESKTOP,
      baseURL: server.url,
      path: "/settings?tab=system",
      allowConsoleErrors: [OFFLINE_REQUEST],
    });
    await openSystemTab(page);
    await context.setOffline(true);
    await page.getByTestId("export-data-button").click();
    await toastShown(page, "Exportação Iniciada");
    const failed = await toastShown(page, "Não foi possível exportar os dados");
    assert.equal(failed.variant, "destructive");
    assert.match(failed.description, /Sem conexão/);
    await context.setOffline(false);
    assert.equal(await page.getByTestId("export-data-button").isDisabled(), false);
  });

  it("at 390 px one toast says how it goes (started, then done; then the error), never over the Dados card's buttons", async () => {
    const { page, context } = await journeys.signIn("manager", {
      ...PHONE,
      baseURL: server.url,
      path: "/settings?tab=system",
      allowConsoleErrors: [OFFLINE_REQUEST],
    });
    await openSystemTab(page);
    const button = page.getByTestId("export-data-button");
    // The toasts shown now (once the page has stopped scrolling: it may scroll smoothly), and
    // whether one covers either of the card's buttons.
    const toasts = async () => {
      for (let y = -1; y !== (y = await page.evaluate(() => window.scrollY));) await page.waitForTimeout(150);
      return page.evaluate(() => {
        const boxes = ["export-data-button", "import-data-button"].map((id) =>
          document.querySelector(`[data-testid=${id}]`)!.getBoundingClientRect(),
        );
        return [...document.querySelectorAll("[data-testid=toast]")].map((toast) => {
          const r = toast.getBoundingClientRect();
          return {
            title: toast.querySelector("p")?.textContent ?? "",
            covers: boxes.some((b) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom),
          };
        });
      });
    };
    // The buttons at the bottom of the screen, where the toasts appear.
    const scrollButtonsDown = () =>
      page.evaluate(() => {
        const r = document.querySelector("[data-testid=export-data-button]")!.getBoundingClientRect();
        window.scrollBy(0, r.bottom - window.innerHeight + 24);
      });

    await scrollButtonsDown();
    const release = await holdRequests(page, (url) => url.pathname === "/api/exports/data");
    const downloaded = page.waitForEvent("download");
    await button.click();
    await toastShown(page, "Exportação Iniciada");
    assert.deepEqual(await toasts(), [{ title: "Exportação Iniciada", covers: false }]);
    await snapshot(page, "crm-data-export-started-pt-390", { fullPage: false });
    release();
    await downloaded;
    await toastShown(page, "Exportação concluída");
    assert.deepEqual(await toasts(), [{ title: "Exportação concluída", covers: false }], "'concluída' took the place of 'Iniciada'");
    await snapshot(page, "crm-data-export-done-pt-390", { fullPage: false });

    // Again while 'concluída' is still up: the error takes its place too.
    await scrollButtonsDown();
    await context.setOffline(true);
    await button.click();
    await toastShown(page, "Não foi possível exportar os dados");
    assert.deepEqual(await toasts(), [{ title: "Não foi possível exportar os dados", covers: false }]);
    await snapshot(page, "crm-data-export-failed-pt-390", { fullPage: false });
    await context.setOffline(false);
  });

  it("a sales rep has no 'Exportar Dados'", async () => {
    const { page } = await journeys.signIn("rep", { ...DESKTOP, baseURL: server.url, path: "/settings?tab=system" });
    await page.getByTestId("system-settings").waitFor();
    assert.equal(await page.getByTestId("export-data-button").count(), 0);
    assert.equal(await page.getByRole("button", { name: "Exportar Dados" }).count(), 0);
  });

  it("es at 390 px and en at 1280 px: their texts, file names and CSV dialects", async () => {
    for (const { language, options, button, started, done, file, delimiter, name, readme } of [
      {
        language: "es",
        options: PHONE,
        button: "Exportar datos",
        started: "Exportación iniciada",
        done: "Exportación completada",
        file: /^velox-datos-\d{4}-\d{2}-\d{2}\.zip$/,
        delimiter: ";",
        name: "Nombre",
        readme: /Exportación de datos del CRM/,
      },
      {
        language: "en",
        options: DESKTOP,
        button: "Export data",
        started: "Export started",
        done: "Export finished",
        file: /^velox-data-\d{4}-\d{2}-\d{2}\.zip$/,
        delimiter: ",",
        name: "Name",
        readme: /CRM data export/,
      },
    ] as const) {
      const journey = await journeys.signIn("manager", { ...options, language, baseURL: server.url, path: "/settings?tab=system" });
      const { page } = journey;
      await openSystemTab(page);
      const exportButton = page.getByTestId("export-data-button");
      assert.equal(await exportButton.innerText(), button);
      if (language === "es") {
        await exportButton.scrollIntoViewIfNeeded();
        await assertNoSidewaysScroll(page, "Sistema at 390 px with the Dados card");
        await snapshot(page, "crm-data-export-es-390");
      }
      const [download] = await Promise.all([page.waitForEvent("download"), exportButton.click()]);
      await toastShown(page, started);
      await toastShown(page, done);
      assert.match(download.suggestedFilename(), file);
      const files = await openZip(download);
      const leads = rowsOf(files["leads.csv"]!, delimiter);
      assert.ok(
        leads.some((row) => row[name] === "Marina Export"),
        `${language}: leads.csv has the leads`,
      );
      assert.match(files["README.txt"]!, readme);
      if (language === "en") await snapshot(page, "crm-data-export-en-1280", { fullPage: false });
      await journey.close();
    }
  });
});
