import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { hydrated, snapshot } from "./support/chromium.ts";
import { queryFirst } from "./support/d1.ts";
import { setUpJourneys } from "./support/journey.ts";

// The insights page as a visitor uses it: six articles with one featured, category chips
// that filter through ?category= (client-side with JavaScript, plain links without), and a
// newsletter box that really subscribes, once per address.

const journeys = setUpJourneys();

async function subscriberRows(email: string): Promise<number> {
  const row = await queryFirst<{ n: number }>("select count(*) as n from newsletter_subscribers where email = ?", email);
  return row?.n ?? 0;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const chip = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name, exact: true });
const articleCount = (page: Page) => page.locator("[data-testid=featured-article], [data-testid=article-card]").count();

describe("insights page", () => {
  it("lists six articles with one featured, each with its meta", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/blog");
    await page.getByRole("heading", { level: 1, name: "Ideas from a team that ships on time" }).waitFor();
    assert.equal(await articleCount(page), 6);
    const featured = page.getByTestId("featured-article");
    assert.equal(await featured.count(), 1);
    await featured.getByText("Featured", { exact: true }).waitFor();
    await featured.getByRole("heading", { name: "From idea to launch in 90 days: how we plan an MVP" }).waitFor();
    await featured.getByText("Priya Nair").waitFor();
    await featured.getByText("Head of Delivery", { exact: false }).waitFor();
    await featured.getByText("9 min read").waitFor();
    assert.equal(await featured.locator("time").getAttribute("datetime"), "2026-11-10");
    // Static articles: no "read more" links that lead nowhere.
    assert.equal(await page.locator("[data-testid=article-card] a, [data-testid=featured-article] a").count(), 0);
    await page.getByText("Join 2,500+ readers", { exact: false }).waitFor();
    await context.close();
  });

  it("filters by category with the chips: ?category= in the URL, aria-current, no scroll jump", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/blog");
    await hydrated(page, "[data-testid=category-chip]");
    assert.equal(await chip(page, "All").getAttribute("aria-current"), "true");
    await page.evaluate(() => window.scrollTo(0, 250));
    const before = await page.evaluate(() => window.scrollY);

    await chip(page, "Engineering").click();
    await page.waitForURL("**/en/blog?category=engineering");
    await page.getByRole("heading", { name: "Engineering articles" }).waitFor();
    assert.equal(await chip(page, "Engineering").getAttribute("aria-current"), "true");
    assert.equal(await chip(page, "All").getAttribute("aria-current"), null);
    assert.equal(await articleCount(page), 1);
    assert.equal(await page.getByTestId("article-card").getAttribute("data-category"), "engineering");
    assert.equal(await page.evaluate(() => window.scrollY), before, "the page did not jump to the top");

    // Strategy holds the featured article and one more.
    await chip(page, "Strategy").click();
    await page.waitForURL("**/en/blog?category=strategy");
    await page.getByTestId("featured-article").waitFor();
    assert.equal(await articleCount(page), 2);

    await chip(page, "All").click();
    await page.waitForURL((url) => url.pathname === "/en/blog" && url.search === "");
    await page.getByRole("heading", { name: "More articles" }).waitFor();
    assert.equal(await articleCount(page), 6);

    // The filtered URL can be shared: it renders filtered on the server.
    await page.goto("/es/blog?category=design");
    const design = page.getByRole("navigation", { name: "Filtrar por categoría" }).getByRole("link", { name: "Diseño", exact: true });
    assert.equal(await design.getAttribute("aria-current"), "true");
    assert.equal(await articleCount(page), 1);
    await snapshot(page, "insights-design-es");
    await context.close();
  });

  it("subscribes to the newsletter once; a second time is a friendly confirmation", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/blog");
    await hydrated(page, "[data-testid=newsletter] form");
    const box = page.getByTestId("newsletter");
    const email = `reader-${unique()}@example.com`;

    // A malformed address is refused in the page's language.
    await box.getByLabel("Your email").fill("reader@localhost");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByText("Please enter a valid email, like name@company.com.").waitFor();

    await box.getByLabel("Your email").fill(email.toUpperCase());
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByRole("heading", { name: "You're subscribed!" }).waitFor();
    await box.getByText(`The next articles will arrive at ${email}.`).waitFor();
    assert.equal(await subscriberRows(email), 1);

    await box.getByRole("link", { name: "Subscribe another email" }).click();
    await box.getByLabel("Your email").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByRole("heading", { name: "You're already on the list!" }).waitFor();
    assert.equal(await subscriberRows(email), 1, "still one row");
    await snapshot(page, "insights-newsletter-en");
    await context.close();
  });
});

describe("insights page without JavaScript", () => {
  it("filters with the chip links and subscribes with a plain form post", async () => {
    const { page, context } = await journeys.open({ javaScriptEnabled: false });
    await page.goto("/pt/blog");
    const nav = page.getByRole("navigation", { name: "Filtrar por categoria" });
    await nav.getByRole("link", { name: "Negócios", exact: true }).click();
    await page.waitForURL("**/pt/blog?category=business");
    assert.equal(await nav.getByRole("link", { name: "Negócios", exact: true }).getAttribute("aria-current"), "true");
    assert.equal(await articleCount(page), 1);
    await page.getByRole("heading", { name: "Preço fixo sem surpresas: como estimamos e cumprimos" }).waitFor();

    const email = `leitor-${unique()}@example.com`;
    const box = page.getByTestId("newsletter");
    await box.getByLabel("Seu e-mail").fill(email);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      box.getByRole("button", { name: "Inscrever-se" }).click(),
    ]);
    assert.equal(response.status(), 200);
    await page.getByTestId("newsletter").getByRole("heading", { name: "Inscrição confirmada!" }).waitFor();
    // The page comes back with the same filter.
    assert.equal(new URL(page.url()).search, "?category=business");
    assert.equal(await articleCount(page), 1);
    assert.equal(await subscriberRows(email), 1);
    await context.close();
  });
});
