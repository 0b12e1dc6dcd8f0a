// Accessibility of the public pages: axe-core (WCAG 2.1 A/AA rules) run in Chromium on each
// page in two languages, with the interactive states a visitor reaches (ROI result, plan).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, openPage } from "./support/chromium.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function audit(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: an injected <script> would be (rightly) refused
  // by the page's Content Security Policy, which allows only the server's nonce.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations;
  });
}

const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`).join("\n");

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

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
      const { page, context } = await openPage(browser);
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
    const { page, context } = await openPage(browser);
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
