// /api/docs, the API's reference page (issue 25, docs/decisions/030): a visitor is sent to sign
// in and comes back to it; signed-in staff see Scalar's reference of GET /api/openapi.json,
// loaded from this origin only, with no CSP violation (setUpJourneys fails on any), at 1280
// and 390 px.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { baseUrl, snapshot } from "./support/chromium.ts";
import { DEMO_USERS, DESKTOP, fillSignIn, PHONE, setUpJourneys, signInCookies } from "./support/journey.ts";

const journeys = setUpJourneys();

/** Every origin the page asked anything of. */
function watchOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http")) origins.add(url.origin);
  });
  return origins;
}

async function referenceShown(page: Page) {
  await page.getByRole("heading", { name: "Velox CRM API", level: 1 }).waitFor({ timeout: 30_000 });
  await page.getByText("List leads").first().waitFor();
}

describe("API reference page", () => {
  it("sends a visitor to sign in and back; then shows the reference from this origin only, without a CSP violation", async () => {
    const journey = await journeys.open(DESKTOP);
    const { page } = journey;
    const origins = watchOrigins(page);
    await page.goto("/api/docs");
    assert.equal(new URL(page.url()).pathname, "/auth");
    assert.equal(new URL(page.url()).searchParams.get("redirectTo"), "/api/docs");
    await fillSignIn(page, DEMO_USERS.rep);
    await page.waitForURL((url) => url.pathname === "/api/docs", { timeout: 30_000 });
    await referenceShown(page);
    assert.deepEqual([...origins], [new URL(baseUrl()).origin], "nothing asked of another origin (fonts, proxy, telemetry)");
    await snapshot(page, "api-docs-1280", { fullPage: false });
    // An operation with its parameters and answers, from the document's schemas.
    await page.getByRole("link", { name: "Create a lead" }).first().click();
    const operation = page.locator("section", { has: page.getByRole("heading", { name: "Create a lead" }) }).first();
    await operation.getByText("lead_exists", { exact: false }).first().waitFor();
    await operation.getByText("estimated_value").first().waitFor();
    await snapshot(page, "api-docs-operation-1280", { fullPage: false });
  });

  it("reads at 390 px", async () => {
    const journey = await journeys.open(PHONE);
    const origin = baseUrl();
    await journey.context.addCookies(
      (await signInCookies(origin, DEMO_USERS.admin)).map((cookie) => ({
        ...cookie,
        url: origin,
        httpOnly: true,
        sameSite: "Lax" as const,
      })),
    );
    await journey.page.goto("/api/docs");
    await journey.page.getByRole("heading", { name: "Velox CRM API", level: 1 }).waitFor({ timeout: 30_000 });
    const sideways = await journey.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(sideways <= 1, `no sideways scroll at 390 px (${sideways} px)`);
    await snapshot(journey.page, "api-docs-390", { fullPage: false });
  });
});
