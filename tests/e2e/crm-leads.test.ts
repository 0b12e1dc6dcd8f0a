// The leads screen (/leads, crm.md §2): the list with search (300 ms debounce) and status
// filter kept in the URL, both empty states, the lead form dialog (create, edit, native
// validation, 409 on a taken e-mail offering the existing lead), the drag-and-drop pipeline
// (mouse and keyboard, optimistic move that stays after a reload, rollback on failure, no
// request for a drop in the same column or outside), the remembered list/pipeline toggle,
// 390 px without sideways scrolling, axe with the form open, and screenshots in pt/es/en,
// light and dark.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { audit, describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { queryAll, queryFirst } from "./support/d1.ts";
import {
  assertNoSidewaysScroll,
  createLead,
  DEMO_USERS,
  eventuallyEqual,
  failedRequest,
  optionFocused,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
  tourStops,
  urlWhere,
  type DemoUser,
  type JourneyOptions,
} from "./support/journey.ts";
import { animationsDone } from "./support/screen-audit.ts";

const journeys = setUpJourneys();
/** A unique suffix per run, so names and e-mails never collide with the seed or each other. */
const RUN = Date.now().toString(36);

type LeadRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: string;
  status: string;
  estimated_value: number | null;
  notes: string | null;
  assigned_to: string | null;
  tags: string;
};

const leadRow = (name: string) => queryFirst<LeadRow>("select * from leads where name = ?", name);
const userId = async (email: string) => (await queryFirst<{ id: string }>("select id from users where email = ?", email))!.id;

/** Signed in, on `path`, hydrated, its data loaded. */
async function signedIn(path: string, user: DemoUser = "rep", options: JourneyOptions = {}) {
  const opened = await journeys.signIn(user, { path, ...options });
  await opened.page.waitForLoadState("networkidle");
  return opened;
}

const formDialog = (page: Page) => page.getByTestId("lead-form-dialog");
const card = (page: Page, name: string) => page.getByTestId("lead-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
const column = (page: Page, status: string) => page.getByTestId(`pipeline-column-${status}`);
const pipelineCard = (page: Page, name: string) => page.locator(`[data-testid=pipeline-card][aria-label="${name}"]`);

async function chooseOption(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await page.getByRole("listbox").waitFor({ state: "detached" });
}

const columnCount = async (page: Page, status: string) =>
  Number(await column(page, status).getByTestId("pipeline-column-count").locator("[aria-hidden]").innerText());

/** Waits until the pipeline's drag-and-drop layer has loaded. */
const dndReady = (page: Page) => page.locator("[data-testid=pipeline-board][data-dnd=ready]").waitFor();

/**
 * Waits until the pipeline board has stopped scrolling (its scrollLeft the same for three
 * frames) with the column of `want` (a status) inside it, or with a column snapped to its left
 * edge ("snapped").
 */
async function boardAtRest(page: Page, want: string) {
  await page.evaluate(() => delete (window as unknown as { __board?: unknown }).__board);
  await page.waitForFunction(
    (target) => {
      const board = document.querySelector("[data-testid=pipeline-board]")!;
      const w = window as unknown as { __board?: { left: number; frames: number } };
      const rest = (w.__board ??= { left: Number.NaN, frames: 0 });
      rest.frames = board.scrollLeft === rest.left ? rest.frames + 1 : 0;
      rest.left = board.scrollLeft;
      if (rest.frames < 3) return false;
      const edges = board.getBoundingClientRect();
      if (target === "snapped") return [...board.children].some((c) => Math.abs(c.getBoundingClientRect().left - edges.left - 12) <= 2);
      const column = document.querySelector(`[data-testid=pipeline-column-${target}]`)!.getBoundingClientRect();
      return column.left >= edges.left - 1 && column.right <= edges.right + 1;
    },
    want,
    { polling: "raf", timeout: 5000 },
  );
}

/** Every PATCH /api/leads/:id the page sends, from now on. */
function watchPatches(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && /\/api\/leads\/[^/]+$/.test(new URL(request.url()).pathname)) sent.push(request.postData() ?? "");
  });
  return sent;
}

/** Everything dnd-kit's live region says from now on (an announcement can be replaced within a frame). */
async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __announced: string[] };
    w.__announced = [];
    new MutationObserver(() => {
      const text = document.querySelector("[id^=DndLiveRegion]")?.textContent;
      if (text && w.__announced.at(-1) !== text) w.__announced.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return {
    waitFor: (pattern: RegExp) =>
      page.waitForFunction(
        (source) => (window as unknown as { __announced: string[] }).__announced.some((text) => new RegExp(source).test(text)),
        pattern.source,
      ),
    all: () => page.evaluate(() => (window as unknown as { __announced: string[] }).__announced),
  };
}

/**
 * Nothing of the leads screen reaches past the viewport: the page, the screen (<main>, whose
 * pipeline board scrolls inside itself) and an open dialog fit, none scrolling sideways.
 */
const noSidewaysScroll = (page: Page, what: string) => assertNoSidewaysScroll(page, what, ["main", "[role=dialog]"]);

describe("leads list and lead form", () => {
  const name = `Lead E2E ${RUN}`;
  const email = `lead-e2e-${RUN}@example.com`;

  it("creates a lead with every field from 'Novo Lead'; it comes first in the list and is stored as typed (axe: 0 with the form open)", async () => {
    const { page, context } = await signedIn("/leads?view=list");
    await page.getByRole("button", { name: "Novo Lead" }).click();
    const dialog = formDialog(page);
    await dialog.getByRole("heading", { name: "Novo Lead" }).waitFor();
    await dialog.getByLabel("Nome").fill(name);
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Telefone").fill("(11) 97777-0001");
    await dialog.getByLabel("Empresa").fill("Empresa E2E Ltda");
    await dialog.getByLabel("Valor Estimado (R$)").fill("1500,50");
    await chooseOption(page, dialog.getByLabel("Origem"), "Indicação");
    await chooseOption(page, dialog.getByLabel("Status"), "Qualificado");
    await chooseOption(page, dialog.getByLabel("Responsável"), "Rita Vendedora");
    await dialog.getByRole("button", { name: "Adicionar tag Urgente" }).click();
    await dialog.getByLabel("Tags").fill("Cliente VIP");
    await dialog.getByLabel("Tags").press("Enter");
    await dialog.getByLabel("Tags").fill("urgente"); // a duplicate, whatever its case: ignored
    await dialog.getByLabel("Tags").press("Enter");
    assert.deepEqual(await dialog.getByTestId("lead-form-tags").getByRole("listitem").allInnerTexts(), ["Urgente", "Cliente VIP"]);
    await dialog.getByLabel("Observações").fill("Conheceu a agência por indicação.");
    await snapshot(page, "crm-leads-form-pt");
    const violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    await dialog.getByRole("button", { name: "Criar Lead" }).click();
    await toastShown(page, "Lead criado!");
    await dialog.waitFor({ state: "detached" });
    // Newest first: the new lead is the first card.
    const first = page.getByTestId("lead-card").first();
    await first.getByRole("heading", { name, exact: true }).waitFor();
    const text = (await first.innerText()).replace(/\u00a0/g, " ");
    for (const part of [
      "Qualificado",
      "Empresa E2E Ltda",
      email,
      "(11) 97777-0001",
      "R$ 1.500,50",
      "Rita Vendedora",
      "Urgente",
      "Cliente VIP",
    ]) {
      assert.ok(text.includes(part), `the card shows ${part}:\n${text}`);
    }
    const whatsapp = await first.getByTestId("lead-whatsapp").getAttribute("href");
    assert.equal(whatsapp, `https://wa.me/5511977770001?text=${encodeURIComponent(`Olá ${name}, tudo bem?`)}`);

    const row = await leadRow(name);
    assert.ok(row);
    assert.deepEqual(
      {
        email: row.email,
        phone: row.phone,
        company: row.company,
        source: row.source,
        status: row.status,
        value: row.estimated_value,
        notes: row.notes,
      },
      {
        email,
        // Stored in E.164, shown in the national format on the card (above).
        phone: "+5511977770001",
        company: "Empresa E2E Ltda",
        source: "referral",
        status: "qualified",
        value: 1500.5,
        notes: "Conheceu a agência por indicação.",
      },
    );
    assert.equal(row.assigned_to, await userId(DEMO_USERS.rep));
    assert.deepEqual(JSON.parse(row.tags), ["Urgente", "Cliente VIP"]);
    await context.close();
  });

  it("edits it from its card's 'Editar': the form starts from the lead; the card and the database show the change", async () => {
    const { page, context } = await signedIn("/leads?view=list");
    await card(page, name).getByRole("button", { name: "Editar" }).click();
    const dialog = formDialog(page);
    await dialog.getByRole("heading", { name: "Editar Lead" }).waitFor();
    assert.equal(await dialog.getByLabel("Nome").inputValue(), name);
    assert.equal(await dialog.getByLabel("Valor Estimado (R$)").inputValue(), "1.500,50");
    assert.equal(await dialog.getByLabel("Origem").innerText(), "Indicação");
    await dialog.getByLabel("Empresa").fill("Empresa E2E Editada");
    await dialog.getByLabel("Valor Estimado (R$)").fill("");
    await chooseOption(page, dialog.getByLabel("Status"), "Negociando");
    await dialog.getByRole("button", { name: "Remover tag Cliente VIP" }).click();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Lead atualizado!");
    await dialog.waitFor({ state: "detached" });
    const edited = card(page, name);
    await edited.getByText("Empresa E2E Editada").waitFor();
    assert.equal(await edited.getByTestId("lead-status").innerText(), "Negociando");
    assert.ok((await edited.innerText()).replace(/\u00a0/g, " ").includes("R$ 0,00"), "an empty value is null, shown as 0");

    const row = await leadRow(name);
    assert.deepEqual(
      { company: row?.company, status: row?.status, value: row?.estimated_value, tags: JSON.parse(row?.tags ?? "null") },
      { company: "Empresa E2E Editada", status: "negotiating", value: null, tags: ["Urgente"] },
    );
    await context.close();
  });

  it("checks the form natively (name required, value a decimal) and sends nothing until it is valid", async () => {
    const { page, context } = await signedIn("/leads?view=list");
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/leads") posts++;
    });
    await page.getByRole("button", { name: "Novo Lead" }).click();
    const dialog = formDialog(page);
    await dialog.getByRole("button", { name: "Criar Lead" }).click();
    assert.equal(await dialog.getByLabel("Nome").evaluate((input: HTMLInputElement) => input.validity.valueMissing), true);
    await dialog.getByLabel("Nome").fill("Lead Sem Valor Válido");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Criar Lead" }).click();
    assert.equal(await dialog.getByLabel("Email").evaluate((input: HTMLInputElement) => input.validity.typeMismatch), true);
    await dialog.getByLabel("Email").fill("");
    await dialog.getByLabel("Valor Estimado (R$)").fill("mil reais");
    await dialog.getByRole("button", { name: "Criar Lead" }).click();
    assert.equal(
      await dialog.getByLabel("Valor Estimado (R$)").evaluate((input: HTMLInputElement) => input.validity.patternMismatch),
      true,
    );
    assert.equal(posts, 0, "no request while the form is invalid");
    // Cancel closes without saving.
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "detached" });
    assert.equal(await leadRow("Lead Sem Valor Válido"), null);
    await context.close();
  });

  for (const { language, typed, shown, money, labels } of [
    {
      language: "pt",
      typed: "82.500,50",
      shown: "82.500,50",
      money: /R\$\s82\.500,50/,
      labels: ["Novo Lead", "Nome", "Valor Estimado (R$)", "Criar Lead", "Editar"],
    },
    {
      language: "es",
      typed: "82500,50",
      shown: "82.500,50",
      money: /82\.500,50/,
      labels: ["Nuevo Lead", "Nombre", "Valor estimado (R$)", "Crear Lead", "Editar"],
    },
    {
      language: "en",
      typed: "82,500.50",
      shown: "82,500.50",
      money: /R\$82,500\.50/,
      labels: ["New Lead", "Name", "Estimated value (R$)", "Create Lead", "Edit"],
    },
  ] as const) {
    it(`${language}: the value is read as the app writes it ('${typed}'); the card and the form show it back`, async () => {
      const { page, context } = await signedIn("/leads?view=list", "rep", { language });
      const [newLead, nameLabel, valueLabel, create, edit] = labels;
      const name = `Valor ${language} ${RUN}`;
      await page.getByRole("button", { name: newLead }).click();
      const dialog = formDialog(page);
      await dialog.getByLabel(nameLabel).first().fill(name);
      await dialog.getByLabel(valueLabel).fill(typed);
      await dialog.getByRole("button", { name: create }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal((await leadRow(name))?.estimated_value, 82500.5, "stored as the number typed");
      assert.match(await card(page, name).innerText(), money);
      await card(page, name).getByRole("button", { name: edit }).click();
      assert.equal(await formDialog(page).getByLabel(valueLabel).inputValue(), shown);
      await context.close();
    });
  }

  it("a taken e-mail (409) names the lead that has it and offers to open it; what was typed stays", async () => {
    const { page, context } = await signedIn("/leads?view=list", "rep", { allowConsoleErrors: [failedRequest(409)] });
    const existing = await queryFirst<{ id: string; name: string; email: string }>(
      "select id, name, email from leads where name = ?",
      "Carlos Eduardo Silva",
    );
    assert.ok(existing?.email);
    await page.getByRole("button", { name: "Novo Lead" }).click();
    const dialog = formDialog(page);
    await dialog.getByLabel("Nome").fill("Carlos Duplicado");
    await dialog.getByLabel("Email").fill(existing.email.toUpperCase());
    await dialog.getByRole("button", { name: "Criar Lead" }).click();
    const alert = dialog.getByTestId("lead-exists");
    await alert.waitFor();
    assert.match(await alert.innerText(), /Carlos Eduardo Silva/);
    assert.equal(await dialog.getByLabel("Nome").inputValue(), "Carlos Duplicado");
    await snapshot(page, "crm-leads-form-409-pt");
    await alert.getByRole("button", { name: "Abrir lead existente" }).click();
    await page.waitForURL((url) => url.pathname === "/leads" && url.searchParams.get("lead") === existing.id);
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("lead-detail-dialog").getByRole("heading", { name: "Carlos Eduardo Silva" }).waitFor();
    assert.equal(await leadRow("Carlos Duplicado"), null);
    await context.close();
  });

  it("searches 300 ms after the last key (q in the URL, focus kept) and filters by status; the filtered empty state; the URL restores both", async () => {
    const { page, context } = await signedIn("/leads?view=list");
    const search = page.getByRole("searchbox", { name: "Buscar leads" });
    await search.click();
    // The page's own clock notes each key, and the browser each request the search sends: on a
    // busy machine a key may land later than typed, so "after the pause" is measured where the
    // pause is kept (the URL itself changes only once the answer is in).
    await page.evaluate(() => {
      const keys: number[] = [];
      (window as unknown as { __searchKeys: number[] }).__searchKeys = keys;
      document.addEventListener("input", () => keys.push(performance.now()), true);
      // The browser keeps 250 resource entries by default and drops the ones after: a screen
      // that has already loaded many (chunks, fonts, API reads) would hide the searches.
      performance.clearResourceTimings();
      performance.setResourceTimingBufferSize(10_000);
    });
    // Typed at a person's pace (40 ms a key, well inside the 300 ms pause).
    await search.pressSequentially(`e2e ${RUN}`, { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get("q") === `e2e ${RUN}`);
    const { keys, sent } = await page.evaluate(() => ({
      keys: (window as unknown as { __searchKeys: number[] }).__searchKeys,
      sent: performance
        .getEntriesByType("resource")
        .map((entry) => ({ at: entry.startTime, q: new URL(entry.name).searchParams.get("q") }))
        .filter((request) => request.q !== null),
    }));
    // Each search left at least 300 ms after the key before it, and the last one carries the
    // whole text.
    assert.ok(sent.length > 0, "the search was sent");
    for (const { at, q } of sent) {
      const key = keys.filter((time) => time <= at).at(-1)!;
      assert.ok(at - key >= 300, `the search for "${q}" left ${Math.round(at - key)} ms after a key`);
    }
    assert.equal(sent.at(-1)!.q, `e2e ${RUN}`);
    await page.getByTestId("lead-card").first().getByRole("heading", { name, exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=lead-card]").length === 1);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("type")), "search", "the search box keeps the focus");
    assert.equal(await search.inputValue(), `e2e ${RUN}`);

    await chooseOption(page, page.getByLabel("Filtrar por status"), "Negociando");
    await page.waitForURL((url) => url.searchParams.get("status") === "negotiating" && url.searchParams.get("q") === `e2e ${RUN}`);
    await card(page, name).waitFor();
    await chooseOption(page, page.getByLabel("Filtrar por status"), "Ganho");
    await page.waitForURL((url) => url.searchParams.get("status") === "won");
    await page.getByText("Nenhum lead encontrado com os filtros aplicados").waitFor();
    assert.equal(await page.getByRole("button", { name: "Adicionar Lead" }).count(), 0, "no create button when filtering");
    await snapshot(page, "crm-leads-filtered-empty-pt");

    // Back to every status: a status filter alone lists only that status.
    await chooseOption(page, page.getByLabel("Filtrar por status"), "Todos os status");
    await search.fill("");
    await page.waitForURL((url) => !url.searchParams.has("q") && !url.searchParams.has("status"));
    await chooseOption(page, page.getByLabel("Filtrar por status"), "Perdido");
    await page.waitForURL((url) => url.searchParams.get("status") === "lost");
    await page.waitForFunction(() => {
      const badges = [...document.querySelectorAll("[data-testid=lead-card] [data-testid=lead-status]")];
      return badges.length > 0 && badges.every((badge) => badge.textContent === "Perdido");
    });

    // Accent- and case-insensitive, and the URL brings the search back after a reload.
    await page.goto("/leads?view=list&q=VINICIUS");
    await card(page, "Vinícius Farias").waitFor();
    assert.equal(await page.getByRole("searchbox", { name: "Buscar leads" }).inputValue(), "VINICIUS");
    await context.close();
  });

  it("closing a lead's detail or form by keyboard gives focus back to the card's button that opened it", async () => {
    const { page, context } = await signedIn("/leads?view=list", "admin");
    const card = page.getByTestId("lead-card").first();
    const isFocused = (testId: string) => card.getByTestId(testId).evaluate((el) => el === document.activeElement);
    await card.getByTestId("lead-details").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("lead-detail-dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("lead-detail-dialog").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "lead-details");
    assert.ok(await isFocused("lead-details"), "focus on the card's 'Ver'");
    await card.getByTestId("lead-edit").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("lead-form-dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("lead-form-dialog").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "lead-edit");
    assert.ok(await isFocused("lead-edit"), "focus on the card's 'Editar'");
    await context.close();
  });

  it("'Carregar mais' appends the next page without repeating a lead; a sales rep gets no 'Editar' on a colleague's lead", async () => {
    const { page, context } = await signedIn("/leads?view=list");
    const before = await page.getByTestId("lead-card").count();
    assert.equal(before, 30, "a page is 30 leads");
    await page.getByRole("button", { name: "Carregar mais" }).click();
    await page.waitForFunction((count) => document.querySelectorAll("[data-testid=lead-card]").length > count, before);
    const ids = await page.getByTestId("lead-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-lead-id")));
    assert.equal(new Set(ids).size, ids.length, "no lead twice");

    // Rita (sales_rep) edits her own and unassigned leads only (crm-permissions canEditLead).
    const colleague = card(page, "Renata Pinto"); // assigned to Ana Administradora in the seed
    await colleague.waitFor();
    assert.ok((await colleague.innerText()).includes("Ana Administradora"));
    assert.equal(await colleague.getByRole("button", { name: "Editar" }).count(), 0);
    assert.equal(await card(page, "Carlos Eduardo Silva").getByRole("button", { name: "Editar" }).count(), 1);
    await context.close();
  });
});

describe("leads list without any lead", () => {
  // A server of its own over an empty database with one staff account copied from the suite's.
  const empty = serverOverEmptyDatabase("rep");

  it("says 'Nenhum lead cadastrado' with a create button that opens the form; the first lead then shows", async () => {
    const { page, context } = await signedIn("/leads?view=list", "rep", { baseURL: empty.url });
    await page.getByText("Nenhum lead cadastrado").waitFor();
    await snapshot(page, "crm-leads-empty-pt");
    await page.getByRole("button", { name: "Adicionar Lead" }).click();
    const dialog = formDialog(page);
    await dialog.getByRole("heading", { name: "Novo Lead" }).waitFor();
    await dialog.getByLabel("Nome").fill("Primeiro Lead");
    await dialog.getByRole("button", { name: "Criar Lead" }).click();
    await toastShown(page, "Lead criado!");
    await card(page, "Primeiro Lead").waitFor();
    assert.equal(await page.getByText("Nenhum lead cadastrado").count(), 0);
    // The pipeline of a database with one lead: five empty columns.
    await page.getByRole("link", { name: "Pipeline" }).click();
    await page.waitForURL((u) => u.searchParams.get("view") === "pipeline");
    await pipelineCard(page, "Primeiro Lead").waitFor();
    assert.equal(await column(page, "won").getByText("Nenhum lead").count(), 1);
    await context.close();
  });
});

describe("pipeline", () => {
  it("drags a card with the mouse to another column: counts and sums change at once, the status is saved and stays after a reload", async () => {
    const { page, context } = await signedIn("/leads?view=list");
    const lead = await createLead(page, { name: `Arrastar Mouse ${RUN}`, status: "new", estimated_value: 12345.67 });
    await page.goto("/leads?view=pipeline");
    await dndReady(page);
    const patches = watchPatches(page);
    const counts = { new: await columnCount(page, "new"), contacted: await columnCount(page, "contacted") };

    const source = pipelineCard(page, lead.name);
    await source.scrollIntoViewIfNeeded();
    const from = (await source.boundingBox())!;
    await page.mouse.move(from.x + 30, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
    // Contatados is the third column: bring it into view while dragging (the board scrolls itself near its edge too).
    const target = (await column(page, "contacted").boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + 120, { steps: 20 });
    await page.getByTestId("pipeline-card-overlay").waitFor();
    assert.equal(await column(page, "contacted").getAttribute("data-over"), "true");
    await snapshot(page, "crm-leads-pipeline-dragging-pt");
    await page.mouse.up();

    await column(page, "contacted").locator(`[aria-label="${lead.name}"]`).waitFor();
    assert.equal(await columnCount(page, "new"), counts.new - 1);
    assert.equal(await columnCount(page, "contacted"), counts.contacted + 1);
    await toastShown(page, "Status do lead atualizado!");
    assert.deepEqual(
      patches.map((body) => JSON.parse(body)),
      [{ status: "contacted" }],
    );
    assert.equal((await leadRow(lead.name))?.status, "contacted");

    await page.reload();
    await column(page, "contacted").locator(`[aria-label="${lead.name}"]`).waitFor();
    assert.equal(await column(page, "new").locator(`[aria-label="${lead.name}"]`).count(), 0);
    await context.close();
  });

  it("a drop in the same column or outside the columns does nothing and sends nothing", async () => {
    const { page, context } = await signedIn("/leads?view=list");
    const lead = await createLead(page, { name: `Arrastar Nada ${RUN}`, status: "new" });
    await page.goto("/leads?view=pipeline");
    await dndReady(page);
    const patches = watchPatches(page);
    const drag = async (to: { x: number; y: number }) => {
      const box = (await pipelineCard(page, lead.name).boundingBox())!;
      await page.mouse.move(box.x + 30, box.y + 20);
      await page.mouse.down();
      await page.mouse.move(box.x + 40, box.y + 30, { steps: 4 });
      await page.mouse.move(to.x, to.y, { steps: 10 });
      await page.mouse.up();
      await page.getByTestId("pipeline-card-overlay").waitFor({ state: "detached" });
    };
    const own = (await column(page, "new").boundingBox())!;
    await drag({ x: own.x + own.width / 2, y: own.y + own.height - 20 });
    await drag({ x: own.x + 20, y: own.y - 60 }); // above the board: the screen's header
    // Time on purpose: a PATCH that should not be sent would have left by then.
    await page.waitForTimeout(500);
    assert.deepEqual(patches, []);
    await column(page, "new").locator(`[aria-label="${lead.name}"]`).waitFor();
    assert.equal((await leadRow(lead.name))?.status, "new");
    await context.close();
  });

  it("moves a card with the keyboard (space, arrows, space) with spoken instructions and announcements; Escape cancels", async () => {
    const { page, context } = await signedIn("/leads?view=list");
    const lead = await createLead(page, { name: `Arrastar Teclado ${RUN}`, status: "new" });
    await page.goto("/leads?view=pipeline");
    await dndReady(page);
    const patches = watchPatches(page);
    const handle = pipelineCard(page, lead.name).getByRole("button", { name: `Mover ${lead.name}` });
    const describedBy = await handle.getAttribute("aria-describedby");
    assert.ok(describedBy);
    assert.match(await page.locator(`[id="${describedBy}"]`).innerText(), /pressione espaço ou Enter/);
    assert.equal(await handle.getAttribute("aria-roledescription"), "arrastável");
    const announced = await recordAnnouncements(page);

    // Escape puts it back.
    await handle.focus();
    await page.keyboard.press("Space");
    await announced.waitFor(new RegExp(`Lead ${lead.name} pego na coluna Novos`));
    await page.keyboard.press("ArrowRight");
    await announced.waitFor(/sobre a coluna Qualificados/);
    await page.keyboard.press("Escape");
    await announced.waitFor(new RegExp(`Movimento cancelado. O lead ${lead.name} continua na coluna Novos`));
    assert.deepEqual(patches, []);
    await column(page, "new").locator(`[aria-label="${lead.name}"]`).waitFor();

    // Two columns to the right (pressed in quick succession), then drop.
    await handle.focus();
    await page.keyboard.press("Space");
    await page.waitForFunction(
      () => (window as unknown as { __announced: string[] }).__announced.filter((t) => /pego na coluna/.test(t)).length === 2,
    );
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await announced.waitFor(/sobre a coluna Contatados/);
    await page.keyboard.press("Space");
    await column(page, "contacted").locator(`[aria-label="${lead.name}"]`).waitFor();
    await announced.waitFor(new RegExp(`Lead ${lead.name} solto na coluna Contatados`));
    await toastShown(page, "Status do lead atualizado!");
    assert.deepEqual(
      patches.map((body) => JSON.parse(body)),
      [{ status: "contacted" }],
    );
    // The focus comes back to the moved card's handle.
    await page.waitForFunction((label) => document.activeElement?.getAttribute("aria-label") === label, `Mover ${lead.name}`);

    await page.reload();
    await column(page, "contacted").locator(`[aria-label="${lead.name}"]`).waitFor();
    assert.equal((await leadRow(lead.name))?.status, "contacted");
    await context.close();
  });

  it("puts the card back with 'Não foi possível atualizar o status' when the save fails", async () => {
    const { page, context } = await signedIn("/leads?view=list", "rep", { allowConsoleErrors: [failedRequest(500)] });
    const lead = await createLead(page, { name: `Arrastar Falha ${RUN}`, status: "new", estimated_value: 1000 });
    await page.goto("/leads?view=pipeline");
    await dndReady(page);
    await page.route(
      (url) => /\/api\/leads\/[^/]+$/.test(url.pathname),
      (route) =>
        route.request().method() === "PATCH"
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: JSON.stringify({ error: "internal_error", message: "Falha simulada" }),
            })
          : route.continue(),
    );
    const counts = { new: await columnCount(page, "new"), qualified: await columnCount(page, "qualified") };
    const handle = pipelineCard(page, lead.name).getByRole("button", { name: `Mover ${lead.name}` });
    const announced = await recordAnnouncements(page);
    await handle.focus();
    await page.keyboard.press("Space");
    await announced.waitFor(/pego na coluna Novos/);
    await page.keyboard.press("ArrowRight");
    await announced.waitFor(/sobre a coluna Qualificados/);
    await page.keyboard.press("Space");
    await toastShown(page, "Não foi possível atualizar o status");
    await column(page, "new").locator(`[aria-label="${lead.name}"]`).waitFor();
    assert.equal(await column(page, "qualified").locator(`[aria-label="${lead.name}"]`).count(), 0);
    assert.deepEqual({ new: await columnCount(page, "new"), qualified: await columnCount(page, "qualified") }, counts);
    assert.equal((await leadRow(lead.name))?.status, "new");
    await context.close();
  });

  it("shows six columns with count and value sum, all in view at 1280x800 and as tall as the window; the toggle is remembered; a sales rep cannot move a colleague's lead", async () => {
    const { page, context } = await signedIn("/leads?view=pipeline");
    await dndReady(page);
    // 1280x800 with the sidebar: the six columns side by side, the board not scrolling
    // sideways; the columns reach the window's bottom and scroll inside, the page does not.
    await page.setViewportSize({ width: 1280, height: 800 });
    const fit = await page.getByTestId("pipeline-board").evaluate((board) => {
      const lost = document.querySelector("[data-testid=pipeline-column-lost]")!.getBoundingClientRect();
      const lists = [...board.querySelectorAll("[data-testid^=pipeline-column-] > div")];
      return {
        sideways: board.scrollWidth - board.clientWidth,
        lostRight: lost.right,
        lostBottom: lost.bottom,
        pageScroll: document.documentElement.scrollHeight - innerHeight,
        scrollsInside: lists.some((list) => list.scrollHeight > list.clientHeight),
      };
    });
    assert.equal(fit.sideways, 0, "the board does not scroll sideways");
    assert.ok(fit.lostRight <= 1280 - 20, `'Perdidos' ends inside the window (${fit.lostRight})`);
    assert.ok(fit.lostBottom >= 800 - 24 && fit.lostBottom <= 800, `the columns reach the window's bottom (${fit.lostBottom})`);
    assert.ok(fit.pageScroll <= 0, `the page itself does not scroll (${fit.pageScroll} px)`);
    assert.ok(fit.scrollsInside, "a full column scrolls inside");
    await snapshot(page, "crm-leads-pipeline-1280x800-pt");
    const headings = await page.getByTestId("pipeline-board").getByRole("heading", { level: 2 }).allInnerTexts();
    assert.deepEqual(headings, ["Novos", "Qualificados", "Contatados", "Negociando", "Ganhos", "Perdidos"]);
    for (const status of ["new", "qualified", "contacted", "negotiating", "won", "lost"]) {
      // One sum per currency (the chat assistant's leads are in US$), never added together.
      const [{ n, total, usd }] = [
        (await queryFirst<{ n: number; total: number; usd: number }>(
          "select count(*) n, total(iif(currency = 'BRL', estimated_value, 0)) total, total(iif(currency = 'USD', estimated_value, 0)) usd from leads where status = ?",
          status,
        ))!,
      ];
      assert.equal(await columnCount(page, status), n, `${status}: count`);
      const sum = column(page, status).getByTestId("pipeline-column-sum");
      if (total > 0 || usd > 0) {
        const shown = (await sum.innerText()).replace(/\s/g, " ");
        const money = (value: number, currency: string) =>
          new Intl.NumberFormat("pt-BR", { style: "currency", currency, minimumFractionDigits: currency === "BRL" ? 2 : 0 }).format(value);
        const expected = [total > 0 ? money(total, "BRL") : null, usd > 0 ? money(usd, "USD") : null].filter(Boolean).join(" · ");
        assert.equal(shown, `Total: ${expected.replace(/\s/g, " ")}`, `${status}: value sum`);
      } else assert.equal(await sum.count(), 0, `${status}: no sum at 0`);
    }
    // The seeded cards below may sit past a column's first page once other journeys have
    // added leads: each is looked at through the board's search (q in the URL).
    const findOnBoard = async (name: string) => {
      await page.goto(`/leads?view=pipeline&q=${encodeURIComponent(name)}`);
      await dndReady(page);
      return pipelineCard(page, name);
    };
    // The board's own search box (q in the URL, 300 ms after the last key) narrows every
    // column, with counts of what matches; the status filter is the list's only.
    assert.equal(await page.getByTestId("lead-status-filter").count(), 0);
    await page.getByRole("searchbox", { name: "Buscar leads" }).fill("Lucas Rodrigues");
    await page.waitForURL((url) => url.searchParams.get("q") === "Lucas Rodrigues");
    const matching = await queryFirst<{ n: number }>("select count(*) n from leads where status = 'new' and name like '%Lucas Rodrigues%'");
    // The URL changes first; the searched board follows when the loader answers.
    await eventuallyEqual(() => columnCount(page, "new"), matching!.n, "the column counts what the search found", 5000);
    assert.equal(await column(page, "new").getByTestId("pipeline-card").count(), matching!.n);
    // Cards: up to 2 tags then +N, the creation date dd/MM.
    const lucas = await findOnBoard("Lucas Rodrigues"); // 4 tags in the seed
    const tags = await lucas.getByRole("list", { name: "Tags" }).innerText();
    assert.match(tags, /\+2/);
    assert.match(await lucas.locator("time").innerText(), /^\d{2}\/\d{2}$/);
    // Rita may not move Ana's lead: no handle.
    assert.equal(await (await findOnBoard("Renata Pinto")).getByTestId("pipeline-drag-handle").count(), 0);
    assert.equal(await (await findOnBoard("Carlos Eduardo Silva")).getByTestId("pipeline-drag-handle").count(), 1);

    // 'Ver' opens the lead's detail (?lead=).
    await pipelineCard(page, "Carlos Eduardo Silva").getByRole("link", { name: "Ver", exact: true }).click();
    await page.getByTestId("lead-detail-dialog").getByRole("heading", { name: "Carlos Eduardo Silva" }).waitFor();
    assert.ok(new URL(page.url()).searchParams.get("lead"));
    await page.keyboard.press("Escape");
    await page.getByTestId("lead-detail-dialog").waitFor({ state: "detached" });
    assert.equal(new URL(page.url()).searchParams.get("lead"), null);

    // Without ?view= the last view comes back.
    await page.goto("/leads");
    await page.getByTestId("pipeline-board").waitFor();
    await page.getByRole("link", { name: "Lista" }).click();
    await page.getByTestId("lead-list").waitFor();
    await page.goto("/leads");
    await page.getByTestId("lead-list").waitFor();
    assert.equal(await page.getByRole("link", { name: "Lista" }).getAttribute("aria-current"), "page");
    await context.close();
  });
});

/**
 * Waits until the page's URL passes `test`: also after a same-document navigation (the filters
 * replace the URL in place), which page.waitForURL may wait on for a load that never comes.
 */
describe("lead filters", () => {
  it("a rep's 'Meus leads' by source: in the URL, the same on the pipeline, remembered for the next visit, cleared in one click", async () => {
    const { page, context } = await signedIn("/leads?view=list", "rep");
    const rep = await userId(DEMO_USERS.rep);
    await hydrated(page, "[data-testid=lead-filter-owner]");
    await chooseOption(page, page.getByTestId("lead-filter-owner"), "Meus leads");
    await urlWhere(page, (url) => url.searchParams.get("owner") === "me");
    await chooseOption(page, page.getByTestId("lead-filter-source"), "Indicação");
    await urlWhere(page, (url) => url.searchParams.get("source") === "referral" && url.searchParams.get("owner") === "me");
    const expected = await queryAll<{ id: string }>(
      "select id from leads where assigned_to = ? and source = 'referral' order by created_at desc, id desc limit 30",
      rep,
    );
    assert.ok(expected.length > 0, "the seed gives the rep referral leads");
    await eventuallyEqual(
      () => page.getByTestId("lead-card").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-lead-id"))),
      expected.map((row) => row.id),
      "the list shows exactly the rep's referral leads, newest first",
    );

    // The pipeline keeps them: its columns count the same leads.
    await page.getByRole("link", { name: "Pipeline" }).click();
    await urlWhere(page, (url) => url.searchParams.get("view") === "pipeline" && url.searchParams.get("owner") === "me");
    for (const row of await queryAll<{ status: string; n: number }>(
      "select status, count(*) as n from leads where assigned_to = ? and source = 'referral' group by status",
      rep,
    )) {
      assert.equal(await columnCount(page, row.status), row.n, row.status);
    }
    assert.equal(await page.getByTestId("lead-filter-owner").innerText(), "Meus leads");

    // The next visit without parameters comes back to them.
    await page.goto("/leads?view=list");
    await hydrated(page, "[data-testid=lead-filters-clear]");
    await urlWhere(page, (url) => url.searchParams.get("owner") === "me" && url.searchParams.get("source") === "referral");
    await page.getByTestId("lead-filters-clear").click();
    await urlWhere(page, (url) => !url.searchParams.has("owner") && !url.searchParams.has("source"));
    await page.goto("/leads?view=list");
    assert.equal(new URL(page.url()).searchParams.has("owner"), false, "cleared: not remembered either");
    await context.close();
  });

  it("at 390 px the filters sit two a row without sideways scrolling, axe clean; a filter is chosen with the keyboard", async () => {
    const { page, context } = await signedIn("/leads?view=list&owner=none&period=30d", "manager", PHONE);
    await page.getByTestId("lead-filters").waitFor();
    await noSidewaysScroll(page, "filters at 390 px");
    assert.equal(await page.getByTestId("lead-filter-owner").innerText(), "Sem responsável");
    assert.equal(await page.getByTestId("lead-filter-period").innerText(), "Últimos 30 dias");
    const boxes = await page
      .locator("[data-testid^=lead-filter-]")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    assert.equal(boxes[0]!.top, boxes[1]!.top, "two a row");
    assert.ok(boxes[2]!.top > boxes[0]!.top, "then the next row");
    const violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-leads-filters-pt-390", { fullPage: false });
    // Keyboard: focus the tag filter, open it, go down to the first tag, choose it.
    await hydrated(page, "[data-testid=lead-filter-tag]");
    await page.getByTestId("lead-filter-tag").focus();
    await page.keyboard.press("Enter");
    await page.getByRole("listbox").waitFor();
    await optionFocused(page);
    await page.keyboard.press("ArrowDown");
    await optionFocused(page, "Urgente");
    await page.keyboard.press("Enter");
    await eventuallyEqual(
      () => page.evaluate(() => new URLSearchParams(location.search).toString()),
      "view=list&owner=none&period=30d&tag=Urgente",
      "the tag joins the other filters in the URL",
    );
    await eventuallyEqual(() => page.getByTestId("lead-filter-tag").innerText(), "Urgente", "the select shows it once the list is read");
    await context.close();
  });
});

describe("leads screen at 390 px", () => {
  it("list: one column of cards, no sideways scrolling; the form fills the screen; pipeline: scrolls sideways by column inside the board only", async () => {
    const { page, context } = await signedIn("/leads?view=list", "rep", PHONE);
    await page.getByTestId("lead-card").first().waitFor();
    await noSidewaysScroll(page, "list");
    const xs = await page
      .getByTestId("lead-card")
      .evaluateAll((cards) => cards.slice(0, 4).map((c) => Math.round(c.getBoundingClientRect().x)));
    assert.equal(new Set(xs).size, 1, `cards stack in one column (${xs.join(", ")})`);
    await snapshot(page, "crm-leads-list-390-pt");

    await page.getByRole("button", { name: "Novo Lead" }).click();
    const dialog = formDialog(page);
    await dialog.getByRole("heading", { name: "Novo Lead" }).waitFor();
    await animationsDone(page);
    const box = (await dialog.boundingBox())!;
    assert.ok(box.x <= 1 && box.width >= 388, `the form fills the width (${box.x}, ${box.width})`);
    await noSidewaysScroll(page, "form");
    await snapshot(page, "crm-leads-form-390-pt");
    const violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.goto("/leads?view=pipeline");
    await dndReady(page);
    await noSidewaysScroll(page, "pipeline");
    const board = await page.getByTestId("pipeline-board").evaluate((el) => ({
      scrollable: el.scrollWidth > el.clientWidth,
      snap: getComputedStyle(el).scrollSnapType,
      columnWidth: el.firstElementChild!.getBoundingClientRect().width,
    }));
    assert.ok(board.scrollable, "the board scrolls sideways");
    assert.match(board.snap, /x mandatory/);
    assert.ok(Math.abs(board.columnWidth - (390 - 24)) <= 1, `one column per screen (${board.columnWidth} px)`);
    // The columns' names and counts as tabs above the board, the first one current.
    const tabs = page.getByRole("navigation", { name: "Colunas do pipeline" }).getByRole("button");
    const tabTexts = (await tabs.allInnerTexts()).map((text) => text.replace(/\s+/g, " "));
    assert.deepEqual(
      tabTexts.map((text) => text.replace(/ \d+$/, "")),
      ["Novos", "Qualificados", "Contatados", "Negociando", "Ganhos", "Perdidos"],
    );
    assert.equal(tabTexts[4], `Ganhos ${await columnCount(page, "won")}`);
    const current = () => tabs.evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute("aria-current") === "true"));
    assert.equal(await current(), 0);
    await page.getByTestId("pipeline-board").evaluate((el) => el.scrollBy({ left: 500, behavior: "instant" }));
    await boardAtRest(page, "snapped").catch(() => undefined); // the assertion below says what it found
    const left = await page.getByTestId("pipeline-board").evaluate((el) => el.scrollLeft);
    const snappedTo = await page.getByTestId("pipeline-board").evaluate((el) => {
      const boardLeft = el.getBoundingClientRect().left;
      return [...el.children].map((c) => Math.round(c.getBoundingClientRect().left - boardLeft));
    });
    assert.ok(
      snappedTo.some((x) => Math.abs(x - 12) <= 2),
      `a column starts at the board's edge after scrolling (${left}: ${snappedTo.join(", ")})`,
    );
    // The tabs follow: the column at the edge is the current one.
    await eventuallyEqual(
      current,
      snappedTo.findIndex((x) => Math.abs(x - 12) <= 2),
      "the current tab follows the board",
      5000,
    );
    // Tapping a tab brings its column into view.
    await tabs.nth(4).tap();
    await boardAtRest(page, "won");
    await eventuallyEqual(current, 4, "the tapped tab is current", 5000);
    await noSidewaysScroll(page, "pipeline after scrolling");
    await snapshot(page, "crm-leads-pipeline-390-pt");
    const pipelineViolations = await audit(page);
    assert.equal(pipelineViolations.length, 0, describeViolations(pipelineViolations));
    await context.close();
  });
});

describe("pipeline at 390 px", () => {
  it("drags a card by touch after a 120 ms press; held at the screen's edge, the board brings the next column at a controlled speed", async () => {
    const { page, context } = await signedIn("/leads?view=list", "rep", PHONE);
    const lead = await createLead(page, { name: `Toque ${RUN}`, status: "new" });
    await page.goto("/leads?view=pipeline");
    await dndReady(page);
    const patches = watchPatches(page);
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x?: number, y?: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: x === undefined ? [] : [{ x, y: y! }] });
    const box = (await pipelineCard(page, lead.name).boundingBox())!;
    assert.ok((await column(page, "qualified").boundingBox())!.x >= 390, "one column per screen: the next one is out of view");
    const start = { x: box.x + 40, y: box.y + 40 };
    // The finger rests 250 ms as the page counts time: a timer started when the page handles
    // the touchstart, before the sensor's own 120 ms one, so a busy machine cannot send the
    // moves before the press has taken.
    await page.evaluate(() => {
      (window as unknown as { __pressed: Promise<void> }).__pressed = new Promise((resolve) =>
        addEventListener("touchstart", () => setTimeout(resolve, 250), { capture: true, once: true }),
      );
    });
    await touch("touchStart", start.x, start.y);
    await page.evaluate(() => (window as unknown as { __pressed: Promise<void> }).__pressed);
    // To the screen's right edge, and held there: the board scrolls by itself. Its speed is
    // sampled every 100 ms or more as the page counts time (a slow machine only slows it).
    const edge = { x: 386, y: start.y + 10 };
    for (let i = 1; i <= 8; i++) await touch("touchMove", start.x + ((edge.x - start.x) * i) / 8, start.y + ((edge.y - start.y) * i) / 8);
    await page.getByTestId("pipeline-card-overlay").waitFor();
    await page.evaluate(() => {
      const board = document.querySelector("[data-testid=pipeline-board]")!;
      const w = window as unknown as { __speeds: number[] };
      w.__speeds = [];
      let last = { at: performance.now(), left: board.scrollLeft };
      // While the card is dragged (after the drop the board snaps to a column).
      const sample = (now: number) => {
        if (board.getAttribute("data-dragging") !== "true") return;
        if (now - last.at >= 100) {
          w.__speeds.push(((board.scrollLeft - last.left) * 1000) / (now - last.at));
          last = { at: now, left: board.scrollLeft };
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    // Let go once 'Qualificados' is half in view (under the finger since its edge passed it):
    // the card goes there, not further.
    await page.waitForFunction(
      () => document.querySelector("[data-testid=pipeline-column-qualified]")!.getBoundingClientRect().left <= 195,
      undefined,
      { polling: "raf" },
    );
    await touch("touchEnd");
    await column(page, "qualified").locator(`[aria-label="${lead.name}"]`).waitFor();
    await toastShown(page, "Status do lead atualizado!");
    assert.deepEqual(
      patches.map((body) => JSON.parse(body)),
      [{ status: "qualified" }],
    );
    const speeds = await page.evaluate(() => (window as unknown as { __speeds: number[] }).__speeds);
    const fastest = Math.max(...speeds);
    // One column (378 px) a second at most: dnd-kit's default went five times as fast.
    assert.ok(
      fastest > 0 && fastest <= 600,
      `the board scrolled at up to ${Math.round(fastest)} px/s (${speeds.map(Math.round).join(", ")})`,
    );

    // A swipe without the press is no drag: the finger scrolls the board instead. The touches
    // are sent at once, not each after the last one's answer, so the page has the first move
    // well inside the 120 ms; it says how long it was.
    const first = (await column(page, "new").getByTestId("pipeline-card").first().boundingBox())!;
    await page.evaluate(() => {
      (window as unknown as { __moved: Promise<number> }).__moved = new Promise((resolve) => {
        let pressedAt = 0;
        addEventListener("touchstart", () => (pressedAt = performance.now()), { capture: true, once: true });
        addEventListener("touchmove", () => resolve(performance.now() - pressedAt), { capture: true, once: true });
      });
    });
    await Promise.all([
      touch("touchStart", first.x + 60, first.y + 30),
      ...[1, 2, 3, 4].map((i) => touch("touchMove", first.x + 60 - 12 * i, first.y + 30)),
      touch("touchEnd"),
    ]);
    const firstMove = await page.evaluate(() => (window as unknown as { __moved: Promise<number> }).__moved);
    assert.ok(firstMove < 120, `the first move reached the page ${Math.round(firstMove)} ms after the touch: not a swipe`);
    // Time on purpose: a drag (or its PATCH) that should not start would show by then.
    await page.waitForTimeout(400);
    assert.equal(await page.getByTestId("pipeline-card-overlay").count(), 0);
    assert.equal(patches.length, 1, "no other request");
    await context.close();
  });

  it("moves a card with the keyboard to a column out of view: the board scrolls to it; 'Desfazer' in the toast puts it back", async () => {
    const { page, context } = await signedIn("/leads?view=list", "rep", PHONE);
    const lead = await createLead(page, { name: `Teclado Celular ${RUN}`, status: "new" });
    await page.goto("/leads?view=pipeline");
    await dndReady(page);
    const announced = await recordAnnouncements(page);
    const handle = pipelineCard(page, lead.name).getByRole("button", { name: `Mover ${lead.name}` });
    await handle.focus();
    await page.keyboard.press("Space");
    await announced.waitFor(/pego na coluna Novos/);
    for (const [key, name, status] of [
      ["ArrowRight", "Qualificados", "qualified"],
      ["ArrowRight", "Contatados", "contacted"],
      ["ArrowLeft", "Qualificados", "qualified"],
    ] as const) {
      await page.keyboard.press(key);
      await announced.waitFor(new RegExp(`sobre a coluna ${name}`));
      // The next key is measured against where the columns are: let the smooth scroll end.
      await boardAtRest(page, status);
    }
    await page.keyboard.press("Space");
    await column(page, "qualified").locator(`[aria-label="${lead.name}"]`).waitFor();
    await toastShown(page, "Status do lead atualizado!");
    assert.equal((await leadRow(lead.name))?.status, "qualified");
    await noSidewaysScroll(page, "pipeline after a keyboard move");

    // The toast offers 'Desfazer' for a few seconds: the lead goes back to 'Novos', saved, and
    // its history says the move was undone.
    const counts = { new: await columnCount(page, "new"), qualified: await columnCount(page, "qualified") };
    const undo = page.getByTestId("toast").getByRole("button", { name: "Desfazer" });
    await undo.waitFor();
    await snapshot(page, "crm-leads-pipeline-undo-390-pt");
    await undo.click();
    await column(page, "new").locator(`[aria-label="${lead.name}"]`).waitFor();
    assert.deepEqual(
      { new: await columnCount(page, "new"), qualified: await columnCount(page, "qualified") },
      {
        new: counts.new + 1,
        qualified: counts.qualified - 1,
      },
    );
    await toastShown(page, "Movimento desfeito");
    assert.equal((await leadRow(lead.name))?.status, "new");
    const undone = await queryFirst<{ metadata: string }>(
      "select metadata from lead_activities where lead_id = ? and type = 'status_change' order by created_at desc limit 1",
      (await leadRow(lead.name))!.id,
    );
    assert.deepEqual(JSON.parse(undone!.metadata), { kind: "audit", field: "status", from: "qualified", to: "new", undo: true });
    await context.close();
  });
});

const COPY = {
  pt: { subtitle: "Gerencie leads e acompanhe o pipeline de vendas", newLead: "Novo Lead", column: "Negociando", details: "Detalhes" },
  es: { subtitle: "Gestiona leads y sigue el pipeline de ventas", newLead: "Nuevo Lead", column: "Negociando", details: "Detalles" },
  en: { subtitle: "Manage leads and follow the sales pipeline", newLead: "New Lead", column: "Negotiating", details: "Details" },
} as const;

describe("leads screen in pt, es and en, light and dark (screenshots to look at)", () => {
  for (const language of ["pt", "es", "en"] as const) {
    it(`${language}: list and pipeline with no missing string, no sideways scroll at 390 px, axe clean with the form open in dark`, async () => {
      for (const { theme, width, options } of tourStops().filter((stop) => stop.language === language)) {
        const { page, context } = await signedIn("/leads?view=list", "admin", { ...options, language, theme });
        await page.getByText(COPY[language].subtitle).waitFor();
        await page.getByTestId("lead-card").first().getByRole("link", { name: COPY[language].details }).waitFor();
        if (width === 390) await noSidewaysScroll(page, `${language} ${theme} list`);
        await snapshot(page, `crm-leads-list-${language}-${theme}-${width}`);
        await page.goto("/leads?view=pipeline");
        await dndReady(page);
        await page.getByRole("heading", { name: COPY[language].column, exact: true }).waitFor();
        if (width === 390) await noSidewaysScroll(page, `${language} ${theme} pipeline`);
        await snapshot(page, `crm-leads-pipeline-${language}-${theme}-${width}`);
        if (theme === "dark") {
          await page.getByRole("button", { name: COPY[language].newLead }).click();
          await formDialog(page).waitFor();
          await animationsDone(page);
          await snapshot(page, `crm-leads-form-${language}-dark-${width}`);
          const violations = await audit(page);
          assert.equal(violations.length, 0, `${language} dark form at ${width}: ${describeViolations(violations)}`);
        }
        await context.close();
      }
    });
  }
});
