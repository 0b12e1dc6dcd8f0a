// Settings → API: personal API tokens (issue 25, docs/decisions/031). A rep makes a token in the
// lazily loaded panel (mostly by keyboard), reads the secret shown once, and the test — as another
// system would, with fetch to the server on 127.0.0.1 and `Authorization: Bearer` — lists leads,
// creates and updates one; the same token opens no CRM page; the panel then shows the last use
// and the token's recent requests; revoked in the panel (after a confirmation), the next call is
// a 401. An admin sees everyone's tokens. The tab in pt/es/en at 1280 and 390 px: no sideways
// scroll, axe, the dialog, screenshots.
// Tokens write audit entries that admins read: a server of its own over an empty database.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { assertNoSidewaysScroll, DESKTOP, PHONE, serverOverEmptyDatabase, setUpJourneys, toastShown } from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

/** Another system calling the API with the token: Node's fetch to the server on 127.0.0.1, no cookies. */
async function withToken(origin: string, secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    redirect: "manual",
    headers: { Authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page or an empty answer
  }
  return { status: response.status, headers: response.headers, json };
}

async function openApiTab(page: Page) {
  await page.getByTestId("api-tokens").waitFor();
  await hydrated(page, "[data-testid=api-token-create]");
  await page.getByTestId("api-tokens-loading").waitFor({ state: "detached" });
}

describe("settings: API tokens", () => {
  const server = serverOverEmptyDatabase("rep", "admin");

  it("a rep creates a token, another system lists and updates leads with it, the panel shows its use, revoked it is a 401", async () => {
    const { page, context } = await journeys.signIn("rep", { ...DESKTOP, baseURL: server.url, path: "/settings?tab=api" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await openApiTab(page);
    assert.equal(await page.getByTestId("settings-tab-api").getAttribute("aria-current"), "page");
    assert.equal(await page.getByTestId("settings-tab-api").innerText(), "API");
    await page.getByTestId("api-tokens-empty").waitFor();
    // A rep has no 'everyone's tokens' switch.
    assert.equal(await page.getByTestId("api-tokens-whose").count(), 0);
    let violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    // The dialog by keyboard: Enter on 'Novo token', the name has the focus, Tab to the scopes, Space.
    await page.getByTestId("api-token-create").focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("api-token-dialog");
    await dialog.waitFor();
    await page.getByTestId("api-token-name-input").waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "api-token-name-input");
    await page.keyboard.type("Integração ERP");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "api-token-scope-leads:read");
    assert.equal(await page.getByTestId("api-token-scope-leads:read").getAttribute("aria-checked"), "true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    assert.equal(await page.getByTestId("api-token-scope-leads:write").getAttribute("aria-checked"), "true");
    await page.getByTestId("api-token-expiry-30").click();
    violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-api-tokens-dialog-pt-1280");
    await page.getByTestId("api-token-name-input").focus();
    await page.keyboard.press("Enter");

    // The secret, once, with its warning and a copy button.
    await toastShown(page, "Token “Integração ERP” criado");
    const secretField = page.getByTestId("api-token-secret");
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    assert.match(secret, /^vxl_pat_[A-Za-z0-9_-]{43}$/);
    await dialog.getByText("Este token não será mostrado de novo", { exact: false }).waitFor();
    await page.getByTestId("api-token-copy").click();
    await toastShown(page, "Token copiado");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
    await snapshot(page, "crm-api-tokens-secret-pt-1280");
    await page.getByTestId("api-token-done").click();
    await dialog.waitFor({ state: "detached" });
    // Focus goes back to 'Novo token'.
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "api-token-create");
    const row = page.getByTestId("api-token-row").filter({ hasText: "Integração ERP" });
    await row.waitFor();
    assert.equal(await row.getByTestId("api-token-status").innerText(), "Ativo");
    assert.match(await row.innerText(), /Nunca usado/);
    // The listing never carries the secret again.
    assert.equal((await page.content()).includes(secret.slice(13)), false);

    // Another system: list, create and update leads with the token; its answers carry RateLimit.
    const listed = await withToken(server.url, secret, "GET", "/api/leads?limit=5");
    assert.equal(listed.status, 200);
    assert.deepEqual((listed.json as { items: unknown[] }).items, []);
    assert.equal(listed.headers.get("RateLimit-Policy"), `"token";q=600;w=60`);
    assert.match(listed.headers.get("RateLimit") ?? "", /^"token";r=599;t=\d+$/);
    const created = await withToken(server.url, secret, "POST", "/api/leads", { name: "Lead via API", email: "api.lead@example.com" });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const leadId = (created.json as { lead: { id: string } }).lead.id;
    const updated = await withToken(server.url, secret, "PATCH", `/api/leads/${leadId}`, { status: "contacted" });
    assert.equal(updated.status, 200, JSON.stringify(updated.json));
    assert.equal((updated.json as { lead: { status: string } }).lead.status, "contacted");
    const again = await withToken(server.url, secret, "GET", "/api/leads?status=contacted");
    assert.deepEqual(
      (again.json as { items: { id: string; name: string }[] }).items.map((lead) => [lead.id, lead.name]),
      [[leadId, "Lead via API"]],
    );
    // Outside its scopes, refused; on a CRM page, nobody is signed in.
    const tasks = await withToken(server.url, secret, "GET", "/api/tasks");
    assert.equal(tasks.status, 403);
    const crmPage = await withToken(server.url, secret, "GET", "/dashboard");
    assert.equal(crmPage.status, 302);
    assert.match(crmPage.headers.get("Location") ?? "", /^\/auth\?redirectTo=/);

    // The panel: last use and the recent requests (route patterns, statuses).
    await page.reload();
    await openApiTab(page);
    const usedRow = page.getByTestId("api-token-row").filter({ hasText: "Integração ERP" });
    await usedRow.waitFor();
    assert.doesNotMatch(await usedRow.innerText(), /Nunca usado/);
    await usedRow.getByTestId("api-token-requests-toggle").click();
    const requests = usedRow.getByTestId("api-token-request");
    await requests.first().waitFor();
    const lines = await requests.allInnerTexts();
    assert.equal(lines.length, 5, lines.join(" | "));
    assert.ok(
      lines.some((line) => /PATCH\s+\/api\/leads\/:id\s+200/.test(line)),
      lines.join(" | "),
    );
    assert.ok(
      lines.some((line) => /GET\s+\/api\/tasks\s+403/.test(line)),
      lines.join(" | "),
    );
    violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-api-tokens-list-pt-1280");

    // Revoke, confirmed: at once the token is a 401.
    await usedRow.getByTestId("api-token-revoke").click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Revogar o token “Integração ERP”?").waitFor();
    await confirm.getByRole("button", { name: "Revogar" }).click();
    await toastShown(page, "Token “Integração ERP” revogado");
    await confirm.waitFor({ state: "detached" });
    assert.equal(await usedRow.getByTestId("api-token-status").innerText(), "Revogado");
    assert.equal(await usedRow.getByTestId("api-token-revoke").count(), 0);
    const after = await withToken(server.url, secret, "GET", "/api/leads?lang=pt");
    assert.equal(after.status, 401);
    assert.deepEqual(after.json, { error: "api_token_revoked", message: "Este token de API foi revogado." });
  });

  for (const stop of [
    { language: "pt", options: PHONE, width: 390 },
    { language: "es", options: DESKTOP, width: 1280 },
    { language: "es", options: PHONE, width: 390 },
    { language: "en", options: DESKTOP, width: 1280 },
    { language: "en", options: PHONE, width: 390 },
  ] as const) {
    it(`the API tab in ${stop.language} at ${stop.width} px: an admin's view of everyone's tokens and the dialog`, async () => {
      const { page } = await journeys.signIn("admin", {
        ...stop.options,
        language: stop.language,
        baseURL: server.url,
        path: "/settings?tab=api",
      });
      await openApiTab(page);
      const words = {
        pt: { title: "Tokens de API", all: "Todos os tokens", owner: "Dono", dialog: "Novo token de API" },
        es: { title: "Tokens de API", all: "Todos los tokens", owner: "Propietario", dialog: "Nuevo token de API" },
        en: { title: "API tokens", all: "All tokens", owner: "Owner", dialog: "New API token" },
      }[stop.language];
      await page.getByRole("heading", { name: words.title, exact: true }).waitFor();
      await page.getByRole("button", { name: words.all }).click();
      assert.equal(await page.getByTestId("api-tokens-whose-all").getAttribute("aria-pressed"), "true");
      // The rep's token of the first journey (revoked) with its owner.
      const repRow = page.getByTestId("api-token-row").filter({ hasText: "Integração ERP" });
      await repRow.waitFor();
      assert.match(await repRow.innerText(), new RegExp(`${words.owner}:`));
      await assertNoSidewaysScroll(page, `the API tab (${stop.language}, ${stop.width} px)`, ["main", "[data-testid=api-tokens]"]);
      let violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await snapshot(page, `crm-api-tokens-${stop.language}-${stop.width}`);

      await page.getByTestId("api-token-create").click();
      const dialog = page.getByTestId("api-token-dialog");
      await dialog.getByRole("heading", { name: words.dialog }).waitFor();
      await assertNoSidewaysScroll(page, `the new token dialog (${stop.language}, ${stop.width} px)`, ["[data-testid=api-token-dialog]"]);
      violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await snapshot(page, `crm-api-tokens-dialog-${stop.language}-${stop.width}`, { fullPage: false });
      // Nothing chosen is refused here, under the permissions, before any request.
      await page.getByTestId("api-token-scope-leads:read").click();
      await page.getByTestId("api-token-name-input").fill("x");
      await page.getByTestId("api-token-submit").click();
      await page.getByTestId("api-token-scopes-error").waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      if (stop.language === "pt") {
        // The trail of changes (Usuários) tells the token made and revoked, not its requests.
        await page.getByTestId("settings-tab-users").click();
        const trail = page.getByTestId("users-audit");
        await trail.getByText("Rita Vendedora criou o token de API Integração ERP (Rita Vendedora)").waitFor();
        await trail.getByText("Rita Vendedora revogou o token de API Integração ERP (Rita Vendedora)").waitFor();
        assert.equal(await trail.getByTestId("audit-entry").count(), 2);
      }
    });
  }
});
