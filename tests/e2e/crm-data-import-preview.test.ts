// Settings → Sistema → 'Importar Dados', the preview (issue 23, after the fresh-eyes review): the
// first valid rows as they will be stored (name, e-mail, company, status, value in its currency,
// assignee: a wrong encoding or a misread number shows here before anything is written), how
// many rows have no e-mail (always created as new leads), the red 'no row can be imported'
// pointing at the value mapping above when there are unknown values (not at the file), the
// assignee column named 'e-mail or name', and the summary toast as 'label: number' (no plural
// to get wrong). pt at 1280 px, es at 390 px (the sample a block per row, nothing sideways),
// en at 1280 px. Imports write leads: a server of its own over an empty database.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { assertNoSidewaysScroll, DESKTOP, PHONE, serverOverEmptyDatabase, setUpJourneys, toastShown } from "./support/journey.ts";
import { animationsDone, auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

const dialog = (page: Page) => page.getByTestId("import-dialog");
const DIALOG_PARTS = [".rt-BaseDialogScroll", "[data-testid=import-dialog]", "[data-testid=import-sample]"];

/** What the screen shows; a dialog taller than the screen is shot again at the sample and at its end. */
async function shot(page: Page, name: string) {
  await animationsDone(page);
  await snapshot(page, name, { fullPage: false });
  const scroller = page.locator(".rt-BaseDialogScroll");
  if (await scroller.evaluate((el) => el.scrollHeight > el.clientHeight + 1).catch(() => false)) {
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await snapshot(page, `${name}-end`, { fullPage: false });
    await scroller.evaluate((el) => el.scrollTo(0, 0));
  }
}

/** A CSV as a spreadsheet saves it: UTF-8 with BOM, CRLF, quoted where needed. */
function csv(name: string, rows: string[][], delimiter = ";") {
  const cell = (value: string) => (/[";,\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const text = rows.map((row) => row.map(cell).join(delimiter)).join("\r\n");
  return { name, mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${text}\r\n`, "utf8") };
}

/**
 * 7 rows: line 2 has no name (refused), lines 3-8 are valid (the sample shows the first five,
 * 3-7), two of them (4 and 6) have no e-mail; values in reais, dollars and euros; the assignee
 * by e-mail (line 3) and by name (line 5).
 */
const HEADER_PT = ["Nome", "E-mail", "Empresa", "Status", "Valor", "Moeda", "Responsável"];
const ROWS = [
  ["", "sem.nome@exemplo.com.br", "", "Novo", "", "", ""],
  ["Ana Souza", "ana.souza@exemplo.com.br", "Souza & Filhos", "Qualificado", "1.500,50", "BRL", "manager@demo.test"],
  ["Bruno Lima", "", "Lima ME", "Novo", "2000", "USD", ""],
  ["José Müller", "jose.muller@exemplo.com.br", "", "Ganho", "", "", "Marcos Gerente"],
  ["Carla Dias", "", "Dias Comércio", "Novo", "10", "EUR", ""],
  ["Dario Reis", "dario.reis@exemplo.com.br", "Reis S.A.", "Novo", "300", "BRL", ""],
  ["Eva Prado", "eva.prado@exemplo.com.br", "Prado Ltda", "Novo", "400", "BRL", ""],
];

async function openImport(page: Page) {
  await hydrated(page, "[data-testid=import-data-button]");
  await page.getByTestId("import-data-button").click();
  await dialog(page).getByTestId("import-dropzone").waitFor();
}

/** Uploads `file`, goes past the columns step, and waits for the preview. */
async function preview(page: Page, file: ReturnType<typeof csv>) {
  const d = dialog(page);
  await d.getByTestId("import-file-input").setInputFiles(file);
  await d.getByTestId("import-next").waitFor();
  await d.getByTestId("import-next").click();
  await d.getByTestId("import-preview").waitFor();
}

/** The sample's rows, cell by cell (spaces as plain spaces). */
async function sampleRows(page: Page) {
  const rows = dialog(page).getByTestId("import-sample-row");
  const out: { line: string; cells: string[] }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const cells: string[] = [];
    for (const field of ["name", "email", "company", "status", "value", "owner"]) {
      cells.push((await row.getByTestId(`import-sample-${field}`).innerText()).replace(/\s+/g, " ").trim());
    }
    out.push({ line: (await row.getAttribute("data-line"))!, cells });
  }
  return out;
}

describe("settings: Importar Dados, the preview", () => {
  const server = serverOverEmptyDatabase("manager");

  it("pt at 1280 px: the first 5 valid rows as they will be stored, the rows without e-mail, the assignee 'e-mail ou nome'", async () => {
    const { page } = await journeys.signIn("manager", { ...DESKTOP, baseURL: server.url, path: "/settings?tab=system" });
    const d = dialog(page);
    await openImport(page);
    await d.getByTestId("import-file-input").setInputFiles(csv("amostra.csv", [HEADER_PT, ...ROWS]));
    await d.getByTestId("import-next").waitFor();
    // The assignee column says names match too.
    assert.equal(await d.getByTestId("import-mapping-6").innerText(), "Responsável (e-mail ou nome)");
    await d.getByTestId("import-next").click();
    await d.getByTestId("import-preview").waitFor();

    assert.equal(await d.getByTestId("import-count-invalid").innerText(), "1");
    assert.equal(
      await d.getByTestId("import-without-email").innerText(),
      "2 linhas sem e-mail serão sempre criadas como novos leads: sem e-mail, não há como reconhecer um lead que já existe.",
    );
    await d.getByText("Como as primeiras linhas serão gravadas").waitFor();
    await d.getByText("As 5 primeiras linhas válidas, já interpretadas pelo CRM.").waitFor();
    assert.deepEqual(
      await d
        .getByTestId("import-sample")
        .locator("th")
        .evaluateAll((cells) => cells.map((cell) => cell.textContent)),
      ["Nome", "Email", "Empresa", "Status", "Valor estimado", "Responsável"],
    );
    assert.deepEqual(await sampleRows(page), [
      { line: "3", cells: ["Ana Souza", "ana.souza@exemplo.com.br", "Souza & Filhos", "Qualificado", "R$ 1.500,50", "Marcos Gerente"] },
      { line: "4", cells: ["Bruno Lima", "sem e-mail", "Lima ME", "Novo", "US$ 2.000", "—"] },
      { line: "5", cells: ["José Müller", "jose.muller@exemplo.com.br", "—", "Ganho", "—", "Marcos Gerente"] },
      { line: "6", cells: ["Carla Dias", "sem e-mail", "Dias Comércio", "Novo", "€ 10", "—"] },
      { line: "7", cells: ["Dario Reis", "dario.reis@exemplo.com.br", "Reis S.A.", "Novo", "R$ 300,00", "—"] },
    ]);
    assert.equal(await d.getByTestId("import-commit").innerText(), "Importar 6 leads");
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await shot(page, "crm-data-import-preview-sample-pt-1280");
  });

  it("pt: with unknown values, the red 'no row can be imported' points at the mapping above; mapped, the rows come in", async () => {
    const { page } = await journeys.signIn("manager", { ...DESKTOP, baseURL: server.url, path: "/settings?tab=system" });
    const d = dialog(page);
    await openImport(page);
    await preview(
      page,
      csv("fases.csv", [
        ["Nome", "E-mail", "Status"],
        ["Fase Um", "fase.um@exemplo.com.br", "Fase Zeta"],
        ["Fase Dois", "fase.dois@exemplo.com.br", "Fase Zeta"],
      ]),
    );
    await d.getByTestId("import-unknown-values").waitFor();
    assert.equal(
      await d.getByTestId("import-nothing").innerText(),
      "Nenhuma linha pode ser importada ainda. Escolha acima o que cada valor representa e analise de novo.",
    );
    assert.equal(await d.getByTestId("import-sample").count(), 0, "no valid row: no sample");
    assert.equal(await d.getByTestId("import-commit").isDisabled(), true);
    await shot(page, "crm-data-import-preview-unknown-pt-1280");

    await d.getByRole("combobox", { name: "Status “Fase Zeta”" }).click();
    await page.getByRole("option", { name: "Qualificado" }).click();
    await d.getByTestId("import-reanalyse").click();
    await d.getByTestId("import-unknown-values").waitFor({ state: "detached" });
    await d.getByTestId("import-sample").waitFor();
    assert.equal(await d.getByTestId("import-nothing").count(), 0);
    assert.deepEqual(
      (await sampleRows(page)).map((row) => [row.cells[0], row.cells[3]]),
      [
        ["Fase Um", "Qualificado"],
        ["Fase Dois", "Qualificado"],
      ],
    );
    await d.getByText("As 2 primeiras linhas válidas, já interpretadas pelo CRM.").waitFor();
    assert.equal(await d.getByTestId("import-without-email").count(), 0, "every row has an e-mail: no notice");

    // A file with nothing importable and no unknown value: fix the file.
    await d.getByTestId("import-back").click();
    await d.getByTestId("import-mapping").waitFor();
    await d.getByTestId("import-back").click();
    await d.getByTestId("import-dropzone").waitFor();
    await preview(
      page,
      csv("sem-nomes.csv", [
        ["Nome", "E-mail"],
        ["", "x@exemplo.com.br"],
      ]),
    );
    assert.equal(await d.getByTestId("import-nothing").innerText(), "Nenhuma linha pode ser importada. Corrija o arquivo e envie de novo.");
  });

  it("es at 390 px: the sample a block per row, nothing sideways; the texts", async () => {
    const { page } = await journeys.signIn("manager", { ...PHONE, language: "es", baseURL: server.url, path: "/settings?tab=system" });
    const d = dialog(page);
    await openImport(page);
    await d
      .getByTestId("import-file-input")
      .setInputFiles(csv("muestra.csv", [["Nombre", "Correo", "Empresa", "Estado", "Valor", "Moneda", "Responsable"], ...ROWS]));
    await d.getByTestId("import-next").waitFor();
    assert.equal(await d.getByTestId("import-mapping-6").innerText(), "Responsable (correo o nombre)");
    await assertNoSidewaysScroll(page, "import mapping es 390", DIALOG_PARTS);
    await shot(page, "crm-data-import-preview-mapping-es-390");
    await d.getByTestId("import-next").click();
    await d.getByTestId("import-preview").waitFor();
    assert.equal(
      await d.getByTestId("import-without-email").innerText(),
      "2 filas sin correo se crearán siempre como leads nuevos: sin correo, no hay forma de reconocer un lead que ya existe.",
    );
    await d.getByText("Cómo se guardarán las primeras filas").waitFor();
    const rows = await sampleRows(page);
    assert.deepEqual(rows[0]!.cells, [
      "Ana Souza",
      "ana.souza@exemplo.com.br",
      "Souza & Filhos",
      "Calificado",
      "1500,50 R$",
      "Responsable: Marcos Gerente",
    ]);
    assert.equal(rows[1]!.cells[1], "sin correo");
    // A block per row: the name and the e-mail each on a line of their own, the header read only by screen readers.
    const sample = d.getByTestId("import-sample");
    await sample.scrollIntoViewIfNeeded();
    const layout = await d
      .getByTestId("import-sample-row")
      .first()
      .evaluate((row) => {
        const box = (id: string) => row.querySelector(`[data-testid=import-sample-${id}]`)!.getBoundingClientRect();
        return { row: row.getBoundingClientRect().width, name: box("name").width, email: box("email").top > box("name").top };
      });
    assert.ok(layout.name > layout.row - 30, `the name takes the row's width (${layout.name} of ${layout.row} px)`);
    assert.ok(layout.email, "the e-mail under the name");
    assert.equal(await sample.locator("thead").evaluate((el) => el.getBoundingClientRect().height <= 1), true, "the header hidden");
    // Empty cells left out on the phone: José's row has no company and no value.
    assert.equal(await d.getByTestId("import-sample-row").nth(2).getByTestId("import-sample-company").isVisible(), false);
    await assertNoSidewaysScroll(page, "import preview sample es 390", DIALOG_PARTS);
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await shot(page, "crm-data-import-preview-sample-es-390");
  });

  it("en at 1280 px: the texts, and the summary toast as 'label: number'", async () => {
    const { page } = await journeys.signIn("manager", { ...DESKTOP, language: "en", baseURL: server.url, path: "/settings?tab=system" });
    const d = dialog(page);
    await openImport(page);
    await d
      .getByTestId("import-file-input")
      .setInputFiles(csv("sample.csv", [["Name", "Email", "Company", "Status", "Value", "Currency", "Owner"], ...ROWS], ","));
    await d.getByTestId("import-next").waitFor();
    assert.equal(await d.getByTestId("import-mapping-6").innerText(), "Assignee (email or name)");
    await d.getByTestId("import-next").click();
    await d.getByTestId("import-preview").waitFor();
    assert.equal(
      await d.getByTestId("import-without-email").innerText(),
      "2 rows without an email will always be created as new leads: without an email, there is no way to recognise a lead that already exists.",
    );
    await d.getByText("How the first rows will be saved").waitFor();
    const rows = await sampleRows(page);
    assert.deepEqual(rows[1]!.cells, ["Bruno Lima", "no email", "Lima ME", "New", "$2,000", "—"]);
    await shot(page, "crm-data-import-preview-sample-en-1280");

    await d.getByTestId("import-commit").click();
    await d.getByTestId("import-summary").waitFor();
    const done = await toastShown(page, "Import finished");
    // The journeys before only previewed: nothing matches, the 6 valid rows are created, line 2 fails.
    assert.equal(done.description, "Created: 6 · updated: 0 · unchanged: 0 · failed: 1.");
  });
});
