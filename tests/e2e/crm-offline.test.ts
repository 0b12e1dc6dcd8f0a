// The CRM when the connection drops: a screen that cannot load says so inside the frame,
// translated, and loads again once the connection is back. Nothing falls to the app-wide
// error screen, and no raw dictionary key is ever shown.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { snapshot } from "./support/chromium.ts";
import { OFFLINE_REQUEST, setUpJourneys } from "./support/journey.ts";

const journeys = setUpJourneys();

const rawKeys = (page: Page) => page.evaluate(() => document.body.innerText.match(/\b(?:errorScreen|crm|common)\.[a-zA-Z.]+/g) ?? []);

describe("CRM offline", () => {
  it("a leads search that cannot reach the server keeps the frame and says so; back online it searches", async () => {
    const { page, context } = await journeys.signIn("rep", { path: "/leads?view=list", allowConsoleErrors: [OFFLINE_REQUEST] });
    const search = page.getByRole("searchbox", { name: "Buscar leads" });
    await search.waitFor();

    await context.setOffline(true);
    await search.fill("Vinicius");
    // Inside the frame: the sidebar is still there, the message is the translated one.
    await page.getByText("Sem conexão. Verifique sua internet e tente novamente.").first().waitFor({ timeout: 10_000 });
    assert.equal(await page.getByRole("navigation", { name: "Navegação principal" }).count(), 1, "the sidebar stays");
    assert.equal(await page.getByText("Algo deu errado").count(), 0, "not the app-wide error screen");
    assert.deepEqual(await rawKeys(page), []);
    await snapshot(page, "crm-offline-leads-search");

    await context.setOffline(false);
    const retry = page.getByRole("button", { name: "Tentar novamente" });
    if (await retry.count()) await retry.click();
    else await search.fill("Vinícius");
    await page.getByText("Vinícius Farias").first().waitFor();
    assert.equal(
      new URL(page.url()).searchParams
        .get("q")
        ?.normalize("NFD")
        .replace(/[\u0300-\u036f]/g, ""),
      "Vinicius",
    );
    await context.close();
  });

  it("a tasks filter that cannot reach the server keeps the frame; no raw keys", async () => {
    const { page, context } = await journeys.signIn("rep", { path: "/tasks", allowConsoleErrors: [OFFLINE_REQUEST] });
    await page.getByText("Retornar ligação da Clínica Sorriso Feliz").first().waitFor();
    await context.setOffline(true);
    await page.getByRole("textbox").or(page.getByRole("searchbox")).first().fill("proposta");
    await page
      .getByText(/Sem conexão/)
      .first()
      .waitFor({ timeout: 10_000 });
    assert.equal(await page.getByRole("navigation", { name: "Navegação principal" }).count(), 1);
    assert.equal(await page.getByText("Algo deu errado").count(), 0);
    assert.deepEqual(await rawKeys(page), []);
    await context.setOffline(false);
    await context.close();
  });
});
