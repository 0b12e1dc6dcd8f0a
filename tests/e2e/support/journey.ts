// What every browser journey shares: the test file's browser; pages whose console errors and
// Content Security Policy violations fail the test unless the journey provokes them on
// purpose; signing in as the demo users; toasts that cannot slip by; the "nothing scrolls
// sideways" check; and a server of its own over an empty database.
//
//   const journeys = setUpJourneys();
//   it("…", async () => {
//     const { page } = await journeys.signIn("rep", { path: "/tasks", ...PHONE });
//     …  // at the end of the test its console and CSP are checked and its context closed
//   });
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, afterEach, before } from "node:test";
import { isDeepStrictEqual } from "node:util";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, SNAPSHOTS } from "./chromium.ts";
import { queryAll } from "./d1.ts";
import { eventually } from "./eventually.ts";
import { freePort, prepareState, startScript, type LocalServer } from "./local-server.ts";

export const DEMO_PASSWORD = "crm-demo-2026";
export const DEMO_USERS = { admin: "admin@demo.test", manager: "manager@demo.test", rep: "rep@demo.test" } as const;
export type DemoUser = keyof typeof DEMO_USERS;

/**
 * A 390 × 844 touch phone: drawn at two device pixels per CSS pixel for the screenshots, at
 * one when none are taken (E2E_SNAPSHOTS=0, CI: the layout is the same, a quarter of the pixels).
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: SNAPSHOTS ? 2 : 1,
} satisfies BrowserContextOptions;
export const DESKTOP = { viewport: { width: 1280, height: 900 } } satisfies BrowserContextOptions;

export type TourStop = { language: "pt" | "es" | "en"; theme: "light" | "dark"; width: 1280 | 390; options: BrowserContextOptions };

/** Six stops that pair every language with each theme and each width, and each theme with each width. */
const PAIRWISE = new Set(["pt light 1280", "pt dark 390", "es dark 1280", "es light 390", "en light 1280", "en dark 390"]);

/**
 * Where a screen's tour in pt, es and en, light and dark, at 1280 and 390 px goes: every
 * combination when screenshots are taken (people look at each), else (E2E_SNAPSHOTS=0, CI)
 * only the pairwise ones above, which still meet every language in both themes and at both
 * widths. `widths` narrows the tour (a phone-only screen).
 */
export function tourStops({ widths = [1280, 390] }: { widths?: readonly (1280 | 390)[] } = {}): TourStop[] {
  const stops: TourStop[] = [];
  for (const language of ["pt", "es", "en"] as const)
    for (const theme of ["light", "dark"] as const)
      for (const width of widths)
        if (SNAPSHOTS || PAIRWISE.has(`${language} ${theme} ${width}`))
          stops.push({ language, theme, width, options: width === 390 ? PHONE : DESKTOP });
  return stops;
}

/** The browser's own report of a request the server answered with this status (a 4xx or 5xx the journey provokes). */
export const failedRequest = (status: number | string) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);
/**
 * What a page logs about a request or a socket that could not leave (offline, or aborted as if
 * offline): the browser's own report (a live socket may start connecting just as the page goes
 * offline), and React Router's when its route discovery (GET /__manifest) fails.
 */
export const OFFLINE_REQUEST =
  /^(Failed to load resource|WebSocket connection to .* failed: Error in connection establishment): net::ERR_INTERNET_DISCONNECTED|^Failed to fetch manifest patches TypeError: Failed to fetch/;

export type JourneyOptions = BrowserContextOptions & {
  /** Saved in the `language` / `theme` cookies before the first page loads. */
  language?: "pt" | "es" | "en";
  theme?: "light" | "dark";
  /**
   * Console errors the journey provokes on purpose (the browser reporting a refused or
   * offline request, a page that logs what it was asked for); any other fails the test.
   */
  allowConsoleErrors?: RegExp[];
};

export type Journey = {
  page: Page;
  context: BrowserContext;
  /** Every console error and uncaught page error of the context's pages (allowed ones too). */
  consoleErrors: string[];
  /** Every Content Security Policy violation the context's pages met. */
  cspViolations: string[];
  /** Fails on a CSP violation or an unexpected console error, after closing the context. */
  close(): Promise<void>;
};

export type Journeys = {
  /** The file's browser (launched before its first test). */
  readonly browser: Browser;
  /** A new context (pt-BR, the server under test) and its page; checked and closed after the test. */
  open(options?: JourneyOptions): Promise<Journey>;
  /** open(), signed in through /auth as a demo user, on `path` (default /dashboard) with the CRM hydrated. */
  signIn(user: DemoUser, options?: JourneyOptions & { path?: string }): Promise<Journey>;
};

/**
 * The journeys of one test file: launches Chromium before its tests and closes it after them.
 * After each test every journey still open is closed, and (when the test passed so far) fails
 * it on a CSP violation or a console error it did not allow.
 */
export function setUpJourneys(): Journeys {
  let browser: Browser | undefined;
  const open = new Set<Journey>();
  before(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (t) => {
    const left = [...open];
    open.clear();
    await Promise.all(left.map((journey) => journey.context.close().catch(() => undefined)));
    // A test that already failed keeps its own error as the reason.
    if ((t as { passed?: boolean }).passed === false) return;
    for (const journey of left) checks.get(journey)!();
  });
  after(async () => {
    await browser?.close();
  });

  const openAs = async (who: string, options: JourneyOptions) => {
    const journey = await openJourney(journeys.browser, options, who);
    open.add(journey);
    const close = journey.close;
    journey.close = () => (open.delete(journey), close());
    return journey;
  };
  const journeys: Journeys = {
    get browser() {
      if (!browser) throw new Error("the browser starts in a before() hook: use it inside a test");
      return browser;
    },
    open: (options = {}) => openAs("a visitor", options),
    async signIn(user, { path = "/dashboard", ...options } = {}) {
      const journey = await openAs(user, options);
      const { page, context } = journey;
      // The sign-in form itself is proven by auth.test.ts; here the session comes from the same
      // form post made outside the browser, and its cookies go into the context.
      const origin = options.baseURL ?? baseUrl();
      await context.addCookies(
        (await signInCookies(origin, DEMO_USERS[user])).map((cookie) => ({
          ...cookie,
          url: origin,
          httpOnly: true,
          sameSite: "Lax" as const,
        })),
      );
      await page.goto(path);
      // Say what the page shows rather than only "timeout".
      const says = (selector: string) =>
        page
          .locator(selector)
          .allInnerTexts()
          .catch(() => []);
      if (new URL(page.url()).pathname !== new URL(path, "http://x").pathname) {
        const shown = await says("[role=alert], [aria-live] li, [aria-live] [role=status]");
        throw new Error(`signing in ${DEMO_USERS[user]} did not reach ${path} (on ${page.url()}; the page says: ${JSON.stringify(shown)})`);
      }
      try {
        await hydrated(page, "[data-testid=quick-search-button]");
      } catch (error) {
        throw new Error(
          `signed in ${DEMO_USERS[user]} on ${page.url()}, but the CRM frame did not hydrate (headings: ${JSON.stringify(await says("h1, h2"))}; console: ${JSON.stringify(journey.consoleErrors)})`,
          { cause: error },
        );
      }
      return journey;
    },
  };
  return journeys;
}

/** Fails the test on a CSP violation or a console error the journey did not allow. */
const checks = new WeakMap<Journey, () => void>();

async function openJourney(
  browser: Browser,
  { language, theme, allowConsoleErrors = [], ...options }: JourneyOptions,
  who: string,
): Promise<Journey> {
  // Reduced motion, as a visitor may ask their system for: no test is about an animation, and
  // the frames of spinners, pulses and sliding toasts cost a few percent of the suite's CPU.
  // Uncompressed answers: over loopback, gzip is only work, for workerd (which compresses every
  // asset on the fly, where Cloudflare serves them compressed ahead) and for the browser. A cold
  // CRM page costs 1.39 instead of 1.57 CPU-seconds (/leads, 47 requests). No journey is about
  // compression: it is the platform's, not the app's.
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: "pt-BR",
    reducedMotion: "reduce",
    ...options,
    extraHTTPHeaders: { "Accept-Encoding": "identity", ...options.extraHTTPHeaders },
  });
  const origin = options.baseURL ?? baseUrl();
  const cookies = [...(language ? [{ name: "language", value: language }] : []), ...(theme ? [{ name: "theme", value: theme }] : [])];
  if (cookies.length) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
  // Injected by the browser itself (not subject to the page's CSP); a no-op without JavaScript.
  await context.addInitScript(watchDocument);
  const consoleErrors: string[] = [];
  const cspViolations: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  context.on("weberror", (error) => consoleErrors.push(error.error().message));
  const page = await context.newPage();
  // Who it is, at what width, in what language and theme: said when it fails.
  const label = [who, options.viewport ? `${options.viewport.width} px` : "", language ?? "", theme ?? ""].filter(Boolean).join(", ");
  const check = () => {
    assert.deepEqual(cspViolations, [], `no Content Security Policy violation (${label})`);
    assert.deepEqual(
      consoleErrors.filter((text) => !allowConsoleErrors.some((pattern) => pattern.test(text))),
      [],
      `no console error${allowConsoleErrors.length ? ` but ${allowConsoleErrors.join(", ")}` : ""} (${label})`,
    );
  };
  const journey: Journey = {
    page,
    context,
    consoleErrors,
    cspViolations,
    async close() {
      await context.close().catch(() => undefined);
      check();
    },
  };
  checks.set(journey, check);
  return journey;
}

/**
 * Runs in every page before its own scripts: reports CSP violations on the console (so they
 * are collected with the rest), and records each toast as it appears, so a journey can check
 * a toast after it has hidden itself (toastShown).
 */
function watchDocument() {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
    );
  });
  type Shown = { title: string; description: string; variant: string; taken?: boolean };
  const shown: Shown[] = [];
  (window as unknown as { __toastsShown: Shown[] }).__toastsShown = shown;
  // A toast counts once however often it is re-rendered (the plain toast becomes the full one
  // when its code has loaded): a new one is a rise in the number of toasts saying the same.
  let before = new Map<string, number>();
  new MutationObserver(() => {
    const now = new Map<string, number>();
    for (const node of document.querySelectorAll("[data-testid=toast]")) {
      const [title = "", description = ""] = [...node.querySelectorAll("p")].map((p) => p.textContent ?? "");
      const key = JSON.stringify([node.getAttribute("data-variant") ?? "default", title, description]);
      now.set(key, (now.get(key) ?? 0) + 1);
    }
    for (const [key, count] of now) {
      const [variant, title, description] = JSON.parse(key) as [string, string, string];
      for (let i = before.get(key) ?? 0; i < count; i++) shown.push({ title, description, variant });
    }
    before = now;
  }).observe(document, { childList: true, subtree: true });
}

export type ShownToast = { title: string; description: string; variant: string };

/**
 * Waits for a toast saying `text` (its title or description, or a part of both) that this
 * function has not returned before, shown in the page's current document at any time, also
 * one that has already hidden itself; returns what it said.
 */
export async function toastShown(page: Page, text: string | RegExp, timeout = 30_000): Promise<ShownToast> {
  const wanted = typeof text === "string" ? { text } : { source: text.source, flags: text.flags };
  try {
    const found = await page.waitForFunction(
      (w) => {
        const list = (window as unknown as { __toastsShown?: (ShownToast & { taken?: boolean })[] }).__toastsShown ?? [];
        const matches = (s: string) => (w.text !== undefined ? s === w.text : new RegExp(w.source!, w.flags).test(s));
        const toast = list.find(
          (t) =>
            !t.taken &&
            (matches(t.title) ||
              matches(t.description) ||
              (w.text !== undefined ? `${t.title} ${t.description}`.includes(w.text) : matches(`${t.title} ${t.description}`))),
        );
        if (!toast) return null;
        toast.taken = true;
        return { title: toast.title, description: toast.description, variant: toast.variant };
      },
      wanted,
      { timeout, polling: 100 },
    );
    return (await found.jsonValue()) as ShownToast;
  } catch (error) {
    const seen = await page
      .evaluate(() => (window as unknown as { __toastsShown?: unknown[] }).__toastsShown ?? [])
      .catch(() => "(the page is gone)");
    throw new Error(`no toast ${text} was shown within ${timeout / 1000} s; shown: ${JSON.stringify(seen)}`, { cause: error });
  }
}

/**
 * A call to /api made by the page itself (its session cookies, its origin), as a screen makes
 * it: the status and the JSON body (null for 204).
 */
export async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: response.status === 204 ? null : await response.json() };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** Creates a lead through the API as the page's user (another user's work, or a test's own lead). */
export async function createLead(page: Page, body: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const result = await callApi<{ lead: { id: string; name: string } }>(page, "POST", "/leads", body);
  assert.equal(result.status, 201, JSON.stringify(result.body));
  return result.body.lead;
}

/**
 * The session cookies the /auth form's sign-in sets for `email` (posted as a browser on the
 * server's own origin would post it), as name/value pairs.
 */
export async function signInCookies(origin: string, email: string, password = DEMO_PASSWORD): Promise<{ name: string; value: string }[]> {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({ intent: "sign-in", email, password, redirectTo: "/dashboard" }),
  });
  const cookies = response.headers.getSetCookie().map((line) => {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  });
  if (response.status >= 400 || !cookies.some((cookie) => cookie.value)) {
    throw new Error(`signing in ${email} at ${origin}/auth answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return cookies.filter((cookie) => cookie.value);
}

/** Fills and sends the /auth form (by field name, so in any language). */
export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.locator("button[name=intent][value=sign-in]").click();
}

/**
 * Fails when something scrolls sideways at the page's width: the page itself, or an element
 * matching one of `within` (a dialog, its scroll wrapper, the screen's <main>) that reaches
 * past the right edge or overflows sideways. The message lists what sticks out.
 */
export async function assertNoSidewaysScroll(page: Page, what: string, within: string[] = []) {
  const problems = await page.evaluate((selectors) => {
    const found: string[] = [];
    const page = document.documentElement;
    if (page.scrollWidth > innerWidth) found.push(`the page is ${page.scrollWidth} px wide in ${innerWidth} px`);
    for (const selector of selectors) {
      for (const el of document.querySelectorAll(selector)) {
        const right = el.getBoundingClientRect().right;
        if (right > innerWidth + 0.5) found.push(`${selector} reaches ${Math.round(right)} px`);
        if (el.scrollWidth > el.clientWidth) found.push(`${selector} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    if (found.length) {
      const past = [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
        .slice(0, 8)
        .map(
          (el) =>
            `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> to ${Math.round(el.getBoundingClientRect().right)} px`,
        );
      if (past.length) found.push(`past the right edge: ${past.join(" | ")}`);
    }
    return found;
  }, within);
  assert.deepEqual(problems, [], `${what}: nothing scrolls sideways`);
}

/**
 * Waits (up to `timeoutMs`, by default as long as the suite's other waits) until `read()`
 * deep-equals `expected`, then asserts it, so a failure shows the difference from what was
 * last read.
 */
export async function eventuallyEqual<T>(read: () => Promise<T>, expected: T, message?: string, timeoutMs = 30_000) {
  const last = await eventually(read, (value) => isDeepStrictEqual(value, expected), timeoutMs, 100);
  assert.deepEqual(last, expected, message);
}

/**
 * A server of its own (`npm start`'s script, on a free port) over a fresh, migrated database
 * whose only rows are the given demo users, copied from the suite's seeded database (their
 * passwords work). Call it inside a describe(): it starts before the describe's tests and
 * stops after them; `url` is its origin (pass it as the journey's baseURL), `stateDir` its
 * state directory.
 */
export function serverOverEmptyDatabase(...users: DemoUser[]): { readonly url: string; readonly stateDir: string } {
  let state: Awaited<ReturnType<typeof prepareState>> | undefined;
  let server: LocalServer | undefined;
  let url = "";
  before(async () => {
    assert.ok(existsSync("build/server/wrangler.json"), "build/ is missing: the browser suite builds it first");
    const emails = users.map((user) => DEMO_USERS[user]);
    const rows = await queryAll<Record<string, unknown>>(
      `select * from users where email in (${emails.map(() => "?").join(", ")})`,
      ...emails,
    );
    assert.equal(rows.length, emails.length, `the seeded database has ${emails.join(", ")}`);
    state = await prepareState(rows.map(insertStatement).join("; "));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = startScript("scripts/start.mjs", { PORT: String(port), PERSIST_TO: state.dir, PUBLIC_ORIGIN: "", LOG_LEVEL: "warn" });
    await server.waitForHealth(url);
  });
  after(async () => {
    await server?.stop();
    state?.remove();
  });
  return {
    get url() {
      return url;
    },
    /** Its state directory (read its database with openD1File). */
    get stateDir() {
      assert.ok(state, "the server has not started");
      return state.dir;
    },
  };
}

const sqlValue = (value: unknown) =>
  value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const insertStatement = (row: Record<string, unknown>) => {
  const columns = Object.keys(row);
  return `insert into users (${columns.join(", ")}) values (${columns.map((column) => sqlValue(row[column])).join(", ")})`;
};

/**
 * Waits (10 s at most) until an open list's highlighted option has the keyboard focus (with the
 * text `text` when given): as a person does, each key once the list shows where the highlight
 * is. Radix's Select moves the focus to the chosen option a frame after it opens; an ArrowDown
 * pressed before that moves nothing.
 */
export async function optionFocused(page: Page, text?: string) {
  await page.waitForFunction(
    (want) => document.activeElement?.getAttribute("role") === "option" && (!want || document.activeElement.textContent?.trim() === want),
    text,
    { polling: 50, timeout: 10_000 },
  );
}

/** Waits (10 s at most) until the page's URL passes `test` (same-document changes included). */
export async function urlWhere(page: Page, test: (url: URL) => boolean) {
  const url = await eventually(() => Promise.resolve(new URL(page.url())), test, 10_000, 50);
  assert.ok(test(url), `the URL is ${url.pathname}${url.search}`);
}
