// Signing in to the CRM from a browser test, as a user would: the /auth form.
import type { Browser, BrowserContextOptions } from "playwright-core";
import { hydrated, openPage } from "./chromium.ts";

export const DEMO_PASSWORD = "crm-demo-2026";
export const DEMO_USERS = { admin: "admin@demo.test", manager: "manager@demo.test", rep: "rep@demo.test" } as const;

/**
 * A fresh browser context signed in as `email` and sitting on `path` (hydrated), with the
 * console and CSP collectors of openPage().
 */
export async function openCrm(browser: Browser, path = "/dashboard", email: string = DEMO_USERS.rep, options: BrowserContextOptions = {}) {
  const opened = await openPage(browser, options);
  const { page } = opened;
  await page.goto(`/auth?redirectTo=${encodeURIComponent(path)}`);
  // Typed and clicked once React owns the form (a click while it hydrates can be lost).
  await hydrated(page, "form button[type=submit]");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  const target = new URL(path, "http://x");
  try {
    await page.waitForURL((url) => url.pathname === target.pathname, { timeout: 20_000 });
  } catch (error) {
    // Say what the page shows (a refused sign-in, a toast) rather than only "timeout".
    const shown = await page.locator("[role=alert], [aria-live] li, [aria-live] [role=status]").allInnerTexts().catch(() => []);
    throw new Error(`signing in ${email} did not reach ${path} (on ${page.url()}; the page says: ${JSON.stringify(shown)})`, { cause: error });
  }
  await hydrated(page, "[data-testid=quick-search-button]");
  return opened;
}
