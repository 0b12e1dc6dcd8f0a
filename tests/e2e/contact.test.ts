import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { baseUrl, holdRequests, hydrated, snapshot } from "./support/chromium.ts";
import { queryFirst } from "./support/d1.ts";
import { failedRequest, OFFLINE_REQUEST, setUpJourneys, toastShown, type JourneyOptions } from "./support/journey.ts";
import { latestEmailTo } from "./support/outbox.ts";

// The contact page as a visitor uses it: with JavaScript (fetcher, toasts, success panel,
// reset) and without (plain form post), in English and Portuguese, and the lead it leaves
// in the CRM. Each page gets its own CF-Connecting-IP: the server throttles per IP (5 per
// 10 minutes), and these journeys are separate visitors, also when run twice in a row.

const TEAM_EMAIL = "team@demo.test";

const journeys = setUpJourneys();

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const visitorIp = () => `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

async function visit(options: JourneyOptions = {}) {
  const ip = visitorIp();
  return { ip, ...(await journeys.open({ ...options, extraHTTPHeaders: { "CF-Connecting-IP": ip } })) };
}

/** A field by its label (the label also says "(required)" to screen readers). */
const field = (page: Page, label: string) => page.getByRole("textbox", { name: new RegExp(`^${label}\\b`) });

async function fill(
  page: Page,
  values: { name: string; email: string; message: string },
  labels = { name: "Name", email: "Email", message: "Message" },
) {
  await field(page, labels.name).fill(values.name);
  await field(page, labels.email).fill(values.email);
  await field(page, labels.message).fill(values.message);
}

describe("contact page with JavaScript", () => {
  it("sends the message: 'Sending...', toast, 24-hour panel, a lead in the CRM, and 'Send Another Message' resets", async () => {
    const { page, context } = await visit();
    await page.goto("/en/contact");
    await page.getByRole("heading", { level: 1, name: "Let's talk about your project" }).waitFor();
    await hydrated(page, "[data-testid=contact-form]");

    const email = `e2e-${unique()}@example.com`;
    const message = `We need a booking app for 12 clinics (${unique()}).`;
    await fill(page, { name: "Paula Ferreira", email: email.toUpperCase(), message });

    // The POST is held until the in-flight state has been seen.
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    const release = await holdRequests(page, (url) => url.pathname === "/en/contact.data");
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    assert.equal(await sending.isDisabled(), true);
    release();

    const panel = page.getByTestId("contact-success");
    await panel.getByText("within 24 hours").waitFor();
    const toast = await toastShown(page, "Message sent successfully!");
    assert.match(toast.description, /Thank you for your message\. We'll get back to you soon\./);
    assert.equal(posts, 1, "one request, no page reload");
    assert.equal(new URL(page.url()).pathname, "/en/contact");
    await snapshot(page, "contact-success-en");

    // The CRM has the lead, the message is stored, the team got an e-mail.
    const lead = await queryFirst<{ id: string; name: string; source: string; status: string }>(
      "select id, name, source, status from leads where email = ?",
      email,
    );
    assert.deepEqual(lead && { name: lead.name, source: lead.source, status: lead.status }, {
      name: "Paula Ferreira",
      source: "website",
      status: "new",
    });
    const stored = await queryFirst<{ language: string; lead_id: string }>(
      "select language, lead_id from contact_messages where email = ?",
      email,
    );
    assert.deepEqual(stored, { language: "en", lead_id: lead!.id });
    const mail = await latestEmailTo(TEAM_EMAIL);
    assert.ok(mail?.text_body.includes(message), "the team e-mail carries the message");
    assert.ok(mail?.text_body.includes(`/leads?lead=${lead!.id}`), "and a link to the lead");

    // 'Send Another Message' brings back an empty form, in place.
    await panel.getByRole("link", { name: "Send Another Message" }).click();
    const name = field(page, "Name");
    await name.waitFor();
    assert.equal(await name.inputValue(), "");
    assert.equal(await field(page, "Email").inputValue(), "");
    assert.equal(await field(page, "Message").inputValue(), "");
    assert.equal(await page.getByTestId("contact-success").count(), 0);
    await context.close();
  });

  it("shows translated field errors before sending, and keeps what was typed", async () => {
    const { page, context } = await visit();
    await page.goto("/pt/contact");
    await page.getByRole("heading", { level: 1, name: "Vamos conversar sobre o seu projeto" }).waitFor();
    await hydrated(page, "[data-testid=contact-form]");
    assert.equal(await page.getByRole("button", { name: "Enviar mensagem" }).count(), 1);

    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    await fill(page, { name: "A", email: "ana@empresa.com", message: "Oi!" }, { name: "Nome", email: "E-mail", message: "Mensagem" });
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page.getByText("O nome precisa ter pelo menos 2 caracteres.").waitFor();
    await page.getByText("A mensagem precisa ter pelo menos 10 caracteres.").waitFor();
    assert.equal(await field(page, "Nome").getAttribute("aria-invalid"), "true");
    assert.equal(await field(page, "Mensagem").inputValue(), "Oi!");
    assert.equal(posts, 0, "nothing was sent");

    // Fixing a field clears its error.
    await field(page, "Nome").fill("Ana Lima");
    await page.getByText("O nome precisa ter pelo menos 2 caracteres.").waitFor({ state: "detached" });
    await snapshot(page, "contact-errors-pt");
    await context.close();
  });

  it("says why when the server refuses: a visitor over the limit gets the wait time, the form stays", async () => {
    const { page, context, ip } = await visit({ allowConsoleErrors: [failedRequest(429)] });
    // Five messages from this visitor's IP through the API use up the 10-minute allowance.
    for (let i = 0; i < 5; i++) {
      const response = await fetch(new URL("/api/contact", baseUrl()), {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
        body: JSON.stringify({ name: "Lucía Gómez", email: `lucia-${unique()}@example.com`, message: "Necesitamos una tienda en línea." }),
      });
      assert.equal(response.status, 201);
    }
    await page.goto("/es/contact");
    await page.getByRole("heading", { level: 1, name: "Hablemos de tu proyecto" }).waitFor();
    await hydrated(page, "[data-testid=contact-form]");
    await fill(
      page,
      { name: "Lucía Gómez", email: "lucia@example.com", message: "¿Podemos hablar el lunes?" },
      { name: "Nombre", email: "Correo electrónico", message: "Mensaje" },
    );
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    const waitTime = /Has enviado varios mensajes en poco tiempo\. Inténtalo de nuevo en \d+ minutos?\./;
    await page.getByTestId("contact-error").getByText(waitTime).waitFor();
    const toast = await toastShown(page, "No se pudo enviar el mensaje");
    assert.equal(toast.variant, "destructive");
    assert.match(toast.description, waitTime);
    assert.equal(await field(page, "Mensaje").inputValue(), "¿Podemos hablar el lunes?");
    assert.equal(await page.getByTestId("contact-success").count(), 0);
    await context.close();
  });

  it("turns an unreachable server into the 'No connection' toast, not the error screen (the offline journeys: offline.test.ts)", async () => {
    const { page, context } = await visit({ allowConsoleErrors: [OFFLINE_REQUEST] });
    await page.goto("/en/contact");
    await hydrated(page, "[data-testid=contact-form]");
    await page.route("**/*", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
    await fill(page, { name: "Kim Park", email: "kim@example.com", message: "Offline message, please keep it." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page
      .getByTestId("contact-error")
      .getByText(/Check your connection and try again/)
      .waitFor();
    const toast = await toastShown(page, "No connection");
    assert.match(toast.description, /Check your connection and try again/);
    assert.equal(await field(page, "Message").inputValue(), "Offline message, please keep it.");
    await page.getByRole("button", { name: "Send Message" }).waitFor();
    await context.close();
  });
});

describe("contact page without JavaScript", () => {
  it("posts the form and shows the success panel; 'Send Another Message' gives an empty form", async () => {
    const { page, context } = await visit({ javaScriptEnabled: false });
    await page.goto("/en/contact");
    const email = `nojs-${unique()}@example.com`;
    await fill(page, { name: "Tomás Ruiz", email, message: "Looking for a fixed-price MVP quote." });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    assert.equal(response.status(), 200);
    const panel = page.getByTestId("contact-success");
    await panel.getByRole("heading", { name: "Message received!" }).waitFor();
    await panel.getByText("within 24 hours").waitFor();
    assert.ok(await queryFirst("select id from leads where email = ?", email), "the lead was created");
    await snapshot(page, "contact-success-nojs");

    await panel.getByRole("link", { name: "Send Another Message" }).click();
    await field(page, "Name").waitFor();
    assert.equal(await field(page, "Name").inputValue(), "");
    await context.close();
  });

  it("answers invalid input with 400, the field errors from the server and the input kept", async () => {
    // The browser reports the 400 page itself.
    const { page, context } = await visit({ javaScriptEnabled: false, allowConsoleErrors: [failedRequest(400)] });
    await page.goto("/en/contact");
    await fill(page, { name: "Li", email: "li@example.com", message: "Too short" });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    assert.equal(response.status(), 400);
    await page.getByTestId("message-error").getByText("Your message must be at least 10 characters long.").waitFor();
    assert.equal(await field(page, "Message").inputValue(), "Too short");
    assert.equal(await field(page, "Email").inputValue(), "li@example.com");
    assert.equal(await page.getByTestId("name-error").count(), 0);
    assert.equal(await page.getByTestId("contact-success").count(), 0);
    await context.close();
  });
});
