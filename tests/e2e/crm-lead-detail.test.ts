// The lead detail dialog (crm.md §2), opened from /leads?lead=<id> (the link in the team's
// e-mails): its five tabs, the tags editor, logging an activity, notes, and the attachment
// round trip (upload, download with the same bytes and name, remove), read-only for whoever
// may not edit the lead, axe on every tab, 390 px, and screenshots in pt/es/en, light/dark.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import type { Locator, Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { snapshot } from "./support/chromium.ts";
import { queryFirst } from "./support/d1.ts";
import {
  assertNoSidewaysScroll,
  callApi,
  failedRequest,
  OFFLINE_REQUEST,
  PHONE,
  setUpJourneys,
  toastShown,
  tourStops,
  type DemoUser,
  type JourneyOptions,
} from "./support/journey.ts";
import { animationsDone, auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

async function leadId(name: string): Promise<string> {
  const row = await queryFirst<{ id: string }>("select id from leads where name = ?", name);
  assert.ok(row, `the demo lead ${name} exists`);
  return row.id;
}

// A test that changes a seeded lead first puts it back as the seed had it (callApi), in case an
// earlier run over the same database changed it.

const dialog = (page: Page) => page.getByTestId("lead-detail-dialog");

/** Signed in as `user`, on /leads?lead=<id> with the dialog showing the lead. */
async function openLead(id: string, name: string, user: DemoUser = "admin", options: JourneyOptions = {}) {
  const opened = await journeys.signIn(user, { path: `/leads?lead=${id}`, ...options });
  await dialog(opened.page).getByRole("heading", { name }).waitFor();
  await opened.page.waitForLoadState("networkidle");
  return opened;
}

async function showTab(page: Page, name: string) {
  await dialog(page).getByRole("tab", { name }).click();
  assert.equal(await dialog(page).getByRole("tab", { name }).getAttribute("aria-selected"), "true");
}

async function noViolations(page: Page, where: string) {
  const violations = await auditScreen(page);
  assert.equal(violations.length, 0, `${where}\n${describeViolations(violations)}`);
}

/** What the screen shows (the dialog covers the viewport; the page behind is not the subject). */
const shot = async (page: Page, name: string) => {
  await animationsDone(page);
  await snapshot(page, name, { fullPage: false });
};

/**
 * Nothing scrolls sideways: the page, the dialog's own scroll container (Radix puts the dialog
 * in a fixed, scrollable wrapper the page's width does not see) or the dialog.
 */
const noSidewaysScroll = (page: Page, what: string) =>
  assertNoSidewaysScroll(page, what, [".rt-BaseDialogScroll", "[data-testid=lead-detail-dialog]"]);

const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, " ").trim();

describe("lead detail dialog", () => {
  it("opens from /leads?lead=<id> with the overview, and each tab passes axe", async () => {
    const id = await leadId("Gustavo Ferreira");
    const { page, context } = await openLead(id, "Gustavo Ferreira");
    const d = dialog(page);
    assert.equal(await d.getAttribute("role"), "dialog");

    // Header: WhatsApp with a greeting naming the lead, e-mail, Editar (admin may edit).
    const whatsapp = d.getByRole("link", { name: /WhatsApp/ });
    const href = new URL((await whatsapp.getAttribute("href"))!);
    assert.equal(href.host, "wa.me");
    assert.match(href.pathname, /^\/55\d{10,11}$/);
    assert.match(href.searchParams.get("text") ?? "", /Gustavo Ferreira/);
    assert.match((await d.getByTestId("lead-detail-email").getAttribute("href")) ?? "", /^mailto:gustavo@/);
    await d.getByRole("button", { name: "Editar" }).waitFor();

    // Visão Geral: origin label, value in R$, assignee, tags.
    const overview = await textOf(d.getByRole("tabpanel"));
    for (const expected of ["Informações de Contato", "Indicação", "R$ 75.000,00", "Marcos Gerente", "Qualificado", "Retorno"]) {
      assert.ok(overview.includes(expected), `overview shows ${expected}: ${overview}`);
    }
    // axe on every tab (reported at the end, so the keyboard checks below run regardless).
    const found: string[] = [];
    const check = async (where: string) => {
      const violations = await auditScreen(page);
      if (violations.length) found.push(`${where}\n${describeViolations(violations)}`);
    };
    await check("Visão Geral");

    await showTab(page, "Histórico");
    await d.getByTestId("lead-timeline").locator("li").first().waitFor();
    await check("Histórico");

    await showTab(page, "Anexos");
    await d.getByText("Nenhum anexo adicionado").waitFor();
    await check("Anexos");

    await showTab(page, "Notas");
    await d.getByText("Nenhuma nota adicionada ainda").waitFor();
    await check("Notas");

    // Tarefas (issue 20): the lead's open tasks, here none, and 'Nova tarefa'.
    await showTab(page, "Tarefas");
    await d.getByText("Nenhuma tarefa aberta para este lead").waitFor();
    await d.getByRole("button", { name: "Nova tarefa" }).waitFor();
    await check("Tarefas");

    // Focus stays in the dialog.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      assert.ok(
        await page.evaluate(() => !!document.activeElement?.closest("[data-testid=lead-detail-dialog]")),
        `Tab ${i + 1} stays in the dialog`,
      );
    }

    // Arrow keys move between the tabs.
    await d.getByRole("tab", { name: "Notas" }).focus();
    await page.keyboard.press("ArrowLeft");
    await d.getByRole("tab", { name: "Anexos", selected: true }).waitFor();
    await shot(page, "crm-lead-detail-attachments-empty-pt");
    assert.ok(await d.getByRole("tab", { name: "Anexos" }).evaluate((tab) => tab === document.activeElement), "focus moved to Anexos");

    // Escape closes the dialog and takes ?lead out of the URL.
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === "/leads" && !url.searchParams.has("lead"));
    await d.waitFor({ state: "detached" });

    assert.deepEqual(found, [], found.join("\n\n"));
    await context.close();
  });

  it("logs an activity (on top of the timeline); adds, edits and deletes a note", async () => {
    const id = await leadId("Camila Ribeiro");
    const { page, context } = await openLead(id, "Camila Ribeiro");
    const d = dialog(page);

    await showTab(page, "Histórico");
    const timeline = d.getByTestId("lead-timeline");
    await timeline.locator("li").first().waitFor();
    const form = d.getByTestId("activity-form");
    await form.getByRole("combobox", { name: "Tipo" }).click();
    await page.getByRole("option", { name: "Reunião" }).click();
    await form.getByLabel("Assunto (opcional)").fill("Apresentação da proposta");
    await form.getByLabel("Descrição").fill("Reunião presencial com a diretoria da Ribeiro Contabilidade.");
    await form.getByRole("button", { name: "Registrar" }).click();
    await toastShown(page, "Atividade registrada!");
    const first = timeline.locator("li").first();
    assert.match(
      await textOf(first),
      /Reunião Apresentação da proposta Reunião presencial com a diretoria da Ribeiro Contabilidade\. por Ana Administradora/,
    );
    assert.equal(await first.getAttribute("data-activity-type"), "meeting");

    await showTab(page, "Notas");
    await d.getByTestId("note-form").waitFor();
    await d.getByLabel("Nova nota").fill("Prefere contato por WhatsApp depois das 14h.");
    await d.getByRole("button", { name: "Adicionar nota" }).click();
    await toastShown(page, "Nota adicionada!");
    assert.match(
      await textOf(d.getByTestId("note-list").locator("li").first()),
      /^Prefere contato por WhatsApp depois das 14h\. Ana Administradora · /,
    );

    await shot(page, "crm-lead-detail-notes-pt");
    // Both are still there after a reload (newest first).
    await page.waitForLoadState("networkidle");
    await page.reload();
    await d.getByRole("heading", { name: "Camila Ribeiro" }).waitFor();
    await showTab(page, "Histórico");
    assert.match(await textOf(d.getByTestId("lead-timeline").locator("li").first()), /Apresentação da proposta/);
    await showTab(page, "Notas");
    const note = d.getByTestId("note-list").locator("li").first();
    assert.match(await textOf(note), /Prefere contato por WhatsApp depois das 14h\./);

    // Its author edits it ("editada") and deletes it after a confirmation.
    await note.getByRole("button", { name: "Editar nota" }).click();
    await note.getByLabel("Editar nota").fill("Prefere contato por WhatsApp depois das 15h.");
    await note.getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Nota atualizada!");
    assert.match(await textOf(note), /^Prefere contato por WhatsApp depois das 15h\. Ana Administradora · .* · editada$/);
    await note.getByRole("button", { name: "Excluir nota" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await toastShown(page, "Nota excluída!");
    assert.equal(await d.getByText("Prefere contato por WhatsApp depois das 15h.").count(), 0);

    await context.close();
  });

  it("edits tags (suggestion, free text, removal), which stay after a reload and show in the timeline", async () => {
    const id = await leadId("Bruno Martins");
    const { page, context } = await openLead(id, "Bruno Martins");
    const d = dialog(page);
    const { lead } = (await callApi(page, "GET", `/leads/${id}`)).body as { lead: { tags: string[] } };
    if (lead.tags.join() !== "Qualificado,Orçamento") {
      await callApi(page, "PATCH", `/leads/${id}`, { tags: ["Qualificado", "Orçamento"] }); // a run before this one
      await page.reload();
      await d.getByRole("heading", { name: "Bruno Martins" }).waitFor();
    }
    const tags = d.getByTestId("lead-form-tags");
    assert.equal(await textOf(tags), "Qualificado Orçamento");

    await d.getByRole("button", { name: "Adicionar tag Urgente" }).click();
    await toastShown(page, "Tags atualizadas com sucesso!");
    await d.getByRole("textbox", { name: "Tags" }).fill("  Cliente VIP ");
    await d.getByRole("button", { name: "Adicionar", exact: true }).click();
    await tags.getByText("Cliente VIP").waitFor();
    await d.getByRole("button", { name: "Remover tag Orçamento" }).click();
    await d.getByRole("button", { name: "Remover tag Orçamento" }).waitFor({ state: "detached" });

    await page.waitForLoadState("networkidle");
    await page.reload();
    await d.getByRole("heading", { name: "Bruno Martins" }).waitFor();
    assert.equal(await textOf(d.getByTestId("lead-form-tags")), "Qualificado Urgente Cliente VIP");
    const stored = await queryFirst<{ tags: string }>("select tags from leads where id = ?", id);
    assert.deepEqual(JSON.parse(stored!.tags), ["Qualificado", "Urgente", "Cliente VIP"]);

    // The audit trail names who changed what.
    await showTab(page, "Histórico");
    assert.match(await textOf(d.getByTestId("lead-timeline").locator("li").first()), /Ana Administradora editou: Tags/);

    await context.close();
  });

  it("uploads a PDF, downloads the same bytes under its name, removes it; refuses other types with the reason", async () => {
    const id = await leadId("Larissa Gomes");
    // The server's errors reach the console as failed requests only.
    const { page, context } = await openLead(id, "Larissa Gomes", "admin", { allowConsoleErrors: [failedRequest("[45]\\d\\d")] });
    const d = dialog(page);
    for (const left of (await callApi(page, "GET", `/leads/${id}/attachments`)).body as { id: string }[]) {
      await callApi(page, "DELETE", `/attachments/${left.id}`); // a run before this one
    }
    await showTab(page, "Anexos");
    await d.getByText("Nenhum anexo adicionado").waitFor();
    const input = d.getByTestId("attachment-input");
    assert.equal(await input.getAttribute("accept"), ".pdf,.doc,.docx,.jpg,.jpeg,.png,.gif,.txt,.csv,.xlsx,.xls");

    // A type the picker does not accept: refused here, with the reason, nothing sent.
    await input.setInputFiles({ name: "planilha.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
    const refused = await toastShown(page, "Não foi possível enviar o arquivo");
    assert.match(refused.description, /O tipo do arquivo planilha\.exe não é permitido/);

    // Allowed extension, wrong content: the server's translated reason.
    await input.setInputFiles({ name: "falso.pdf", mimeType: "application/pdf", buffer: Buffer.from("isto não é um PDF") });
    await toastShown(page, "Não foi possível enviar o arquivo");
    await d.getByText("Nenhum anexo adicionado").waitFor();

    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    await input.setInputFiles({ name: "Proposta comercial.pdf", mimeType: "application/pdf", buffer: pdf });
    await toastShown(page, "Arquivo enviado com sucesso!");
    // The page behind a modal dialog (toasts included) is hidden from screen readers: the
    // dialog says it in its own status region. Closing the toast leaves the dialog open.
    await d.getByRole("status").filter({ hasText: "Arquivo enviado com sucesso!" }).waitFor();
    await page.getByTestId("toast").filter({ hasText: "Arquivo enviado com sucesso!" }).locator("button").click();
    await page.getByTestId("toast").filter({ hasText: "Arquivo enviado com sucesso!" }).waitFor({ state: "detached" });
    assert.ok(await d.isVisible(), "the dialog stays open");
    const list = d.getByTestId("attachment-list");
    const item = list.locator("li").first();
    assert.match(
      await textOf(item),
      new RegExp(`Proposta comercial\\.pdf ${pdf.length} Bytes · Enviado por Ana Administradora · \\d{2}/\\d{2}/\\d{4}`),
    );

    await shot(page, "crm-lead-detail-attachments-pt");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      item.getByRole("link", { name: "Proposta comercial.pdf" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "Proposta comercial.pdf");
    assert.deepEqual(await readFile((await download.path())!), pdf);

    // A download that fails says so (and the file stays listed).
    await page.route("**/api/attachments/*", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: "internal", message: "Falha simulada" }),
          })
        : route.fallback(),
    );
    await item.getByRole("link", { name: "Proposta comercial.pdf" }).click();
    await toastShown(page, "Não foi possível baixar o arquivo");
    await page.unroute("**/api/attachments/*");

    await item.getByRole("button", { name: "Remover Proposta comercial.pdf" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("O arquivo Proposta comercial.pdf será removido permanentemente.", { exact: false }).waitFor();
    await noViolations(page, "confirmação de remoção");
    await confirm.getByRole("button", { name: "Remover" }).click();
    await toastShown(page, "Arquivo removido com sucesso!");
    await d.getByText("Nenhum anexo adicionado").waitFor();
    assert.equal(await queryFirst("select id from lead_attachments where lead_id = ?", id), null);
    await context.close();
  });

  it("opens the lead form from Editar; the saved change shows at once and in the timeline", async () => {
    const id = await leadId("Aline Araújo");
    const { page, context } = await openLead(id, "Aline Araújo");
    const d = dialog(page);
    if (((await callApi(page, "GET", `/leads/${id}`)).body as { lead: { estimated_value: number } }).lead.estimated_value !== 15000) {
      await callApi(page, "PATCH", `/leads/${id}`, { estimated_value: 15000 }); // a run before this one
      await page.reload();
      await d.getByRole("heading", { name: "Aline Araújo" }).waitFor();
    }
    await d.getByRole("button", { name: "Editar" }).click();
    const form = page.getByRole("dialog", { name: "Editar Lead" });
    await form.waitFor();
    await noViolations(page, "formulário de edição sobre o detalhe");
    // Escape closes the form only; the detail stays open.
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "detached" });
    await d.getByRole("heading", { name: "Aline Araújo" }).waitFor();
    assert.match(page.url(), /[?&]lead=/);

    await d.getByRole("button", { name: "Editar" }).click();
    await form.getByLabel("Valor Estimado (R$)").fill("18000,50");
    await form.getByRole("button", { name: "Salvar" }).click();
    await toastShown(page, "Lead atualizado!");
    await form.waitFor({ state: "detached" });
    assert.ok((await textOf(d.getByRole("tabpanel"))).includes("R$ 18.000,50"));
    await showTab(page, "Histórico");
    assert.match(
      await textOf(d.getByTestId("lead-timeline").locator("li").first()),
      /Ana Administradora editou: Valor Estimado: R\$ 15\.000,00 → R\$ 18\.000,50/,
    );
    await context.close();
  });

  it("loads the next page of the timeline with 'Carregar mais'", async () => {
    const id = await leadId("Patrícia Souza");
    const { page, context } = await openLead(id, "Patrícia Souza");
    const d = dialog(page);
    // The seed has a few entries a lead; the server's next_cursor is made up here.
    await page.route(`**/api/leads/${id}/activities*`, async (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() !== "GET") return route.fallback();
      if (url.searchParams.get("cursor") === "page-2") {
        const older = {
          id: "older-entry",
          lead_id: id,
          type: "email",
          subject: "Primeiro contato",
          content: "E-mail de apresentação enviado.",
          metadata: {},
          created_at: "2025-01-02T12:00:00.000Z",
          author: { id: "x", name: "Rita Vendedora" },
        };
        return route.fulfill({ json: { items: [older], next_cursor: null } });
      }
      const response = await route.fetch();
      const page1 = (await response.json()) as { items: unknown[]; next_cursor: string | null };
      return route.fulfill({ response, json: { ...page1, next_cursor: "page-2" } });
    });
    await showTab(page, "Histórico");
    const timeline = d.getByTestId("lead-timeline");
    await timeline.locator("li").first().waitFor();
    const before = await timeline.locator("li").count();
    await d.getByRole("button", { name: "Carregar mais" }).click();
    await timeline.getByText("E-mail de apresentação enviado.").waitFor();
    assert.equal(await timeline.locator("li").count(), before + 1);
    assert.match(
      await textOf(timeline.locator("li").last()),
      /^Email Primeiro contato E-mail de apresentação enviado\. por Rita Vendedora · 02\/01\/2025/,
    );
    assert.equal(await d.getByRole("button", { name: "Carregar mais" }).count(), 0, "no more pages");
    await context.close();
  });

  it("shows a load error with 'Tentar novamente', which loads the lead", async () => {
    const id = await leadId("Vanessa Rocha");
    const { page, context } = await journeys.signIn("admin", { path: "/leads", allowConsoleErrors: [OFFLINE_REQUEST] });
    await page.route(`**/api/leads/${id}`, (route) => route.abort("internetdisconnected"));
    await page.goto(`/leads?lead=${id}`);
    const d = dialog(page);
    await d.getByRole("alert").getByText("Não foi possível carregar o lead", { exact: false }).waitFor();
    await page.unroute(`**/api/leads/${id}`);
    await d.getByRole("button", { name: "Tentar novamente" }).click();
    await d.getByRole("heading", { name: "Vanessa Rocha" }).waitFor();
    await context.close();
  });

  it("is read-only for a sales rep on someone else's lead, and says so for an unknown lead", async () => {
    const id = await leadId("Rodrigo Barbosa"); // the manager's
    const { page, context } = await openLead(id, "Rodrigo Barbosa", "rep", { allowConsoleErrors: [failedRequest(404)] });
    const d = dialog(page);
    await d.getByText("Somente leitura", { exact: false }).waitFor();
    assert.equal(await d.getByRole("button", { name: "Editar" }).count(), 0);
    assert.equal(await d.getByRole("textbox", { name: "Tags" }).count(), 0);
    assert.equal(await textOf(d.getByTestId("lead-tags")), "Aguardando");
    assert.equal(await d.getByRole("button", { name: /Remover tag/ }).count(), 0);
    await showTab(page, "Histórico");
    await d.getByTestId("lead-timeline").locator("li").first().waitFor();
    assert.equal(await d.getByTestId("activity-form").count(), 0);
    await showTab(page, "Anexos");
    await d.getByText("Nenhum anexo adicionado").waitFor();
    assert.equal(await d.getByRole("button", { name: "Escolher arquivo" }).count(), 0);
    await showTab(page, "Notas");
    await d.getByText("Nenhuma nota adicionada ainda").waitFor();
    assert.equal(await d.getByTestId("note-form").count(), 0);

    await page.waitForLoadState("networkidle");
    await page.goto("/leads?lead=00000000-0000-8000-8000-000000000000");
    await d.getByText("Este lead não existe ou foi removido.").waitFor();
    await d.getByRole("heading", { name: "Lead não encontrado" }).waitFor();
    await context.close();
  });

  it("fills the screen at 390 px without sideways scrolling, tabs included", async () => {
    const id = await leadId("Gustavo Ferreira");
    const { page, context } = await openLead(id, "Gustavo Ferreira", "admin", PHONE);
    const d = dialog(page);
    const box = await d.boundingBox();
    assert.ok(box && box.x <= 0.5 && box.width >= 389, `the dialog fills the width: ${JSON.stringify(box)}`);
    // Each tab measured once what it shows is there.
    for (const [tab, shown] of [
      ["Visão Geral", d.getByText("Informações de Contato")],
      ["Histórico", d.getByTestId("lead-timeline").locator("li").first()],
      ["Anexos", d.getByText("Nenhum anexo adicionado")],
      ["Notas", d.getByText("Nenhuma nota adicionada ainda")],
      ["Tarefas", d.getByText("Nenhuma tarefa aberta para este lead")],
    ] as const) {
      await showTab(page, tab);
      await shown.waitFor();
      await animationsDone(page);
      await noSidewaysScroll(page, tab);
    }
    await noViolations(page, "390 px");
    await context.close();
  });

  it("pt, es and en, light and dark, 1280 and 390 px: no sideways scroll, axe clean at 1280 (screenshots)", async () => {
    const id = await leadId("Lucas Rodrigues");
    const names = { pt: ["Visão Geral", "Histórico"], es: ["Resumen", "Historial"], en: ["Overview", "History"] } as const;
    const found: string[] = [];
    for (const { language, theme, width, options } of tourStops()) {
      const { page, context } = await journeys.signIn("admin", { path: `/leads?lead=${id}`, ...options, language, theme });
      const d = dialog(page);
      await d.getByRole("heading", { name: "Lucas Rodrigues" }).waitFor();
      await d.getByRole("tab", { name: names[language][0] }).waitFor();
      await shot(page, `crm-lead-detail-${language}-${theme}-${width}`);
      await noSidewaysScroll(page, `${language} ${theme} ${width}`);
      await d.getByRole("tab", { name: names[language][1] }).click();
      await d.getByTestId("lead-timeline").locator("li").first().waitFor();
      await shot(page, `crm-lead-detail-history-${language}-${theme}-${width}`);
      await noSidewaysScroll(page, `${language} ${theme} ${width} history`);
      if (width === 1280) {
        const violations = await auditScreen(page);
        if (violations.length) found.push(`${language} ${theme}\n${describeViolations(violations)}`);
      }
      await context.close();
    }
    assert.deepEqual(found, [], found.join("\n\n"));
  });
});
