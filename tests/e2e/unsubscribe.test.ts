// One-click unsubscribe's page (issue 24, docs/decisions/028): the link in a notification or
// report e-mail opens /unsubscribe?token=… without signing in, in the language the link's user
// reads the CRM in (pt, es, en; not the browser's), at 1280 and 390 px: it says what will be
// turned off, loading it changes nothing, its button turns the switch off and confirms, and
// Settings → Notificações then shows the switch off. A broken link: a translated 400 page.
// It changes a user's switches and language: a server of its own (serverOverEmptyDatabase).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { signUnsubscribeToken } from "../../worker/auth/unsubscribe-token.ts";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { openD1File } from "./support/d1.ts";
import { eventually } from "./support/eventually.ts";
import {
  assertNoSidewaysScroll,
  callApi,
  DEMO_USERS,
  DESKTOP,
  failedRequest,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
} from "./support/journey.ts";
import { auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

/** The local server's AUTH_SECRET (.dev.vars), which signs the links as an e-mail would carry them. */
const authSecret = () =>
  readFileSync(".dev.vars", "utf8")
    .match(/^AUTH_SECRET=(.*)$/m)![1]!
    .trim();

const TEXT = {
  pt: {
    setting: "Notificações por Email",
    title: "Cancelar e-mails",
    button: "Desligar estes e-mails",
    doneTitle: "E-mails desligados",
    done: (email: string) => `'Notificações por Email' foi desligado para ${email}.`,
    invalid: "Link inválido",
  },
  es: {
    setting: "Notificaciones por Email",
    title: "Cancelar correos",
    button: "Desactivar estos correos",
    doneTitle: "Correos desactivados",
    done: (email: string) => `'Notificaciones por Email' se desactivó para ${email}.`,
    invalid: "Enlace no válido",
  },
  en: {
    setting: "Email Notifications",
    title: "Unsubscribe",
    button: "Turn off these e-mails",
    doneTitle: "E-mails turned off",
    done: (email: string) => `'Email Notifications' was turned off for ${email}.`,
    invalid: "Invalid link",
  },
} as const;

describe("the unsubscribe page (a server of its own)", () => {
  const server = serverOverEmptyDatabase("rep");
  const email = DEMO_USERS.rep;
  const readUser = () => {
    const db = openD1File(server.stateDir);
    try {
      return db.prepare("select id, language from users where email = ?").get(email) as { id: string; language: string };
    } finally {
      db.close();
    }
  };

  for (const language of ["pt", "es", "en"] as const) {
    it(`${language}: the page in the user's language at 1280 and 390 px; GET changes nothing; the button turns 'Notificações por Email' off and Settings shows it`, async () => {
      const text = TEXT[language];
      // The rep reads the CRM in `language` (saved on the user when a CRM page loads), e-mails on.
      const crm = await journeys.signIn("rep", { ...DESKTOP, baseURL: server.url, language, path: "/settings?tab=notifications" });
      await crm.page.getByTestId("notification-settings").waitFor();
      const on = await callApi(crm.page, "GET", "/settings/notifications");
      const restored = await callApi(crm.page, "PUT", "/settings/notifications", {
        ...(on.body as { preferences: Record<string, boolean> }).preferences,
        email_notifications: true,
      });
      assert.equal(restored.status, 200);
      const user = await eventually(
        () => Promise.resolve(readUser()),
        (u) => u.language === language,
        10_000,
        100,
      );
      assert.equal(user.language, language);
      const token = await signUnsubscribeToken(authSecret(), user.id, "email_notifications");

      // Anonymous browsers (a pt-BR one: the page follows the link's user, not the browser).
      for (const [options, width] of [
        [DESKTOP, 1280],
        [PHONE, 390],
      ] as const) {
        const { page } = await journeys.open({ ...options, baseURL: server.url });
        await page.goto(`/unsubscribe?token=${token}`);
        const card = page.getByTestId("unsubscribe-card");
        await card.getByRole("heading", { name: text.title }).waitFor();
        assert.equal(await page.locator("html").getAttribute("lang"), { pt: "pt-BR", es: "es-ES", en: "en-US" }[language]);
        assert.match(await card.innerText(), new RegExp(`${text.setting}.*${email.replace(".", "\\.")}`));
        await page.getByRole("button", { name: text.button }).waitFor();
        await hydrated(page, "[data-testid=unsubscribe-confirm]");
        await assertNoSidewaysScroll(page, `${language} ${width}`);
        const violations = await auditScreen(page);
        assert.equal(violations.length, 0, describeViolations(violations));
        await snapshot(page, `unsubscribe-${language}-${width}`);
      }
      // Loading the page (twice) changed nothing.
      const still = await callApi<{ preferences: { email_notifications: boolean } }>(crm.page, "GET", "/settings/notifications");
      assert.equal(still.body.preferences.email_notifications, true);

      // The button, from the keyboard.
      const { page } = await journeys.open({ ...DESKTOP, baseURL: server.url });
      await page.goto(`/unsubscribe?token=${token}`);
      await hydrated(page, "[data-testid=unsubscribe-confirm]");
      await page.getByTestId("unsubscribe-confirm").focus();
      await page.keyboard.press("Enter");
      const done = page.getByTestId("unsubscribe-done");
      await done.waitFor();
      assert.equal(await done.innerText(), text.done(email));
      await page.getByRole("heading", { name: text.doneTitle }).waitFor();
      await snapshot(page, `unsubscribe-${language}-1280-done`);

      // Settings → Notificações shows the switch off.
      await crm.page.reload();
      const emailSwitch = crm.page.getByRole("switch", { name: text.setting });
      await emailSwitch.waitFor();
      await eventually(
        async () => emailSwitch.getAttribute("aria-checked"),
        (checked) => checked === "false",
        10_000,
        100,
      );
      assert.equal(await emailSwitch.getAttribute("aria-checked"), "false");
      await snapshot(crm.page, `unsubscribe-${language}-settings-off`);
    });
  }

  it("a broken link: a translated 400 page that names nothing and offers Settings", async () => {
    const { page } = await journeys.open({ ...PHONE, baseURL: server.url, language: "es", allowConsoleErrors: [failedRequest(400)] });
    const response = await page.goto("/unsubscribe?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.broken");
    assert.equal(response?.status(), 400);
    await page.getByRole("heading", { name: TEXT.es.invalid }).waitFor();
    assert.match(await page.getByTestId("unsubscribe-refused").innerText(), /^Este enlace de cancelación no es válido/);
    assert.equal(await page.getByTestId("unsubscribe-confirm").count(), 0);
    await page.getByRole("link", { name: "Abrir Configuración → Notificaciones" }).waitFor();
    await snapshot(page, "unsubscribe-es-390-invalid");
  });
});
