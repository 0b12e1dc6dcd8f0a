// Live boards and timelines with two signed-in browsers: a pipeline drag in one
// moves the card, its column counts and sums in the other without a reload; a lead created, edited or deleted in one shows in the other's list, pipeline and
// dashboard; an activity, a note or a deletion reaches the other's open lead detail while
// what that user is typing stays; a dropped connection says 'Reconectando…' and the board
// catches up once it is back. No CSP violations, no console errors.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { hydrated, snapshot } from "./support/chromium.ts";
import { queryFirst } from "./support/d1.ts";
import { assertNoSidewaysScroll, callApi, createLead, eventuallyEqual, setUpJourneys } from "./support/journey.ts";
import { cuttableSockets } from "./support/live-sockets.ts";

const journeys = setUpJourneys();

const RUN = Date.now().toString(36);

/**
 * How long a live change may take to show here. The boards, lists and lead detail do not poll
 * (the dashboard refreshes itself every 10 minutes), and each check also proves the document
 * was not reloaded, so a change that shows at all came through the socket. How fast it comes
 * is a figure for a benchmark (`npm run bench:live`), not a timed browser test on a loaded CI
 * machine.
 */
const LIVE = { timeout: 10_000 };

/** The screen's team-room socket is open. */
const live = (page: Page, testId = "leads-live") =>
  page.locator(`[data-testid=${testId}][data-live=live]`).waitFor({ state: "attached", timeout: 15_000 });
/** Marks the document, so a reload (which would drop the mark) is noticed. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);

/**
 * Resolves once the page's requests (sockets aside) have all ended and none started for
 * `quietMs`: what the screen fetches when idle (the lead form's code) is in.
 */
function networkQuiet(page: Page, quietMs = 500): { settled: () => Promise<void> } {
  let pending = 0;
  let last = Date.now();
  page.on("request", () => ((pending += 1), (last = Date.now())));
  const end = () => ((pending -= 1), (last = Date.now()));
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    async settled() {
      while (pending > 0 || Date.now() - last < quietMs) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

const column = (page: Page, status: string) => page.getByTestId(`pipeline-column-${status}`);
const pipelineCard = (page: Page, name: string) => page.locator(`[data-testid=pipeline-card][aria-label="${name}"]`);
const countOf = async (page: Page, status: string) =>
  Number(await column(page, status).getByTestId("pipeline-column-count").locator("[aria-hidden]").innerText());
const sumOf = async (page: Page, status: string) => {
  const sum = column(page, status).getByTestId("pipeline-column-sum");
  return (await sum.count()) ? sum.innerText() : "";
};
const listCard = (page: Page, name: string) =>
  page.getByTestId("lead-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

describe("live boards", () => {
  it("a card dragged on one pipeline moves on the other, with the column counts and sums; new leads appear too", async () => {
    const admin = await journeys.signIn("admin", { path: "/leads?view=pipeline" });
    const manager = await journeys.signIn("manager", { path: "/leads?view=pipeline" });
    await Promise.all([live(admin.page), live(manager.page)]);
    await admin.page.locator("[data-testid=pipeline-board][data-dnd=ready]").waitFor();
    await mark(manager.page);

    // A lead created by the admin shows on the manager's board (newest: top of Novos).
    const name = `Arrasto Ao Vivo ${RUN}`;
    const before = { new: await countOf(manager.page, "new"), qualified: await countOf(manager.page, "qualified") };
    await createLead(admin.page, { name, status: "new", estimated_value: 4321 });
    await column(manager.page, "new").locator(`[aria-label="${name}"]`).waitFor(LIVE);
    await eventuallyEqual(() => countOf(manager.page, "new"), before.new + 1, "Novos counts the new lead");
    await pipelineCard(admin.page, name).waitFor();

    // The admin drags it to Qualificados with the mouse.
    const card = pipelineCard(admin.page, name);
    await card.scrollIntoViewIfNeeded();
    const from = (await card.boundingBox())!;
    await admin.page.mouse.move(from.x + 30, from.y + 20);
    await admin.page.mouse.down();
    await admin.page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
    const target = (await column(admin.page, "qualified").boundingBox())!;
    await admin.page.mouse.move(target.x + target.width / 2, target.y + 120, { steps: 15 });
    await admin.page.getByTestId("pipeline-card-overlay").waitFor();
    await admin.page.mouse.up();

    await column(manager.page, "qualified").locator(`[aria-label="${name}"]`).waitFor(LIVE);
    assert.equal(await column(manager.page, "new").locator(`[aria-label="${name}"]`).count(), 0);
    await eventuallyEqual(() => countOf(manager.page, "new"), before.new, "Novos lost it");
    await eventuallyEqual(() => countOf(manager.page, "qualified"), before.qualified + 1, "Qualificados gained it");
    // Both screens agree with each other and with the database.
    await admin.page.getByText("Status do lead atualizado!").waitFor();
    for (const status of ["new", "qualified"]) {
      await eventuallyEqual(() => sumOf(manager.page, status), await sumOf(admin.page, status), `${status} sum`);
      const stored = await queryFirst<{ n: number }>("select count(*) as n from leads where status = ?", status);
      assert.equal(await countOf(manager.page, status), stored!.n);
    }
    assert.equal(await column(manager.page, "qualified").locator(`[aria-label="${name}"]`).count(), 1, "shown once");
    assert.equal(await column(admin.page, "qualified").locator(`[aria-label="${name}"]`).count(), 1, "shown once where it was dropped");
    assert.equal(await sameDocument(manager.page), true, "no reload");
    await snapshot(manager.page, "crm-live-boards-pipeline-moved-pt-1280");
    await admin.context.close();
    await manager.context.close();
  });

  it("the list shows a lead created elsewhere at the top, an edit in place, and drops a deleted one; the dashboard's figures follow", async () => {
    const admin = await journeys.signIn("admin", { path: "/leads?view=list" });
    const rep = await journeys.signIn("rep", { path: "/leads?view=list" });
    const boss = await journeys.signIn("manager", { path: "/dashboard" });
    await Promise.all([live(rep.page), live(boss.page, "dashboard-live")]);
    await mark(rep.page);
    const total = () => boss.page.getByTestId("metric-total").getByTestId("metric-value").innerText();
    const totalBefore = await total();

    const name = `Lista Ao Vivo ${RUN}`;
    const lead = await createLead(admin.page, { name, company: "Ótica Ao Vivo", estimated_value: 800 });
    await listCard(rep.page, name).waitFor(LIVE);
    assert.equal(await rep.page.getByTestId("lead-card").first().getAttribute("data-lead-id"), lead.id, "at the top");
    await eventuallyEqual(async () => (await total()) !== totalBefore, true, "the dashboard counted it", LIVE.timeout);
    await boss.page.getByTestId("recent-lead").filter({ hasText: name }).waitFor(LIVE);

    assert.equal((await callApi(admin.page, "PATCH", `/leads/${lead.id}`, { name: `${name} Editado`, status: "won" })).status, 200);
    await listCard(rep.page, `${name} Editado`).waitFor(LIVE);
    assert.equal(await listCard(rep.page, `${name} Editado`).getByText("Ganho").count(), 1);

    // A search that does not take a new lead keeps it out; one that takes it shows it.
    await rep.page.goto(`/leads?view=list&q=${encodeURIComponent(`Lista Ao Vivo ${RUN}`)}`);
    await live(rep.page);
    await mark(rep.page);
    await createLead(admin.page, { name: `Outro Nome ${RUN}` });
    await createLead(admin.page, { name: `Lista Ao Vivo ${RUN} Dois` });
    await listCard(rep.page, `Lista Ao Vivo ${RUN} Dois`).waitFor(LIVE);
    assert.equal(await listCard(rep.page, `Outro Nome ${RUN}`).count(), 0);

    assert.equal((await callApi(admin.page, "DELETE", `/leads/${lead.id}`)).status, 204);
    await listCard(rep.page, `${name} Editado`).waitFor({ ...LIVE, state: "detached" });
    assert.equal(await sameDocument(rep.page), true, "no reload");
    await snapshot(rep.page, "crm-live-boards-list-pt-1280");
    await admin.context.close();
    await rep.context.close();
    await boss.context.close();
  });

  it("the open lead detail shows what others log and change while the viewer's half-typed texts stay; a deletion is said", async () => {
    const admin = await journeys.signIn("admin", { path: "/leads?view=list" });
    const lead = await createLead(admin.page, { name: `Detalhe Ao Vivo ${RUN}`, tags: ["Urgente"] });
    const manager = await journeys.signIn("manager", { path: `/leads?view=list&lead=${lead.id}` });
    const dialog = manager.page.getByTestId("lead-detail-dialog");
    await dialog.getByRole("tab", { name: "Histórico" }).waitFor();
    await live(manager.page);
    await mark(manager.page);

    // Histórico: half a log entry typed, then the admin logs a call.
    await dialog.getByRole("tab", { name: "Histórico" }).click();
    await dialog.getByTestId("lead-timeline").or(dialog.getByText("Nenhuma atividade registrada")).first().waitFor();
    const logText = dialog.getByTestId("activity-form").getByRole("textbox", { name: "Descrição" });
    await logText.fill("Cliente pediu proposta até sexta, ainda escrevendo");
    assert.equal(
      (
        await callApi(admin.page, "POST", `/leads/${lead.id}/activities`, {
          type: "call",
          subject: null,
          content: "Ligação do admin ao vivo",
        })
      ).status,
      201,
    );
    await dialog.getByTestId("lead-timeline").getByText("Ligação do admin ao vivo").waitFor(LIVE);
    assert.equal(await logText.inputValue(), "Cliente pediu proposta até sexta, ainda escrevendo", "the log form kept its text");

    // The admin renames the lead: the header follows; the timeline shows the audit entry.
    assert.equal((await callApi(admin.page, "PATCH", `/leads/${lead.id}`, { name: `Detalhe Renomeado ${RUN}` })).status, 200);
    await dialog.getByRole("heading", { name: `Detalhe Renomeado ${RUN}` }).waitFor(LIVE);
    assert.equal(await logText.inputValue(), "Cliente pediu proposta até sexta, ainda escrevendo");

    // Notas: half a note typed, then the admin adds one.
    await dialog.getByRole("tab", { name: "Notas" }).click();
    const noteText = dialog.getByTestId("note-form").getByRole("textbox");
    await noteText.fill("Nota pela metade");
    assert.equal((await callApi(admin.page, "POST", `/leads/${lead.id}/notes`, { content: "Nota do admin ao vivo" })).status, 201);
    await dialog.getByTestId("note-list").getByText("Nota do admin ao vivo").waitFor(LIVE);
    assert.equal(await noteText.inputValue(), "Nota pela metade", "the note being typed stays");
    await snapshot(manager.page, "crm-live-boards-detail-pt-1280");

    // The admin deletes it: the dialog says so, and the typed text is still there to copy.
    assert.equal((await callApi(admin.page, "DELETE", `/leads/${lead.id}`)).status, 204);
    await dialog.getByTestId("lead-detail-deleted").getByText("excluiu este lead", { exact: false }).waitFor(LIVE);
    assert.equal(await noteText.inputValue(), "Nota pela metade");
    assert.equal(await sameDocument(manager.page), true, "no reload");
    await snapshot(manager.page, "crm-live-boards-detail-deleted-pt-1280");
    await admin.context.close();
    await manager.context.close();
  });

  it("a dropped connection says 'Reconectando…'; back online, the board shows what changed meanwhile", async () => {
    const admin = await journeys.signIn("admin", { path: "/leads?view=pipeline" });
    const lead = await createLead(admin.page, { name: `Queda Ao Vivo ${RUN}`, status: "new", estimated_value: 50 });
    const manager = await journeys.signIn("manager", { path: "/dashboard" });
    // The manager's team-room sockets go through a route that can cut them (as a lost network would).
    const network = await cuttableSockets(manager.page, "/parties/team-room/");
    const formCode = manager.page.waitForResponse((response) => /\/assets\/lead-form-dialog-[\w-]+\.js$/.test(response.url()));
    const requests = networkQuiet(manager.page);
    await manager.page.goto("/leads?view=pipeline");
    await hydrated(manager.page, "[data-testid=quick-search-button]");
    await live(manager.page);
    await column(manager.page, "new").locator(`[aria-label="${lead.name}"]`).waitFor();
    // Every chunk the board loads after the page (its own, then the drag layer, and the lead
    // form's code, fetched when the screen is idle) is in before the network goes: what is cut
    // is the live connection, not a page still loading.
    await manager.page.locator("[data-testid=pipeline-board][data-dnd=ready]").waitFor();
    await formCode;
    await requests.settled();
    await mark(manager.page);

    await manager.context.setOffline(true);
    await network.cut();
    await manager.page.getByTestId("leads-live").getByText("Reconectando…").waitFor({ timeout: 10_000 });
    await snapshot(manager.page, "crm-live-boards-reconnecting-pt-1280");
    await manager.page.setViewportSize({ width: 390, height: 844 });
    await assertNoSidewaysScroll(manager.page, "390 px");
    await snapshot(manager.page, "crm-live-boards-reconnecting-pt-390");
    await manager.page.setViewportSize({ width: 1280, height: 720 });

    // Meanwhile the admin moves the lead and creates another.
    assert.equal((await callApi(admin.page, "PATCH", `/leads/${lead.id}`, { status: "negotiating" })).status, 200);
    const other = await createLead(admin.page, { name: `Durante a Queda ${RUN}`, status: "new" });
    // Time on purpose: what the socket would have brought by then must not be there.
    await manager.page.waitForTimeout(300);
    assert.equal(await column(manager.page, "new").locator(`[aria-label="${lead.name}"]`).count(), 1, "not live while down");

    network.restore();
    await manager.context.setOffline(false);
    await column(manager.page, "negotiating").locator(`[aria-label="${lead.name}"]`).waitFor({ timeout: 30_000 });
    await column(manager.page, "new").locator(`[aria-label="${other.name}"]`).waitFor(LIVE);
    await manager.page.getByTestId("leads-live").getByText("Reconectando…").waitFor({ state: "detached", timeout: 10_000 });
    for (const status of ["new", "negotiating"]) {
      const stored = await queryFirst<{ n: number }>("select count(*) as n from leads where status = ?", status);
      await eventuallyEqual(() => countOf(manager.page, status), stored!.n, `${status} count after catching up`);
    }
    assert.equal(await sameDocument(manager.page), true, "caught up without a reload");
    // And live again.
    assert.equal((await callApi(admin.page, "PATCH", `/leads/${other.id}`, { status: "lost" })).status, 200);
    await column(manager.page, "lost").locator(`[aria-label="${other.name}"]`).waitFor(LIVE);
    // Offline fetches log "Failed to fetch"-like errors only if the screen fetched while down; it did not.
    await admin.context.close();
    await manager.context.close();
  });

  it("the browser going offline says 'Reconectando…' at once, although the socket itself has not noticed yet; back online it goes live again", async () => {
    const viewer = await journeys.signIn("manager", { path: "/dashboard" });
    await live(viewer.page, "dashboard-live");
    // The toasts' own code, fetched when the page is idle, is in before the network goes.
    await viewer.page.waitForFunction(
      () => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/assets/toast-item-")),
      undefined,
      { polling: 100, timeout: 15_000 },
    );
    await viewer.context.setOffline(true);
    // Well before the 25 s ping could notice a silent socket.
    await viewer.page.getByTestId("dashboard-live").getByText("Reconectando…").waitFor(LIVE);
    await viewer.context.setOffline(false);
    await live(viewer.page, "dashboard-live");
    assert.equal(await viewer.page.getByTestId("dashboard-live").getByText("Reconectando…").count(), 0);
    await viewer.context.close();
  });
});
