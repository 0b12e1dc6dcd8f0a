// Meeting reminders (issue 24, 'Lembretes de Reuniões'): the admin logs a meeting 31 minutes
// ahead on the rep's lead from the lead's Histórico tab (date and time inputs, keyboard only);
// the Cron Trigger of the meeting reminders (miniflare's /cdn-cgi/local/scheduled with the
// `*/5 * * * *` cron, at the real time) runs, and the rep's bell — open in English — gets the
// reminder live, without a reload, and it opens the lead. The admin, also reminded, sees it in
// Portuguese. Then 'Remarcar' by keyboard, a date without a time refused in the reader's
// language, and 'Remover reunião'. Screenshots of the form and the timeline in pt/es/en at
// 1280 and 390 px, axe at 1280, no sideways scroll.
// It runs the server's scheduled handler: a server of its own.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { snapshot } from "./support/chromium.ts";
import { openD1File } from "./support/d1.ts";
import {
  assertNoSidewaysScroll,
  callApi,
  createLead,
  optionFocused,
  DEMO_USERS,
  DESKTOP,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
} from "./support/journey.ts";
import { animationsDone, auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

const dialog = (page: Page) => page.getByTestId("lead-detail-dialog");
const bell = (page: Page) => page.getByTestId("notification-bell");
const panel = (page: Page) => page.getByTestId("notification-panel");
const live = (page: Page) => page.locator("[data-testid=notification-bell][data-live=true]").waitFor({ timeout: 15_000 });

/** The date and time inputs' values (yyyy-mm-dd, HH:mm) of an instant in São Paulo (the organisation's zone by default). */
function inSaoPaulo(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/Sao_Paulo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The meeting reminders' Cron Trigger at `at` (what the scheduled handler reads as now). */
async function runMeetingCron(origin: string, at: Date) {
  const response = await fetch(`${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${at.getTime()}`);
  assert.equal(response.status, 200, await response.text());
}

/** Unread notifications of a demo user in the server's database. */
function unreadOf(stateDir: string, email: string): number {
  const db = openD1File(stateDir);
  try {
    const row = db
      .prepare("select count(*) as n from notifications n join users u on u.id = n.user_id where u.email = ? and n.read = 0")
      .get(email);
    return (row as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The bell's badge shows `count` ("" for none). */
async function badgeIs(page: Page, count: number, what: string) {
  const want = count > 0 ? String(count) : "";
  try {
    await page.waitForFunction((w) => (document.querySelector("[data-testid=notification-badge]")?.textContent ?? "") === w, want, {
      timeout: 10_000,
    });
  } catch {
    const shown = await page.evaluate(() => document.querySelector("[data-testid=notification-badge]")?.textContent ?? "");
    assert.fail(`${what}: badge ${JSON.stringify(shown)}, expected ${JSON.stringify(want)}`);
  }
}

async function openHistory(page: Page, leadName: string, tab: string) {
  const d = dialog(page);
  await d.getByRole("heading", { name: leadName }).waitFor();
  await d.getByRole("tab", { name: tab }).click();
  await d.getByTestId("activity-form").waitFor();
}

async function chooseMeeting(page: Page, typeLabel: string, meetingLabel: string) {
  const form = dialog(page).getByTestId("activity-form");
  await form.getByRole("combobox", { name: typeLabel }).click();
  await page.getByRole("option", { name: meetingLabel }).click();
  await form.getByTestId("activity-meeting-when").waitFor();
}

describe("meeting reminders", () => {
  const server = serverOverEmptyDatabase("admin", "rep");

  it("a meeting logged 31 minutes ahead reminds the rep live in the bell (in English) and the admin; moved by keyboard, then removed", async () => {
    const rep = await journeys.signIn("rep", { ...DESKTOP, baseURL: server.url, language: "en" });
    await live(rep.page);
    await rep.page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

    const admin = await journeys.signIn("admin", { ...DESKTOP, baseURL: server.url });
    const db = openD1File(server.stateDir);
    const repId = (db.prepare("select id from users where email = ?").get(DEMO_USERS.rep) as { id: string }).id;
    db.close();
    const lead = await createLead(admin.page, { name: "Clínica Aurora", assigned_to: repId });
    await admin.page.goto(`/leads?lead=${lead.id}`);
    await openHistory(admin.page, "Clínica Aurora", "Histórico");
    await live(admin.page);
    const d = dialog(admin.page);
    const form = d.getByTestId("activity-form");

    // Keyboard only: the type, the date and time, the text, then Enter on 'Registrar'.
    const at = new Date(Date.now() + 31 * 60_000);
    const when = inSaoPaulo(at);
    await form.getByRole("combobox", { name: "Tipo" }).focus();
    await admin.page.keyboard.press("Enter");
    // The list opens on 'Ligação'; 'Reunião' is the next one.
    await optionFocused(admin.page, "Ligação");
    await admin.page.keyboard.press("ArrowDown");
    await optionFocused(admin.page, "Reunião");
    await admin.page.keyboard.press("Enter");
    await form
      .getByText(
        "Com data e horário, você e o responsável pelo lead recebem um lembrete cerca de 30 minutos antes; marcada para daqui a menos de 30 minutos, pode ficar sem lembrete.",
      )
      .waitFor();
    await form.getByLabel("Assunto (opcional)").fill("Apresentação da proposta");
    // A date without its time is refused in the form, in the page's language.
    await form.getByLabel("Data da reunião").fill(when.date);
    await form.getByLabel("Descrição").fill("Levar o orçamento impresso.");
    await form.getByRole("button", { name: "Registrar" }).press("Enter");
    await form.getByTestId("meeting-at-error").getByText("Informe o horário da reunião.").waitFor();
    assert.equal(await form.getByLabel("Data da reunião").getAttribute("aria-invalid"), "true");
    await form.getByLabel("Horário").fill(when.time);
    await snapshot(admin.page, "crm-meeting-form-filled-pt-1280", { fullPage: false });
    await form.getByRole("button", { name: "Registrar" }).press("Enter");
    await toastShown(admin.page, "Atividade registrada!");
    const item = d.getByTestId("lead-timeline").locator("li[data-activity-type=meeting]").first();
    await item.getByTestId("meeting-at").waitFor();
    const [day, month, year] = [when.date.slice(8, 10), when.date.slice(5, 7), when.date.slice(0, 4)];
    assert.match(await item.getByTestId("meeting-at").innerText(), new RegExp(`Marcada para ${day}/${month}/${year},? ${when.time}`));

    // The reminders' cron at the real time: the meeting is 30-31 minutes away.
    const repStart = unreadOf(server.stateDir, DEMO_USERS.rep);
    const adminStart = unreadOf(server.stateDir, DEMO_USERS.admin);
    await badgeIs(rep.page, repStart, "the rep before the run (the lead's assignment)");
    await runMeetingCron(server.url, new Date());
    await badgeIs(rep.page, repStart + 1, "the rep after the run");
    await bell(rep.page).click();
    const reminder = panel(rep.page).getByTestId("notification-item").first();
    await reminder.getByText("Meeting reminder").waitFor();
    await reminder.getByText(`The meeting “Apresentação da proposta” with the lead “Clínica Aurora” starts at ${when.time}.`).waitFor();
    await snapshot(rep.page, "crm-meeting-reminder-bell-en-1280", { fullPage: false });
    assert.ok(await rep.page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true), "arrived without a reload");
    // Once: the next run (and a burst of them) adds nothing.
    await Promise.all([1, 2, 3].map(() => runMeetingCron(server.url, new Date())));
    // The admin (its author) got it too, in Portuguese.
    await badgeIs(admin.page, adminStart + 1, "the admin after the run");
    // (Its bell sits behind the open lead dialog: the list as the bell reads it.)
    const adminList = await callApi<{ items: { type: string; title: string; message: string; link: string }[] }>(
      admin.page,
      "GET",
      "/notifications",
    );
    assert.deepEqual(
      adminList.body.items.filter((n) => n.type === "meeting_reminder").map(({ title, message, link }) => ({ title, message, link })),
      [
        {
          title: "Lembrete de reunião",
          message: `A reunião “Apresentação da proposta” com o lead “Clínica Aurora” começa às ${when.time}.`,
          link: `/leads?lead=${lead.id}`,
        },
      ],
    );
    await reminder.click();
    await rep.page.waitForURL((url) => url.pathname === "/leads" && url.searchParams.get("lead") === lead.id);
    await dialog(rep.page).getByRole("heading", { name: "Clínica Aurora" }).waitFor();
    const count = openD1File(server.stateDir);
    const reminders = count.prepare("select count(*) as n from notifications where type = 'meeting_reminder'").get() as { n: number };
    count.close();
    assert.equal(reminders.n, 2, "one for the rep, one for the admin");

    // 'Remarcar' by keyboard: the date field takes the focus; an hour later; Enter saves.
    const later = inSaoPaulo(new Date(at.getTime() + 60 * 60_000));
    await item.getByRole("button", { name: "Remarcar" }).focus();
    await admin.page.keyboard.press("Enter");
    const move = item.getByTestId("meeting-move-form");
    await move.waitFor();
    assert.equal(await admin.page.evaluate(() => document.activeElement?.getAttribute("type")), "date");
    await move.getByLabel("Data da reunião").fill(later.date);
    await move.getByLabel("Horário").fill(later.time);
    await move.getByLabel("Horário").press("Enter");
    // Far enough ahead to be reminded: the toast adds nothing.
    assert.equal((await toastShown(admin.page, "Reunião remarcada!")).description, "");
    await item.getByTestId("meeting-at").getByText(later.time).waitFor();
    await snapshot(admin.page, "crm-meeting-moved-pt-1280", { fullPage: false });

    // Moved to 10 minutes from now: the Cron's reminder moment has passed, and the toast says so.
    const soon = inSaoPaulo(new Date(Date.now() + 10 * 60_000));
    await item.getByRole("button", { name: "Remarcar" }).click();
    await move.waitFor();
    await move.getByLabel("Data da reunião").fill(soon.date);
    await move.getByLabel("Horário").fill(soon.time);
    await move.getByLabel("Horário").press("Enter");
    const warned = await toastShown(admin.page, "Reunião remarcada!");
    assert.equal(warned.description, "Ninguém recebe lembrete desta reunião: falta pouco para ela começar.");
    await item.getByTestId("meeting-at").getByText(soon.time).waitFor();
    await snapshot(admin.page, "crm-meeting-moved-soon-pt-1280", { fullPage: false });
    // A time already gone (yesterday) says that instead.
    const yesterday = inSaoPaulo(new Date(Date.now() - 24 * 60 * 60_000));
    await item.getByRole("button", { name: "Remarcar" }).click();
    await move.waitFor();
    await move.getByLabel("Data da reunião").fill(yesterday.date);
    await move.getByLabel("Horário").fill(yesterday.time);
    await move.getByLabel("Horário").press("Enter");
    const past = await toastShown(admin.page, "Reunião remarcada!");
    assert.equal(past.description, "Ninguém recebe lembrete desta reunião: o horário dela já passou.");

    // 'Remover reunião', confirmed: gone from the timeline and from the database.
    await item.getByRole("button", { name: "Remover reunião" }).click();
    await admin.page.getByRole("alertdialog").getByRole("button", { name: "Remover reunião" }).click();
    await toastShown(admin.page, "Reunião removida");
    // It was the lead's only entry: the timeline's empty state.
    await d.getByText("Nenhuma atividade registrada").waitFor();
    assert.equal(await d.locator("li[data-activity-type=meeting]").count(), 0);
    const gone = openD1File(server.stateDir);
    assert.equal((gone.prepare("select count(*) as n from lead_meetings").get() as { n: number }).n, 0);
    gone.close();
    await admin.close();
    await rep.close();
  });

  it("the meeting's date and time in pt, es and en at 1280 and 390 px: the form, the timeline, axe", async () => {
    const names = {
      pt: { history: "Histórico", type: "Tipo", meeting: "Reunião", reschedule: "Remarcar", hint: "30 minutos antes" },
      es: { history: "Historial", type: "Tipo", meeting: "Reunión", reschedule: "Reprogramar", hint: "30 minutos antes" },
      en: { history: "History", type: "Type", meeting: "Meeting", reschedule: "Reschedule", hint: "30 minutes before" },
    } as const;
    const admin = await journeys.signIn("admin", { ...DESKTOP, baseURL: server.url });
    const lead = await createLead(admin.page, { name: "Ótica Lume" });
    const logged = await callApi(admin.page, "POST", `/leads/${lead.id}/activities`, {
      type: "meeting",
      subject: "Visita à loja",
      content: "Mostrar o catálogo novo.",
      meeting_at: "2031-03-10T14:30",
    });
    assert.equal(logged.status, 201, JSON.stringify(logged.body));
    await admin.close();
    const found: string[] = [];
    for (const language of ["pt", "es", "en"] as const) {
      for (const [width, options] of [
        [1280, DESKTOP],
        [390, PHONE],
      ] as const) {
        const { page, context } = await journeys.signIn("admin", {
          ...options,
          baseURL: server.url,
          language,
          path: `/leads?lead=${lead.id}`,
        });
        const label = names[language];
        await openHistory(page, "Ótica Lume", label.history);
        const item = dialog(page).locator("li[data-activity-type=meeting]").first();
        await item.getByRole("button", { name: label.reschedule }).waitFor();
        await chooseMeeting(page, label.type, label.meeting);
        await dialog(page).getByTestId("activity-form").getByText(label.hint, { exact: false }).waitFor();
        await animationsDone(page);
        await snapshot(page, `crm-meeting-form-${language}-${width}`, { fullPage: false });
        await item.scrollIntoViewIfNeeded();
        await item.getByRole("button", { name: label.reschedule }).click();
        await item.getByTestId("meeting-move-form").waitFor();
        await animationsDone(page);
        await item.scrollIntoViewIfNeeded();
        await snapshot(page, `crm-meeting-timeline-${language}-${width}`, { fullPage: false });
        await assertNoSidewaysScroll(page, `${language} ${width}`);
        if (width === 1280) {
          const violations = await auditScreen(page);
          if (violations.length) found.push(`${language}\n${describeViolations(violations)}`);
        }
        await context.close();
      }
    }
    assert.deepEqual(found, [], found.join("\n\n"));
  });
});
