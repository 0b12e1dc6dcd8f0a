// The sign-in lockout as a visitor meets it on /auth: after 5 failed attempts for one
// e-mail from one address, the 6th says how long to wait in whole minutes, in the page's
// language (not "in 897 seconds"). The e-mail addresses are made up for this file (the
// limit counts attempts for any address, known or not), so the demo accounts stay usable.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { failedRequest, setUpJourneys } from "./support/journey.ts";

const journeys = setUpJourneys();

// The browser reports each refused attempt (400, then 429) itself.
const REFUSED = [failedRequest("4\\d\\d")];

async function failSixTimes(page: Page, labels: { email: string; password: string; submit: string }, email: string) {
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    await page.getByLabel(labels.email).fill(email);
    await page.getByLabel(labels.password, { exact: true }).fill("not-the-password");
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth"));
    await page.getByRole("button", { name: labels.submit, exact: true }).click();
    const response = await answered;
    // (Retry-After, in seconds, is proven on the API in tests/api/auth.test.ts.)
    assert.equal(response.status(), attempt < 6 ? 400 : 429, `attempt ${attempt}`);
    await page.waitForLoadState();
  }
}

describe("sign-in lockout message", () => {
  it("says 'Tente novamente em 15 minutos' in Portuguese (JavaScript on)", async () => {
    const { page, context } = await journeys.open({ allowConsoleErrors: REFUSED });
    await page.goto("/auth");
    await failSixTimes(page, { email: "Email", password: "Senha", submit: "Entrar" }, `lockout-pt-${Date.now()}@demo.test`);
    await page.getByRole("alert").filter({ hasText: "Muitas tentativas. Tente novamente em 15 minutos." }).first().waitFor();
    assert.equal(await page.getByText(/segundos/).count(), 0);
    await context.close();
  });

  it("says 'Try again in 15 minutes' in English (JavaScript off)", async () => {
    const { page, context } = await journeys.open({
      javaScriptEnabled: false,
      locale: "en-US",
      language: "en",
      allowConsoleErrors: REFUSED,
    });
    await page.goto("/auth");
    await failSixTimes(page, { email: "Email", password: "Password", submit: "Sign in" }, `lockout-en-${Date.now()}@demo.test`);
    await page.getByText("Too many attempts. Try again in 15 minutes.").first().waitFor();
    await context.close();
  });
});
