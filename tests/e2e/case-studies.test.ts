import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { holdRequests, snapshot } from "./support/chromium.ts";
import { queryAll } from "./support/d1.ts";
import { eventuallyEqual, failedRequest, setUpJourneys } from "./support/journey.ts";

type Row = {
  slug: string;
  title: string;
  industry: string;
  key_features: string;
  figures: string;
  translations: string;
};

/** The case studies the server under test reads, newest first, straight from its D1 state. */
function caseStudiesInDatabase(): Promise<Row[]> {
  return queryAll<Row>(
    "select slug, title, industry, key_features, figures, translations from case_studies order by created_at desc, id desc",
  );
}

const cards = (page: Page) => page.getByTestId("case-study-card");
const cardTitles = (page: Page) => cards(page).locator("h3").allTextContents();

/** Waits until the filters apply on change (hydrated), so a change is not a plain form edit. */
const waitForLiveFilters = (page: Page) => page.locator('form[role="search"][data-live]').waitFor();

/** Waits until the grid shows `count` cards. */
async function expectCardCount(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="case-study-card"]').length === n, count);
}

const journeys = setUpJourneys();
let rows: Row[];
before(async () => {
  rows = await caseStudiesInDatabase();
  assert.ok(rows.length > 6, "the demo data has more case studies than one page (Load More)");
  assert.ok(
    rows.some((r) => r.slug === "aura-health-mvp"),
    "the demo data has the spec's case studies",
  );
});

describe("case studies listing", () => {
  it("renders the newest cards from the database with the project count, in English", async () => {
    const { page, context } = await journeys.open();
    const response = await page.goto("/en/case-studies");
    assert.equal(response?.status(), 200);
    await page.getByRole("heading", { level: 1, name: "Success stories" }).waitFor();
    await page.getByText(`Showing ${rows.length} successful projects`).waitFor();
    assert.deepEqual(
      await cardTitles(page),
      rows.slice(0, 6).map((r) => r.title),
    );
    const first = cards(page).first();
    await first.getByRole("link", { name: "View case study" }).waitFor();
    assert.equal(await first.getByRole("link", { name: "View case study" }).getAttribute("href"), `/en/solutions/${rows[0]!.slug}`);
    // Every image reserves its 16:10 box before it loads.
    assert.equal(await first.locator("img").getAttribute("width"), "640");
    assert.equal(await first.locator("img").getAttribute("height"), "400");
    await waitForLiveFilters(page);
    await snapshot(page, "case-studies-en");
    await context.close();
  });

  it("is translated in Portuguese, titles included", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/pt/case-studies");
    await page.getByText(`Exibindo ${rows.length} projetos de sucesso`).waitFor();
    const aura = rows.find((r) => r.slug === "aura-health-mvp")!;
    const ptTitle = (JSON.parse(aura.translations) as { pt?: { title?: string } }).pt?.title;
    assert.ok(ptTitle && ptTitle !== aura.title);
    await page.getByRole("heading", { name: ptTitle }).waitFor();
    assert.equal(
      await cards(page).filter({ hasText: ptTitle }).getByRole("link", { name: "Ver case" }).getAttribute("href"),
      "/pt/solutions/aura-health-mvp",
    );
    await context.close();
  });

  it("shows the figures of aura-health-mvp on hover and on keyboard focus", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/case-studies");
    const card = page.locator('[data-testid="case-study-card"][data-slug="aura-health-mvp"]');
    const figures = card.getByTestId("case-study-figures");
    const opacity = () => figures.evaluate((el) => Number(getComputedStyle(el).opacity));
    const waitOpacity = (value: number) => eventuallyEqual(opacity, value, "the figures' opacity", 5000);

    assert.equal(await opacity(), 0, "hidden until the card is hovered or focused");
    for (const text of ["+340%", "ROI", "8", "weeks", "500K+", "users"]) {
      await figures.getByText(text, { exact: true }).waitFor({ state: "attached" });
    }
    await card.hover();
    await waitOpacity(1);
    await snapshot(page, "case-studies-hover");
    await page.mouse.move(0, 0);
    await waitOpacity(0);
    await card.getByRole("link", { name: "View case study" }).focus();
    await waitOpacity(1);
    await context.close();
  });

  it("filters by industry, and the filter lands in the URL", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/case-studies");
    await waitForLiveFilters(page);
    const expected = rows.filter((r) => r.industry === "ecommerce");
    assert.ok(expected.length > 0 && expected.length < rows.length);
    await page.getByLabel("Industry").selectOption("ecommerce");
    await page.waitForURL((url) => url.searchParams.get("industry") === "ecommerce");
    await expectCardCount(page, expected.length);
    assert.deepEqual(
      await cardTitles(page),
      expected.map((r) => r.title),
    );
    await page.getByText(`Showing ${expected.length} of ${rows.length} successful projects`).waitFor();
    // Clear filters brings every case study back.
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await page.waitForURL((url) => !url.searchParams.has("industry"));
    await expectCardCount(page, Math.min(6, rows.length));
    await context.close();
  });

  it("narrows with the search, ignoring case and accents, and says when nothing matches", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/pt/case-studies");
    await waitForLiveFilters(page);
    await page.getByLabel("Buscar").fill("TELEMEDICINA");
    await page.waitForURL((url) => url.searchParams.get("q") === "TELEMEDICINA");
    await expectCardCount(page, 1);
    assert.equal(await cards(page).first().getAttribute("data-slug"), "aura-health-mvp");
    await page.getByLabel("Buscar").fill("logistica");
    await page.waitForURL((url) => url.searchParams.get("q") === "logistica");
    await page.locator('[data-testid="case-study-card"][data-slug="maple-leaf-logistics"]').waitFor();
    await page.getByLabel("Buscar").fill("nada-corresponde-a-isto");
    await page.getByRole("heading", { name: "Nenhum case corresponde à sua busca" }).waitFor();
    await expectCardCount(page, 0);
    await context.close();
  });

  it("changes the order with the sort select", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/case-studies?limit=60");
    await waitForLiveFilters(page);
    await expectCardCount(page, rows.length);
    await page.getByLabel("Sort by").selectOption("title");
    await page.waitForURL((url) => url.searchParams.get("sort") === "title");
    const alphabetical = rows.map((r) => r.title).sort((a, b) => a.localeCompare(b, "en-US", { sensitivity: "base", numeric: true }));
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="case-study-card"] h3')?.textContent === first,
      alphabetical[0],
    );
    assert.deepEqual(await cardTitles(page), alphabetical.slice(0, 6));
    await page.getByLabel("Sort by").selectOption("oldest");
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="case-study-card"] h3')?.textContent === first,
      rows.at(-1)!.title,
    );
    await context.close();
  });

  it("loads more cards with Load More and moves focus to the first new one", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/case-studies");
    await waitForLiveFilters(page);
    await expectCardCount(page, 6);
    await page.getByText(`6 of ${rows.length} shown`).waitFor();
    await page.getByRole("link", { name: "Load More" }).click();
    await page.waitForURL((url) => url.searchParams.get("limit") === "12");
    await expectCardCount(page, Math.min(12, rows.length));
    assert.deepEqual(
      await cardTitles(page),
      rows.slice(0, 12).map((r) => r.title),
    );
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid="case-study-card"]') !== null);
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('[data-testid="case-study-card"]')?.getAttribute("data-slug")),
      rows[6]!.slug,
    );
    if (rows.length <= 12) assert.equal(await page.getByRole("link", { name: "Load More" }).count(), 0);
    await context.close();
  });

  it("shows 'Loading Case Studies...' while a filter change is on its way", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/case-studies");
    await waitForLiveFilters(page);
    const release = await holdRequests(page, (url) => url.pathname.endsWith("case-studies.data"));
    await page.getByLabel("Timeline").selectOption("long");
    await page.getByRole("status").filter({ hasText: "Loading Case Studies..." }).waitFor();
    assert.equal(await page.getByTestId("case-studies-grid").getAttribute("aria-busy"), "true");
    release();
    await page.getByRole("status").filter({ hasText: "Loading Case Studies..." }).waitFor({ state: "detached" });
    await page.waitForURL((url) => url.searchParams.get("timeline") === "long");
    await context.close();
  });

  it("renders a shared filtered URL without JavaScript, and its form filters without JavaScript", async () => {
    const { page, context } = await journeys.open({ javaScriptEnabled: false });
    const response = await page.goto("/pt/case-studies?industry=ecommerce&sort=title");
    assert.equal(response?.status(), 200);
    const expected = rows.filter((r) => r.industry === "ecommerce");
    assert.equal(await cards(page).count(), expected.length);
    await page.getByText(`Exibindo ${expected.length} de ${rows.length} projetos de sucesso`).waitFor();
    assert.equal(await page.getByLabel("Setor").inputValue(), "ecommerce");
    assert.equal(await page.getByLabel("Ordenar por").inputValue(), "title");

    // The Apply button (only without JavaScript) submits the GET form.
    await page.getByLabel("Setor").selectOption("healthcare");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL((url) => url.searchParams.get("industry") === "healthcare");
    assert.equal(await cards(page).count(), rows.filter((r) => r.industry === "healthcare").length);
    await snapshot(page, "case-studies-nojs-filtered");
    await context.close();
  });
});

describe("case study detail", () => {
  it("shows title, features and the three buttons with their targets", async () => {
    const { page, context } = await journeys.open();
    const aura = rows.find((r) => r.slug === "aura-health-mvp")!;
    await page.goto("/en/case-studies");
    await page
      .locator('[data-testid="case-study-card"][data-slug="aura-health-mvp"]')
      .getByRole("link", { name: "View case study" })
      .click();
    await page.waitForURL("**/en/solutions/aura-health-mvp");
    await page.getByRole("heading", { level: 1, name: aura.title }).waitFor();
    assert.deepEqual(await page.getByTestId("case-study-features").locator("li").allTextContents(), JSON.parse(aura.key_features));
    for (const [name, href] of [
      ["Back to Solutions", "/en/case-studies"],
      ["Start Your Project", "/en/contact"],
      ["View More Cases", "/en/case-studies"],
    ] as const) {
      assert.equal(await page.getByRole("link", { name, exact: true }).getAttribute("href"), href);
    }
    await snapshot(page, "case-study-en");
    await page.getByRole("link", { name: "Back to Solutions" }).click();
    await page.waitForURL("**/en/case-studies");
    await context.close();
  });

  it("shows 'Loading case study...' on the card while the detail page loads", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/case-studies");
    await waitForLiveFilters(page);
    const release = await holdRequests(page, (url) => url.pathname.endsWith("maple-leaf-logistics.data"));
    const card = page.locator('[data-testid="case-study-card"][data-slug="maple-leaf-logistics"]');
    await card.getByRole("link", { name: "View case study" }).click();
    await card.getByRole("status").filter({ hasText: "Loading case study..." }).waitFor();
    release();
    await page.waitForURL("**/en/solutions/maple-leaf-logistics");
    await context.close();
  });

  it("is translated, without JavaScript too", async () => {
    const { page, context } = await journeys.open({ javaScriptEnabled: false });
    const maple = rows.find((r) => r.slug === "maple-leaf-logistics")!;
    const es = (JSON.parse(maple.translations) as { es?: { title?: string } }).es?.title;
    await page.goto("/es/solutions/maple-leaf-logistics");
    await page.getByRole("heading", { level: 1, name: es }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Volver a soluciones" }).getAttribute("href"), "/es/case-studies");
    await context.close();
  });

  it("answers an unknown slug with 'Case Study Not Found', status 404 and Go Back", async () => {
    // The browser reports the 404 document; the page logs the path it could not find.
    const { page, context } = await journeys.open({ allowConsoleErrors: [failedRequest(404), /^404 Error/] });
    const response = await page.goto("/en/solutions/no-such-case-study");
    assert.equal(response?.status(), 404);
    await page.getByRole("heading", { name: "Case Study Not Found" }).waitFor();
    await snapshot(page, "case-study-not-found-en");
    // Opened directly, there is no earlier page of the site: Go Back leads to the listing.
    await page.getByRole("link", { name: "Go Back" }).click();
    await page.waitForURL("**/en/case-studies", { waitUntil: "commit" });
    await page.getByRole("heading", { level: 1, name: "Success stories" }).waitFor();
    await context.close();
  });
});
