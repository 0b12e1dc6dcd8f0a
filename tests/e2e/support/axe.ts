// axe-core (WCAG 2.1 A/AA rules) run in the page, for the browser suite's accessibility checks.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** The page's WCAG 2.1 A/AA violations as it is now (open dialogs included). */
export async function audit(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: an injected <script> would be (rightly) refused
  // by the page's Content Security Policy, which allows only the server's nonce. Once per
  // document (half a megabyte of script to compile).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      // Only the violations are read: axe skips collecting every passing and inapplicable
      // node (about a fifth of its time on a CRM screen).
      resultTypes: ["violations"],
    });
    return result.violations;
  });
}

export const describeViolations = (violations: AxeViolation[]) =>
  violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} → ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    )
    .join("\n");
