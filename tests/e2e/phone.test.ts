// Phone-sized screens (390 × 844, touch): the public site's mobile menu, the CRM frame and its
// drawer on every CRM screen, the floating chat button never covering a form's buttons, and
// the case-study filter panel shown whole (also at 1280 px).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { hydrated, snapshot } from "./support/chromium.ts";
import { assertNoSidewaysScroll, DESKTOP, eventuallyEqual, fillSignIn, PHONE, setUpJourneys } from "./support/journey.ts";

const LANGUAGES = ["pt", "es", "en"] as const;
type Lang = (typeof LANGUAGES)[number];

const journeys = setUpJourneys();

/** Waits two frames, so anything reacting to scroll or focus (requestAnimationFrame) has run. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Where document.activeElement is: inside the element matched by `selector`, or its description. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((sel) => !!document.activeElement && !!document.querySelector(sel)?.contains(document.activeElement), selector);

/** Waits until the attribute has the value (state set on the <details> toggle event, a task later). */
const expectAttribute = (locator: Locator, name: string, value: string) =>
  eventuallyEqual(() => locator.getAttribute(name), value, name, 5000);

/** What the screen shows (the open menus are at the top; a full-page shot would be mostly page). */
const viewportShot = (page: Page, name: string) => snapshot(page, name, { fullPage: false });

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  assert.ok(rect, "the element has a box");
  return rect;
}

/** The element fully inside the 390 px wide viewport (not cut at either side). */
async function assertInsideViewport(locator: Locator, what: string) {
  const rect = await box(locator);
  assert.ok(rect.x >= 0 && rect.x + rect.width <= 390 + 0.5, `${what} is inside the viewport (x ${rect.x}, width ${rect.width})`);
  assert.ok(rect.y >= 0 && rect.y + rect.height <= 844, `${what} is inside the viewport vertically (y ${rect.y}, height ${rect.height})`);
}

/**
 * The topmost element at the centre, the corners and the middle of each edge of `locator`
 * (inside its rounded corners) is the element itself or one of its descendants: nothing covers it.
 */
async function coveredPoints(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // Far enough inside for a rounded corner's curve (2 px + 0.3 × the radius).
    const radius = Math.min(parseFloat(getComputedStyle(el).borderTopLeftRadius) || 0, r.width / 2, r.height / 2);
    const inset = 2 + Math.ceil(radius * 0.3);
    const xs = [r.left + inset, r.left + r.width / 2, r.right - inset];
    const ys = [r.top + inset, r.top + r.height / 2, r.bottom - inset];
    const covered: string[] = [];
    for (const x of xs) {
      for (const y of ys) {
        if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit !== el && !el.contains(hit)) {
          covered.push(`(${Math.round(x)}, ${Math.round(y)}) by <${hit.tagName.toLowerCase()} ${hit.closest("[id]")?.id ?? ""}>`);
        }
      }
    }
    return covered;
  });
}

const MENU_LABEL: Record<Lang, string> = { pt: "Menu", es: "Menú", en: "Menu" };
const CASES_LINK: Record<Lang, string> = { pt: "Cases", es: "Casos", en: "Case Studies" };

describe("public site mobile menu at 390 px", () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: says whether it is open, moves focus, closes on Escape, outside tap and navigation, never overlaps the language menu`, async () => {
      const { page, context } = await journeys.open(PHONE);
      await page.goto(`/${lang}`);
      await hydrated(page, '[data-testid="mobile-menu"]');
      const menu = page.getByTestId("mobile-menu");
      const button = menu.locator("summary");
      const nav = page.locator("#site-mobile-menu");
      const language = page.getByTestId("language-switcher");
      const languageButton = language.locator("summary");
      const languageList = page.locator("#site-language-menu");

      await assertNoSidewaysScroll(page, `/${lang}`);
      assert.equal(await button.getAttribute("aria-label"), MENU_LABEL[lang]);
      assert.equal(await button.getAttribute("aria-controls"), "site-mobile-menu");
      await expectAttribute(button, "aria-expanded", "false");
      assert.equal(await nav.isVisible(), false);

      // Opens: expanded, whole on screen, focus on its first link, nothing floating over it.
      await button.tap();
      await nav.waitFor();
      await expectAttribute(button, "aria-expanded", "true");
      await assertInsideViewport(nav, "the open menu");
      assert.ok(await focusInside(page, "#site-mobile-menu"), "focus moved into the menu");
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), CASES_LINK[lang]);
      for (const link of await nav.locator("a").all())
        assert.deepEqual(await coveredPoints(link), [], `${await link.textContent()} is not covered`);
      await viewportShot(page, `phone-menu-open-${lang}`);

      // Escape closes it and gives focus back to the button.
      await page.keyboard.press("Escape");
      await nav.waitFor({ state: "hidden" });
      await expectAttribute(button, "aria-expanded", "false");
      assert.ok(await focusInside(page, '[data-testid="mobile-menu"] > summary'), "focus is back on the menu button");

      // A tap outside (on the page's text) closes it; focus goes back to the button.
      await button.tap();
      await nav.waitFor();
      const heading = await box(page.locator("h1").first()); // plain text, left of the open menu
      await page.touchscreen.tap(heading.x + 10, heading.y + heading.height / 2);
      await nav.waitFor({ state: "hidden" });
      await expectAttribute(button, "aria-expanded", "false");
      assert.ok(await focusInside(page, '[data-testid="mobile-menu"] > summary'), "focus is back on the menu button after an outside tap");

      // Never with the language menu: opening one closes the other.
      await button.tap();
      await nav.waitFor();
      await languageButton.tap();
      await languageList.waitFor();
      assert.equal(await nav.isVisible(), false, "the menu closed when the language menu opened");
      await expectAttribute(button, "aria-expanded", "false");
      await expectAttribute(languageButton, "aria-expanded", "true");
      await assertInsideViewport(languageList, "the open language menu");
      await button.tap();
      await nav.waitFor();
      assert.equal(await languageList.isVisible(), false, "the language menu closed when the menu opened");
      await expectAttribute(languageButton, "aria-expanded", "false");

      // Following a link closes it.
      await nav.getByRole("link", { name: CASES_LINK[lang], exact: true }).tap();
      await page.waitForURL(`**/${lang}/case-studies`);
      await nav.waitFor({ state: "hidden" });
      await expectAttribute(button, "aria-expanded", "false");

      await context.close();
    });
  }

  it("works by keyboard: Enter opens it with focus inside, Escape closes it", async () => {
    const { page, context } = await journeys.open({ viewport: { width: 390, height: 844 } });
    await page.goto("/pt/about");
    await hydrated(page, '[data-testid="mobile-menu"]');
    const button = page.getByTestId("mobile-menu").locator("summary");
    await button.focus();
    await page.keyboard.press("Enter");
    await page.locator("#site-mobile-menu").waitFor();
    // Focus moves on the <details> toggle event, a task after the menu shows; aria-expanded is
    // rendered after that same handler ran.
    await expectAttribute(button, "aria-expanded", "true");
    assert.ok(await focusInside(page, "#site-mobile-menu"));
    await page.keyboard.press("Tab");
    assert.ok(await focusInside(page, "#site-mobile-menu"), "Tab moves along the menu's links");
    await page.keyboard.press("Escape");
    await page.locator("#site-mobile-menu").waitFor({ state: "hidden" });
    await expectAttribute(button, "aria-expanded", "false");
    assert.ok(await focusInside(page, '[data-testid="mobile-menu"] > summary'));
    await context.close();
  });

  it("works without JavaScript: opens, navigates, and still closes when the language menu opens", async () => {
    const { page, context } = await journeys.open({ ...PHONE, javaScriptEnabled: false });
    await page.goto("/pt");
    const button = page.getByTestId("mobile-menu").locator("summary");
    const nav = page.locator("#site-mobile-menu");
    await button.tap();
    await nav.waitFor();
    await page.getByTestId("language-switcher").locator("summary").tap();
    await page.locator("#site-language-menu").waitFor();
    assert.equal(await nav.isVisible(), false);
    await button.tap();
    await nav.getByRole("link", { name: "Planejador", exact: true }).tap();
    await page.waitForURL("**/pt/planner");
    await context.close();
  });

  it("at 1280 px the links are in the bar and the language menu opens whole", async () => {
    const { page, context } = await journeys.open(DESKTOP);
    await page.goto("/pt");
    await hydrated(page, '[data-testid="language-switcher"]');
    assert.equal(await page.getByTestId("mobile-menu").isVisible(), false);
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Cases" }).waitFor();
    await page.getByTestId("language-switcher").locator("summary").click();
    await page.locator("#site-language-menu").waitFor();
    await viewportShot(page, "desktop-language-menu-open");
    await context.close();
  });
});

// /analytics is the same screen as /reports (one route module).
const CRM_SCREENS = ["/dashboard", "/leads", "/tasks", "/chat", "/reports", "/settings"];

const CRM_COPY: Record<Lang, { open: string; close: string; bell: string; user: string; signOut: string; tasks: string }> = {
  pt: {
    open: "Abrir menu",
    close: "Fechar menu",
    bell: "Notificações",
    user: "Menu do usuário: Ana Administradora",
    signOut: "Sair",
    tasks: "Tarefas",
  },
  es: {
    open: "Abrir menú",
    close: "Cerrar menú",
    bell: "Notificaciones",
    user: "Menú de usuario: Ana Administradora",
    signOut: "Salir",
    tasks: "Tareas",
  },
  en: {
    open: "Open menu",
    close: "Close menu",
    bell: "Notifications",
    user: "User menu: Ana Administradora",
    signOut: "Sign out",
    tasks: "Tasks",
  },
};

const signedInContext = (options: BrowserContextOptions, language: Lang = "pt") => journeys.signIn("admin", { ...options, language });

describe("CRM frame at 390 px", () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every CRM screen fits the width and keeps the title, the bell and the user menu in view`, async () => {
      const { page, context } = await signedInContext(PHONE, lang);
      const copy = CRM_COPY[lang];
      for (const path of CRM_SCREENS) {
        // (Quiet first: a request cut short by the next page.goto would log an aborted signal.)
        await page.waitForLoadState("networkidle");
        await page.goto(path);
        await hydrated(page, `#crm-menu-button`);
        const title = page.getByTestId("crm-title");
        assert.ok((await title.textContent())?.trim(), `${path} has a title`);
        await assertNoSidewaysScroll(page, path);
        for (const [what, locator] of [
          ["menu button", page.getByRole("button", { name: copy.open })],
          ["title", title],
          ["bell", page.getByRole("button", { name: copy.bell })],
          ["user menu", page.getByRole("button", { name: copy.user })],
        ] as const) {
          assert.ok(await locator.isVisible(), `${path}: the ${what} is visible`);
          await assertInsideViewport(locator, `${path}: the ${what}`);
          assert.deepEqual(await coveredPoints(locator), [], `${path}: nothing covers the ${what}`);
        }
        assert.equal(await page.locator("#crm-sidebar").isVisible(), false, `${path}: the sidebar is a closed drawer`);
        assert.equal(await page.getByRole("button", { name: copy.open }).getAttribute("aria-expanded"), "false");
      }
      if (lang === "pt") await snapshot(page, "phone-crm-drawer-closed");
      await context.close();
    });
  }

  it("the drawer opens from the menu button, holds focus, and closes on Escape, the backdrop, its button and navigation", async () => {
    const { page, context } = await signedInContext(PHONE, "pt");
    await hydrated(page, "#crm-menu-button");
    const menuButton = page.locator("#crm-menu-button");
    const drawer = page.locator("#crm-sidebar");
    assert.equal(await menuButton.getAttribute("aria-controls"), "crm-sidebar");

    const open = async () => {
      await menuButton.tap();
      await page.getByRole("dialog", { name: "Navegação principal" }).waitFor();
      assert.equal(await menuButton.getAttribute("aria-expanded"), "true");
      // Slid fully in (the transition has ended), at the left edge, inside the screen.
      await page.waitForFunction(() => document.getElementById("crm-sidebar")?.getBoundingClientRect().left === 0);
      await assertInsideViewport(drawer, "the drawer");
      assert.ok(await focusInside(page, "#crm-sidebar"), "focus moved into the drawer");
    };
    const assertClosed = async (how: string) => {
      await drawer.waitFor({ state: "hidden" });
      assert.equal(await menuButton.getAttribute("aria-expanded"), "false", `closed by ${how}`);
      assert.equal(await page.locator('[data-testid="crm-drawer-backdrop"]').count(), 0);
    };

    await open();
    // The page behind is inert, and Tab / Shift+Tab stay inside the drawer.
    assert.equal(await page.locator("main").evaluate((el) => !!el.closest("[inert]")), true, "the page behind is inert");
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      assert.ok(await focusInside(page, "#crm-sidebar"), `Tab ${i + 1} stays in the drawer`);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Shift+Tab");
      assert.ok(await focusInside(page, "#crm-sidebar"), `Shift+Tab ${i + 1} stays in the drawer`);
    }
    assert.equal(await page.getByTestId("sidebar-user-name").textContent(), "Ana Administradora");
    await snapshot(page, "phone-crm-drawer-open");

    await page.keyboard.press("Escape");
    await assertClosed("Escape");
    assert.ok(await focusInside(page, "#crm-menu-button"), "focus is back on the menu button after Escape");
    assert.equal(await page.locator("main").evaluate((el) => !!el.closest("[inert]")), false);

    await open();
    await page.touchscreen.tap(360, 500); // the backdrop, right of the 280 px drawer
    await assertClosed("the backdrop");
    assert.ok(await focusInside(page, "#crm-menu-button"), "focus is back on the menu button after the backdrop");

    await open();
    await page.getByRole("button", { name: "Fechar menu" }).tap();
    await assertClosed("its close button");

    await open();
    await drawer.getByRole("link", { name: "Tarefas" }).tap();
    await page.waitForURL("**/tasks");
    await assertClosed("navigation");
    await page.getByTestId("crm-title").filter({ hasText: "Tarefas" }).waitFor();

    // The user menu in the top bar: name, role and sign-out.
    await page.getByRole("button", { name: "Menu do usuário: Ana Administradora" }).tap();
    const userMenu = page.getByRole("menu");
    await userMenu.getByText("Admin", { exact: true }).waitFor();
    await assertInsideViewport(userMenu, "the user menu");
    await userMenu.getByRole("menuitem", { name: "Sair" }).tap();
    await page.waitForURL("**/auth");
    await context.close();
  });

  it("without JavaScript the sidebar sits above the page, still without sideways scrolling", async () => {
    const { page, context } = await journeys.open({ ...PHONE, javaScriptEnabled: false });
    await page.goto("/auth");
    await fillSignIn(page, "admin@demo.test");
    await page.waitForURL("**/dashboard");
    await assertNoSidewaysScroll(page, "without JavaScript");
    assert.equal(await page.locator("#crm-menu-button").isVisible(), false, "no menu button that could not open anything");
    const sidebar = page.locator("#crm-sidebar");
    assert.ok(await sidebar.isVisible());
    await sidebar.getByRole("link", { name: "Tarefas" }).waitFor();
    assert.ok(
      (await box(sidebar)).y + (await box(sidebar)).height <= (await box(page.getByTestId("crm-title"))).y,
      "the sidebar comes before the page",
    );
    await viewportShot(page, "phone-crm-no-javascript");
    await context.close();
  });

  it("at 1280 px the sidebar stays in place, with no menu button or top-bar user menu", async () => {
    const { page, context } = await signedInContext(DESKTOP, "pt");
    await hydrated(page, "#crm-menu-button");
    const sidebar = page.locator("#crm-sidebar");
    assert.ok(await sidebar.isVisible());
    const rect = await box(sidebar);
    assert.equal(rect.x, 0);
    assert.equal(rect.width, 240);
    assert.equal(await page.locator("#crm-menu-button").isVisible(), false);
    assert.equal(await page.getByTestId("crm-user-menu").isVisible(), false);
    assert.equal(await sidebar.getAttribute("role"), null, "not a dialog on desktop");
    // The main area starts right of the sidebar.
    assert.ok((await box(page.getByTestId("crm-title"))).x >= 240);
    await snapshot(page, "desktop-crm-frame");
    await context.close();
  });
});

// Each form's buttons (and the plan's call to action), and where they are.
const GUARDED: { path: string; buttons: string; prepare?: (page: Page) => Promise<void> }[] = [
  { path: "/pt/contact", buttons: '[data-testid="contact-form"] button[type="submit"]' },
  { path: "/es/blog", buttons: '[data-testid="newsletter"] button[type="submit"]' },
  { path: "/en/planner", buttons: 'form button[type="submit"]' },
  {
    path: "/pt/planner?type=saas&industry=healthcare&team=medium&urgency=asap&generate=1",
    buttons: 'form button[type="submit"], [data-testid="plan"] a',
  },
  { path: "/pt", buttons: '[data-testid="roi-form"] button[type="submit"]' },
  { path: "/en?revenue=1000000&industry=saas&type=platform", buttons: '[data-testid="roi-form"] button[type="submit"]' },
  { path: "/auth", buttons: 'form button[type="submit"]' },
];

describe("the floating chat button at 390 × 844", () => {
  for (const { path, buttons } of GUARDED) {
    it(`never covers the buttons of ${path}`, async () => {
      const { page, context } = await journeys.open(PHONE);
      await page.goto(path);
      await hydrated(page, path === "/auth" ? "form" : '[data-testid="language-switcher"]');
      const slot = page.locator("#chat-assistant-slot");
      const hasSlot = (await slot.count()) > 0;
      const targets = await page.locator(buttons).all();
      assert.ok(targets.length > 0, `${path} has buttons to check`);
      let steppedAside = 0;
      for (const target of targets) {
        // From the button's bottom at the viewport's bottom edge up to the middle of the screen,
        // in steps smaller than the floating button.
        for (const bottom of [844, 830, 815, 800, 785, 770, 755, 740, 700, 600, 422]) {
          await target.evaluate((el, y) => {
            const r = el.getBoundingClientRect();
            window.scrollBy(0, r.bottom - y);
          }, bottom);
          await settle(page);
          const covered = await coveredPoints(target);
          assert.deepEqual(covered, [], `${path}: "${(await target.textContent())?.trim()}" with its bottom at y=${bottom} is not covered`);
          if (hasSlot && (await slot.getAttribute("data-stepped-aside"))) steppedAside++;
        }
      }
      if (hasSlot) {
        // The check above met the button over a form control at least once (so it can fail)...
        assert.ok(steppedAside > 0, "the floating button had to step aside somewhere");
        // ...and it comes back when no control is under it (the footer at the page's end).
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await settle(page);
        await page.waitForFunction(() => !document.getElementById("chat-assistant-slot")?.hasAttribute("data-stepped-aside"));
        assert.ok(await slot.isVisible());
      }
      await context.close();
    });
  }

  it("steps aside while a field has focus (the keyboard is up) and is not shown on phones without JavaScript", async () => {
    const { page, context } = await journeys.open(PHONE);
    await page.goto("/pt/contact");
    await hydrated(page, '[data-testid="contact-form"]');
    await page.evaluate(() => window.scrollTo(0, 0));
    const field = page.locator('[data-testid="contact-form"] input[name="name"]');
    await field.focus();
    // Read in one go: the placeholder slot is replaced by the launcher once its code loads, and
    // a node read after it left the page has no computed style.
    const stepped = await page.waitForFunction(() => {
      const slot = document.getElementById("chat-assistant-slot");
      return slot?.hasAttribute("data-stepped-aside") ? getComputedStyle(slot).visibility : null;
    });
    assert.equal(await stepped.jsonValue(), "hidden", "hidden, so it cannot take a tap");
    await context.close();

    const noJs = await journeys.open({ ...PHONE, javaScriptEnabled: false });
    await noJs.page.goto("/pt/contact");
    assert.equal(await noJs.page.locator("#chat-assistant-slot").isVisible(), false);
    await noJs.context.close();

    const desktop = await journeys.open({ ...DESKTOP, javaScriptEnabled: false });
    await desktop.page.goto("/pt/contact");
    assert.equal(await desktop.page.locator("#chat-assistant-slot").isVisible(), true, "on a wide screen it stays");
    await desktop.context.close();
  });
});

describe("case-study filter panel", () => {
  for (const options of [PHONE, DESKTOP, { viewport: { width: 1024, height: 800 } }]) {
    for (const lang of LANGUAGES) {
      const width = options.viewport!.width;
      it(`${lang} at ${width} px: every label and every option fits whole, nothing paints over the panel`, async () => {
        const { page, context } = await journeys.open(options);
        await page.goto(`/${lang}/case-studies?industry=fintech&sort=oldest`);
        await hydrated(page, 'form[role="search"]');
        const panel = page.locator('form[role="search"]');
        const problems = await panel.evaluate((form) => {
          const found: string[] = [];
          const probe = document.createElement("span");
          probe.style.cssText = "position:absolute;white-space:pre;visibility:hidden";
          document.body.append(probe);
          for (const label of form.querySelectorAll("label")) {
            if (label.scrollWidth > label.clientWidth) found.push(`label "${label.textContent}" is cut`);
          }
          for (const select of form.querySelectorAll("select")) {
            const style = getComputedStyle(select);
            probe.style.font = style.font;
            probe.style.letterSpacing = style.letterSpacing;
            const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            for (const option of select.options) {
              probe.textContent = option.text;
              const needed = probe.getBoundingClientRect().width;
              if (needed > room) found.push(`#${select.id} option "${option.text}" needs ${Math.ceil(needed)} px, has ${Math.floor(room)}`);
            }
          }
          probe.remove();
          // Nothing (the hero above it, a clipping ancestor) hides the panel's edges and corners.
          const r = form.getBoundingClientRect();
          window.scrollTo(0, window.scrollY + r.top - 100);
          const s = form.getBoundingClientRect();
          const edgePoints: [number, number][] = [
            [s.left + 12, s.top + 1],
            [s.left + s.width / 2, s.top + 1],
            [s.right - 12, s.top + 1],
            [s.left + 1, s.top + s.height / 2],
            [s.right - 1, s.top + s.height / 2],
            [s.left + s.width / 2, s.bottom - 1],
          ];
          for (const [x, y] of edgePoints) {
            const hit = document.elementFromPoint(x, y);
            if (hit !== form && !form.contains(hit))
              found.push(
                `edge point (${Math.round(x)}, ${Math.round(y)}) is painted by <${hit?.tagName.toLowerCase()} class="${hit?.className}">`,
              );
          }
          for (let a = form.parentElement; a; a = a.parentElement) {
            const style = getComputedStyle(a);
            if (style.overflowX === "visible" && style.overflowY === "visible") continue;
            const p = a.getBoundingClientRect();
            if (a !== document.body && a !== document.documentElement && (s.left < p.left || s.right > p.right))
              found.push(`clipped by ${a.tagName}`);
          }
          return found;
        });
        assert.deepEqual(problems, []);
        await assertNoSidewaysScroll(page, `${lang} at ${width} px`);
        // 'Clear filters' shows (a filter is set) inside the panel.
        const clear = panel.getByRole("link");
        assert.ok(await clear.isVisible());
        const [p, c] = [await box(panel), await box(clear)];
        assert.ok(c.x >= p.x && c.x + c.width <= p.x + p.width && c.y + c.height <= p.y + p.height, "'Clear filters' is inside the panel");
        if (lang === "pt") await panel.screenshot({ path: `tests/e2e/artifacts/case-study-filters-${width}.png` });
        await context.close();
      });
    }
  }
});
