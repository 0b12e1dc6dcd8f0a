import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { baseUrl, holdRequests, hydrated, snapshot } from "./support/chromium.ts";
import { eventually } from "./support/eventually.ts";
import { DEMO_PASSWORD, failedRequest, fillSignIn as signIn, setUpJourneys, toastShown } from "./support/journey.ts";
import { latestEmailTo } from "./support/outbox.ts";

const journeys = setUpJourneys();

describe("sign-in", () => {
  for (const [email, name, role] of [
    ["admin@demo.test", "Ana Administradora", "Admin"],
    ["manager@demo.test", "Marcos Gerente", "Gerente"],
    ["rep@demo.test", "Rita Vendedora", "Vendedor"],
  ] as const) {
    it(`signs in ${email} and shows the frame with name and role`, async () => {
      const { page, context } = await journeys.open();
      await page.goto("/auth");
      await page.getByRole("heading", { name: "Entrar no CRM" }).waitFor();
      await signIn(page, email);
      await page.waitForURL("**/dashboard");
      await toastShown(page, "Login realizado com sucesso!");
      assert.equal(await page.getByTestId("sidebar-user-name").textContent(), name);
      assert.equal(await page.getByTestId("sidebar-user-role").textContent(), role);
      assert.equal(await page.getByTestId("crm-title").textContent(), "Dashboard");
      if (role === "Admin") await snapshot(page, "crm-frame-pt");
      await context.close();
    });
  }

  it("goes to the page asked for in place of /auth in the history, in one navigation, with nothing in the console", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/pt/about");
    await page.goto("/auth?redirectTo=%2Fleads");
    await hydrated(page, "form button[type=submit]");
    const screenLoads: string[] = [];
    page.on("request", (request) => {
      if (/\/(dashboard|leads)\.data/.test(request.url())) screenLoads.push(new URL(request.url()).pathname);
    });
    await signIn(page, "rep@demo.test");
    await page.waitForURL((url) => url.pathname === "/leads");
    await toastShown(page, "Login realizado com sucesso!");
    await hydrated(page, "[data-testid=quick-search-button]");
    assert.deepEqual([...new Set(screenLoads)], ["/leads.data"], "only the asked-for screen is loaded");
    // Back leaves the CRM for the page before the sign-in, not the sign-in form again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/pt/about");
    await context.close();
  });

  it("shows the server's message for a wrong password and keeps the e-mail", async () => {
    const { page, context } = await journeys.open({ allowConsoleErrors: [failedRequest(400)] });
    await page.goto("/auth");
    await signIn(page, "rep@demo.test", "not-the-password");
    await page.getByRole("alert").filter({ hasText: "Email ou senha inválidos" }).first().waitFor();
    await toastShown(page, "Erro ao fazer login");
    assert.equal(await page.getByLabel("Email").inputValue(), "rep@demo.test");
    assert.match(new URL(page.url()).pathname, /^\/auth$/);
    await snapshot(page, "auth-wrong-password");
    await context.close();
  });

  it("works with JavaScript disabled", async () => {
    const { page, context } = await journeys.open({ javaScriptEnabled: false });
    await page.goto("/auth");
    await signIn(page, "manager@demo.test");
    await page.waitForURL("**/dashboard");
    assert.equal(await page.getByTestId("sidebar-user-name").textContent(), "Marcos Gerente");
    await context.close();
  });
});

describe("protected routes", () => {
  it("send a signed-out visitor to /auth and back to the page after sign-in", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/tasks");
    const url = new URL(page.url());
    assert.equal(url.pathname, "/auth");
    assert.equal(url.searchParams.get("redirectTo"), "/tasks");
    await signIn(page, "rep@demo.test");
    await page.waitForURL("**/tasks");
    await page.getByTestId("crm-title").filter({ hasText: "Tarefas" }).waitFor();
    // The screen's title, with the rep's overdue count when they have overdue tasks.
    assert.match(await page.title(), /^Tarefas( \(\d+ atrasadas?\))? — Velox Labs$/);
    // Signed in, /auth goes straight to the dashboard.
    await page.goto("/auth");
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("sign-out ends the session: protected pages redirect again", async () => {
    // Sign-out ends the screen's live sockets; the browser reports their refused reconnection,
    // and a 401 for the bell's first count when the click beats it (it keeps its figure).
    const { page, context } = await journeys.open({
      allowConsoleErrors: [/^WebSocket connection to .* failed: HTTP Authentication failed/, failedRequest(401)],
    });
    await page.goto("/auth");
    await signIn(page, "admin@demo.test");
    await page.waitForURL("**/dashboard");
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL("**/auth");
    await page.goto("/leads");
    assert.equal(new URL(page.url()).pathname, "/auth");
    const cookies = await context.cookies();
    assert.ok(!cookies.some((c) => c.name === "crm-access" && c.value), "the access cookie is gone");
    await context.close();
  });

  it("keeps the session across reloads, in HttpOnly cookies", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/auth");
    await signIn(page, "rep@demo.test");
    await page.waitForURL("**/dashboard");
    await page.reload();
    assert.equal(new URL(page.url()).pathname, "/dashboard");
    // The session cookies, and the D1 bookmark (docs/decisions/011), all out of scripts' reach.
    const session = (await context.cookies()).filter((c) => c.name.startsWith("crm-"));
    assert.deepEqual(session.map((c) => [c.name, c.httpOnly, c.sameSite]).sort(), [
      ["crm-access", true, "Lax"],
      ["crm-d1-bookmark", true, "Lax"],
      ["crm-refresh", true, "Lax"],
    ]);
    assert.equal(await page.evaluate(() => document.cookie.includes("crm-")), false);
    await context.close();
  });
});

describe("session upkeep in the browser", () => {
  it("renews the session from the client when 90 s or less remain, and shows the loading text while a screen loads", async () => {
    const { page, context } = await journeys.open();
    await page.clock.install();
    await page.goto("/auth");
    await signIn(page, "rep@demo.test");
    await page.waitForURL("**/dashboard");

    // ~58.5 minutes later the access token has under 90 s left; the 30 s check renews it.
    const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/session/refresh") && r.status() === 200);
    await page.getByTestId("sidebar-user-name").waitFor();
    await page.clock.fastForward("58:20");
    await page.clock.runFor("00:31");
    await refreshed;

    // A slow screen: the frame shows the loading text instead of the previous screen.
    const release = await holdRequests(page, (url) => url.pathname === "/leads.data");
    await page.getByRole("link", { name: "Leads", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Carregando..." }).waitFor();
    release();
    await page.getByTestId("crm-title").filter({ hasText: "Leads" }).waitFor();
    await context.close();
  });
});

describe("the signed-in frame", () => {
  it("switches language and theme, and collapses the sidebar to 56 px", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/auth");
    await signIn(page, "manager@demo.test");
    await page.waitForURL("**/dashboard");

    await page.getByRole("combobox", { name: "Idioma" }).click();
    await page.getByRole("option", { name: "English" }).click();
    await page.getByRole("link", { name: "Tasks", exact: true }).waitFor();
    assert.equal(await page.getAttribute("html", "lang"), "en-US");
    assert.equal(await page.getByTestId("sidebar-user-role").textContent(), "Manager");
    await page.reload();
    assert.equal(await page.getByTestId("crm-title").textContent(), "Dashboard");
    assert.equal(await page.evaluate(() => localStorage.getItem("language")), "en");
    await page.getByRole("link", { name: "Tasks", exact: true }).click();
    await page.waitForURL("**/tasks");
    await page.getByTestId("crm-title").filter({ hasText: "Tasks" }).waitFor();
    await snapshot(page, "crm-frame-en");

    // The reload above may have made the Tasks click a full page load: wait for hydration.
    await hydrated(page, "aside");
    await page.getByRole("button", { name: /Theme: Dark/ }).click();
    await page.locator(".radix-themes.dark").first().waitFor();

    await page.getByRole("button", { name: "Collapse menu" }).click();
    // The width animates; it settles at 56 px.
    await page.waitForFunction(() => Math.round(document.querySelector("aside")!.getBoundingClientRect().width) === 56);
    await snapshot(page, "crm-frame-collapsed-dark");
    await page.reload();
    assert.equal(Math.round(await page.locator("aside").evaluate((el) => el.getBoundingClientRect().width)), 56);

    await page.getByRole("combobox", { name: "Language" }).waitFor({ state: "detached" });
    await context.close();
  });
});

/** Signs in through the GoTrue-compatible API and changes the password with the current one (POST /api/users/me/password). */
async function setPasswordThroughApi(email: string, current: string, next: string) {
  const token = await fetch(`${baseUrl()}/api/auth/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: current }),
  });
  assert.equal(token.status, 200, await token.clone().text());
  const { access_token } = (await token.json()) as { access_token: string };
  const update = await fetch(`${baseUrl()}/api/users/me/password`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ current_password: current, new_password: next }),
  });
  assert.equal(update.status, 204, await update.clone().text());
}

describe("password recovery", () => {
  it("asks for the e-mail first, then sends the recovery e-mail", async () => {
    // The browser reports the refused request without an e-mail (400) itself.
    const { page, context } = await journeys.open({ allowConsoleErrors: [failedRequest(400)] });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Esqueci minha senha" }).click();
    await page.getByRole("alert").filter({ hasText: "Digite seu email para recuperar a senha" }).first().waitFor();
    await page.getByLabel("Email").fill("rep@demo.test");
    await page.getByRole("button", { name: "Esqueci minha senha" }).click();
    const sent = await toastShown(page, "Email enviado!");
    assert.equal(sent.description, "Verifique sua caixa de entrada para redefinir a senha.");
    await context.close();
  });

  it("the link opens 'set new password'; the new password signs in, the old does not", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/auth");
    await page.getByLabel("Email").fill("manager@demo.test");
    await page.getByRole("button", { name: "Esqueci minha senha" }).click();
    await toastShown(page, "Email enviado!");

    // The server queues the e-mail after answering (waitUntil).
    const mail = await eventually(
      () => latestEmailTo("manager@demo.test"),
      (row) => row !== null,
      5000,
      100,
    );
    assert.ok(mail, "a recovery e-mail was queued");
    // The runner passes this server's origin as PUBLIC_ORIGIN: the link opens as it is.
    const link = new URL(mail.text_body.match(/https?:\/\/\S+/)![0]);
    assert.equal(link.origin, new URL(baseUrl()).origin);
    assert.equal(link.pathname, "/auth");
    await page.goto(link.href);
    await page.getByRole("heading", { name: "Definir nova senha" }).waitFor();
    await page.getByText("manager@demo.test").waitFor();
    await page.getByLabel("Nova senha", { exact: true }).fill("uma nova senha segura");
    await page.getByLabel("Confirmar nova senha").fill("uma nova senha segura");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.waitForURL("**/dashboard");
    await toastShown(page, "Senha alterada com sucesso!");

    // The link works once.
    await page.goto(link.href);
    await page.getByText("Link de recuperação inválido ou expirado. Peça um novo.").waitFor();

    const fresh = await journeys.open({ allowConsoleErrors: [failedRequest(400)] });
    await fresh.page.goto("/auth");
    await signIn(fresh.page, "manager@demo.test");
    await fresh.page.getByRole("alert").filter({ hasText: "Email ou senha inválidos" }).first().waitFor();
    await signIn(fresh.page, "manager@demo.test", "uma nova senha segura");
    await fresh.page.waitForURL("**/dashboard");
    await fresh.context.close();
    await context.close();
    // The journeys after this file sign in as the manager with the demo password: put it back.
    await setPasswordThroughApi("manager@demo.test", "uma nova senha segura", DEMO_PASSWORD);
  });
});
