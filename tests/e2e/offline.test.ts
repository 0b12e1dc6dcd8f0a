import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { hydrated, snapshot } from "./support/chromium.ts";
import { queryAll } from "./support/d1.ts";
import { OFFLINE_REQUEST, PHONE, setUpJourneys, toastShown } from "./support/journey.ts";

// Forms that survive a dropped connection: with the browser context offline, a
// submit keeps the page and everything typed and says, in the page's language, that the
// connection failed; back online, the same submit goes through. Each journey also checks
// that the error screen never replaced the page.

const journeys = setUpJourneys();

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const visitorIp = () => `198.19.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

/**
 * A separate visitor (its own IP: the contact form is throttled per IP). The browser reports
 * each request made offline on the console itself.
 */
const visit = (options: { language?: "en"; phone?: boolean } = {}) =>
  journeys.open({
    extraHTTPHeaders: { "CF-Connecting-IP": visitorIp() },
    ...(options.phone ? { viewport: PHONE.viewport } : {}),
    language: options.language,
    allowConsoleErrors: [OFFLINE_REQUEST],
  });

/**
 * The destructive toast with `title` (shown once, whenever it was: it hides itself after a
 * few seconds), and its text.
 */
async function toastText(page: Page, title: string) {
  const toast = await toastShown(page, title);
  assert.equal(toast.variant, "destructive");
  return `${toast.title}\n${toast.description}`;
}

/** The page is still the page: no error screen ("Algo deu errado" / "Something went wrong"). */
async function assertNoErrorScreen(page: Page) {
  assert.equal(
    await page.getByText(/Something went wrong|Algo deu errado|Algo salió mal/).count(),
    0,
    "the error screen replaced the page",
  );
}

const OFFLINE = {
  pt: { title: "Sem conexão", text: /Verifique sua conexão e tente novamente/ },
  es: { title: "Sin conexión", text: /Revisa tu conexión e inténtalo de nuevo/ },
  en: { title: "No connection", text: /Check your connection and try again/ },
} as const;

const CONTACT = {
  pt: { path: "/pt/contact", name: "Nome", email: "E-mail", message: "Mensagem", submit: "Enviar mensagem" },
  es: { path: "/es/contact", name: "Nombre", email: "Correo electrónico", message: "Mensaje", submit: "Enviar mensaje" },
  en: { path: "/en/contact", name: "Name", email: "Email", message: "Message", submit: "Send Message" },
} as const;

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  assert.equal(await page.evaluate(() => navigator.onLine), false);
}

describe("contact form without a connection", () => {
  for (const language of ["pt", "es", "en"] as const) {
    it(`keeps the page and the message, says so in ${language}, and sends it once back online`, async () => {
      const labels = CONTACT[language];
      const { page, context } = await visit();
      await page.goto(labels.path);
      await hydrated(page, "[data-testid=contact-form]");
      const field = (label: string) => page.getByRole("textbox", { name: new RegExp(`^${label}\\b`) });
      const email = `offline-${unique()}@example.com`;
      const values = { name: "Joana Prado", email, message: `Precisamos de um app para 8 lojas (${unique()}).` };
      await field(labels.name).fill(values.name);
      await field(labels.email).fill(values.email);
      await field(labels.message).fill(values.message);

      await goOffline(context, page);
      await page.getByRole("button", { name: labels.submit }).click();
      // What stays on the page, then the toast it showed (which hides itself after 7 s).
      await page.getByTestId("contact-error").getByText(OFFLINE[language].text).waitFor();
      assert.match(await toastText(page, OFFLINE[language].title), OFFLINE[language].text);
      await assertNoErrorScreen(page);
      assert.equal(await field(labels.name).inputValue(), values.name);
      assert.equal(await field(labels.email).inputValue(), values.email);
      assert.equal(await field(labels.message).inputValue(), values.message);
      assert.equal(await page.getByTestId("contact-success").count(), 0);
      assert.equal(new URL(page.url()).pathname, labels.path);
      if (language === "pt") await snapshot(page, "offline-contact-pt");

      await context.setOffline(false);
      await page.getByRole("button", { name: labels.submit }).click();
      await page.getByTestId("contact-success").waitFor();
      const stored = await queryAll<{ name: string }>("select name from contact_messages where email = ?", email);
      assert.deepEqual(stored, [{ name: values.name }], "sent once, after the connection came back");
      await context.close();
    });
  }
});

describe("sign-in page without a connection", () => {
  it("keeps the e-mail and the password, says so, and signs in once back online (on a phone)", async () => {
    const { page, context } = await visit({ phone: true });
    await page.goto("/auth");
    await hydrated(page, "form input[name=email]");
    await page.getByLabel("Email").fill("admin@demo.test");
    await page.getByLabel("Senha", { exact: true }).fill("crm-demo-2026");

    await goOffline(context, page);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    assert.match(await toastText(page, OFFLINE.pt.title), OFFLINE.pt.text);
    await assertNoErrorScreen(page);
    await page.getByRole("heading", { name: "Entrar no CRM" }).waitFor();
    assert.equal(await page.getByLabel("Email").inputValue(), "admin@demo.test");
    assert.equal(await page.getByLabel("Senha", { exact: true }).inputValue(), "crm-demo-2026");
    assert.match(new URL(page.url()).pathname, /^\/auth$/);
    await snapshot(page, "offline-auth-pt-390");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await toastShown(page, "Login realizado com sucesso!");
    await context.close();
  });

  it("keeps the e-mail for the reset link, says so in English, and sends it once back online", async () => {
    const { page, context } = await visit({ language: "en" });
    await page.goto("/auth");
    await hydrated(page, "form input[name=email]");
    await page.getByLabel("Email").fill("rep@demo.test");

    await goOffline(context, page);
    await page.getByRole("button", { name: "I forgot my password" }).click();
    assert.match(await toastText(page, OFFLINE.en.title), OFFLINE.en.text);
    await assertNoErrorScreen(page);
    assert.equal(await page.getByLabel("Email").inputValue(), "rep@demo.test");

    await context.setOffline(false);
    await page.getByRole("button", { name: "I forgot my password" }).click();
    await toastShown(page, "Email sent!");
    await context.close();
  });
});

describe("newsletter box without a connection", () => {
  it("keeps the address, says so in Spanish, and subscribes once back online (on a phone)", async () => {
    const { page, context } = await visit({ phone: true });
    await page.goto("/es/blog");
    await hydrated(page, "[data-testid=newsletter] form");
    const box = page.getByTestId("newsletter");
    const email = `offline-reader-${unique()}@example.com`;
    await box.getByLabel("Tu correo electrónico").fill(email);

    await goOffline(context, page);
    await box.getByRole("button", { name: "Suscribirme" }).click();
    await box.getByTestId("newsletter-error").getByText(OFFLINE.es.text).waitFor();
    assert.match(await toastText(page, OFFLINE.es.title), OFFLINE.es.text);
    await assertNoErrorScreen(page);
    assert.equal(await box.getByLabel("Tu correo electrónico").inputValue(), email);
    await box.scrollIntoViewIfNeeded();
    await snapshot(page, "offline-newsletter-es-390", { fullPage: false });

    await context.setOffline(false);
    await box.getByRole("button", { name: "Suscribirme" }).click();
    await box.getByRole("heading", { name: "¡Suscripción confirmada!" }).waitFor();
    await context.close();
  });
});

describe("case-study filters without a connection", () => {
  it("keep the listing and the chosen filters, say so, and apply once back online", async () => {
    const { page, context } = await visit();
    await page.goto("/en/case-studies");
    await page.locator('form[role="search"][data-live]').waitFor();
    const all = await page.getByTestId("case-study-card").count();
    const ecommerce = await queryAll<{ id: string }>("select id from case_studies where industry = 'ecommerce'");
    const total = (await queryAll<{ id: string }>("select id from case_studies")).length;
    assert.ok(ecommerce.length > 0 && ecommerce.length < total, "the filter narrows the list");

    await goOffline(context, page);
    // One change with both: the select applies at once, taking the typed search along.
    await page.getByLabel("Search", { exact: true }).fill("app");
    await page.getByLabel("Industry", { exact: true }).selectOption("ecommerce");
    await page.getByTestId("case-studies-offline").waitFor();
    assert.match(await toastText(page, OFFLINE.en.title), /The list was not updated\. Check your connection and try again\./);
    await assertNoErrorScreen(page);
    assert.equal(await page.getByTestId("case-study-card").count(), all, "the listing on screen stays");
    assert.equal(await page.getByLabel("Industry", { exact: true }).inputValue(), "ecommerce");
    assert.equal(await page.getByLabel("Search", { exact: true }).inputValue(), "app");
    await snapshot(page, "offline-case-studies-en");

    // Back online, Enter in the search box applies what is chosen.
    await context.setOffline(false);
    await page.getByLabel("Search", { exact: true }).fill("");
    await page.getByLabel("Search", { exact: true }).press("Enter");
    await page.getByTestId("case-studies-offline").waitFor({ state: "detached" });
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="case-study-card"]').length === n,
      Math.min(6, ecommerce.length),
    );
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("industry"), "ecommerce");
    assert.equal(url.searchParams.get("q"), null);
    await page.getByText(`Showing ${ecommerce.length} of ${total} successful projects`).waitFor();
    await context.close();
  });

  it("keep the cards when Load More cannot reach the server, and load them once back online", async () => {
    const { page, context } = await visit();
    await page.goto("/pt/case-studies");
    await page.locator('form[role="search"][data-live]').waitFor();
    const before = await page.getByTestId("case-study-card").count();
    const loadMore = page.getByRole("link", { name: "Carregar mais" });

    await goOffline(context, page);
    await loadMore.click();
    assert.match(await toastText(page, OFFLINE.pt.title), /A lista não foi atualizada\. Verifique sua conexão e tente novamente\./);
    await assertNoErrorScreen(page);
    assert.equal(await page.getByTestId("case-study-card").count(), before);

    await context.setOffline(false);
    await loadMore.click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="case-study-card"]').length > n, before);
    await context.close();
  });
});
