// The internal chat (crm.md §2 Chat screen, §4 Chat, §5, §8): the channel list
// (count, lock, first open, ?channel= kept by a reload), messages (author, HH:mm, line breaks,
// text never HTML), the create-channel dialog (public and private, validation, 'Criando...',
// the toast), adding members to a private channel, Enter / Shift+Enter, history on scrolling
// up, two signed-in browsers chatting both ways live, unread badges rising live and cleared
// by opening (kept over a reload), a dropped connection ('Reconectando…', nothing lost or
// doubled), sending offline, the empty database, and pt/es/en at 1280 and 390 px with axe.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { baseUrl, holdRequests, hydrated, snapshot } from "./support/chromium.ts";
import { queryAll, queryFirst } from "./support/d1.ts";
import { eventually } from "./support/eventually.ts";
import {
  assertNoSidewaysScroll,
  DEMO_USERS,
  DESKTOP,
  eventuallyEqual,
  OFFLINE_REQUEST,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
  toastShown,
  type DemoUser,
  type JourneyOptions,
} from "./support/journey.ts";
import { cuttableSockets } from "./support/live-sockets.ts";
import { animationsDone, auditScreen } from "./support/screen-audit.ts";

const journeys = setUpJourneys();

type Channel = { id: string; name: string };

const pane = (page: Page) => page.getByTestId("chat-pane");
const channelLink = (page: Page, name: string) =>
  page.getByTestId("chat-channel").filter({ has: page.getByTestId("chat-channel-name").getByText(name, { exact: true }) });
const input = (page: Page) => page.getByRole("textbox", { name: /^(Mensagem em|Mensaje en|Message) #/ });
const sendButton = (page: Page) => page.getByRole("button", { name: "Enviar mensagem" });
const texts = (page: Page) => pane(page).getByTestId("chat-message-text").allInnerTexts();
const hhmm = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "America/Sao_Paulo" }).format(
    new Date(iso),
  );

/**
 * Resolves when the open channel's live socket opens: each time it does, the pane reads what
 * was posted meanwhile (GET …/messages without `before`), and nothing else reads that list.
 * Start it before the navigation that opens the channel.
 */
function socketOpens(page: Page) {
  return page.waitForResponse(
    (response) => {
      const url = new URL(response.url());
      return (
        response.request().method() === "GET" &&
        /^\/api\/chat\/channels\/[^/]+\/messages$/.test(url.pathname) &&
        !url.searchParams.has("before")
      );
    },
    { timeout: 30_000 },
  );
}

/** Goes to `path` and waits until the open channel is live. */
async function gotoLive(page: Page, path: string) {
  const opens = socketOpens(page);
  await page.goto(path);
  await opens;
  // The pane may read the messages before its socket opens: wait for the socket itself.
  await page.locator("[data-testid=chat-pane] [role=status][data-live=live]").waitFor({ state: "attached" });
}

/** Signed in and on /chat (or `path`), the screen hydrated (and with `live`, the open channel's socket open). */
async function openChat(user: DemoUser, path = "/chat", { live = false, ...options }: JourneyOptions & { live?: boolean } = DESKTOP) {
  const opened = await journeys.signIn(user, { ...DESKTOP, ...options });
  const opens = live ? socketOpens(opened.page) : null;
  await opened.page.goto(path);
  await hydrated(opened.page, "[data-testid=chat-create-channel]");
  await opens;
  return opened;
}

/** The text of each chat message the page's live sockets deliver from now on (sockets opened from now on). */
function liveMessages(page: Page): string[] {
  const received: string[] = [];
  page.on("websocket", (socket) =>
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string" || !payload.startsWith("{")) return;
      const event = JSON.parse(payload) as { type?: string; message?: { content?: string } };
      if (event.type === "chat.message" && event.message?.content !== undefined) received.push(event.message.content);
    }),
  );
  return received;
}

/**
 * Waits until the live events of `texts` have reached the page and it has painted twice since:
 * a copy of a message the page already shows (its own, from the POST's answer) has then been
 * merged or shown.
 */
async function delivered(page: Page, received: string[], texts: string[]) {
  const all = await eventually(
    async () => received,
    (got) => texts.every((t) => got.includes(t)),
    10_000,
    50,
  );
  assert.ok(
    texts.every((t) => all.includes(t)),
    `live events for ${JSON.stringify(texts)}, got ${JSON.stringify(all)}`,
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Creates a channel through the API as the page's user. */
async function apiChannel(page: Page, body: { name: string; description?: string | null; is_private?: boolean }): Promise<Channel> {
  const response = await page.request.post("/api/chat/channels", { data: body, headers: { Origin: baseUrl() } });
  assert.equal(response.status(), 201, await response.text());
  return ((await response.json()) as { channel: Channel }).channel;
}

async function apiSend(page: Page, channelId: string, content: string): Promise<{ id: string; seq: number }> {
  const response = await page.request.post(`/api/chat/channels/${channelId}/messages`, {
    data: { content },
    headers: { Origin: baseUrl() },
  });
  assert.equal(response.status(), 201, await response.text());
  return ((await response.json()) as { message: { id: string; seq: number } }).message;
}

describe("chat screen", () => {
  it("lists the channels (count, lock, newest first), opens the first, shows its messages; ?channel= survives a reload", async () => {
    const { page, context } = await openChat("admin");
    const expected = await queryAll<{ id: string; name: string; is_private: number }>(
      "select id, name, is_private from chat_channels order by created_at desc, rowid desc",
    );
    await eventuallyEqual(
      () => page.getByTestId("chat-channel-name").allInnerTexts(),
      expected.map((c) => c.name),
    );
    assert.equal(await page.getByTestId("chat-channel-count").innerText(), `${expected.length} canais disponíveis`);
    // Only the private channel has the lock.
    assert.equal(await channelLink(page, "diretoria").getByTestId("chat-channel-private").count(), 1);
    assert.equal(await channelLink(page, "geral").getByTestId("chat-channel-private").count(), 0);
    // The first is open.
    assert.equal(await page.getByTestId("chat-channel").first().getAttribute("aria-current"), "page");
    assert.equal(await pane(page).getAttribute("data-channel-id"), expected[0]!.id);

    // #geral: author, HH:mm, line breaks kept.
    await channelLink(page, "geral").click();
    await page.waitForURL((url) => url.searchParams.get("channel") !== null);
    await pane(page).getByTestId("chat-channel-title").getByText("#geral").waitFor();
    assert.equal(await pane(page).getByTestId("chat-channel-description").innerText(), "Avisos e conversas de toda a equipe");
    const rita = pane(page).getByTestId("chat-message").filter({ hasText: "Perfeito, até lá." });
    assert.equal(
      await rita.getByTestId("chat-message-text").innerText(),
      "Perfeito, até lá.\nVou chegar uns minutos antes para testar o projetor.",
    );
    assert.equal(await rita.getByTestId("chat-message-author").innerText(), "Rita Vendedora");
    const row = await queryFirst<{ created_at: string }>("select created_at from chat_messages where content like 'Perfeito, até lá.%'");
    assert.equal(await rita.getByTestId("chat-message-time").innerText(), hhmm(row!.created_at));
    assert.equal(await input(page).getAttribute("placeholder"), "Mensagem em #geral");
    await snapshot(page, "crm-chat-pt-1280");
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    // The URL keeps the open channel.
    await page.reload();
    await pane(page).getByTestId("chat-channel-title").getByText("#geral").waitFor();
    assert.equal(await channelLink(page, "geral").getAttribute("aria-current"), "page");

    // A channel that does not exist: the welcome pane says so.
    await page.goto("/chat?channel=nao-existe");
    await page.getByText("Bem-vindo ao Chat").waitFor();
    await page.getByText("Selecione um canal para começar a conversar").waitFor();
    await page.getByTestId("chat-missing").waitFor();

    await context.close();
  });

  it("a sales rep sees the public channels only: '2 canais disponíveis' and no #diretoria, even by its link", async () => {
    const { page, context } = await openChat("rep");
    const visible = await queryAll<{ name: string }>(
      "select name from chat_channels where is_private = 0 order by created_at desc, rowid desc",
    );
    await eventuallyEqual(
      () => page.getByTestId("chat-channel-name").allInnerTexts(),
      visible.map((c) => c.name),
    );
    assert.ok(!visible.some((c) => c.name === "diretoria"));
    const secret = await queryFirst<{ id: string }>("select id from chat_channels where name = 'diretoria'");
    await page.goto(`/chat?channel=${secret!.id}`);
    await page.getByTestId("chat-missing").waitFor();
    assert.equal(await page.getByText("Precisamos revisar as metas").count(), 0);
    await context.close();
  });

  it("creates a public channel (validation, 'Criando...', trimmed name, null description, toast, at the top and open)", async () => {
    const { page, context } = await openChat("manager");
    await page.getByRole("button", { name: "Criar canal" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Criar Novo Canal" }).waitFor();
    const submit = dialog.getByRole("button", { name: "Criar Canal" });
    assert.equal(await submit.isDisabled(), true, "empty name: disabled");
    await dialog.getByLabel("Nome do Canal").fill("    ");
    assert.equal(await submit.isDisabled(), true, "blank name: disabled");
    await dialog.getByLabel("Descrição (opcional)").fill("   ");
    const name = `projetos-${Date.now()}`;
    await dialog.getByLabel("Nome do Canal").fill(`  ${name}  `);
    assert.equal(await submit.isDisabled(), false);
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await snapshot(page, "crm-chat-create-dialog-pt-1280");

    const release = await holdRequests(page, (url) => url.pathname === "/api/chat/channels");
    await submit.click();
    const saving = dialog.getByRole("button", { name: "Criando..." });
    await saving.waitFor();
    assert.equal(await saving.isDisabled(), true);
    release();
    await toastShown(page, "Canal criado com sucesso!");
    await dialog.waitFor({ state: "detached" });

    const row = await queryFirst<{ id: string; description: string | null; is_private: number }>(
      "select id, description, is_private from chat_channels where name = ?",
      name,
    );
    assert.ok(row, "stored with the trimmed name");
    assert.equal(row.description, null);
    assert.equal(row.is_private, 0);
    const member = await queryFirst(
      "select 1 as one from chat_channel_members m join users u on u.id = m.user_id where m.channel_id = ? and u.email = ?",
      row.id,
      DEMO_USERS.manager,
    );
    assert.ok(member, "the creator is a member");
    await page.waitForURL((url) => url.searchParams.get("channel") === row.id);
    assert.equal(await page.getByTestId("chat-channel-name").first().innerText(), name, "at the top");
    assert.equal(await page.getByTestId("chat-channel").first().getAttribute("aria-current"), "page", "and open");
    await pane(page).getByText("Nenhuma mensagem ainda. Comece a conversa!").waitFor();
    await context.close();
  });

  it("creates a private channel (lock), adds a member from the searchable list, and the member sees it", async () => {
    const admin = await openChat("admin");
    const { page } = admin;
    await page.getByRole("button", { name: "Criar canal" }).click();
    const dialog = page.getByRole("dialog");
    const name = `sigilo-${Date.now()}`;
    await dialog.getByLabel("Nome do Canal").fill(name);
    await dialog.getByLabel("Descrição (opcional)").fill("Só para convidados");
    await dialog.getByRole("switch", { name: "Canal Privado" }).click();
    await dialog.getByRole("button", { name: "Criar Canal" }).click();
    await toastShown(page, "Canal criado com sucesso!");
    const row = await queryFirst<{ id: string; is_private: number; description: string }>(
      "select id, is_private, description from chat_channels where name = ?",
      name,
    );
    assert.equal(row?.is_private, 1);
    assert.equal(row?.description, "Só para convidados");
    await page.waitForURL((url) => url.searchParams.get("channel") === row!.id);
    assert.equal(await channelLink(page, name).getByTestId("chat-channel-private").count(), 1);

    await pane(page).getByRole("button", { name: "Adicionar membros" }).click();
    const members = page.getByRole("dialog");
    await members.getByRole("heading", { name: `Adicionar membros a #${name}` }).waitFor();
    await members.getByRole("searchbox", { name: "Buscar usuários" }).fill("rita");
    await members.getByRole("button", { name: "Adicionar Rita Vendedora ao canal" }).waitFor();
    assert.equal(await members.getByText("Ana Administradora").count(), 0, "filtered");
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await members.getByRole("button", { name: "Adicionar Rita Vendedora ao canal" }).click();
    await members.getByText("Adicionado").waitFor();
    await toastShown(page, "Rita Vendedora agora é membro do canal");
    const added = await queryFirst(
      "select 1 as one from chat_channel_members m join users u on u.id = m.user_id where m.channel_id = ? and u.email = ?",
      row!.id,
      DEMO_USERS.rep,
    );
    assert.ok(added);
    await page.keyboard.press("Escape");
    await members.waitFor({ state: "detached" });
    await eventuallyEqual(() => pane(page).getByTestId("chat-member-count").innerText(), "2 membros");

    // The rep now has it, and may post there; a non-creator has no 'Adicionar membros'.
    const rep = await openChat("rep", `/chat?channel=${row!.id}`);
    await pane(rep.page).getByTestId("chat-channel-title").getByText(name).waitFor();
    assert.equal(await pane(rep.page).getByRole("button", { name: "Adicionar membros" }).count(), 0);
    await admin.context.close();
    await rep.context.close();
  });

  it("sends with Enter, breaks lines with Shift+Enter, disables Send when empty, and shows HTML as text", async () => {
    const { page, context } = await openChat("rep");
    const channel = await apiChannel(page, { name: `envio-${Date.now()}` });
    const received = liveMessages(page);
    await gotoLive(page, `/chat?channel=${channel.id}`);
    await hydrated(page, "[data-testid=chat-send]");
    assert.equal(await sendButton(page).isDisabled(), true, "empty: disabled");
    await input(page).fill("   ");
    assert.equal(await sendButton(page).isDisabled(), true, "blank: disabled");
    await input(page).fill("");
    await input(page).pressSequentially("linha 1");
    await page.keyboard.press("Shift+Enter");
    await input(page).pressSequentially("linha 2");
    assert.equal(await input(page).inputValue(), "linha 1\nlinha 2", "Shift+Enter does not send");
    assert.equal(await sendButton(page).isDisabled(), false);
    await page.keyboard.press("Enter");
    await eventuallyEqual(() => texts(page), ["linha 1\nlinha 2"]);
    // Cleared when the server has taken it (the live echo may show the message a moment before).
    await eventuallyEqual(() => input(page).inputValue(), "", "cleared after sending");

    await input(page).fill("<b>x</b> <img src=x onerror=alert(1)>");
    await page.keyboard.press("Enter");
    await eventuallyEqual(() => texts(page), ["linha 1\nlinha 2", "<b>x</b> <img src=x onerror=alert(1)>"]);
    assert.equal(
      await pane(page).locator("[data-testid=chat-message-text] b, [data-testid=chat-message-text] img").count(),
      0,
      "never HTML",
    );
    // With the send button, and an emoji from the picker at the caret.
    await input(page).fill("Fechado ");
    await page.getByRole("button", { name: "Inserir emoji" }).click();
    await page.getByTestId("chat-emoji-list").getByRole("button", { name: "🎉" }).click();
    assert.equal(await input(page).inputValue(), "Fechado 🎉");
    await sendButton(page).click();
    await eventuallyEqual(() => texts(page), ["linha 1\nlinha 2", "<b>x</b> <img src=x onerror=alert(1)>", "Fechado 🎉"]);
    // Each once (the POST's answer and the live event are one message).
    await delivered(page, received, ["linha 1\nlinha 2", "<b>x</b> <img src=x onerror=alert(1)>", "Fechado 🎉"]);
    assert.equal((await texts(page)).length, 3);
    const stored = await queryAll<{ content: string }>("select content from chat_messages where channel_id = ? order by seq", channel.id);
    assert.deepEqual(
      stored.map((m) => m.content),
      ["linha 1\nlinha 2", "<b>x</b> <img src=x onerror=alert(1)>", "Fechado 🎉"],
    );
    await context.close();
  });

  it("loads older history when scrolled to the top, keeping the reader's place", async () => {
    const { page, context } = await openChat("manager");
    const channel = await apiChannel(page, { name: `historico-${Date.now()}` });
    for (let i = 1; i <= 65; i++) await apiSend(page, channel.id, `h${i}`);
    await page.goto(`/chat?channel=${channel.id}`);
    await hydrated(page, "[data-testid=chat-send]");
    await eventuallyEqual(async () => (await texts(page)).length, 50, "the newest page");
    assert.equal((await texts(page))[0], "h16");
    assert.equal((await texts(page)).at(-1), "h65");
    // At the newest message.
    const atBottom = () => page.getByTestId("chat-scroller").evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 50);
    assert.equal(await atBottom(), true);

    const h16 = pane(page)
      .getByTestId("chat-message")
      .filter({ has: page.getByText("h16", { exact: true }) });
    await page.getByTestId("chat-scroller").evaluate((el) => el.scrollTo({ top: 0 }));
    const before = (await h16.boundingBox())!.y;
    await eventuallyEqual(async () => (await texts(page)).length, 65, "the older page is in");
    assert.deepEqual((await texts(page)).slice(0, 3), ["h1", "h2", "h3"]);
    const afterLoad = (await h16.boundingBox())!.y;
    assert.ok(Math.abs(afterLoad - before) < 60, `h16 stayed in place (${before} → ${afterLoad})`);
    await page.getByTestId("chat-history-start").waitFor();

    // Reading history: a new message (from another tab) does not pull the view down; a pill says so.
    const top = await page.getByTestId("chat-scroller").evaluate((el) => el.scrollTop);
    await apiSend(page, channel.id, "nova enquanto lia");
    await page.getByRole("button", { name: "Novas mensagens (1)" }).waitFor();
    assert.equal((await texts(page)).at(-1), "nova enquanto lia");
    assert.ok(Math.abs((await page.getByTestId("chat-scroller").evaluate((el) => el.scrollTop)) - top) < 5, "not yanked down");
    await page.getByRole("button", { name: "Novas mensagens (1)" }).click();
    await eventuallyEqual(atBottom, true);
    await page.getByRole("button", { name: /Novas mensagens/ }).waitFor({ state: "detached" });
    await context.close();
  });

  it("two signed-in browsers chat both ways live; the other channels' unread badges rise live and clear when opened", async () => {
    const admin = await openChat("admin");
    const channel = await apiChannel(admin.page, { name: `ao-vivo-${Date.now()}` });
    const toAdmin = liveMessages(admin.page);
    await gotoLive(admin.page, `/chat?channel=${channel.id}`);
    const rep = await openChat("rep");
    const toRep = liveMessages(rep.page);
    await gotoLive(rep.page, `/chat?channel=${channel.id}`);

    await input(admin.page).fill("Oi Rita, tudo certo com a proposta?");
    await admin.page.keyboard.press("Enter");
    await eventuallyEqual(() => texts(rep.page), ["Oi Rita, tudo certo com a proposta?"], "the rep sees it live");
    await input(rep.page).fill("Tudo certo!\nEnvio hoje.");
    await rep.page.keyboard.press("Enter");
    await eventuallyEqual(
      () => texts(admin.page),
      ["Oi Rita, tudo certo com a proposta?", "Tudo certo!\nEnvio hoje."],
      "the admin sees the reply live",
    );
    // Each once, also where the POST's answer came before the live event.
    const both = ["Oi Rita, tudo certo com a proposta?", "Tudo certo!\nEnvio hoje."];
    await delivered(admin.page, toAdmin, both);
    await delivered(rep.page, toRep, both);
    for (const page of [admin.page, rep.page]) assert.equal((await texts(page)).length, 2, "each message once");
    assert.equal(
      await pane(admin.page).getByTestId("chat-message").last().getByTestId("chat-message-author").innerText(),
      "Rita Vendedora",
    );
    await snapshot(rep.page, "crm-chat-live-rep-1280");

    // The rep stays here; the admin posts in #geral: its badge rises, live.
    const geral = await queryFirst<{ id: string }>("select id from chat_channels where name = 'geral'");
    const badge = (page: Page, name: string) => channelLink(page, name).getByTestId("chat-unread");
    const badgeCount = async (page: Page, name: string) =>
      (await badge(page, name).count()) ? badge(page, name).getAttribute("data-count") : null;
    assert.equal(await badgeCount(rep.page, "geral"), null);
    await apiSend(admin.page, geral!.id, "Alguém viu o relatório?");
    await eventuallyEqual(() => badgeCount(rep.page, "geral"), "1");
    await apiSend(admin.page, geral!.id, "Está na pasta compartilhada.");
    await eventuallyEqual(() => badgeCount(rep.page, "geral"), "2");
    assert.equal(await badgeCount(rep.page, channel.name), null, "the open channel has none");
    await snapshot(rep.page, "crm-chat-unread-pt-1280");

    // A private channel's activity reaches its members through their own room.
    const secret = await apiChannel(admin.page, { name: `privado-vivo-${Date.now()}`, is_private: true });
    const me = await queryFirst<{ id: string }>("select id from users where email = ?", DEMO_USERS.rep);
    const added = await admin.page.request.post(`/api/chat/channels/${secret.id}/members`, {
      data: { user_id: me!.id },
      headers: { Origin: baseUrl() },
    });
    assert.equal(added.status(), 201);
    await apiSend(admin.page, secret.id, "Só entre nós.");
    await eventuallyEqual(() => badgeCount(rep.page, secret.name), "1", "the new private channel appears with its badge");

    // Opening #geral clears its badge and shows both messages; a reload keeps it read.
    await channelLink(rep.page, "geral").click();
    await pane(rep.page).getByText("Está na pasta compartilhada.").waitFor();
    await eventuallyEqual(() => badgeCount(rep.page, "geral"), null);
    await rep.page.reload();
    await hydrated(rep.page, "[data-testid=chat-send]");
    // The badges show once the page has read what was seen (both from one read).
    await eventuallyEqual(() => badgeCount(rep.page, secret.name), "1", "still unread after a reload");
    assert.equal(await badgeCount(rep.page, "geral"), null, "still read after a reload");

    await admin.context.close();
    await rep.context.close();
  });

  it("a dropped connection shows 'Reconectando…'; what the other user sent meanwhile appears once, in order, after reconnecting", async () => {
    const admin = await openChat("admin");
    const channel = await apiChannel(admin.page, { name: `queda-${Date.now()}` });
    await apiSend(admin.page, channel.id, "antes da queda");
    await gotoLive(admin.page, `/chat?channel=${channel.id}`);

    const rep = await journeys.signIn("rep", DESKTOP);
    // The rep's chat-room sockets go through a route that can cut them.
    const network = await cuttableSockets(rep.page, "/parties/chat-room/");
    await gotoLive(rep.page, `/chat?channel=${channel.id}`);
    await hydrated(rep.page, "[data-testid=chat-send]");
    await eventuallyEqual(() => texts(rep.page), ["antes da queda"]);

    await network.cut();
    await pane(rep.page).getByText("Reconectando…").waitFor({ timeout: 10_000 });
    await snapshot(rep.page, "crm-chat-reconnecting-pt-1280");

    // Meanwhile: the admin sends two, the rep (whose HTTP still works) one, the admin one more.
    await input(admin.page).fill("perdida 1");
    await admin.page.keyboard.press("Enter");
    await eventuallyEqual(async () => (await texts(admin.page)).length, 2);
    await apiSend(admin.page, channel.id, "perdida 2");
    await input(rep.page).fill("enquanto caído");
    await rep.page.keyboard.press("Enter");
    await eventuallyEqual(async () => (await texts(rep.page)).includes("enquanto caído"), true);
    await apiSend(admin.page, channel.id, "perdida 3");
    assert.equal((await texts(rep.page)).includes("perdida 3"), false, "not live while down");

    network.restore();
    const all = ["antes da queda", "perdida 1", "perdida 2", "enquanto caído", "perdida 3"];
    await eventuallyEqual(() => texts(rep.page), all, "everything, once, in order", 30_000);
    await pane(rep.page)
      .getByText("Reconectando…")
      .waitFor({ state: "detached", timeout: 10_000 })
      .catch(() => undefined);
    assert.equal(await pane(rep.page).getByTestId("live-reconnecting").count(), 0, "live again");
    // And live again: a new message arrives without a reload.
    await apiSend(admin.page, channel.id, "de volta");
    await eventuallyEqual(() => texts(rep.page), [...all, "de volta"]);
    await eventuallyEqual(() => texts(admin.page), [...all, "de volta"]);
    await admin.context.close();
    await rep.context.close();
  });

  it("sending offline keeps the text and says so; back online the same text goes once", async () => {
    const { page, context } = await openChat("manager", "/chat", { ...DESKTOP, allowConsoleErrors: [OFFLINE_REQUEST] });
    const channel = await apiChannel(page, { name: `offline-${Date.now()}` });
    await page.goto(`/chat?channel=${channel.id}`);
    await hydrated(page, "[data-testid=chat-send]");
    await context.setOffline(true);
    await input(page).fill("mensagem sem rede");
    await page.keyboard.press("Enter");
    await toastShown(page, "Não foi possível enviar a mensagem. Verifique sua conexão e tente novamente; o texto foi mantido.");
    assert.equal(await input(page).inputValue(), "mensagem sem rede");
    assert.equal(await page.getByText("Algo deu errado").count(), 0);
    await context.setOffline(false);
    await input(page).focus();
    await page.keyboard.press("Enter");
    await eventuallyEqual(() => texts(page), ["mensagem sem rede"]);
    // The room's broadcast of the message can arrive before the POST's answer, which clears the box.
    await eventuallyEqual(() => input(page).inputValue(), "", "the box is cleared once the send is answered");
    const stored = await queryAll("select 1 from chat_messages where channel_id = ?", channel.id);
    assert.equal(stored.length, 1);
    await context.close();
  });

  it("at 390 px: the list first, the pane after choosing, a back button, no sideways scrolling", async () => {
    const { page, context } = await openChat("admin", "/chat", PHONE);
    await page.getByTestId("chat-channel-list").waitFor();
    assert.equal(await pane(page).isVisible(), false, "the pane waits for a choice");
    await assertNoSidewaysScroll(page, "the list");
    await channelLink(page, "vendas").click();
    await pane(page).getByTestId("chat-channel-title").getByText("#vendas").waitFor();
    assert.equal(await page.getByTestId("chat-channel-list").isVisible(), false);
    assert.ok(await input(page).isVisible());
    await assertNoSidewaysScroll(page, "the pane");
    await input(page).fill("Mensagem do celular");
    await page.keyboard.press("Enter");
    await page.getByTestId("chat-messages").getByText("Mensagem do celular").waitFor();
    await eventuallyEqual(() => input(page).inputValue(), "");
    await page.getByRole("button", { name: "Voltar aos canais" }).click();
    await page.getByTestId("chat-channel-list").waitFor();
    await assertNoSidewaysScroll(page, "the list again");
    await context.close();
  });

  it("the open channel never changes by itself: a channel created and posted in elsewhere appears live (badge), the draft stays; drafts are kept per channel", async () => {
    const admin = await openChat("admin");
    const rep = await openChat("rep", "/chat", { live: true });
    const unread = (name: string) =>
      channelLink(rep.page, name)
        .getByTestId("chat-unread")
        .getAttribute("data-count")
        .catch(() => null);
    const first = await pane(rep.page).getAttribute("data-channel-id");
    assert.ok(first, "the first channel is open");
    const firstName = (await pane(rep.page).getByTestId("chat-channel-title").innerText()).replace(/^#/, "").trim();
    await input(rep.page).fill("rascunho que fica");

    // A new public channel shows at once for the rep (no reload), the open one stays.
    const open = await apiChannel(admin.page, { name: `novo-aberto-${Date.now()}` });
    await channelLink(rep.page, open.name).waitFor({ timeout: 10_000 });
    // A private channel the rep is added to shows too, before anyone posts in it.
    const secret = await apiChannel(admin.page, { name: `novo-privado-${Date.now()}`, is_private: true });
    const me = await queryFirst<{ id: string }>("select id from users where email = ?", DEMO_USERS.rep);
    const added = await admin.page.request.post(`/api/chat/channels/${secret.id}/members`, {
      data: { user_id: me!.id },
      headers: { Origin: baseUrl() },
    });
    assert.equal(added.status(), 201);
    await channelLink(rep.page, secret.name).waitFor({ timeout: 10_000 });
    await apiSend(admin.page, secret.id, "Bem-vindo ao novo canal.");
    await eventuallyEqual(() => unread(secret.name), "1", "the new channel's unread badge");
    // Time on purpose: nothing may switch the open channel a moment later either.
    await rep.page.waitForTimeout(800);
    assert.equal(await pane(rep.page).getAttribute("data-channel-id"), first, "the open channel did not change");
    assert.equal(await input(rep.page).inputValue(), "rascunho que fica", "the draft is kept");
    assert.equal(new URL(rep.page.url()).searchParams.get("channel"), null);

    // Switching channels keeps each one's draft.
    await channelLink(rep.page, secret.name).click();
    await pane(rep.page).getByText("Bem-vindo ao novo canal.").waitFor();
    assert.equal(await input(rep.page).inputValue(), "");
    await input(rep.page).fill("outro rascunho");
    await channelLink(rep.page, firstName).click();
    await rep.page.waitForFunction(
      (id) => document.querySelector("[data-testid=chat-pane]")?.getAttribute("data-channel-id") === id,
      first,
    );
    assert.equal(await input(rep.page).inputValue(), "rascunho que fica");
    await channelLink(rep.page, secret.name).click();
    await pane(rep.page).getByText("Bem-vindo ao novo canal.").waitFor();
    assert.equal(await input(rep.page).inputValue(), "outro rascunho");
    await rep.context.close();
    await admin.context.close();
  });

  it("at 390 px a channel opens at its newest message, also the first channel (laid out while the list showed)", async () => {
    const { page, context } = await openChat("manager", "/chat", PHONE);
    const channel = await apiChannel(page, { name: `celular-longo-${Date.now()}` });
    for (let i = 1; i <= 40; i++) await apiSend(page, channel.id, `m${i}`);
    const atBottom = () =>
      page.getByTestId("chat-scroller").evaluate((el) => el.clientHeight > 0 && el.scrollHeight - el.scrollTop - el.clientHeight < 50);
    // The new channel is the first: its pane is there, hidden behind the list.
    await page.goto("/chat");
    await hydrated(page, "[data-testid=chat-create-channel]");
    assert.equal(await pane(page).isVisible(), false);
    await channelLink(page, channel.name).click();
    await pane(page).getByText("m40", { exact: true }).waitFor();
    await eventuallyEqual(atBottom, true, "the newest message in view");
    assert.ok(await pane(page).getByText("m40", { exact: true }).isVisible());
    // Back and into it again, and into another channel and back.
    await page.getByRole("button", { name: "Voltar aos canais" }).click();
    await page.getByTestId("chat-channel-list").waitFor();
    await channelLink(page, channel.name).click();
    await pane(page).getByText("m40", { exact: true }).waitFor();
    await eventuallyEqual(atBottom, true, "the newest message in view again");
    await context.close();
  });

  it("groups one author's consecutive messages: avatar and name once, the time on each", async () => {
    const { page, context } = await openChat("manager");
    const channel = await apiChannel(page, { name: `grupos-${Date.now()}` });
    for (const text of ["g1", "g2", "g3"]) await apiSend(page, channel.id, text);
    await page.goto(`/chat?channel=${channel.id}`);
    await hydrated(page, "[data-testid=chat-send]");
    await eventuallyEqual(() => texts(page), ["g1", "g2", "g3"]);
    const items = pane(page).getByTestId("chat-message");
    assert.deepEqual(await items.evaluateAll((els) => els.map((el) => el.hasAttribute("data-grouped"))), [false, true, true]);
    // The grouped ones keep the name for screen readers only (visually hidden).
    const shownNames = () =>
      pane(page)
        .getByTestId("chat-message-author")
        .evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().width > 2).length);
    assert.equal(await shownNames(), 1, "the name shows once");
    assert.equal(await pane(page).getByTestId("chat-message-time").filter({ visible: true }).count(), 3, "a time on each message");
    await snapshot(page, "crm-chat-grouped-pt-1280");
    await context.close();
  });

  for (const language of ["pt", "es", "en"] as const) {
    it(`${language}: screenshots at 1280 and 390 px, axe clean`, async () => {
      const count = { pt: /canais disponíveis$/, es: /canales disponibles$/, en: /channels available$/ }[language];
      for (const [width, options] of [
        ["1280", DESKTOP],
        ["390", PHONE],
      ] as const) {
        const { page, context } = await journeys.signIn("admin", { path: "/chat", ...options, language });
        await hydrated(page, "[data-testid=chat-create-channel]");
        assert.match(await page.getByTestId("chat-channel-count").innerText(), count);
        await assertNoSidewaysScroll(page, width);
        if (width === "390") {
          await snapshot(page, `crm-chat-${language}-list-390`);
          await page.getByTestId("chat-channel").filter({ hasText: "geral" }).click();
          await page.getByTestId("chat-pane").waitFor();
          await page.getByTestId("chat-message").first().waitFor();
          await assertNoSidewaysScroll(page, `${width} pane`);
        } else {
          await page.getByTestId("chat-message").first().waitFor();
        }
        await animationsDone(page);
        await snapshot(page, `crm-chat-${language}-${width}`);
        const violations = await auditScreen(page);
        assert.equal(violations.length, 0, describeViolations(violations));
        assert.equal(await page.evaluate(() => /\bcrm\.teamChat\./.test(document.body.innerText)), false, "no raw keys");
        await context.close();
      }
    });
  }
});

describe("chat on an empty database", () => {
  const empty = serverOverEmptyDatabase("admin");

  it("shows 'Nenhum canal disponível' and 'Bem-vindo ao Chat'; the first channel created is listed and open", async () => {
    const { page, context } = await journeys.signIn("admin", { path: "/chat", baseURL: empty.url, ...DESKTOP });
    await page.getByText("Nenhum canal disponível").waitFor();
    assert.equal(await page.getByTestId("chat-channel-count").innerText(), "0 canais disponíveis");
    await page.getByText("Bem-vindo ao Chat").waitFor();
    await page.getByText("Selecione um canal para começar a conversar").waitFor();
    await snapshot(page, "crm-chat-empty-pt-1280");
    const violations = await auditScreen(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    await hydrated(page, "[data-testid=chat-create-channel]");
    await page.getByRole("button", { name: "Criar canal" }).click();
    await page.getByRole("dialog").getByLabel("Nome do Canal").fill("primeiro");
    await page.getByRole("dialog").getByRole("button", { name: "Criar Canal" }).click();
    await page.getByTestId("chat-pane").getByText("#primeiro").waitFor();
    assert.equal(await page.getByTestId("chat-channel-count").innerText(), "1 canal disponível");
    await context.close();
  });
});
