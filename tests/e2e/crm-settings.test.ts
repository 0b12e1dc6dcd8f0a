// Settings → Perfil (issue 22): the tab in the URL, the profile as the database has it, a name
// and phone saved with the spec's toast and shown at once in the sidebar, a field's error under
// it, 390 px, es and en, axe. The demo user's name is put back afterwards (other files use it).
// The photo and the password change run on a server of their own (serverOverEmptyDatabase):
// a password change ends the user's other sessions, which other files' journeys hold.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import {
  assertNoSidewaysScroll,
  callApi,
  DEMO_PASSWORD,
  DEMO_USERS,
  DESKTOP,
  failedRequest,
  fillSignIn,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
  urlWhere,
} from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

describe("settings: Perfil", () => {
  it("edits the name and phone: the toast, the sidebar at once, kept after a reload; a bad phone is said under its field", async () => {
    // The bad phone is refused with a 400, which the browser reports.
    const { page } = await journeys.signIn("rep", { ...DESKTOP, path: "/settings", allowConsoleErrors: [failedRequest(400)] });
    const form = page.getByTestId("profile-settings");
    await form.waitFor();
    assert.equal(await page.getByTestId("settings-tab-profile").getAttribute("aria-current"), "page");
    const original = await page.getByTestId("profile-name-input").inputValue();
    assert.equal(await page.getByTestId("sidebar-user-name").innerText(), original);
    try {
      await page.getByTestId("profile-name-input").fill(`  ${original} Teste  `);
      await page.getByTestId("profile-phone-input").fill("11 98888 7777");
      await page.getByTestId("profile-save").click();
      await toastShown(page, "Perfil atualizado com sucesso!");
      await page.getByTestId("sidebar-user-name").getByText(`${original} Teste`, { exact: true }).waitFor();
      assert.equal(await page.getByTestId("profile-phone-input").inputValue(), "(11) 98888-7777");
      await page.reload();
      assert.equal(await page.getByTestId("profile-name-input").inputValue(), `${original} Teste`);

      await page.getByTestId("profile-phone-input").fill("não é telefone");
      await page.getByTestId("profile-save").click();
      const toast = await toastShown(page, "Não foi possível atualizar o perfil");
      assert.equal(toast.variant, "destructive");
      assert.equal(
        await page.getByTestId("profile-phone-error").innerText(),
        "Telefone inválido. Use DDD e número, como (11) 98888-7777, ou + e o código do país.",
      );
      assert.equal(await page.getByTestId("profile-phone-input").getAttribute("aria-invalid"), "true");
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await snapshot(page, "crm-settings-profile-pt-1280");

      // The other tab, by its link.
      await page.getByTestId("settings-tab-notifications").click();
      await page.getByTestId("notification-settings").waitFor();
      assert.equal(new URL(page.url()).searchParams.get("tab"), "notifications");
    } finally {
      const restored = await callApi(page, "PATCH", "/users/me", { name: original, phone: "" });
      assert.equal(restored.status, 200);
    }
  });

  for (const [language, tab, save, photo, password, options, width] of [
    ["es", "Perfil", "Guardar cambios", "Cambiar foto", "Cambiar contraseña", PHONE, 390],
    ["en", "Profile", "Save changes", "Change photo", "Change password", DESKTOP, 1280],
  ] as const) {
    it(`${language} at ${width} px: translated, no sideways scroll, axe clean`, async () => {
      const { page } = await journeys.signIn("manager", { ...options, path: "/settings", language });
      await page.getByTestId("settings-tab-profile").getByText(tab, { exact: true }).waitFor();
      await page.getByRole("button", { name: save }).waitFor();
      await page.getByRole("button", { name: photo }).waitFor();
      await page.getByRole("heading", { name: password }).waitFor();
      await page.getByRole("button", { name: password }).waitFor();
      await assertNoSidewaysScroll(page, `${language} ${width}`);
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await snapshot(page, `crm-settings-profile-${language}-${width}`);
    });
  }
});

/** A 2 × 2 PNG (red, green, blue, white). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAsICBgYHh/////wEclwWckfxhMQAAAABJRU5ErkJggg==",
  "base64",
);

describe("settings: Perfil's photo and password (a server of its own)", () => {
  const server = serverOverEmptyDatabase("manager");

  it("the photo: chosen from the keyboard, shown at once here and in the sidebar, served to the page; a text file refused with the reason; removed back to the initial", async () => {
    const { page } = await journeys.signIn("manager", {
      ...DESKTOP,
      baseURL: server.url,
      path: "/settings",
      // The text file refused; the removed image asked for at the end.
      allowConsoleErrors: [failedRequest(400), failedRequest(404)],
    });
    await page.getByTestId("profile-settings").waitFor();
    // No photo yet: the initial, and no 'Remover foto'.
    assert.equal(await page.getByTestId("profile-avatar-remove").count(), 0);
    assert.equal(await page.getByTestId("sidebar-user-avatar").count(), 0);

    // 'Alterar foto' is a button: focused and pressed with the keyboard, it opens the file picker.
    const change = page.getByTestId("profile-avatar-change");
    await hydrated(page, "[data-testid=profile-avatar-change]");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser", { timeout: 10_000 }), change.press("Enter")]);
    await chooser.setFiles({ name: "eu.jpg", mimeType: "image/jpeg", buffer: PNG });
    await toastShown(page, "Foto atualizada!");
    const shown = page.getByTestId("profile-avatar");
    await shown.waitFor();
    const url = (await shown.getAttribute("src")) ?? "";
    assert.match(url, /^\/api\/avatars\/[^/]+\/[0-9a-f]{16}-[0-9a-z]{8}\.png$/);
    // The sidebar's user card shows the same image, loaded (not the initial), without a reload.
    const sidebar = page.getByTestId("sidebar-user-avatar");
    await sidebar.waitFor();
    assert.equal(await sidebar.getAttribute("src"), url);
    assert.equal(await sidebar.evaluate((img) => (img as HTMLImageElement).naturalWidth), 2);
    const served = await page.evaluate(async (src) => {
      const response = await fetch(src);
      return { type: response.headers.get("Content-Type"), cache: response.headers.get("Cache-Control") };
    }, url);
    assert.deepEqual(served, { type: "image/png", cache: "private, max-age=31536000, immutable" });
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-settings-profile-photo-pt-1280");

    // Text under an image's name: refused, with the reason, and the photo stays.
    await page
      .getByTestId("profile-avatar-input")
      .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("não sou imagem") });
    const refused = await toastShown(page, "Não foi possível atualizar a foto");
    assert.deepEqual([refused.variant, refused.description], ["destructive", "Envie uma imagem PNG, JPEG ou WebP de até 2 MB."]);
    assert.equal(await page.getByTestId("profile-avatar").getAttribute("src"), url);

    await page.reload();
    await page.getByTestId("sidebar-user-avatar").waitFor();
    await page.getByTestId("profile-avatar-remove").click();
    await toastShown(page, "Foto removida. Voltou a inicial do seu nome.");
    await page.getByTestId("sidebar-user-avatar").waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("profile-avatar").count(), 0);
    // Gone from R2 too (asked past the browser's cache, which may keep the image: its URL never changes meaning).
    assert.equal(await page.evaluate(async (src) => (await fetch(src, { cache: "no-store" })).status, url), 404);
  });

  it("the password: errors under their fields, 'Senha alterada com sucesso!', the new one signs in and the old one no longer does", async () => {
    const NEW_PASSWORD = "gerente troca a senha 2026";
    const { page } = await journeys.signIn("manager", {
      ...DESKTOP,
      baseURL: server.url,
      path: "/settings",
      allowConsoleErrors: [failedRequest(400)],
    });
    const form = page.getByTestId("password-settings");
    await form.waitFor();
    assert.equal(await page.getByTestId("password-current").getAttribute("autocomplete"), "current-password");
    assert.equal(await page.getByTestId("password-next").getAttribute("autocomplete"), "new-password");
    assert.equal(await page.getByTestId("password-confirm").getAttribute("autocomplete"), "new-password");
    let changed = false;
    try {
      // Confirmation that differs: said under it, nothing sent.
      await page.getByTestId("password-current").fill(DEMO_PASSWORD);
      await page.getByTestId("password-next").fill(NEW_PASSWORD);
      await page.getByTestId("password-confirm").fill(`${NEW_PASSWORD}!`);
      await page.getByTestId("password-save").click();
      assert.equal(await page.getByTestId("password-confirm-error").innerText(), "As senhas não coincidem.");

      // A common new password: the rule under 'Nova senha'.
      await page.getByTestId("password-next").fill("12345678");
      await page.getByTestId("password-confirm").fill("12345678");
      await page.getByTestId("password-save").click();
      assert.equal(await page.getByTestId("password-next-error").innerText(), "Esta senha é comum demais. Escolha outra.");

      // A wrong current password: under 'Senha atual'.
      await page.getByTestId("password-current").fill("não é a senha");
      await page.getByTestId("password-next").fill(NEW_PASSWORD);
      await page.getByTestId("password-confirm").fill(NEW_PASSWORD);
      await page.getByTestId("password-save").click();
      assert.equal(await page.getByTestId("password-current-error").innerText(), "A senha atual está incorreta.");
      assert.equal(await page.getByTestId("password-current").getAttribute("aria-invalid"), "true");
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      await page.getByTestId("password-current").fill(DEMO_PASSWORD);
      await page.getByTestId("password-save").click();
      await toastShown(page, "Senha alterada com sucesso!");
      changed = true;
      assert.equal(await page.getByTestId("password-current").inputValue(), "");
      assert.equal(await page.getByTestId("password-current-error").count(), 0);
      // This session stays: the CRM still answers it.
      assert.equal((await callApi(page, "GET", "/notifications")).status, 200);

      // Signing in afresh: the old password is refused, the new one opens the CRM.
      const visitor = await journeys.open({ ...DESKTOP, baseURL: server.url, allowConsoleErrors: [failedRequest(400)] });
      await visitor.page.goto("/auth");
      await fillSignIn(visitor.page, DEMO_USERS.manager, DEMO_PASSWORD);
      await visitor.page.getByText("Email ou senha inválidos").first().waitFor();
      await fillSignIn(visitor.page, DEMO_USERS.manager, NEW_PASSWORD);
      await urlWhere(visitor.page, (url) => url.pathname === "/dashboard");
      // Closed before the password is put back below: that change ends every other session,
      // and this tab's next request would then be refused (401) while the journey still watches it.
      await visitor.close();
    } finally {
      // The demo password back, for this server's other journeys.
      if (changed) {
        const restored = await callApi(page, "POST", "/users/me/password", { current_password: NEW_PASSWORD, new_password: DEMO_PASSWORD });
        assert.equal(restored.status, 204);
      }
    }
  });
});
