// Settings → Sistema (issue 22): an admin saves the organisation's settings (the spec's toast,
// the company name in the frame at once, money and dates following), maintenance mode puts the
// public contact form and the blog's newsletter box behind 'back soon' and is switched off
// again, 'Limpar Cache' says what it cleared, a manager sees everything read-only; es at
// 390 px, en at 1280 px, axe on each.
// Everything here changes the organisation's settings, which every screen obeys: it runs on a
// server of its own over an empty database (serverOverEmptyDatabase), never the shared one.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import {
  assertNoSidewaysScroll,
  callApi,
  DESKTOP,
  failedRequest,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
} from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

const DEFAULTS = {
  company_name: "Minha Empresa",
  time_zone: "America/Sao_Paulo",
  currency: "BRL",
  auto_backup: true,
  maintenance_mode: false,
  debug_mode: false,
};

describe("settings: Sistema", () => {
  const server = serverOverEmptyDatabase("admin", "manager");

  it("an admin saves: the toast, the company name in the frame, US$ first on the reports; maintenance puts the contact form behind 'back soon', then off again; Limpar Cache", async () => {
    const { page } = await journeys.signIn("admin", {
      ...DESKTOP,
      baseURL: server.url,
      path: "/settings?tab=system",
      // The empty name's 400 and the contact form's 503 during maintenance, as the browser reports them.
      allowConsoleErrors: [failedRequest(400), failedRequest(503)],
    });
    try {
      const form = page.getByTestId("system-settings");
      await form.waitFor();
      await hydrated(page, "[data-testid=system-settings]");
      assert.equal(await page.getByTestId("settings-tab-system").getAttribute("aria-current"), "page");
      assert.equal(await page.getByTestId("crm-company-name").innerText(), "Minha Empresa");
      assert.equal(await page.getByTestId("system-company-name").inputValue(), "Minha Empresa");
      assert.equal(await page.getByTestId("system-auto_backup").getAttribute("aria-checked"), "true");
      assert.equal(await page.getByTestId("system-maintenance_mode").getAttribute("aria-checked"), "false");
      // The Dados card: export and import for admins (and managers; their own journeys drive them).
      assert.equal(
        await page
          .getByTestId("system-data")
          .getByRole("button", { name: /^(Exportar Dados|Importar Dados)$/ })
          .count(),
        2,
      );
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      await page.getByTestId("system-company-name").fill("  Acme Vendas  ");
      await page.getByTestId("system-currency").click();
      await page.getByRole("option", { name: "Dólar americano (US$)" }).click();
      await page.getByTestId("system-time-zone").click();
      await page.getByRole("option", { name: "Nova York (Leste dos EUA)" }).click();
      await page.getByTestId("system-save").click();
      await toastShown(page, "Configurações do sistema salvas!");
      // The frame reads the settings again: the new name at once.
      await page.getByTestId("crm-company-name").getByText("Acme Vendas", { exact: true }).waitFor();
      assert.equal(await page.getByTestId("system-company-name").inputValue(), "Acme Vendas");
      assert.match(
        await page.getByTestId("system-updated").innerText(),
        /^Última alteração por .+ em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/,
      );
      await snapshot(page, "crm-settings-system-pt-1280");

      // An empty name is refused, under the field.
      await page.getByTestId("system-company-name").fill("   ");
      await page.getByTestId("system-save").click();
      const refused = await toastShown(page, "Não foi possível salvar as configurações");
      assert.equal(refused.variant, "destructive");
      assert.equal(await page.getByTestId("system-company-name-error").innerText(), "Campo obrigatório.");
      assert.equal(await page.getByTestId("system-company-name").getAttribute("aria-invalid"), "true");
      await page.getByTestId("system-company-name").fill("Acme Vendas");

      // Reports: the empty organisation's total value reads in its currency.
      await page.goto("/reports");
      await page.getByTestId("report-chart").waitFor();
      assert.match(await page.getByTestId("report-card-total-value").getByTestId("report-card-value").innerText(), /^US\$\s?0$/);

      // Limpar Cache: the toast says what went.
      await page.goto("/settings?tab=system");
      await hydrated(page, "[data-testid=system-settings]");
      await page.getByTestId("system-clear-cache").click();
      const cleared = await toastShown(page, "Cache limpo");
      assert.match(cleared.description, /painel/);

      // Maintenance on: the public contact form says 'back soon' and stores nothing.
      await page.getByTestId("system-maintenance_mode").click();
      await page.getByTestId("system-save").click();
      await toastShown(page, "Configurações do sistema salvas!");
      await page.getByTestId("system-maintenance-active").waitFor();
      const visitor = await page.context().newPage();
      await visitor.goto("/contact");
      await hydrated(visitor, "[data-testid=contact-form]");
      await visitor.getByRole("textbox", { name: /^Nome\b/ }).fill("Paula Ferreira");
      await visitor.getByRole("textbox", { name: /^E-mail\b/ }).fill("paula.maintenance@example.com");
      await visitor.getByRole("textbox", { name: /^Mensagem\b/ }).fill("Queremos um aplicativo de agendamento para 12 clínicas.");
      await visitor.getByRole("button", { name: "Enviar mensagem" }).click();
      await visitor.getByTestId("contact-error").getByText("Estamos em manutenção e voltamos em breve", { exact: false }).waitFor();
      assert.equal(await visitor.getByTestId("contact-success").count(), 0);
      await snapshot(visitor, "crm-settings-system-maintenance-contact-pt-1280");
      // The blog's newsletter box, in English: the same 'back soon'.
      await visitor.goto("/en/blog");
      await hydrated(visitor, "[data-testid=newsletter] form");
      const box = visitor.getByTestId("newsletter");
      await box.getByLabel("Your email").fill("reader.maintenance@example.com");
      await box.getByRole("button", { name: "Subscribe" }).click();
      await box.getByTestId("newsletter-error").getByText("We're down for maintenance and will be back soon.", { exact: false }).waitFor();
      assert.equal(await box.getByTestId("newsletter-confirmation").count(), 0);
      await visitor.close();

      // Off again: the switch saved off, the notice gone.
      await page.getByTestId("system-maintenance_mode").click();
      await page.getByTestId("system-save").click();
      await toastShown(page, "Configurações do sistema salvas!");
      await page.getByTestId("system-maintenance-active").waitFor({ state: "detached" });
      const after = await callApi<{ settings: typeof DEFAULTS }>(page, "GET", "/settings/system");
      assert.equal(after.body.settings.maintenance_mode, false);

      // Debug mode: pages (server-rendered) get a request id too; off again, none.
      await page.getByTestId("system-debug_mode").click();
      await page.getByTestId("system-save").click();
      await toastShown(page, "Configurações do sistema salvas!");
      const debugged = await page.goto("/dashboard");
      assert.match(debugged?.headers()["x-request-id"] ?? "", /^[0-9a-f-]{36}$/);
      const quiet = await callApi(page, "PUT", "/settings/system", {
        ...DEFAULTS,
        company_name: "Acme Vendas",
        currency: "USD",
        time_zone: "America/New_York",
      });
      assert.equal(quiet.status, 200);
      assert.equal((await page.goto("/dashboard"))?.headers()["x-request-id"], undefined);
    } finally {
      const restored = await callApi(page, "PUT", "/settings/system", DEFAULTS);
      assert.equal(restored.status, 200);
    }
  });

  it("a manager sees them read-only: disabled controls, the note, no 'Salvar'", async () => {
    const { page } = await journeys.signIn("manager", { ...DESKTOP, baseURL: server.url, path: "/settings?tab=system" });
    await page.getByTestId("system-settings").waitFor();
    await page
      .getByTestId("system-settings-readonly")
      .getByText("Somente administradores podem alterar as configurações do sistema.")
      .waitFor();
    assert.equal(await page.getByTestId("system-company-name").isDisabled(), true);
    for (const id of ["system-time-zone", "system-currency", "system-auto_backup", "system-maintenance_mode", "system-debug_mode"]) {
      assert.equal(await page.getByTestId(id).isDisabled(), true, id);
    }
    assert.equal(await page.getByTestId("system-save").count(), 0);
    // Limpar Cache is the browser's own: anyone may.
    assert.equal(await page.getByTestId("system-clear-cache").isDisabled(), false);
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-settings-system-readonly-pt-1280");
  });

  for (const [language, options, width, save, heading, maintenance] of [
    ["es", PHONE, 390, "Guardar", "Configuración del sistema", "Modo mantenimiento"],
    ["en", DESKTOP, 1280, "Save", "System settings", "Maintenance mode"],
  ] as const) {
    it(`${language} at ${width} px: translated, no sideways scroll, axe clean`, async () => {
      const { page } = await journeys.signIn("admin", { ...options, baseURL: server.url, path: "/settings?tab=system", language });
      await page.getByRole("heading", { name: heading }).waitFor();
      await page.getByRole("button", { name: save, exact: true }).waitFor();
      await page.getByRole("switch", { name: maintenance }).waitFor();
      await assertNoSidewaysScroll(page, `settings system ${language} ${width}`);
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await snapshot(page, `crm-settings-system-${language}-${width}`);
    });
  }
});
