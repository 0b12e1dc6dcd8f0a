// axe on one CRM screen: what the screen renders (its <main>, its dialogs, lists and menus)
// with the frame around it left to the frame's own tests (phone, auth, quick search).
import type { Page } from "playwright-core";
import { audit, type AxeViolation } from "./axe.ts";

/** Resolves when the page's finite animations (a dialog's fade and zoom in) have ended. */
export const animationsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

/**
 * The page's WCAG 2.1 A/AA violations outside the CRM frame's top bar and sidebar, once
 * what is opening has finished animating (half-faded text fails the contrast rule).
 */
export async function auditScreen(page: Page): Promise<AxeViolation[]> {
  await animationsDone(page);
  const found: AxeViolation[] = [];
  for (const violation of await audit(page)) {
    const nodes = [];
    for (const node of violation.nodes) {
      const inFrame = await page.evaluate((selector) => !!document.querySelector(selector)?.closest("header, aside"), node.target[0]!);
      if (!inFrame) nodes.push(node);
    }
    if (nodes.length) found.push({ ...violation, nodes });
  }
  return found;
}
