// The lead-qualification chat assistant as a visitor uses it (site-and-sign-in.md §2, §4, §8,
// §9): the floating button, the guided flow in pt, es and en, the contact step creating a
// lead the demo manager sees in the CRM, free text answered by the assistant, the
// technical-issue message, a dropped connection, keyboard use, and the conversation kept
// across pages and a reload.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { audit, describeViolations } from "./support/axe.ts";
import { snapshot } from "./support/chromium.ts";
import { queryAll, queryFirst } from "./support/d1.ts";
import {
  assertNoSidewaysScroll,
  failedRequest,
  OFFLINE_REQUEST,
  PHONE,
  setUpJourneys,
  toastShown,
  type JourneyOptions,
} from "./support/journey.ts";

const journeys = setUpJourneys();

type Lang = "pt" | "es" | "en";
const COPY: Record<
  Lang,
  {
    open: string;
    welcome: RegExp;
    start: string;
    web: string;
    budget: string;
    timeline: string;
    team: string;
    leave: string;
    askContact: RegExp;
    confirmed: RegExp;
    toast: string;
    technical: string;
    close: string;
  }
> = {
  pt: {
    open: "Fale com a gente",
    welcome: /Sou o assistente da Velox Labs/,
    start: "Vamos começar",
    web: "Aplicação web",
    budget: "US$ 25 mil a 50 mil",
    timeline: "Em 1 a 3 meses",
    team: "Pequena 11-50",
    leave: "Deixar meu contato",
    askContact: /Me diga seu nome e seu e-mail/,
    confirmed: /em até 24 horas/,
    toast: "Lead qualificado criado! 🎉",
    technical: "Desculpe, tive um problema técnico. Pode repetir sua pergunta?",
    close: "Fechar o chat",
  },
  es: {
    open: "Habla con nosotros",
    welcome: /Soy el asistente de Velox Labs/,
    start: "Empecemos",
    web: "Aplicación web",
    budget: "US$ 25 mil a 50 mil",
    timeline: "En 1 a 3 meses",
    team: "Pequeña 11-50",
    leave: "Dejar mi contacto",
    askContact: /Dime tu nombre y tu e-mail/,
    confirmed: /menos de 24 horas/,
    toast: "¡Lead calificado creado! 🎉",
    technical: "Perdón, tuve un problema técnico. ¿Puedes repetir tu pregunta?",
    close: "Cerrar el chat",
  },
  en: {
    open: "Talk to us",
    welcome: /I'm the Velox Labs assistant/,
    start: "Let's start",
    web: "Web app",
    budget: "$25K – $50K",
    timeline: "In 1 to 3 months",
    team: "Small 11-50",
    leave: "Leave my contact",
    askContact: /Tell me your name and your e-mail/,
    confirmed: /within 24 hours/,
    toast: "Qualified lead created! 🎉",
    technical: "Sorry, I had a technical issue. Can you repeat your question?",
    close: "Close the chat",
  },
};

const panel = (page: Page) => page.getByTestId("chat-panel");
const log = (page: Page) => panel(page).getByRole("log");
const launcher = (page: Page) => page.locator("#chat-assistant-slot > a");

/** On `path`, with the launcher ready (it replaces the plain link once the page is idle). */
async function openSite(path: string, options: JourneyOptions = {}) {
  const opened = await journeys.open(options);
  await opened.page.goto(path);
  await opened.page.locator("#chat-assistant-slot[data-chat-ready]").waitFor({ state: "attached" });
  return opened;
}

async function openChat(page: Page, lang: Lang) {
  await launcher(page).click();
  await panel(page).waitFor();
  await log(page).getByText(COPY[lang].welcome).waitFor();
}

/** Presses an option and waits for the bot's answer (typing indicator gone, input back). */
async function choose(page: Page, label: string) {
  await panel(page).getByTestId("chat-options").getByRole("button", { name: label, exact: true }).click();
  await panel(page).getByTestId("chat-typing").waitFor();
  await panel(page).getByTestId("chat-typing").waitFor({ state: "detached" });
}

async function send(page: Page, text: string) {
  const input = panel(page).getByRole("textbox");
  await input.fill(text);
  await input.press("Enter");
  await panel(page).getByTestId("chat-typing").waitFor();
  assert.equal(await input.isDisabled(), true, "the input waits for the reply");
  await panel(page).getByTestId("chat-typing").waitFor({ state: "detached", timeout: 15_000 });
}

const lastBotMessage = async (page: Page) => (await log(page).locator("li p").allInnerTexts()).at(-1) ?? "";

describe("chat assistant: the guided flow to a lead in the CRM", () => {
  for (const lang of ["pt", "es", "en"] as const) {
    it(`${lang}: walks the flow, takes the contact, confirms, and the manager sees the lead`, async () => {
      const copy = COPY[lang];
      const { page, context } = await openSite(`/${lang}`);
      assert.equal(await launcher(page).getAttribute("aria-label"), copy.open);
      assert.equal(await launcher(page).getAttribute("aria-expanded"), "false");
      await openChat(page, lang);
      assert.equal(await launcher(page).getAttribute("aria-expanded"), "true");
      assert.equal(await launcher(page).getAttribute("aria-label"), copy.close);

      await choose(page, copy.start);
      await choose(page, copy.web);
      await choose(page, copy.budget);
      await choose(page, copy.timeline);
      await choose(page, copy.team);
      const summary = await lastBotMessage(page);
      for (const answer of [copy.web, copy.budget, copy.timeline, copy.team])
        assert.ok(summary.includes(answer), `${answer} in "${summary}"`);
      await choose(page, copy.leave);
      assert.match(await lastBotMessage(page), copy.askContact);

      const email = `chat-${lang}-${Date.now()}@example.com`;
      await send(page, `Maria Lopes, ${email}, (11) 98765-4321`);
      const confirmation = await lastBotMessage(page);
      assert.match(confirmation, copy.confirmed);
      assert.ok(confirmation.includes(email), confirmation);
      const scheduleCall = panel(page).getByTestId("chat-options").getByRole("link");
      assert.equal(await scheduleCall.getAttribute("href"), `/${lang}/contact`);
      assert.equal(await scheduleCall.getAttribute("target"), "_blank");
      // Shown while the contact step answered; it may have hidden itself since.
      await toastShown(page, copy.toast);
      if (lang === "pt") await snapshot(page, "chat-assistant-confirmed-pt");

      // In the database as §3 says: website, new, the budget's value (in US$, as the site shows
      // it), the phone in E.164, a summary with the labels the visitor saw (the transcript is on the timeline).
      const lead = await queryFirst<{
        id: string;
        name: string;
        phone: string;
        source: string;
        status: string;
        estimated_value: number;
        currency: string;
        notes: string;
      }>("select id, name, phone, source, status, estimated_value, currency, notes from leads where email = ?", email);
      assert.ok(lead, "the lead was created");
      assert.equal(lead.source, "website");
      assert.equal(lead.status, "new");
      assert.equal(lead.estimated_value, 37500);
      assert.equal(lead.currency, "USD");
      assert.match(lead.name, /Maria/);
      assert.equal(lead.phone, "+5511987654321");
      assert.ok(lead.notes.includes(`Prazo: ${copy.timeline}`) && lead.notes.includes(`Tamanho da equipe: ${copy.team}`), lead.notes);
      assert.ok(!lead.notes.includes("Visitante:"), "the transcript is on the timeline, not in the notes");
      const notified = await queryAll<{ role: string }>(
        "select u.role from notifications n join users u on u.id = n.user_id where n.type = 'new_lead' and n.link like ?",
        `%${lead.id}%`,
      );
      assert.ok(notified.length >= 2 && notified.every((n) => n.role === "manager" || n.role === "admin"), JSON.stringify(notified));

      // The demo manager finds it in the CRM.
      const crm = await journeys.signIn("manager", { path: `/leads?q=${encodeURIComponent(email)}` });
      // Its card says US$ and shows the phone in the national format.
      const card = crm.page.getByTestId("lead-card").filter({ hasText: email });
      await card.waitFor();
      const cardText = (await card.innerText()).replace(/\s/g, " ");
      assert.ok(cardText.includes("US$ 37.500") && cardText.includes("(11) 98765-4321"), cardText);
      if (lang === "pt") await snapshot(crm.page, "chat-assistant-lead-card-usd-pt");
      await crm.context.close();

      await context.close();
    });
  }
});

describe("chat assistant: the widget", () => {
  it("pulses with a red dot after 5 seconds closed; Escape closes and gives focus back; axe clean when open", async () => {
    const { page, context } = await openSite("/en/about");
    assert.equal(await page.getByTestId("chat-ping").count(), 0);
    await page.getByTestId("chat-ping").waitFor({ timeout: 8000 });
    assert.equal(await launcher(page).getAttribute("data-attention"), "true");

    await launcher(page).focus();
    await page.keyboard.press("Enter");
    await panel(page).waitFor();
    await log(page).getByText(COPY.en.welcome).waitFor();
    assert.ok(
      await panel(page)
        .getByRole("textbox")
        .evaluate((el) => el === document.activeElement),
      "focus is in the panel",
    );
    assert.equal(await page.getByTestId("chat-ping").count(), 0, "no dot while open");
    const violations = (await audit(page)).filter((v) => v.nodes.some((n) => n.target.some((t) => t.includes("chat"))));
    assert.deepEqual(violations, [], describeViolations(violations));

    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "hidden" });
    await page.waitForFunction(() => document.activeElement === document.querySelector("#chat-assistant-slot > a"));
    assert.equal(await launcher(page).getAttribute("aria-expanded"), "false");
    await context.close();
  });

  it("keeps the conversation across pages and a reload, ignores empty messages, and answers free text", async () => {
    const { page, context } = await openSite("/pt");
    await openChat(page, "pt");
    const sendButton = panel(page).getByRole("button", { name: "Enviar" });
    assert.equal(await sendButton.isDisabled(), true, "nothing to send");
    await panel(page).getByRole("textbox").fill("   ");
    assert.equal(await sendButton.isDisabled(), true, "whitespace is not a message");

    await choose(page, COPY.pt.start);
    // A question instead of an option goes to the assistant.
    const input = panel(page).getByRole("textbox");
    await input.fill("quanto custa um app mobile?");
    await input.press("Enter");
    await panel(page).getByTestId("chat-typing").waitFor({ state: "detached", timeout: 15_000 });
    const answer = await lastBotMessage(page);
    assert.ok(answer.length > 20 && answer !== COPY.pt.technical, answer);
    // The flow's options come back under the answer: the visitor can carry on.
    await panel(page).getByTestId("chat-options").getByRole("button", { name: COPY.pt.web, exact: true }).waitFor();
    const messages = await log(page).locator("li p").count();

    // To another page (client-side) and back: same conversation, the panel stays open.
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Sobre" }).click();
    await page.waitForURL("**/pt/about");
    assert.equal(await log(page).locator("li p").count(), messages);
    // A reload keeps it for the visit.
    await page.reload();
    await page.locator("#chat-assistant-slot[data-chat-ready]").waitFor();
    await launcher(page).click();
    await log(page).getByText(answer).waitFor();
    assert.equal(await log(page).locator("li p").count(), messages);
    await context.close();
  });

  it("says the technical-issue message in the visitor's language when the assistant fails", async () => {
    for (const lang of ["pt", "es", "en"] as const) {
      // The browser reports the assistant's 503 itself.
      const { page, context } = await openSite(`/${lang}`, { allowConsoleErrors: [failedRequest(503)] });
      await page.route(
        (url) => url.pathname === "/api/chat-assistant",
        (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }),
      );
      await openChat(page, lang);
      await send(page, "hello, what do you do?");
      assert.equal(await lastBotMessage(page), COPY[lang].technical);
      assert.equal(await panel(page).getByRole("textbox").isDisabled(), false, "the visitor can try again");
      await context.close();
    }
  });

  it("keeps a lead typed without a connection and sends it once back online", async () => {
    const { page, context } = await openSite("/es", { allowConsoleErrors: [OFFLINE_REQUEST] });
    await openChat(page, "es");
    await choose(page, COPY.es.start);
    await choose(page, COPY.es.web);
    await choose(page, COPY.es.budget);
    await choose(page, COPY.es.timeline);
    await choose(page, COPY.es.team);
    await choose(page, COPY.es.leave);
    const email = `chat-offline-${Date.now()}@example.com`;
    await context.setOffline(true);
    await send(page, `Juan Pérez ${email}`);
    assert.match(await lastBotMessage(page), COPY.es.confirmed);
    // Time on purpose: a capture that should wait for the connection would have been tried by then.
    await page.waitForTimeout(500);
    assert.equal(await queryFirst("select id from leads where email = ?", email), null, "nothing reached the server");
    await context.setOffline(false);
    await toastShown(page, COPY.es.toast);
    assert.ok(await queryFirst("select id from leads where email = ?", email), "sent once back online");
    await context.close();
  });

  it("fills a 390 px phone when open; the button comes back when it closes", async () => {
    const { page, context } = await openSite("/en/about", PHONE);
    await launcher(page).tap();
    await log(page).getByText(COPY.en.welcome).waitFor();
    const box = (await panel(page).boundingBox())!;
    assert.ok(box.width >= 370 && box.height >= 800, JSON.stringify(box));
    await assertNoSidewaysScroll(page, "the open panel");
    await snapshot(page, "chat-assistant-phone-en");
    await panel(page).getByRole("button", { name: COPY.en.close }).click();
    await panel(page).waitFor({ state: "hidden" });
    await launcher(page).waitFor();
    await context.close();
  });
});
