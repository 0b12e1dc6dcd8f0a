import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same engine without
 * the full browser's window layers, about a third less CPU per journey), else Debian's
 * Chromium, or CHROME_PATH. playwright-core never downloads a browser.
 */
export function chromiumPath(): string | null {
  const candidates = process.env.CHROME_PATH ? [process.env.CHROME_PATH] : ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
  return candidates.find((path) => existsSync(path)) ?? null;
}

// Flags without which Chromium hangs or retries on a machine with no outside network
// (the browser suite, and the Lighthouse audit in scripts/audit.mjs).
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * What a journey's Chromium needs, and scripts/audit.mjs (which measures pages as visitors get
 * them) does not. Each test opens new contexts whose pages live for seconds:
 * - V8's optimising tiers (Maglev, TurboFan) compile code that is gone before it pays back;
 *   up to Sparkplug only, the same JavaScript runs with about a tenth less CPU
 *   (crm-tasks: 111 instead of 126 CPU-seconds);
 * - one renderer process for the contexts open at the same time instead of one each (a
 *   context opened after the last one closed still starts its own) (crm-tasks: 89 instead
 *   of 111);
 * - the display compositor in the browser process instead of a GPU process of its own (there
 *   is no GPU: it draws in software either way), which spares the frames' trips between
 *   processes (the whole suite: the browser and GPU processes 262 instead of 312 CPU-seconds).
 * Contexts keep their own cookies and storage either way.
 */
const JOURNEY_FLAGS = ["--js-flags=--max-opt=1", "--renderer-process-limit=1", "--in-process-gpu"];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("Chromium not found: apt-get install chromium-headless-shell (or set CHROME_PATH)");
  return chromium.launch({
    executablePath,
    // playwright gives every launch a fresh, empty profile directory of its own. The headless
    // shell is headless only (playwright passes its own --headless).
    args: [
      ...(executablePath.includes("headless-shell") ? CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")) : CHROMIUM_FLAGS),
      ...JOURNEY_FLAGS,
    ],
  });
}

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run the browser suite with `npm run test:e2e`");
  return url;
};

/** Whether screenshots are taken for people to look at: not with E2E_SNAPSHOTS=0 (CI). */
export const SNAPSHOTS = process.env.E2E_SNAPSHOTS !== "0";

/** Saves a screenshot under tests/e2e/artifacts (kept out of git) for a human to look at, when SNAPSHOTS. */
export async function snapshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!SNAPSHOTS) return;
  // caret "initial": Playwright would otherwise write caret-color into inputs, which React
  // reports as a hydration mismatch when the shot is taken before hydration.
  await page.screenshot({ path: join("tests/e2e/artifacts", `${name}.png`), fullPage, caret: "initial" });
}

/** Waits until React has hydrated the element (its DOM node carries React's props). */
export async function hydrated(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const node = document.querySelector(sel);
      return !!node && Object.keys(node).some((key) => key.startsWith("__reactProps"));
    },
    selector,
    // Checked every 50 ms rather than on every animation frame: polling by frames makes the
    // page draw 60 frames a second while it waits (measured: 0.15 CPU-seconds per second of
    // waiting, against 0.02).
    { timeout: 30_000, polling: 50 },
  );
}

/**
 * Holds the page's requests whose URL matches until the returned release() is called, so a
 * pending state (loading text, busy button) can be observed.
 */
export async function holdRequests(page: Page, match: (url: URL) => boolean): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(match, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
