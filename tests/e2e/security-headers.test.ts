// The Content Security Policy in a real browser: every page the site and the CRM serve
// runs under the strict policy (script-src 'self' + a per-response nonce) without a single
// violation, and the HTML responses carry the headers set in worker/http/security-headers.ts.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Response } from "playwright-core";
import { baseUrl, hydrated } from "./support/chromium.ts";
import { fillSignIn, setUpJourneys } from "./support/journey.ts";

const journeys = setUpJourneys();

const PUBLIC_PAGES = [
  "/pt",
  "/es/planner",
  "/en/case-studies",
  "/en/solutions/aura-health-mvp",
  "/pt/contact",
  "/pt/about",
  "/pt/blog",
  "/privacy",
];

function nonceOf(csp: string) {
  const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp);
  assert.ok(match, `a script-src nonce in ${csp}`);
  return match[1]!;
}

/** The HTML response's CSP nonce equals the one on every script tag the server rendered. */
async function assertDocumentHeaders(response: Response | null) {
  assert.ok(response, "a document response");
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
    assert.ok(csp.includes(directive), `${directive} in ${csp}`);
  }
  const nonce = nonceOf(csp);
  assert.equal(headers["x-content-type-options"], "nosniff");
  assert.equal(headers["referrer-policy"], "strict-origin-when-cross-origin");
  assert.match(headers["permissions-policy"] ?? "", /camera=\(\)/);
  assert.equal(headers["strict-transport-security"], undefined, "no HSTS over http");
  // The served HTML, not the DOM: browsers hide nonce attributes from scripts after parsing.
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  assert.ok(scripts.length > 0, "the page has scripts");
  for (const tag of scripts) assert.ok(tag.includes(`nonce="${nonce}"`), `${tag} carries the header's nonce`);
  return { nonce, headers };
}

describe("Content Security Policy", () => {
  it("public pages load, hydrate and run without a violation, each response with a fresh nonce", async () => {
    const { page, context } = await journeys.open();
    const nonces = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      const { nonce, headers } = await assertDocumentHeaders(response);
      nonces.add(nonce);
      assert.equal(headers["cache-control"], "no-cache", `${path} is public`);
      await hydrated(page, "header a");
    }
    assert.equal(nonces.size, PUBLIC_PAGES.length, "a fresh nonce per response");
    const again = await page.goto("/pt");
    assert.ok(!nonces.has(nonceOf(again!.headers()["content-security-policy"] ?? "")), "reloading gives a new nonce");
    await context.close();
  });

  it("the ROI calculator and the language menu work under the policy", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en");
    const roi = page.locator('[data-section="roi"]');
    // The calculator's code loads as it nears the viewport (app/components/island.tsx).
    await roi.scrollIntoViewIfNeeded();
    await hydrated(page, '[data-section="roi"] button[type="submit"]');
    await roi.locator('input[name="revenue"]').pressSequentially("$1,000,000");
    await roi.locator('button[type="submit"]').click();
    await page.getByTestId("roi-results").waitFor();

    await hydrated(page, '[data-testid="language-switcher"]');
    await page.getByTestId("language-switcher").locator("summary").click();
    await page.getByTestId("language-switcher").getByRole("link", { name: "Español" }).click();
    await page.waitForURL("**/es**");
    // Client-side navigation to another page and the planner's form.
    await page.goto("/pt/planner");
    await hydrated(page, "main");
    await context.close();
  });

  it("/auth and the CRM frame run without a violation and are never stored", async () => {
    const { page, context } = await journeys.open();
    const auth = await page.goto("/auth");
    const { headers: authHeaders } = await assertDocumentHeaders(auth);
    assert.equal(authHeaders["cache-control"], "private, no-store");

    await page.getByRole("heading", { name: "Entrar no CRM" }).waitFor();
    await hydrated(page, 'button[type="submit"]');
    await fillSignIn(page, "admin@demo.test");
    await page.waitForURL("**/dashboard");
    await page.getByTestId("crm-title").waitFor();

    for (const path of ["/dashboard", "/leads", "/tasks", "/chat", "/analytics", "/settings"]) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      const { headers } = await assertDocumentHeaders(response);
      assert.equal(headers["cache-control"], "private, no-store", path);
      await page.getByTestId("crm-title").waitFor();
    }
    // A public page for a signed-in visitor is not stored either; it runs without a violation too.
    const landing = await page.goto("/pt");
    assert.equal(landing?.headers()["cache-control"], "private, no-store");
    await hydrated(page, "header a");
    await context.close();
  });

  it("API responses are nosniff, unframeable and no-store", async () => {
    const response = await fetch(`${baseUrl()}/api/session`);
    assert.equal(response.status, 401);
    assert.equal(response.headers.get("x-content-type-options"), "nosniff");
    assert.equal(response.headers.get("x-frame-options"), "DENY");
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(response.headers.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'");
  });
});
