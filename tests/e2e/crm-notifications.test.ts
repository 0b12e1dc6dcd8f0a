// The top bar's notification bell: the badge counts the user's unread notifications, the
// 'Notificações' popover lists them, clicking one marks it read (and opens its link),
// 'Marcar todas' clears the badge; axe with the popover open; 390 px; screenshots.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { audit, describeViolations } from "./support/axe.ts";
import { baseUrl, snapshot } from "./support/chromium.ts";
import { queryAll, queryFirst } from "./support/d1.ts";
import { eventually } from "./support/eventually.ts";
import { assertNoSidewaysScroll, DEMO_USERS, PHONE, setUpJourneys, tourStops } from "./support/journey.ts";

const journeys = setUpJourneys();

const bell = (page: Page) => page.getByTestId("notification-bell");
const badge = (page: Page) => page.getByTestId("notification-badge");
const panel = (page: Page) => page.getByTestId("notification-panel");
const markAll = (page: Page) => panel(page).getByRole("button", { name: "Marcar todas" });

async function repId() {
  const row = await queryFirst<{ id: string }>("select id from users where email = ?", DEMO_USERS.rep);
  assert.ok(row, "the demo rep exists");
  return row.id;
}

const unreadOf = async (userId: string) =>
  (await queryFirst<{ n: number }>("select count(*) as n from notifications where user_id = ? and read = 0", userId))!.n;
/** The user's unread count once the database has it (the read is sent after the badge drops). */
const unreadBecomes = (userId: string, n: number) =>
  eventually(
    () => unreadOf(userId),
    (count) => count === n,
    2000,
    100,
  );

/** The screen's data loaded. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
}

async function openPanel(page: Page) {
  await bell(page).click();
  await panel(page).getByRole("heading", { name: "Notificações" }).waitFor();
  await panel(page).getByTestId("notification-list").or(panel(page).getByText("Nenhuma notificação")).waitFor();
}

describe("notification bell", () => {
  it("badge, panel, mark one (with and without a link), axe, 'Marcar todas'", async () => {
    const rep = await repId();
    // A manager assigns the rep a task: the rep gets a task_assigned notification with a link.
    const manager = await journeys.signIn("manager");
    const created = await manager.page.request.post("/api/tasks", {
      data: { title: "Ligar para a Campos Nutrição", assigned_to: rep },
      headers: { Origin: baseUrl() },
    });
    assert.equal(created.status(), 201, await created.text());
    const { task } = (await created.json()) as { task: { id: string } };
    await manager.context.close();

    const { page, context } = await journeys.signIn("rep");
    const unread = await unreadOf(rep);
    assert.ok(unread >= 2, `the seed and the new task give the rep unread notifications (${unread})`);
    await badge(page).waitFor();
    assert.equal(await badge(page).innerText(), String(unread));
    assert.equal(await bell(page).getAttribute("aria-label"), `Notificações, ${unread} não lidas`);
    assert.equal(
      await page.locator("[data-slot=notification-bell] [data-testid=notification-bell]").count(),
      1,
      "the bell sits in its slot",
    );

    await openPanel(page);
    const items = panel(page).getByTestId("notification-item");
    const total = (await queryFirst<{ n: number }>("select count(*) as n from notifications where user_id = ?", rep))!.n;
    assert.equal(await items.count(), Math.min(50, total));
    const newestFirst = await queryAll<{ title: string }>(
      "select title from notifications where user_id = ? order by created_at desc, id desc limit 50",
      rep,
    );
    const titles = await items.evaluateAll((nodes) => nodes.map((n) => n.querySelector("span span span")?.textContent ?? ""));
    assert.deepEqual(
      titles,
      newestFirst.map((row) => row.title),
      "newest first",
    );
    assert.equal(await markAll(page).isVisible(), true);
    assert.match(await items.first().innerText(), /Ligar para a Campos Nutrição/);
    assert.match(await items.first().innerText(), /\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/, "date and time in pt-BR");
    await snapshot(page, "crm-notifications-open-pt");
    const violations = await audit(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    // Unread without a link: read at once, the badge drops, the page stays (and so does the panel).
    const plain = items.filter({ hasText: /Natália Campos \([^)]+\) deixou o contato no assistente do site\./ });
    assert.equal(await plain.getAttribute("data-read"), "false");
    await plain.click();
    await page.waitForFunction((n) => document.querySelector("[data-testid=notification-badge]")?.textContent === String(n), unread - 1);
    assert.equal(await plain.getAttribute("data-read"), "true");
    assert.equal(new URL(page.url()).pathname, "/dashboard");
    assert.equal(await bell(page).getAttribute("aria-label"), `Notificações, ${unread - 1} não lidas`);
    assert.equal(await unreadBecomes(rep, unread - 1), unread - 1);

    // Unread with a link: read, the badge drops, the popover closes and the task opens.
    await items.first().click();
    await page.waitForURL((url) => url.pathname === "/tasks" && url.searchParams.get("task") === task.id);
    await page.waitForFunction((n) => document.querySelector("[data-testid=notification-badge]")?.textContent === String(n), unread - 2);
    // The popover closed (after its closing animation).
    await panel(page).waitFor({ state: "detached" });
    const taskDialog = page.getByRole("dialog");
    await taskDialog.waitFor();
    assert.equal(await unreadBecomes(rep, unread - 2), unread - 2);
    assert.equal(
      (await queryFirst<{ read: number }>("select read from notifications where user_id = ? and link = ?", rep, `/tasks?task=${task.id}`))!
        .read,
      1,
    );
    await page.keyboard.press("Escape");
    await taskDialog.waitFor({ state: "detached" });

    await openPanel(page);
    // 'Marcar todas': the badge goes, the button hides, every one of the rep's is read.
    await markAll(page).click();
    await badge(page).waitFor({ state: "detached" });
    await markAll(page).waitFor({ state: "detached" });
    assert.equal(await panel(page).locator("[data-testid=notification-item][data-read=false]").count(), 0);
    assert.equal(await bell(page).getAttribute("aria-label"), "Notificações");
    assert.equal(await unreadBecomes(rep, 0), 0);
    assert.ok(
      (await queryFirst<{ n: number }>("select count(*) as n from notifications where read = 0 and user_id <> ?", rep))!.n > 0,
      "others' stay unread",
    );
    await snapshot(page, "crm-notifications-all-read-pt");

    await context.close();
  });

  it("caps the badge at '99+'", async () => {
    const { page, context } = await journeys.signIn("rep");
    await settled(page);
    await page.route("**/api/notifications/unread-count", (route) => route.fulfill({ json: { unread_count: 150 } }));
    await page.reload();
    await badge(page).waitFor();
    assert.equal(await badge(page).innerText(), "99+");
    assert.equal(await bell(page).getAttribute("aria-label"), "Notificações, 99+ não lidas");
    await context.close();
  });

  it("fits a 390 px screen, light and dark, pt/es/en", async () => {
    const titles = { pt: "Notificações", es: "Notificaciones", en: "Notifications" } as const;
    for (const { language, theme } of tourStops({ widths: [390] })) {
      const title = titles[language];
      const { page, context } = await journeys.signIn("rep", { ...PHONE, language, theme });
      await bell(page).waitFor();
      await page.waitForLoadState("networkidle");
      await bell(page).click();
      await panel(page).getByRole("heading", { name: title }).waitFor();
      await panel(page).getByTestId("notification-item").first().waitFor();
      const box = await panel(page).boundingBox();
      assert.ok(box, "the popover is shown");
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `inside the screen: ${box.x} + ${box.width}`);
      await assertNoSidewaysScroll(page, `${language} ${theme}`);
      await snapshot(page, `crm-notifications-${language}-${theme}-390`);
      // pt dark is a stop of every tour (tourStops).
      if (language === "pt" && theme === "dark") {
        const violations = await audit(page);
        assert.equal(violations.length, 0, describeViolations(violations));
      }
      await context.close();
    }
  });
});
