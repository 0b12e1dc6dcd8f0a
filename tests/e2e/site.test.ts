// The public site's frame across pages: header and footer links, the language switcher,
// per-page SEO tags, sitemap.xml and robots.txt, and every page readable without JavaScript.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { baseUrl, holdRequests, hydrated, snapshot } from "./support/chromium.ts";
import { failedRequest, setUpJourneys } from "./support/journey.ts";

const journeys = setUpJourneys();

const LANGS = ["pt", "es", "en"] as const;
const LOCALE = { pt: "pt-BR", es: "es-ES", en: "en-US" } as const;
const PAGES = ["", "/case-studies", "/planner", "/blog", "/about", "/contact"] as const;

const pathOf = (page: Page) => new URL(page.url()).pathname;
const hrefs = (page: Page, selector: string) => page.$$eval(selector, (els) => els.map((el) => el.getAttribute("href")));

describe("header and footer", () => {
  for (const lang of LANGS) {
    it(`links every page in ${lang}, with CRM login, get started and the logo`, async () => {
      const { page, context } = await journeys.open();
      await page.goto(`/${lang}/about`);
      const header = page.locator("header").first();
      const navLinks = await hrefs(page, "header nav[aria-label] a");
      for (const path of ["/case-studies", "/planner", "/blog", "/about", "/contact"]) {
        assert.ok(navLinks.includes(`/${lang}${path}`), `header links /${lang}${path}: ${navLinks.join(", ")}`);
      }
      assert.equal(await header.locator('a[href="/auth"]').first().count(), 1);
      assert.equal(await page.getByTestId("get-started").getAttribute("href"), `/${lang}/contact`);
      assert.equal(await header.locator(`a[href="/${lang}"]`).first().count(), 1, "logo links home in the language");

      const footer = page.getByTestId("site-footer");
      for (const href of ["/privacy", "/terms", `/${lang}/contact`]) {
        assert.equal(await footer.locator(`a[href="${href}"]`).count(), 1, `footer links ${href}`);
      }
      await context.close();
    });
  }

  it("navigates client-side from the header and shows the active page", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en");
    await page.locator('header nav[aria-label] a[href="/en/about"]').first().click();
    await page.waitForURL("**/en/about");
    await page.locator('header nav[aria-label] a[href="/en/about"][aria-current="page"]').first().waitFor();
    assert.equal(await page.locator('header nav[aria-label] a[aria-current="page"]').count(), 1, "one active link");
    await context.close();
  });

  it("shows 'Loading Case Studies...' while the case studies load after a header click", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/about");
    await hydrated(page, '[data-testid="language-switcher"]');
    // Hold the page's data request so the pending state is observable.
    const release = await holdRequests(page, (url) => url.pathname === "/en/case-studies.data");
    await page.locator('header nav[aria-label] a[href="/en/case-studies"]').first().click();
    await page.getByText("Loading Case Studies...").waitFor();
    assert.equal(await page.locator("main").getAttribute("aria-busy"), "true");
    release();
    await page.waitForURL("**/en/case-studies");
    await page.getByText(/Showing \d+ successful projects/).waitFor();
    assert.equal(await page.getByText("Loading Case Studies...").count(), 0);
    await context.close();
  });

  it("CRM login goes to the sign-in page", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/es");
    await page.locator('header a[href="/auth"]').first().click();
    await page.waitForURL("**/auth");
    await page.getByRole("button", { name: "Entrar" }).waitFor();
    await context.close();
  });
});

describe("language switcher", () => {
  it("switches in place on the home page and saves the choice", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/pt");
    await hydrated(page, '[data-testid="language-switcher"]');
    const h1Pt = await page.locator("h1").textContent();
    // A marker on window survives a client-side navigation but not a page load.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByTestId("language-switcher").locator("summary").click();
    await page.getByTestId("language-switcher").getByRole("link", { name: "Español" }).click();
    await page.waitForURL("**/es");
    await page.waitForFunction(() => document.documentElement.lang === "es-ES");
    assert.notEqual(await page.locator("h1").textContent(), h1Pt);
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, "no page load");
    assert.equal(await page.evaluate(() => localStorage.getItem("language")), "es");
    await snapshot(page, "site-switch-home-es");
    await context.close();
  });

  it("does a full page load to /{lang} from any other page", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en/about");
    await hydrated(page, '[data-testid="language-switcher"]');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByTestId("language-switcher").locator("summary").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("language-switcher").getByRole("link", { name: "Português" }).click()]);
    assert.equal(pathOf(page), "/pt");
    assert.equal(await page.getAttribute("html", "lang"), "pt-BR");
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), undefined, "page was reloaded");
    assert.equal(await page.evaluate(() => localStorage.getItem("language")), "pt");
    await context.close();
  });

  it("is plain links without JavaScript", async () => {
    const { page, context } = await journeys.open({ javaScriptEnabled: false });
    await page.goto("/en/contact");
    await page.getByTestId("language-switcher").locator("summary").click();
    await page.getByTestId("language-switcher").getByRole("link", { name: "Español" }).click();
    await page.waitForURL("**/es");
    assert.equal(await page.getAttribute("html", "lang"), "es-ES");
    await context.close();
  });
});

describe("routes and SEO", () => {
  it("renders every public page in its language with its own title, description and canonical", async () => {
    const { page, context } = await journeys.open();
    for (const lang of LANGS) {
      const titles = new Set<string>();
      for (const path of PAGES) {
        const response = await page.goto(`/${lang}${path}`);
        assert.equal(response?.status(), 200, `/${lang}${path}`);
        assert.equal(await page.getAttribute("html", "lang"), LOCALE[lang]);
        assert.equal(await page.locator("h1").count(), 1, `one h1 on /${lang}${path}`);
        const title = await page.title();
        assert.ok(title.length > 0 && !titles.has(title), `distinct title on /${lang}${path}: ${title}`);
        titles.add(title);
        const description = await page.getAttribute('meta[name="description"]', "content");
        assert.ok(description && description.length > 20, `description on /${lang}${path}`);
        assert.equal(await page.getAttribute('link[rel="canonical"]', "href"), `${baseUrl()}/${lang}${path}`);
        const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (els) =>
          els.map((el) => `${el.getAttribute("hreflang")}=${el.getAttribute("href")}`),
        );
        assert.deepEqual(alternates.sort(), [
          `en-US=${baseUrl()}/en${path}`,
          `es-ES=${baseUrl()}/es${path}`,
          `pt-BR=${baseUrl()}/pt${path}`,
          `x-default=${baseUrl()}/pt${path}`,
        ]);
      }
    }
    await context.close();
  });

  it("serves pages without a prefix in Portuguese, canonical to the /pt URL", async () => {
    const { page, context } = await journeys.open();
    for (const path of PAGES.filter(Boolean)) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      assert.equal(await page.getAttribute("html", "lang"), "pt-BR");
      assert.equal(await page.getAttribute('link[rel="canonical"]', "href"), `${baseUrl()}/pt${path}`);
    }
    await context.close();
  });

  it("answers 404 for an unknown language on a page and unknown paths, and redirects /fr to /pt", async () => {
    // The browser reports each 404 document; the page logs the path it could not find.
    const { page, context } = await journeys.open({ allowConsoleErrors: [failedRequest(404), /^404 Error/] });
    for (const path of ["/xx/about", "/de/contact", "/en/solutions", "/es/privacy", "/pt/nothing-here"]) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 404, path);
      await page.getByRole("heading", { level: 1 }).waitFor();
    }
    await page.goto("/fr");
    assert.equal(pathOf(page), "/pt");
    await context.close();
  });

  it("serves /privacy and /terms in English with a contact e-mail link", async () => {
    const { page, context } = await journeys.open();
    for (const path of ["/privacy", "/terms"]) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      assert.equal(await page.getAttribute("html", "lang"), "en-US");
      assert.equal(await page.getAttribute('link[rel="canonical"]', "href"), `${baseUrl()}${path}`);
      assert.ok((await page.locator('main a[href^="mailto:"]').count()) > 0, `${path} has a mailto link`);
    }
    await context.close();
  });

  it("lists every public URL in three languages with alternates in /sitemap.xml", async () => {
    const response = await fetch(new URL("/sitemap.xml", baseUrl()));
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(baseUrl(), ""));
    for (const lang of LANGS) {
      for (const path of PAGES) assert.ok(locs.includes(`/${lang}${path}`), `sitemap has /${lang}${path}`);
      // Case studies come from the database.
      assert.ok(locs.includes(`/${lang}/solutions/aura-health-mvp`), `sitemap has the ${lang} case study`);
    }
    assert.ok(locs.includes("/privacy") && locs.includes("/terms"));
    assert.equal(new Set(locs).size, locs.length, "no duplicate URLs");
    assert.match(xml, /<xhtml:link rel="alternate" hreflang="es-ES" href="[^"]+\/es\/solutions\/aura-health-mvp"\/>/);
    assert.match(xml, /hreflang="x-default" href="[^"]+\/pt\/about"/);
  });

  it("serves robots.txt that points at the sitemap and keeps the CRM out", async () => {
    const response = await fetch(new URL("/robots.txt", baseUrl()));
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.match(text, new RegExp(`Sitemap: ${baseUrl()}/sitemap.xml`));
    for (const path of ["/api/", "/auth", "/dashboard", "/leads"]) assert.match(text, new RegExp(`Disallow: ${path}`));
  });
});

describe("without JavaScript", () => {
  for (const lang of LANGS) {
    it(`every public page is readable in ${lang}`, async () => {
      const { page, context } = await journeys.open({ javaScriptEnabled: false });
      for (const path of [...PAGES, "/solutions/aura-health-mvp"]) {
        const response = await page.goto(`/${lang}${path}`);
        assert.equal(response?.status(), 200, `/${lang}${path}`);
        assert.equal(await page.getAttribute("html", "lang"), LOCALE[lang]);
        const h1 = (await page.locator("h1").textContent())?.trim() ?? "";
        assert.ok(h1.length > 3, `a heading on /${lang}${path}`);
        const text = (await page.locator("main").innerText()).trim();
        assert.ok(text.length > 200, `content on /${lang}${path} (${text.length} chars)`);
        assert.doesNotMatch(text, /\bsite\.[a-zA-Z]+\.[a-zA-Z.]+/, `no missing dictionary keys on /${lang}${path}`);
      }
      await context.close();
    });
  }
});
