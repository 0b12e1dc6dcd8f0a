// Settings → Usuários (issue 22), on a server of its own (serverOverEmptyDatabase): inviting,
// deactivating and the audit trail change the team, which other files' journeys rely on.
// An admin invites a colleague, who opens the e-mailed link, sets a password and lands in the
// CRM; the admin deactivates them and their open tab is signed out within seconds; a manager
// sees the table read-only (es at 390 px), with an accent-blind search and its empty text.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { openD1File } from "./support/d1.ts";
import { eventually } from "./support/eventually.ts";
import {
  assertNoSidewaysScroll,
  DESKTOP,
  failedRequest,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
  urlWhere,
} from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

describe("settings: Usuários", () => {
  const server = serverOverEmptyDatabase("admin", "manager");

  /** The invitation link the server queued for `to` (its local transport stores every e-mail). */
  const invitationLink = async (to: string) => {
    const row = await eventually(
      async () => {
        const db = openD1File(server.stateDir);
        try {
          return db
            .prepare("select text_body from email_outbox where kind = 'user_invitation' and to_address = ? order by created_at desc")
            .get(to) as { text_body: string } | undefined;
        } finally {
          db.close();
        }
      },
      (found) => found !== undefined,
      10_000,
    );
    assert.ok(row, `an invitation e-mail to ${to}`);
    return new URL(row.text_body.match(/https?:\/\/\S+/)![0]);
  };

  it("an admin invites a colleague who sets a password from the e-mail and signs in; deactivated, their open tab is signed out within seconds", async () => {
    // The taken e-mail is refused with a 409, which the browser reports.
    const { page } = await journeys.signIn("admin", {
      ...DESKTOP,
      baseURL: server.url,
      path: "/settings?tab=users",
      allowConsoleErrors: [failedRequest(409)],
    });
    await page.getByTestId("users-settings").waitFor();
    // Usuários is a chunk of its own (the page's budget): its controls act once it has hydrated.
    await hydrated(page, "[data-testid=users-settings]");
    assert.equal(await page.getByTestId("settings-tab-users").getAttribute("aria-current"), "page");
    assert.equal(await page.getByTestId("user-row").count(), 2);

    // 'Convidar Usuário': a taken e-mail is said under its field, then the real invitation.
    await page.getByTestId("users-invite").click();
    const dialog = page.getByTestId("invite-dialog");
    await dialog.waitFor();
    await page.getByTestId("invite-name").fill("Júlia Convidada");
    await page.getByTestId("invite-email").fill("manager@demo.test");
    await page.getByTestId("invite-submit").click();
    assert.equal(await page.getByTestId("invite-email-error").innerText(), "Já existe um usuário com o e-mail manager@demo.test.");
    await page.getByTestId("invite-email").fill("Julia@Demo.test");
    await page.getByTestId("invite-submit").click();
    await toastShown(page, "Convite enviado para julia@demo.test");
    await dialog.waitFor({ state: "detached" });
    const row = page.getByTestId("user-row").filter({ hasText: "julia@demo.test" });
    await row.getByTestId("user-status").getByText("Convite pendente", { exact: true }).waitFor();
    assert.equal(await row.getByTestId("user-role").innerText(), "Vendedor");
    assert.match(await row.getByTestId("user-created").innerText(), /^\d{1,2} de [a-zç]+ de \d{4}/);
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-settings-users-pt-1280");

    // The colleague opens the e-mailed link in their own browser, sets a password, is in.
    const link = await invitationLink("julia@demo.test");
    assert.equal(link.searchParams.get("type"), "invite");
    // Deactivated later, their tab's requests are refused (401, the refresh 400) before it leaves.
    const invitee = await journeys.open({ ...DESKTOP, baseURL: server.url, allowConsoleErrors: [failedRequest(401), failedRequest(400)] });
    await invitee.page.goto(link.pathname + link.search);
    await invitee.page.getByRole("heading", { name: "Bem-vindo(a) ao CRM" }).waitFor();
    assert.match(
      await invitee.page.locator("main, body").first().innerText(),
      /Olá, Júlia Convidada! Defina uma senha para a conta julia@demo\.test/,
    );
    await invitee.page.locator("input[name=password]").fill("senha longa da Júlia");
    await invitee.page.locator("input[name=confirm]").fill("senha longa da Júlia");
    await invitee.page.getByRole("button", { name: "Definir senha e entrar" }).click();
    await urlWhere(invitee.page, (url) => url.pathname === "/dashboard");
    await toastShown(invitee.page, "Senha definida. Bem-vindo(a)!");
    // The link was single use.
    const again = await journeys.open({ ...DESKTOP, baseURL: server.url });
    await again.page.goto(link.pathname + link.search);
    await again.page.getByText("Este convite expirou ou já foi usado. Peça um novo convite a um administrador.").waitFor();
    await again.close();

    // The admin sees the colleague active, and the trail of both events.
    await page.reload();
    await row.getByTestId("user-status").getByText("Ativo", { exact: true }).waitFor();
    const audit = page.getByTestId("users-audit");
    await audit.getByText("Júlia Convidada aceitou o convite").waitFor();
    await audit.getByText(/convidou Júlia Convidada como Vendedor/).waitFor();

    // Deactivated from the row's menu (confirmed): the colleague's open tab goes to sign-in.
    await row.getByTestId("user-actions").click();
    await page.getByTestId("user-deactivate").click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Desativar" }).click();
    await toastShown(page, "Júlia Convidada foi desativado(a)");
    await row.getByTestId("user-status").getByText("Inativo", { exact: true }).waitFor();
    await eventually(
      () => Promise.resolve(new URL(invitee.page.url()).pathname),
      (path) => path === "/auth",
      10_000,
      100,
    );
    assert.equal(new URL(invitee.page.url()).pathname, "/auth", "the deactivated colleague's tab is signed out within 10 s");

    // Reactivated: the role menu and the trail follow.
    await row.getByTestId("user-actions").click();
    await page.getByTestId("user-reactivate").click();
    await toastShown(page, "Júlia Convidada foi reativado(a)");
    await row.getByTestId("user-actions").click();
    await page.getByTestId("user-role-manager").click();
    await toastShown(page, "Função de Júlia Convidada alterada para Gerente");
    await row.getByTestId("user-role").getByText("Gerente", { exact: true }).waitFor();
    await audit.getByText(/alterou a função de Júlia Convidada: Vendedor → Gerente/).waitFor();
  });

  it("a manager sees the team read-only in es at 390 px: no invitation, no actions; the search ignores accents and case", async () => {
    const { page } = await journeys.signIn("manager", { ...PHONE, baseURL: server.url, language: "es", path: "/settings?tab=users" });
    await page.getByTestId("users-settings").waitFor();
    // Usuários is a chunk of its own (the page's budget): its controls act once it has hydrated.
    await hydrated(page, "[data-testid=users-settings]");
    await page.getByText("Solo los administradores invitan, cambian funciones y desactivan usuarios.").waitFor();
    assert.equal(await page.getByTestId("users-invite").count(), 0);
    assert.equal(await page.getByTestId("user-actions").count(), 0);
    assert.equal(await page.getByTestId("users-audit").count(), 0);

    await page.getByTestId("users-search").fill("JULIA");
    await eventually(
      () => page.getByTestId("user-row").count(),
      (n) => n === 1,
      5_000,
    );
    assert.match(await page.getByTestId("user-row").innerText(), /Júlia Convidada/);
    await page.getByTestId("users-search").fill("nadie");
    assert.equal(await page.getByTestId("users-empty").innerText(), "Ningún usuario encontrado");
    await page.getByTestId("users-search").fill("");
    await assertNoSidewaysScroll(page, "Usuarios at 390 px");
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-settings-users-es-390");
  });

  it("an admin in en at 390 px: the row actions and the invitation dialog work from the keyboard, axe clean, no sideways scroll", async () => {
    const { page } = await journeys.signIn("admin", { ...PHONE, baseURL: server.url, language: "en", path: "/settings?tab=users" });
    await page.getByTestId("users-settings").waitFor();
    // Usuários is a chunk of its own (the page's budget): its controls act once it has hydrated.
    await hydrated(page, "[data-testid=users-settings]");
    await page.getByText("Who uses the CRM, in which role, and who has not accepted their invitation yet.").waitFor();
    await assertNoSidewaysScroll(page, "Users at 390 px");
    // The invitation dialog opens from the keyboard and gives the focus back when closed.
    await page.getByTestId("users-invite").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("invite-dialog").waitFor();
    await page.getByRole("heading", { name: "Invite user" }).waitFor();
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-settings-users-invite-en-390");
    await page.keyboard.press("Escape");
    await page.getByTestId("invite-dialog").waitFor({ state: "detached" });
    // Radix gives the focus back as the dialog finishes closing, a moment after it left the DOM
    // on a busy machine (the fresh-clone CI once read it in between).
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);
    assert.equal(await eventually(focused, (id) => id === "users-invite", 3000, 50), "users-invite");
    // A row's menu from the keyboard: the role choices and, for someone else, Deactivate.
    const row = page.getByTestId("user-row").filter({ hasText: "manager@demo.test" });
    await row.getByTestId("user-actions").focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitemradio", { name: "Manager" }).waitFor();
    assert.equal(await page.getByRole("menuitemradio", { name: "Manager" }).getAttribute("aria-checked"), "true");
    await page.getByRole("menuitem", { name: "Deactivate" }).waitFor();
    // The menu's own contrast (its label): axe on the menu alone, since a modal menu hides the page behind it.
    const menuViolations = (await auditScreen(page)).filter((violation) => violation.id !== "aria-hidden-focus");
    assert.equal(menuViolations.length, 0, describeViolations(menuViolations));
    await page.keyboard.press("Escape");
    // Your own row has no Deactivate.
    await page.getByTestId("user-row").filter({ hasText: "admin@demo.test" }).getByTestId("user-actions").click();
    await page.getByRole("menuitemradio", { name: "Admin" }).waitFor();
    assert.equal(await page.getByRole("menuitem", { name: "Deactivate" }).count(), 0);
    await page.keyboard.press("Escape");
  });
});
