// Ctrl/⌘+K on every CRM screen: a keyboard-driven search over leads and tasks.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { audit, describeViolations } from "./support/axe.ts";
import { snapshot } from "./support/chromium.ts";
import { queryFirst } from "./support/d1.ts";
import { assertNoSidewaysScroll, PHONE, setUpJourneys, type JourneyOptions } from "./support/journey.ts";

const journeys = setUpJourneys();

const signedIn = (path: string, options: JourneyOptions = {}) => journeys.signIn("rep", { path, ...options });

const searchInput = (page: Page) => page.getByRole("combobox", { name: "Buscar leads e tarefas" });

describe("quick search (Ctrl+K)", () => {
  it("opens with Ctrl+K, finds a lead without its accents, walks with the arrows and opens it with Enter", async () => {
    const { page, context } = await signedIn("/tasks");
    const lead = await queryFirst<{ id: string }>("select id from leads where name = ?", "Vinícius Farias");
    assert.ok(lead, "the demo lead exists");

    await page.keyboard.press("Control+k");
    await searchInput(page).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("role")), "combobox", "the input has focus");
    await page.keyboard.type("vinicius");
    const first = page.getByRole("option").first();
    await first.waitFor();
    assert.match(await first.innerText(), /Vinícius Farias/);
    assert.equal(await first.getAttribute("aria-selected"), "true");
    assert.equal(await searchInput(page).getAttribute("aria-activedescendant"), await first.getAttribute("id"));
    await snapshot(page, "crm-quick-search-pt");
    const violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    // ↓ then ↑ come back to the first result; Enter opens it.
    const count = await page.getByRole("option").count();
    await page.keyboard.press("ArrowDown");
    if (count > 1) assert.equal(await first.getAttribute("aria-selected"), "false");
    await page.keyboard.press("ArrowUp");
    assert.equal(await first.getAttribute("aria-selected"), "true");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/leads" && url.searchParams.get("lead") === lead.id);
    // The search closes (after its closing animation).
    await searchInput(page).waitFor({ state: "detached" });

    await context.close();
  });

  it("finds tasks by title and opens the task; Escape closes without navigating; an unknown text says so", async () => {
    const { page, context } = await signedIn("/dashboard");
    const task = await queryFirst<{ id: string }>("select id from tasks where title = ?", "Atualizar apresentação comercial");
    assert.ok(task);

    await page.getByTestId("quick-search-button").click();
    await searchInput(page).fill("zzzz-nada-disso");
    await page.getByText("Nenhum resultado para “zzzz-nada-disso”").waitFor();
    await page.keyboard.press("Escape");
    await searchInput(page).waitFor({ state: "detached" });
    assert.equal(new URL(page.url()).pathname, "/dashboard");
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute("data-testid")),
      "quick-search-button",
      "focus is back on the button",
    );

    await page.keyboard.press("Control+k");
    await searchInput(page).fill("apresentação comercial");
    const option = page.getByRole("option", { name: /Atualizar apresentação comercial/ });
    await option.waitFor();
    await option.click();
    await page.waitForURL((url) => url.pathname === "/tasks" && url.searchParams.get("task") === task.id);
    await context.close();
  });

  it("fills a phone screen and leaves no sideways scroll", async () => {
    const { page, context } = await signedIn("/leads", PHONE);
    await page.getByTestId("quick-search-button").click();
    await searchInput(page).fill("silva");
    await page.getByRole("option").first().waitFor();
    await assertNoSidewaysScroll(page, "the open search");
    const box = await page.getByRole("dialog").boundingBox();
    assert.ok(box && box.width >= 380, `the dialog fills the width (${box?.width})`);
    await snapshot(page, "crm-quick-search-390");
    // No keyboard on a phone: the close button is the way out.
    await page.getByTestId("quick-search-close").tap();
    await searchInput(page).waitFor({ state: "detached" });
    await context.close();
  });
});
