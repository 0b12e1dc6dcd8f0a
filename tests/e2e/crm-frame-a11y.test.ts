// Accessibility of the CRM around its screens: axe (WCAG 2.1 A/AA) on the whole page, the top
// bar and the sidebar included, with the bell's unread badge showing (and a channel's unread
// badge on /chat), in light and in dark, and both badges' contrast measured. The frame is the
// same on every screen; each screen's own content and states (dialogs, lists, menus) are
// audited by its own file (auditScreen, in light and dark on the screen tours), so together
// every CRM screen is covered without loading each one here twice more.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { audit, describeViolations } from "./support/axe.ts";
import { baseUrl, hydrated, snapshot } from "./support/chromium.ts";
import { queryFirst } from "./support/d1.ts";
import { createLead, DEMO_USERS, setUpJourneys } from "./support/journey.ts";
import { animationsDone } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

const RUN = Date.now().toString(36);

/**
 * The WCAG contrast of each unread badge on the page (its text colour on its own background).
 * axe leaves a badge's figure out of its verdict ("too short to determine if it is actual
 * text"), so the badges are measured here.
 */
function badgeContrasts(page: Page) {
  return page.evaluate(() => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r, g, b] = channels(color).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return [...document.querySelectorAll<HTMLElement>("[data-testid=notification-badge], [data-testid=chat-unread]")].map((badge) => {
      const style = getComputedStyle(badge);
      const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
      return { badge: badge.dataset.testid!, text: badge.textContent, ratio: Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100 };
    });
  });
}

/** Posts in a new public channel as the page's user; returns the channel's name. */
async function postInNewChannel(page: Page, name: string): Promise<string> {
  const headers = { Origin: baseUrl() };
  const created = await page.request.post("/api/chat/channels", { data: { name }, headers });
  assert.equal(created.status(), 201, await created.text());
  const { channel } = (await created.json()) as { channel: { id: string } };
  const sent = await page.request.post(`/api/chat/channels/${channel.id}/messages`, { data: { content: "Novidade" }, headers });
  assert.equal(sent.status(), 201, await sent.text());
  return name;
}

describe("CRM frame accessibility (axe, WCAG 2.1 AA, badges showing)", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`${theme}: the frame, with the unread badges showing, has no violations and readable badges`, async () => {
      const admin = await journeys.signIn("admin", { path: "/dashboard" });
      const manager = await queryFirst<{ id: string }>("select id from users where email = ?", DEMO_USERS.manager);
      // An assignment the manager has not read: the bell shows its badge.
      await createLead(admin.page, { name: `Badge ${theme} ${RUN}`, assigned_to: manager!.id });

      const viewer = await journeys.signIn("manager", { path: "/dashboard", theme });
      const found: string[] = [];
      const check = async (where: string) => {
        await viewer.page.getByTestId("notification-badge").waitFor();
        await animationsDone(viewer.page);
        const violations = await audit(viewer.page);
        if (violations.length) found.push(`${where}\n${describeViolations(violations)}`);
        for (const badge of await badgeContrasts(viewer.page)) {
          if (badge.ratio < 4.5) found.push(`${where}: ${badge.badge} '${badge.text}' has a contrast of ${badge.ratio}:1 (AA needs 4.5:1)`);
        }
      };
      await check("/dashboard");

      // /chat with a channel's unread badge: a message posted while the manager looks.
      await viewer.page.goto("/chat");
      await hydrated(viewer.page, "[data-testid=chat-create-channel]");
      const channel = await postInNewChannel(admin.page, `selo-${theme}-${RUN}`);
      await viewer.page
        .getByTestId("chat-channel")
        .filter({ has: viewer.page.getByTestId("chat-channel-name").getByText(channel, { exact: true }) })
        .getByTestId("chat-unread")
        .waitFor({ timeout: 10_000 });
      await check("/chat");
      assert.equal((await badgeContrasts(viewer.page)).length, 2, "both badges measured on /chat");
      await snapshot(viewer.page, `crm-frame-badges-${theme}-1280`, { fullPage: false });

      assert.deepEqual(found, [], found.join("\n\n"));
      await admin.close();
      await viewer.close();
    });
  }
});
