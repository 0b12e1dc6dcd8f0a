// Settings → API → Webhooks (issue 25, docs/decisions/032) in the browser: an admin registers a
// receiver this journey runs on 127.0.0.1 (the suite's servers run with WEBHOOKS_ALLOW_LOOPBACK,
// tests/e2e/run.mjs), keeps the secret shown once, drags a card on the pipeline and the receiver
// gets lead.status_changed signed as Standard Webhooks says (checked with the standardwebhooks
// library and that secret); the deliveries list shows it with its HTTP code, and a resend comes
// with the same webhook-id. A new secret keeps the old one signing for 24 hours (both verify),
// unless it is invalidated at once. Then the panel in pt, es and en at 1280 and 390 px, and the
// webhook deleted.
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { eventually } from "./support/eventually.ts";
import { auditScreen } from "./support/screen-audit.ts";
import { assertNoSidewaysScroll, createLead, DESKTOP, failedRequest, PHONE, setUpJourneys, toastShown } from "./support/journey.ts";

const journeys = setUpJourneys();
const RUN = Date.now().toString(36);

type Hit = { headers: IncomingHttpHeaders; body: string };
const hits: Hit[] = [];
let receiver: Server;
let hookUrl = "";
/** The secrets shown once: at registration, then at the rotation (the first test keeps them for the last). */
const secrets: string[] = [];

before(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      hits.push({ headers: req.headers, body });
      res.writeHead(200, { "Content-Type": "text/plain" }).end("received");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  assert.ok(address && typeof address === "object");
  hookUrl = `http://127.0.0.1:${address.port}/hooks/crm-${RUN}`;
});
after(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The first request the receiver got from index `from` on that `matches` (30 s at most), or fails saying `what`. */
async function arrived(what: string, matches: (hit: Hit) => boolean, from = 0): Promise<Hit> {
  const hit = await eventually(
    async () => hits.slice(from).find(matches),
    (found) => found !== undefined,
    30_000,
    100,
  );
  assert.ok(hit, what);
  return hit;
}

const column = (page: Page, status: string) => page.getByTestId(`pipeline-column-${status}`);
const pipelineCard = (page: Page, name: string) => page.locator(`[data-testid=pipeline-card][aria-label="${name}"]`);
const ours = (page: Page) => page.getByTestId("webhook-item").filter({ hasText: hookUrl });

describe("webhooks", () => {
  it("an admin registers a local receiver, a pipeline drag arrives signed, and the deliveries list shows it", async () => {
    // The refused address is answered 400 on purpose (the browser logs it).
    const admin = await journeys.signIn("admin", { ...DESKTOP, path: "/settings?tab=api", allowConsoleErrors: [failedRequest(400)] });
    const { page } = admin;
    await page.getByTestId("webhooks-panel").waitFor();
    await hydrated(page, "[data-testid=webhook-add]");

    // 'Novo webhook': a refused address first (said under the field), then the receiver.
    await page.getByTestId("webhook-add").click();
    const dialog = page.getByTestId("webhook-dialog");
    await dialog.getByTestId("webhook-url-input").fill("https://10.0.0.7/hooks");
    await dialog.getByTestId("webhook-submit").click();
    await dialog.getByTestId("webhook-url-error").getByText("Endereços IP privados").waitFor();
    await dialog.getByTestId("webhook-url-input").fill(hookUrl);
    await dialog.getByTestId("webhook-description-input").fill("Journey receiver");
    assert.equal(await dialog.getByTestId("webhook-event-lead.status_changed").getAttribute("data-state"), "checked");
    await snapshot(page, "crm-webhooks-dialog-pt-1280");
    await dialog.getByTestId("webhook-submit").click();

    // The secret, shown once.
    const secretDialog = page.getByTestId("webhook-secret-dialog");
    await secretDialog.waitFor();
    const secret = await secretDialog.getByTestId("webhook-secret").inputValue();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    const secretViolations = await auditScreen(page);
    assert.equal(secretViolations.length, 0, describeViolations(secretViolations));
    await snapshot(page, "crm-webhooks-secret-pt-1280");
    await secretDialog.getByTestId("webhook-secret-done").click();
    await secretDialog.waitFor({ state: "detached" });
    await ours(page).waitFor();
    assert.equal(await page.getByText(secret).count(), 0, "not shown again");

    // A card dragged to Qualificados on the pipeline.
    const name = `Webhook Arrasto ${RUN}`;
    await createLead(page, { name, status: "new", estimated_value: 1234 });
    await page.goto("/leads?view=pipeline");
    await page.locator("[data-testid=pipeline-board][data-dnd=ready]").waitFor();
    const card = pipelineCard(page, name);
    await card.scrollIntoViewIfNeeded();
    const from = (await card.boundingBox())!;
    await page.mouse.move(from.x + 30, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
    const target = (await column(page, "qualified").boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + 120, { steps: 15 });
    await page.getByTestId("pipeline-card-overlay").waitFor();
    await page.mouse.up();
    await page.getByText("Status do lead atualizado!").waitFor();

    // The receiver gets it, signed with the secret shown once.
    const moved = await arrived(
      "the receiver got lead.status_changed",
      (hit) => hit.body.includes('"lead.status_changed"') && hit.body.includes(name),
    );
    const payload = new Webhook(secret).verify(moved.body, {
      "webhook-id": String(moved.headers["webhook-id"]),
      "webhook-timestamp": String(moved.headers["webhook-timestamp"]),
      "webhook-signature": String(moved.headers["webhook-signature"]),
    }) as { type: string; data: { lead: { name: string; status: string }; previous_status: string } };
    assert.equal(payload.type, "lead.status_changed");
    assert.equal(payload.data.lead.name, name);
    assert.equal(payload.data.lead.status, "qualified");
    assert.equal(payload.data.previous_status, "new");
    assert.throws(() =>
      new Webhook(`whsec_${Buffer.from("another secret of 24 bytes").toString("base64")}`).verify(
        moved.body,
        moved.headers as Record<string, string>,
      ),
    );

    // The deliveries list shows it, delivered with 200.
    await page.goto("/settings?tab=api");
    await ours(page).getByTestId("webhook-deliveries-toggle").click();
    const row = ours(page).getByTestId("webhook-delivery").filter({ hasText: "Lead mudou de etapa" });
    await row.first().waitFor();
    assert.equal(await row.first().getByTestId("webhook-delivery-code").innerText(), "200");
    assert.equal(await row.first().getAttribute("data-status"), "sent");
    await snapshot(page, "crm-webhooks-deliveries-pt-1280");

    // Resend: the same webhook-id arrives again.
    const before = hits.length;
    await row.first().getByTestId("webhook-delivery-resend").click();
    await toastShown(page, "Entrega reenviada");
    await arrived("resent with the same webhook-id", (hit) => hit.headers["webhook-id"] === moved.headers["webhook-id"], before);

    // 'Gerar novo segredo', keeping the current one for 24 hours (the box left unticked): the
    // new secret is shown once, the endpoint says until when the old one signs too, and a
    // delivery carries both signatures (a receiver on either secret verifies it).
    await ours(page).getByTestId("webhook-rotate").click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Por 24 horas cada entrega é assinada com o atual e com o novo", { exact: false }).waitFor();
    assert.equal(await confirm.getByTestId("webhook-rotate-revoke").getAttribute("data-state"), "unchecked");
    const confirmViolations = await auditScreen(page);
    assert.equal(confirmViolations.length, 0, describeViolations(confirmViolations));
    await snapshot(page, "crm-webhooks-rotate-pt-1280");
    await confirm.getByRole("button", { name: "Gerar novo segredo" }).click();
    await secretDialog.getByText("Novo segredo gerado").waitFor();
    const rotated = await secretDialog.getByTestId("webhook-secret").inputValue();
    assert.notEqual(rotated, secret);
    await secretDialog.getByTestId("webhook-secret-done").click();
    await ours(page)
      .getByTestId("webhook-previous-secret")
      .getByText(/^O segredo anterior também assina as entregas até \d{2}\/\d{2}\/\d{4}/)
      .waitFor();
    secrets.push(secret, rotated);
    // The list as it is now (the resend above has been delivered since).
    await page.reload();
    await hydrated(page, "[data-testid=webhook-add]");
    await ours(page).getByTestId("webhook-previous-secret").waitFor();
    await ours(page).getByTestId("webhook-deliveries-toggle").click();
    await ours(page).locator("[data-testid=webhook-delivery][data-status=sent]").first().waitFor();
    const beforeRotated = hits.length;
    await row.first().getByTestId("webhook-delivery-resend").click();
    await toastShown(page, "Entrega reenviada");
    const signedTwice = await arrived(
      "resent after the rotation",
      (hit) => hit.headers["webhook-id"] === moved.headers["webhook-id"],
      beforeRotated,
    );
    assert.equal(String(signedTwice.headers["webhook-signature"]).split(" ").length, 2);
    for (const key of [secret, rotated]) new Webhook(key).verify(signedTwice.body, signedTwice.headers as Record<string, string>);
    await admin.close();
  });

  for (const [language, text] of [
    ["pt", { title: "Webhooks", show: "Ver entregas", status: "Entregue", previous: "O segredo anterior também assina as entregas até" }],
    [
      "es",
      { title: "Webhooks", show: "Ver entregas", status: "Entregado", previous: "El secreto anterior también firma las entregas hasta el" },
    ],
    [
      "en",
      { title: "Webhooks", show: "Show deliveries", status: "Delivered", previous: "The previous secret also signs deliveries until" },
    ],
  ] as const) {
    it(`reads in ${language} at 1280 and 390 px`, async () => {
      for (const [width, options] of [
        [1280, DESKTOP],
        [390, PHONE],
      ] as const) {
        const admin = await journeys.signIn("admin", { ...options, language, path: "/settings?tab=api" });
        const { page } = admin;
        await ours(page).waitFor();
        await hydrated(page, "[data-testid=webhook-add]");
        await ours(page).getByRole("button", { name: text.show }).click();
        await ours(page).getByTestId("webhook-delivery-status").filter({ hasText: text.status }).first().waitFor();
        await ours(page).getByTestId("webhook-previous-secret").getByText(text.previous, { exact: false }).waitFor();
        await assertNoSidewaysScroll(page, `webhooks ${language} ${width}`, ["[data-testid=webhooks-panel]"]);
        const violations = await auditScreen(page);
        assert.equal(violations.length, 0, describeViolations(violations));
        await snapshot(page, `crm-webhooks-${language}-${width}`);
        await admin.close();
      }
    });
  }

  it("an admin deletes the webhook after confirming; managers see no panel", async () => {
    // The rotation whose answer is lost (below) is a reset request, which the browser reports.
    const admin = await journeys.signIn("admin", {
      ...DESKTOP,
      path: "/settings?tab=api",
      allowConsoleErrors: [/^Failed to load resource: net::ERR_CONNECTION_RESET/],
    });
    const { page } = admin;
    await ours(page).waitFor();
    await hydrated(page, "[data-testid=webhook-add]");
    const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);
    const rotateButton = ours(page).getByTestId("webhook-rotate");

    // A rotation that reaches the server but whose answer the connection loses (the browser
    // still online): the screen cannot know whether the secret changed, says so, and reads the
    // list again, which shows what is true (here: the previous secret revoked, its line gone).
    await ours(page).getByTestId("webhook-previous-secret").waitFor();
    await page.route("**/api/webhooks/*/rotate-secret", async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    await rotateButton.click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByTestId("webhook-rotate-revoke").click();
    await confirm.getByRole("button", { name: "Gerar novo segredo" }).click();
    const lost = await toastShown(page, "Não foi possível gerar um novo segredo");
    assert.equal(
      lost.description,
      "A conexão caiu antes da resposta: o segredo pode ter mudado sem ser mostrado. A lista foi atualizada; na dúvida, gere um novo segredo.",
    );
    await ours(page).getByTestId("webhook-previous-secret").waitFor({ state: "detached" });
    await page.unroute("**/api/webhooks/*/rotate-secret");

    // By keyboard: Escape gives the focus back to 'Gerar novo segredo'.
    await rotateButton.focus();
    await page.keyboard.press("Enter");
    await confirm.waitFor();
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await eventually(focusedTestId, (id) => id === "webhook-rotate", 5_000);
    assert.equal(await focusedTestId(), "webhook-rotate", "the focus is back on the button that opened the dialog");

    // A leaked secret: rotated again with 'Invalidar o segredo atual agora' ticked (by keyboard):
    // the old ones stop signing at once.
    await page.keyboard.press("Enter");
    await confirm.getByTestId("webhook-rotate-revoke").focus();
    await page.keyboard.press("Space");
    assert.equal(await confirm.getByTestId("webhook-rotate-revoke").getAttribute("data-state"), "checked");
    await confirm.getByRole("button", { name: "Gerar novo segredo" }).click();
    const secretDialog = page.getByTestId("webhook-secret-dialog");
    const newest = await secretDialog.getByTestId("webhook-secret").inputValue();
    await secretDialog.getByTestId("webhook-secret-done").click();
    await secretDialog.waitFor({ state: "detached" });
    // 'Já copiei' gives the focus back to that webhook's 'Gerar novo segredo'.
    await eventually(focusedTestId, (id) => id === "webhook-rotate", 5_000);
    assert.equal(await focusedTestId(), "webhook-rotate");
    await ours(page).getByTestId("webhook-previous-secret").waitFor({ state: "detached" });
    await ours(page).getByTestId("webhook-deliveries-toggle").click();
    const before = hits.length;
    await ours(page).getByTestId("webhook-delivery-resend").first().click();
    await toastShown(page, "Entrega reenviada");
    const resent = await arrived("resent after the revocation", () => true, before);
    assert.equal(String(resent.headers["webhook-signature"]).split(" ").length, 1);
    new Webhook(newest).verify(resent.body, resent.headers as Record<string, string>);
    for (const old of secrets) assert.throws(() => new Webhook(old).verify(resent.body, resent.headers as Record<string, string>));

    await ours(page).getByTestId("webhook-remove").click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir webhook" }).click();
    await toastShown(page, "Webhook excluído.");
    await ours(page).waitFor({ state: "detached" });
    // Every change to the endpoint is on Settings → Usuários' audit trail (security review of issue 25).
    await page.goto("/settings?tab=users");
    const trail = page.getByTestId("users-audit");
    for (const text of [
      /cadastrou o webhook .*127\.0\.0\.1/,
      /reenviou uma entrega do webhook .*127\.0\.0\.1/,
      /gerou um novo segredo para o webhook .*127\.0\.0\.1.* \(o anterior vale por mais 24 horas\)/,
      /gerou um novo segredo para o webhook .*127\.0\.0\.1.* \(o anterior foi invalidado na hora\)/,
      /excluiu o webhook .*127\.0\.0\.1/,
    ]) {
      await trail.getByTestId("audit-entry").filter({ hasText: text }).first().waitFor();
    }
    await admin.close();

    const manager = await journeys.signIn("manager", { ...DESKTOP, path: "/settings?tab=api" });
    await manager.page.getByTestId("api-admins-only").waitFor();
    assert.equal(await manager.page.getByTestId("webhooks-panel").count(), 0);
    await manager.close();
  });
});
