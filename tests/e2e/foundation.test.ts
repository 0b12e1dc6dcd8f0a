import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { baseUrl, snapshot } from "./support/chromium.ts";
import { failedRequest, setUpJourneys } from "./support/journey.ts";
import { eventually } from "./support/eventually.ts";

const journeys = setUpJourneys();

// The browser reports the 404 document itself; the page logs the path, as the spec asks.
const NOT_FOUND = [failedRequest(404), /^404 Error/];

describe("app frame", () => {
  it("redirects / to /pt and renders the landing page in Portuguese", async () => {
    const { page, context } = await journeys.open();
    const response = await page.goto("/");
    assert.equal(new URL(page.url()).pathname, "/pt");
    assert.equal(response?.status(), 200);
    assert.equal(await page.getAttribute("html", "lang"), "pt-BR");
    assert.match(await page.title(), /Velox Labs/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await snapshot(page, "landing-pt");
    await context.close();
  });

  it("renders each language from its URL prefix", async () => {
    const { page, context } = await journeys.open();
    for (const [lang, locale, heading] of [
      ["es", "es-ES", "Software a medida entregado en 90 días"],
      ["en", "en-US", "Custom software delivered in 90 days"],
    ] as const) {
      await page.goto(`/${lang}`);
      assert.equal(await page.getAttribute("html", "lang"), locale);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), heading);
    }
    await context.close();
  });

  it("sends an unknown language code to /pt", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/fr");
    assert.equal(new URL(page.url()).pathname, "/pt");
    await context.close();
  });

  it("serves the favicon", async () => {
    const response = await fetch(new URL("/favicon.ico", baseUrl()));
    assert.equal(response.status, 200);
  });
});

describe("not-found page", () => {
  it("answers 404 with the page, a link home, and the path in the console", async () => {
    const { page, context, consoleErrors } = await journeys.open({ allowConsoleErrors: NOT_FOUND });
    const response = await page.goto("/en/no/such/page");
    assert.equal(response?.status(), 404);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await snapshot(page, "not-found-en");
    // Logged by the page once it runs (after hydration).
    const logged = await eventually(
      async () => [...consoleErrors],
      (texts) => texts.some((text) => text.includes("/en/no/such/page")),
      30_000,
    );
    assert.ok(
      logged.some((text) => text.includes("/en/no/such/page")),
      `the attempted path is logged, got ${JSON.stringify(logged)}`,
    );
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL("**/en");
    await context.close();
  });

  for (const [path, lang, title, contact] of [
    ["/es/no-existe", "es", "¡Ups! Página no encontrada", "Contacto"],
    ["/en/no/such/page", "en", "Oops! Page not found", "Contact"],
    ["/pt/nao-existe", "pt", "Oops! Página não encontrada", "Contato"],
    ["/xx/about", "pt", "Oops! Página não encontrada", "Contato"],
  ] as const) {
    it(`keeps the site's header, footer and language links, in ${lang}, at ${path}`, async () => {
      // No other console error (missing translations included).
      const { page, context } = await journeys.open({ allowConsoleErrors: NOT_FOUND });
      const response = await page.goto(path);
      assert.equal(response?.status(), 404);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      assert.equal(await page.getAttribute("html", "lang"), { pt: "pt-BR", es: "es-ES", en: "en-US" }[lang]);
      assert.equal(await page.locator("header").first().isVisible(), true, "the site header is there");
      assert.equal(await page.locator("footer").count(), 1, "the site footer is there");
      // The header's and footer's links point at pages in the visitor's language.
      assert.ok((await page.locator(`footer a[href="/${lang}/contact"]`).count()) > 0, `footer links to /${lang}/contact`);
      assert.equal((await page.locator("footer").innerText()).includes(contact), true);
      // The language menu links to the three home pages.
      for (const other of ["pt", "es", "en"])
        assert.ok((await page.locator(`header a[href="/${other}"][hreflang="${other}"]`).count()) > 0, `language link /${other}`);
      assert.equal(await page.locator("title").count(), 1, "one <title>");
      assert.equal(await page.getAttribute('meta[name="robots"]', "content"), "noindex");
      await context.close();
    });
  }

  it("is translated even when no loader ran (a path no route can match, a POST without an action)", async () => {
    // "/pt/%0D%0A" fails route matching before any loader runs; a POST to a page without an
    // action answers 405 the same way. Both still speak the visitor's language.
    const unmatched = await fetch(new URL("/pt/%0D%0A", baseUrl()));
    assert.equal(unmatched.status, 404);
    const notFoundHtml = await unmatched.text();
    assert.match(notFoundHtml, /Oops! Página não encontrada/);
    assert.doesNotMatch(notFoundHtml, /notFound\.title|errorScreen\./);

    const post = await fetch(new URL("/en/about", baseUrl()), { method: "POST", body: new URLSearchParams({ a: "1" }) });
    assert.equal(post.status, 405);
    const errorHtml = await post.text();
    assert.match(errorHtml, /Something went wrong/);
    assert.doesNotMatch(errorHtml, /errorScreen\.|common\.appName/);

    // In the browser the page hydrates with the same strings (read back from the page), with
    // nothing on the console but the 404 (no missing translation, no hydration mismatch).
    const { page, context } = await journeys.open({ allowConsoleErrors: NOT_FOUND });
    await page.goto("/pt/%0D%0A");
    await page.getByRole("heading", { name: "Oops! Página não encontrada" }).waitFor();
    await page.waitForLoadState("networkidle");
    assert.equal(await page.getByRole("heading", { name: "Oops! Página não encontrada" }).count(), 1);
    await context.close();
  });

  it("is in Portuguese without a language prefix", async () => {
    const { page, context } = await journeys.open({ allowConsoleErrors: NOT_FOUND });
    const response = await page.goto("/esta-pagina-nao-existe");
    assert.equal(response?.status(), 404);
    await page.getByRole("heading", { name: "Oops! Página não encontrada" }).waitFor();
    await context.close();
  });
});

describe("fallback error screen", () => {
  it("shows the spec's texts and both buttons work", async () => {
    // The route fails on purpose: the browser reports the 500 documents, React Router the
    // error (its details withheld in production) the screen stands for.
    const { page, context } = await journeys.open({ allowConsoleErrors: [failedRequest(500), /^Error: Unexpected Server Error$/] });
    const response = await page.goto("/_diagnostics/error");
    assert.equal(response?.status(), 500);
    await page.getByRole("heading", { name: "Algo deu errado" }).waitFor();
    await page.getByText("Ocorreu um erro inesperado. Nossa equipe foi notificada automaticamente.").waitFor();
    await page.getByText("Tente recarregar a página ou entre em contato com o suporte se o problema persistir.").waitFor();
    await snapshot(page, "error-screen-pt");
    const html = await page.content();
    assert.ok(!html.includes("Diagnostic error: this route fails on purpose"), "no error detail leaks into the page");

    // 'Tentar novamente' renders the route again (it fails again: the screen stays).
    await page.getByRole("button", { name: "Tentar novamente" }).click();
    await page.getByRole("heading", { name: "Algo deu errado" }).waitFor();

    // 'Recarregar página' does a full reload.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Recarregar página" }).click()]);
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), undefined);
    await context.close();
  });
});

describe("API through the built Worker", () => {
  it("GET /api/health answers ok with a real database", async () => {
    const response = await fetch(new URL("/api/health", baseUrl()));
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { ok: true, db: true });
  });
});
