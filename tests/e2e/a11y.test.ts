// Accessibility of the public pages: axe-core (WCAG 2.1 A/AA rules) run in Chromium on each
// page in two languages, with the interactive states a visitor reaches (ROI result, plan).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { audit, describeViolations } from "./support/axe.ts";
import { hydrated } from "./support/chromium.ts";
import { failedRequest, setUpJourneys } from "./support/journey.ts";

const journeys = setUpJourneys();

const PAGES = [
  "",
  "?revenue=1000000&industry=saas&type=platform#roi",
  "/case-studies",
  "/solutions/aura-health-mvp",
  "/planner?type=saas&industry=healthcare&team=medium&urgency=asap&generate=1",
  "/blog",
  "/about",
  "/contact",
];

describe("accessibility (axe, WCAG 2.1 AA)", () => {
  for (const lang of ["en", "pt"] as const) {
    it(`public pages in ${lang} have no violations`, async () => {
      const { page, context } = await journeys.open();
      const found: string[] = [];
      for (const path of PAGES) {
        await page.goto(`/${lang}${path}`);
        await hydrated(page, '[data-testid="language-switcher"]');
        const violations = await audit(page);
        if (violations.length) found.push(`/${lang}${path}\n${describeViolations(violations)}`);
      }
      assert.deepEqual(found, [], found.join("\n\n"));
      await context.close();
    });
  }

  it("the legal pages and the 404 page have no violations", async () => {
    // The browser reports the 404 documents; the page logs the path it could not find.
    const { page, context } = await journeys.open({ allowConsoleErrors: [failedRequest(404), /^404 Error/] });
    const found: string[] = [];
    for (const path of ["/privacy", "/terms", "/en/solutions/no-such-case", "/en/no-such-page"]) {
      await page.goto(path);
      await page.locator("h1").first().waitFor();
      const violations = await audit(page);
      if (violations.length) found.push(`${path}\n${describeViolations(violations)}`);
    }
    assert.deepEqual(found, [], found.join("\n\n"));
    await context.close();
  });
});
