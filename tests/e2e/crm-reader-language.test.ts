// Issue 24: an en reader sees what others did in English. The admin (reading pt) assigns the rep
// a lead tagged Urgente, moves it, changes its tags and gives the rep a task; the rep, who reads
// the CRM in en, sees the bell's items, the lead's tags and its timeline in English, and none
// of the Portuguese strings these screens used to show. On a server of its own (it sets a
// user's language). Screenshots at 1280 px (the panel) and 390 px (the timeline).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { hydrated, snapshot } from "./support/chromium.ts";
import { openD1File } from "./support/d1.ts";
import { eventually } from "./support/eventually.ts";
import { callApi, DEMO_USERS, DESKTOP, PHONE, serverOverEmptyDatabase, setUpJourneys } from "./support/journey.ts";

const journeys = setUpJourneys();

/** Portuguese that must never reach an en reader on these screens (notifications, tags, timeline). */
const PT_ONLY = [
  "atribuiu",
  "moveu o lead",
  "Lead atribuído",
  "Status do lead alterado",
  "Nova tarefa",
  "Tarefa vence",
  "Novo lead do site",
  "Negociando",
  "Urgente",
  "Proposta",
  "alterou",
  "Histórico",
];
async function assertNoPortuguese(page: Page, selector: string, where: string) {
  const text = await page.locator(selector).innerText();
  const found = PT_ONLY.filter((pt) => text.includes(pt));
  assert.deepEqual(found, [], `${where} shows Portuguese: ${JSON.stringify(text)}`);
}

describe("an en reader", () => {
  const server = serverOverEmptyDatabase("admin", "rep");

  it("sees the bell's notifications, the lead's tags and its timeline in English", async () => {
    const rep = await journeys.signIn("rep", { ...DESKTOP, baseURL: server.url, language: "en", path: "/dashboard" });
    const admin = await journeys.signIn("admin", { ...DESKTOP, baseURL: server.url, language: "pt", path: "/dashboard" });
    const db = openD1File(server.stateDir);
    const repRow = () =>
      db.prepare("select id, language from users where email = ?").get(DEMO_USERS.rep) as { id: string; language: string };
    // The CRM's language switch (its cookie) is kept on the user: e-mails and push use it.
    assert.equal(
      await eventually(
        async () => repRow().language,
        (language) => language === "en",
      ),
      "en",
    );
    const repId = repRow().id;
    db.close();

    const name = `Reader Lead ${Date.now()}`;
    const created = await callApi<{ lead: { id: string } }>(admin.page, "POST", "/leads", {
      name,
      assigned_to: repId,
      tags: ["Urgente", "Cliente VIP"],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const leadId = created.body.lead.id;
    assert.equal((await callApi(admin.page, "PATCH", `/leads/${leadId}`, { status: "negotiating" })).status, 200);
    assert.equal((await callApi(admin.page, "PATCH", `/leads/${leadId}`, { tags: ["Urgente", "Proposta", "Cliente VIP"] })).status, 200);
    const task = await callApi(admin.page, "POST", "/tasks", { title: "Call Reader Lead", assigned_to: repId });
    assert.equal(task.status, 201, JSON.stringify(task.body));

    // The bell: three items in English.
    const page = rep.page;
    await page.reload();
    await hydrated(page, "[data-testid=notification-bell]");
    await page.getByTestId("notification-bell").click();
    const panel = page.getByTestId("notification-panel");
    await panel.getByTestId("notification-list").waitFor();
    const items = panel.getByTestId("notification-item");
    await items.filter({ hasText: "New task assigned" }).filter({ hasText: "assigned you the task “Call Reader Lead”" }).waitFor();
    await items
      .filter({ hasText: "Lead status changed" })
      .filter({ hasText: `moved the lead “${name}” from New to Negotiating` })
      .waitFor();
    await items
      .filter({ hasText: "Lead assigned to you" })
      .filter({ hasText: `assigned you the lead “${name}”` })
      .waitFor();
    await assertNoPortuguese(page, "[data-testid=notification-panel]", "the bell's panel");
    await snapshot(page, "crm-reader-language-bell-en-1280");
    await page.keyboard.press("Escape");

    // The lead: its tags and its timeline in English, on a phone.
    const phone = await journeys.signIn("rep", { ...PHONE, baseURL: server.url, language: "en", path: `/leads?lead=${leadId}` });
    const dialog = phone.page.getByTestId("lead-detail-dialog");
    await dialog.waitFor();
    const tags = dialog.getByTestId("lead-form-tags");
    await tags.waitFor();
    assert.deepEqual(await tags.locator("li").allInnerTexts(), ["Urgent", "Proposal", "Cliente VIP"]);
    await hydrated(phone.page, "[data-testid=lead-detail-dialog]");
    await dialog.getByRole("tab", { name: "History" }).click();
    const timeline = dialog.getByTestId("lead-timeline");
    await timeline.filter({ hasText: "changed the status from New to Negotiating" }).waitFor();
    await timeline.filter({ hasText: "Urgent, Proposal, Cliente VIP" }).waitFor();
    await assertNoPortuguese(phone.page, "[data-testid=lead-detail-dialog]", "the lead's detail");
    await snapshot(phone.page, "crm-reader-language-timeline-en-390");
  });
});
