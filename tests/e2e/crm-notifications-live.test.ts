// Notifications live: two signed-in browser contexts. The admin assigns the rep a
// task and moves the rep's lead; the rep's badge rises in two tabs without a reload, the open
// panel gets the item at its top; the rep reads one in one tab and the other tab's count
// drops. Settings → Notificações: the switches save ('Salvando...', the toast), by keyboard,
// and a kind switched off is no longer delivered. Screenshots at 1280 and 390 px, pt/es/en.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { audit, describeViolations } from "./support/axe.ts";
import { baseUrl, holdRequests, snapshot } from "./support/chromium.ts";
import { queryFirst } from "./support/d1.ts";
import { eventually } from "./support/eventually.ts";
import { assertNoSidewaysScroll, DEMO_USERS, DESKTOP, OFFLINE_REQUEST, PHONE, setUpJourneys, toastShown } from "./support/journey.ts";

const journeys = setUpJourneys();

const bell = (page: Page) => page.getByTestId("notification-bell");
const panel = (page: Page) => page.getByTestId("notification-panel");

async function userId(email: string) {
  const row = await queryFirst<{ id: string }>("select id from users where email = ?", email);
  assert.ok(row, `${email} exists`);
  return row.id;
}
const unreadOf = async (id: string) =>
  (await queryFirst<{ n: number }>("select count(*) as n from notifications where user_id = ? and read = 0", id))!.n;

/** The badge's figure ("" when there is none). */
const badgeOf = (page: Page) => page.evaluate(() => document.querySelector("[data-testid=notification-badge]")?.textContent ?? "");
async function badgeIs(page: Page, count: number, what: string) {
  const want = count > 0 ? String(count) : "";
  try {
    await page.waitForFunction((w) => (document.querySelector("[data-testid=notification-badge]")?.textContent ?? "") === w, want, {
      timeout: 5_000,
    });
  } catch {
    assert.fail(`${what}: badge ${JSON.stringify(await badgeOf(page))}, expected ${JSON.stringify(want)}`);
  }
}
/** The bell's user room is open. */
const live = (page: Page) => page.locator("[data-testid=notification-bell][data-live=true]").waitFor({ timeout: 15_000 });
/** Marks the document, so a reload (which would drop the mark) is noticed. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);

describe("notifications live", () => {
  it("the rep's badge rises in two tabs when the admin assigns a task and moves their lead; a read in one tab drops the other", async () => {
    const rep = await userId(DEMO_USERS.rep);
    const lead = await queryFirst<{ id: string; name: string; status: string }>(
      "select id, name, status from leads where assigned_to = ? and status <> 'won' order by created_at desc limit 1",
      rep,
    );
    assert.ok(lead, "the seed gives the rep a lead");

    const repA = await journeys.signIn("rep");
    // A second tab of the same context: its console and CSP are the journey's too.
    const tabB = await repA.context.newPage();
    await tabB.goto("/tasks");
    const a = repA.page;
    await Promise.all([live(a), live(tabB)]);
    const start = await unreadOf(rep);
    await Promise.all([badgeIs(a, start, "tab A at first"), badgeIs(tabB, start, "tab B at first")]);
    await Promise.all([mark(a), mark(tabB)]);

    const admin = await journeys.signIn("admin");
    const title = `Revisar proposta ${Date.now()}`;
    const created = await admin.page.request.post("/api/tasks", { data: { title, assigned_to: rep }, headers: { Origin: baseUrl() } });
    assert.equal(created.status(), 201, await created.text());
    const { task } = (await created.json()) as { task: { id: string } };
    await Promise.all([badgeIs(a, start + 1, "tab A after the task"), badgeIs(tabB, start + 1, "tab B after the task")]);

    // Tab A opens the panel: the task is on top. The admin moves the rep's lead: it arrives
    // at the top of the open list, and both badges rise again.
    await bell(a).click();
    await panel(a).getByTestId("notification-list").waitFor();
    const items = panel(a).getByTestId("notification-item");
    await items.first().filter({ hasText: title }).waitFor();
    const next = lead.status === "negotiating" ? "qualified" : "negotiating";
    const moved = await admin.page.request.patch(`/api/leads/${lead.id}`, { data: { status: next }, headers: { Origin: baseUrl() } });
    assert.equal(moved.status(), 200, await moved.text());
    await items
      .first()
      .filter({ hasText: `moveu o lead “${lead.name}”` })
      .waitFor({ timeout: 5_000 });
    await Promise.all([badgeIs(a, start + 2, "tab A after the move"), badgeIs(tabB, start + 2, "tab B after the move")]);
    assert.equal(await items.filter({ hasText: `moveu o lead “${lead.name}”` }).count(), 1, "shown once");
    assert.equal(await items.nth(1).getAttribute("data-read"), "false");
    await snapshot(a, "crm-notifications-live-panel-pt");

    // Tab A reads the task's notification (it opens the task): tab B's count drops.
    await items.filter({ hasText: title }).click();
    await a.waitForURL((url) => url.pathname === "/tasks" && url.searchParams.get("task") === task.id);
    await Promise.all([badgeIs(a, start + 1, "tab A after reading"), badgeIs(tabB, start + 1, "tab B after tab A read one")]);
    await a.keyboard.press("Escape");

    // Tab B reads the lead's notification from its panel (it opens the lead): tab A drops.
    await bell(tabB).click();
    await panel(tabB)
      .getByTestId("notification-item")
      .filter({ hasText: `moveu o lead “${lead.name}”` })
      .click();
    await tabB.waitForURL((url) => url.pathname === "/leads" && url.searchParams.get("lead") === lead.id);
    await Promise.all([badgeIs(tabB, start, "tab B after reading"), badgeIs(a, start, "tab A after tab B read one")]);
    assert.equal(await unreadOf(rep), start, "the seeded ones stay as they were (other journeys read them)");
    assert.ok((await sameDocument(a)) && (await sameDocument(tabB)), "no reload in either tab");

    // The lead back where the seed had it (moved by the rep: nobody is notified), for the other journeys.
    const back = await a.request.patch(`/api/leads/${lead.id}`, { data: { status: lead.status }, headers: { Origin: baseUrl() } });
    assert.equal(back.status(), 200);
    assert.equal(await unreadOf(rep), start);
    assert.equal((await a.request.delete(`/api/tasks/${task.id}`, { headers: { Origin: baseUrl() } })).status(), 204);

    await admin.context.close();
    await repA.context.close();
  });

  it("'Marcar todas' in one tab clears the badge in the user's other tab", async () => {
    const manager = await userId(DEMO_USERS.manager);
    const one = await journeys.signIn("manager");
    const two = await one.context.newPage();
    await two.goto("/tasks");
    await Promise.all([live(one.page), live(two)]);
    const admin = await journeys.signIn("admin");
    const created = await admin.page.request.post("/api/tasks", {
      data: { title: "Para o gerente", assigned_to: manager },
      headers: { Origin: baseUrl() },
    });
    assert.equal(created.status(), 201);
    const { task } = (await created.json()) as { task: { id: string } };
    await admin.context.close();
    const start = await unreadOf(manager);
    assert.ok(start > 0);
    await Promise.all([badgeIs(one.page, start, "tab one"), badgeIs(two, start, "tab two")]);
    await bell(two).click();
    await panel(two).getByRole("button", { name: "Marcar todas" }).click();
    await Promise.all([badgeIs(two, 0, "tab two after 'Marcar todas'"), badgeIs(one.page, 0, "tab one after 'Marcar todas' in tab two")]);
    assert.equal(await unreadOf(manager), 0);
    assert.equal((await two.request.delete(`/api/tasks/${task.id}`, { headers: { Origin: baseUrl() } })).status(), 204);
    await one.context.close();
  });

  it("a tab whose connection dropped catches up when it comes back (no reload)", async () => {
    const rep = await userId(DEMO_USERS.rep);
    const repCtx = await journeys.signIn("rep");
    const page = repCtx.page;
    await live(page);
    await mark(page);
    const start = await unreadOf(rep);
    await badgeIs(page, start, "at first");
    await repCtx.context.setOffline(true);
    await page.locator("[data-testid=notification-bell][data-live=false]").waitFor({ timeout: 45_000 });
    const admin = await journeys.signIn("admin");
    const created = await admin.page.request.post("/api/tasks", {
      data: { title: "Enquanto offline", assigned_to: rep },
      headers: { Origin: baseUrl() },
    });
    assert.equal(created.status(), 201);
    const { task } = (await created.json()) as { task: { id: string } };
    await admin.context.close();
    await repCtx.context.setOffline(false);
    await live(page);
    await badgeIs(page, start + 1, "after the reconnect");
    assert.ok(await sameDocument(page));
    assert.equal((await page.request.delete(`/api/tasks/${task.id}`, { headers: { Origin: baseUrl() } })).status(), 204);
    await repCtx.context.close();
  });
});

describe("settings → notificações", () => {
  it("saves the switches (keyboard, 'Salvando...', toast); 'Mudanças de Status' off is no longer delivered", async () => {
    const rep = await userId(DEMO_USERS.rep);
    const lead = await queryFirst<{ id: string; status: string }>(
      "select id, status from leads where assigned_to = ? order by created_at limit 1",
      rep,
    );
    assert.ok(lead);
    // The aborted save is logged by the browser as a failed resource load.
    const { page, context } = await journeys.signIn("rep", { path: "/settings?tab=notifications", allowConsoleErrors: [OFFLINE_REQUEST] });
    const form = page.getByTestId("notification-settings");
    await form.waitFor();
    assert.equal(await page.getByTestId("crm-title").innerText(), "Configurações");
    const status = page.getByRole("switch", { name: "Mudanças de Status" });
    // The spec's defaults.
    const expected: [string, boolean][] = [
      ["Novos Leads", true],
      ["Mudanças de Status", true],
      ["Lembretes de Tarefas", true],
      ["Lembretes de Reuniões", true],
      ["Notificações por Email", true],
      ["Notificações Push", false],
      ["Relatórios Semanais", true],
      ["Relatórios Mensais", false],
    ];
    for (const [name, on] of expected) {
      assert.equal(await page.getByRole("switch", { name }).getAttribute("aria-checked"), String(on), name);
    }
    // By keyboard: focus the switch, Space turns it off; clicking the label turns the monthly
    // report on (Push has its own journey: turning it on asks the browser, crm-push.test.ts).
    await status.focus();
    await page.keyboard.press("Space");
    assert.equal(await status.getAttribute("aria-checked"), "false");
    await page.getByText("Relatórios Mensais", { exact: true }).click();
    assert.equal(await page.getByRole("switch", { name: "Relatórios Mensais" }).getAttribute("aria-checked"), "true");

    const release = await holdRequests(page, (url) => url.pathname === "/api/settings/notifications");
    await page.getByRole("button", { name: "Salvar Configurações" }).click();
    await page.getByRole("button", { name: "Salvando..." }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Salvando..." }).isDisabled(), true);
    release();
    await toastShown(page, "Configurações de notificação salvas!");
    const row = await queryFirst<{ status_changes: number; monthly_reports: number; new_leads: number }>(
      "select status_changes, monthly_reports, new_leads from notification_preferences where user_id = ?",
      rep,
    );
    assert.deepEqual({ ...row }, { status_changes: 0, monthly_reports: 1, new_leads: 1 });

    // Delivered no more: the admin moves the rep's lead; no status_change for the rep.
    const before = (await queryFirst<{ n: number }>(
      "select count(*) as n from notifications where user_id = ? and type = 'status_change'",
      rep,
    ))!.n;
    const admin = await journeys.signIn("admin");
    const moved = await admin.page.request.patch(`/api/leads/${lead.id}`, {
      data: { status: lead.status === "lost" ? "won" : "lost" },
      headers: { Origin: baseUrl() },
    });
    assert.equal(moved.status(), 200);
    await admin.context.close();
    // No wait: the notice is decided in the lead write's own batch, before the answer came.
    assert.equal(
      (await queryFirst<{ n: number }>("select count(*) as n from notifications where user_id = ? and type = 'status_change'", rep))!.n,
      before,
    );

    // Kept after a reload.
    await page.reload();
    await form.waitFor();
    assert.equal(await status.getAttribute("aria-checked"), "false");
    const violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    const back = await page.request.patch(`/api/leads/${lead.id}`, { data: { status: lead.status }, headers: { Origin: baseUrl() } });
    assert.equal(back.status(), 200, "the lead back where the seed had it (the rep moves their own: nobody is told)");

    // A failed save says so and keeps the choices.
    await page.route("**/api/settings/notifications", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Salvar Configurações" }).click();
    await toastShown(page, "Não foi possível salvar as configurações");
    await page.unroute("**/api/settings/notifications");
    // Back to the defaults for the other journeys.
    await status.click();
    await page.getByRole("switch", { name: "Relatórios Mensais" }).click();
    await page.getByRole("button", { name: "Salvar Configurações" }).click();
    await page.getByRole("button", { name: "Salvar Configurações" }).waitFor();
    const statusChangesOf = async () =>
      (await queryFirst<{ status_changes: number }>("select status_changes from notification_preferences where user_id = ?", rep))
        ?.status_changes;
    assert.equal(await eventually(statusChangesOf, (value) => value === 1, 2000, 100), 1, "back to the defaults");
    await context.close();
  });

  it("fits 1280 and 390 px in pt, es and en", async () => {
    for (const [language, heading, save] of [
      ["pt", "Notificações", "Salvar Configurações"],
      ["es", "Notificaciones", "Guardar Configuración"],
      ["en", "Notifications", "Save Settings"],
    ] as const) {
      for (const [size, options] of [
        ["1280", DESKTOP],
        ["390", PHONE],
      ] as const) {
        const { page, context } = await journeys.signIn("manager", { path: "/settings?tab=notifications", ...options, language });
        await page.getByRole("heading", { name: heading, level: 2 }).waitFor();
        await page.getByRole("button", { name: save }).waitFor();
        const width = Number(size);
        await assertNoSidewaysScroll(page, `${language} at ${size}`);
        for (const sw of await page.getByRole("switch").all()) {
          const box = await sw.boundingBox();
          assert.ok(box && box.x + box.width <= width, "each switch is on screen");
        }
        assert.equal(await page.getByRole("switch").count(), 8);
        await snapshot(page, `crm-settings-notifications-${language}-${size}`);
        await context.close();
      }
    }
  });
});
