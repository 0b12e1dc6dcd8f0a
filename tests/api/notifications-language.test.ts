// Issue 24: a notification stores what happened (kind + params, migration 0020) and is shown
// in the READER's language: the list in the language of the CRM page asking (its cookie or
// ?lang=, else pt, never the saved users.language), the live event in all three for the tab
// to choose; for every producer;
// an old row the migration could not read is shown as stored; migration 0020 reads the known
// Portuguese sentences of old rows back into kind + params. docs/decisions/025.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { NotificationCreatedEvent, ServerEvent } from "../../app/modules/realtime/protocol.ts";
import type { Language } from "../../app/i18n/languages.ts";
import { getTranslator } from "../../app/i18n/dictionaries.server.ts";
import { auditText, siteSubject } from "../../app/modules/lead-detail/activity-text.ts";
import { tagLabel } from "../../app/modules/leads/tag-label.ts";
import { getDb } from "../../worker/db/client.ts";
import { PREDEFINED_TAGS } from "../../worker/db/schema/enums.ts";
import type { ActivityDto, LeadDto, NotificationListDto, Page } from "../../worker/services/crm-types.ts";
import { renderNotification } from "../../worker/services/notification-text.ts";
import { remindTasksDueSoon } from "../../worker/services/task-reminder-service.ts";
import { createLead, createNotification, createTask } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser, userRoomTabs } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;
const auth = (s: Session) => bearer(s.session.access_token);
const setLanguage = (s: Session, language: Language) =>
  env.DB.prepare("update users set language = ? where id = ?").bind(language, s.user.id).run();
/** The bell's list as a CRM page in `language` reads it (its language cookie; none: pt). */
const list = async (s: Session, language?: Language) => {
  const headers: Record<string, string> = { ...auth(s) };
  if (language) headers.Cookie = `language=${language}`;
  const response = await request("/api/notifications", { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as NotificationListDto).items;
};
const texts = async (s: Session, language?: Language) => (await list(s, language)).map((n) => [n.title, n.message]);

const openTab = userRoomTabs();
/** A tab of `s` listening to their own user room: the events it received. */
const tab = async (s: Session) => (await openTab(s)).events;
const created = (events: ServerEvent[]) => events.filter((e): e is NotificationCreatedEvent => e.type === "notification.created");
async function until(done: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe("one notification, read in the reader's language", () => {
  it("a status change is stored as kind + params and read as pt, es and en by its recipient", async () => {
    const rep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const lead = await createLead(db(), { name: "Clínica Aurora", assignedTo: rep.user.id, status: "new" });
    const moved = await request(`/api/leads/${lead.id}`, json("PATCH", { status: "negotiating" }, auth(manager)));
    expect(moved.status).toBe(200);
    const row = await env.DB.prepare("select kind, params, title, message from notifications where user_id = ?")
      .bind(rep.user.id)
      .first<{ kind: string; params: string; title: string; message: string }>();
    expect(row!.kind).toBe("leadStatusChanged");
    expect(JSON.parse(row!.params)).toEqual({ name: manager.user.name, lead: "Clínica Aurora", from: "new", to: "negotiating" });
    // The stored pt text stays (the fallback).
    expect(row!.message).toBe(`${manager.user.name} moveu o lead “Clínica Aurora” de Novo para Negociando.`);

    const name = manager.user.name;
    expect(await texts(rep)).toEqual([["Status do lead alterado", `${name} moveu o lead “Clínica Aurora” de Novo para Negociando.`]]);
    expect(await texts(rep, "es")).toEqual([["Estado del lead cambiado", `${name} movió el lead “Clínica Aurora” de Nuevo a Negociando.`]]);
    expect(await texts(rep, "en")).toEqual([["Lead status changed", `${name} moved the lead “Clínica Aurora” from New to Negotiating.`]]);
    // The language saved on the user (another tab's switch) never decides what a page reads:
    // without a cookie the list is pt, like the CRM page that asks for it.
    await setLanguage(rep, "en");
    expect(await texts(rep)).toEqual([["Status do lead alterado", `${name} moveu o lead “Clínica Aurora” de Novo para Negociando.`]]);
    const byQuery = await request("/api/notifications?lang=es", { headers: auth(rep) });
    expect(((await byQuery.json()) as NotificationListDto).items[0]).toMatchObject({ title: "Estado del lead cambiado" });
    // Marking it read answers in the page's language too.
    const [item] = await list(rep);
    const read = await request(`/api/notifications/${item!.id}/read`, {
      method: "PATCH",
      headers: { ...auth(rep), Cookie: "language=en" },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ notification: { title: "Lead status changed", read: true } });
  });

  it("the live event carries the text in pt, es and en, for each tab to show its page's language", async () => {
    const enRep = await signedInUser("sales_rep");
    const esRep = await signedInUser("sales_rep");
    const manager = await signedInUser("manager");
    const [enTab, esTab] = [await tab(enRep), await tab(esRep)];
    for (const s of [enRep, esRep]) {
      const response = await request("/api/tasks", json("POST", { title: "Ligar já", assigned_to: s.user.id }, auth(manager)));
      expect(response.status).toBe(201);
    }
    await until(() => created(enTab).length > 0 && created(esTab).length > 0);
    for (const events of [enTab, esTab]) {
      const [event] = created(events);
      expect(created(events)).toHaveLength(1);
      expect(event!.texts).toEqual({
        pt: { title: "Nova tarefa atribuída", message: `${manager.user.name} atribuiu a você a tarefa “Ligar já”.` },
        es: { title: "Nueva tarea asignada", message: `${manager.user.name} te asignó la tarea “Ligar já”.` },
        en: { title: "New task assigned", message: `${manager.user.name} assigned you the task “Ligar já”.` },
      });
      expect(event!.notification).toMatchObject({ title: "Nova tarefa atribuída" });
    }
  });

  it("bulk assignment (a count, written the reader's way) and the task reminder (title, time) in en", async () => {
    const rep = await signedInUser("sales_rep");
    const admin = await signedInUser("admin");
    const leads = await Promise.all([1, 2, 3].map(() => createLead(db(), { assignedTo: null })));
    const bulk = await request(
      "/api/leads/bulk",
      json("POST", { ids: leads.map((l) => l.id), action: { type: "assign", assigned_to: rep.user.id } }, auth(admin)),
    );
    expect(bulk.status).toBe(200);
    const now = new Date(Date.UTC(2032, 2, 3, 12, 0));
    await createTask(db(), {
      title: "Send the proposal",
      assignedTo: rep.user.id,
      dueDate: new Date(now.getTime() + 3 * 3_600_000).toISOString(),
    });
    await remindTasksDueSoon({ db: getDb(env.DB), env }, now);
    expect(await texts(rep, "en")).toEqual(
      expect.arrayContaining([
        ["Lead assigned to you", `${admin.user.name} assigned you 3 leads.`],
        ["Task due soon", "The task “Send the proposal” is due within the next 24 hours."],
      ]),
    );
  });

  it("a row without a kind (or with params it cannot read) is shown as stored", async () => {
    const rep = await signedInUser("sales_rep");
    await createNotification(db(), { userId: rep.user.id, type: "system", title: "Aviso antigo", message: "Texto como foi gravado." });
    expect(await texts(rep, "en")).toEqual([["Aviso antigo", "Texto como foi gravado."]]);
    expect(renderNotification({ kind: "leadAssigned", params: "[1]", title: "T", message: "M" }, "en")).toEqual({
      title: "T",
      message: "M",
    });
    expect(renderNotification({ kind: "nope", params: "{}", title: "T", message: "M" }, "es")).toEqual({ title: "T", message: "M" });
    expect(
      renderNotification({ kind: "leadsStatusChanged", params: '{"name":"Ana","count":1234,"to":"won"}', title: "", message: "" }, "en"),
    ).toEqual({
      title: "Lead status changed",
      message: "Ana moved 1,234 of your leads to Won.",
    });
  });
});

describe("migration 0020", () => {
  it("reads the known Portuguese sentences of old rows back into kind + params; anything else keeps its text", async () => {
    const rep = await signedInUser("sales_rep");
    const old = [
      ["task_due", "Tarefa vence em breve", "A tarefa “Ligar “já” ao cliente” vence nas próximas 24 horas."],
      ["task_due", "Tarefa vence em breve", "A tarefa “Ligar” vence às 14:30."],
      ["lead_assigned", "Lead atribuído a você", "Ana Souza atribuiu a você o lead “Empresa X”."],
      ["status_change", "Status do lead alterado", "Ana Souza moveu o lead “Acme de Novo” de Qualificado para Ganho."],
      ["status_change", "Status do lead alterado", "Ana moveu o lead “Acme” de Talvez para Ganho."],
      ["lead_assigned", "Lead atribuído a você", "Ana atribuiu a você o lead “Y” (importação de a.csv)."],
      ["new_lead", "Novo lead do site", "Maria (maria@x.com) deixou o contato no assistente do site."],
      [
        "system",
        "Lead voltou ao assistente do site",
        "Maria (maria@x.com) conversou de novo com o assistente do site; a conversa está na linha do tempo.",
      ],
      ["task_assigned", "Nova tarefa atribuída", "Ana atribuiu a você a tarefa “Enviar “já””."],
      ["system", "Outro aviso", "Algo escrito à mão."],
    ] as const;
    const ids: string[] = [];
    for (const [i, [type, title, message]] of old.entries()) {
      const at = new Date(Date.UTC(2025, 0, 1, 12, i)).toISOString();
      ids.push((await createNotification(db(), { userId: rep.user.id, type, title, message, createdAt: at })).id);
    }
    const migration = env.TEST_MIGRATIONS!.find((m) => m.name.startsWith("0020_"))!;
    for (const query of migration.queries.filter((q) => /^\s*(--[^\n]*\n\s*)*UPDATE/i.test(q))) await env.DB.prepare(query).run();
    const rows = await env.DB.prepare(`select id, kind, params from notifications where user_id = ?`)
      .bind(rep.user.id)
      .all<{ id: string; kind: string | null; params: string | null }>();
    const byId = new Map(rows.results.map((r) => [r.id, [r.kind, r.params && JSON.parse(r.params)]]));
    expect(ids.map((id) => byId.get(id))).toEqual([
      ["taskDue", { title: "Ligar “já” ao cliente" }],
      ["taskDueAt", { title: "Ligar", time: "14:30" }],
      ["leadAssigned", { name: "Ana Souza", lead: "Empresa X" }],
      ["leadStatusChanged", { name: "Ana Souza", lead: "Acme de Novo", from: "qualified", to: "won" }],
      [null, null],
      [null, null],
      ["newLead", { name: "Maria", email: "maria@x.com" }],
      ["leadReturned", { name: "Maria", email: "maria@x.com" }],
      [null, null],
      [null, null],
    ]);
    // Read in en: the migrated ones in English, the others as stored (newest first).
    expect((await texts(rep, "en")).reverse()).toEqual([
      ["Task due soon", "The task “Ligar “já” ao cliente” is due within the next 24 hours."],
      ["Task due soon", "The task “Ligar” is due at 14:30."],
      ["Lead assigned to you", "Ana Souza assigned you the lead “Empresa X”."],
      ["Lead status changed", "Ana Souza moved the lead “Acme de Novo” from Qualified to Won."],
      ["Status do lead alterado", "Ana moveu o lead “Acme” de Talvez para Ganho."],
      ["Lead atribuído a você", "Ana atribuiu a você o lead “Y” (importação de a.csv)."],
      [expect.any(String), "Maria (maria@x.com) left their contact details with the website assistant."],
      [expect.any(String), expect.stringMatching(/^Maria \(maria@x\.com\)/)],
      ["Nova tarefa atribuída", "Ana atribuiu a você a tarefa “Enviar “já””."],
      ["Outro aviso", "Algo escrito à mão."],
    ]);
  });
});

describe("predefined tags in the reader's language", () => {
  it("each predefined tag has its own label in pt, es and en; a typed tag (even one differing in case) is shown as typed", () => {
    const [pt, es, en] = (["pt", "es", "en"] as const).map((language) => getTranslator(language));
    expect(PREDEFINED_TAGS.map((tag) => tagLabel(tag, pt!))).toEqual([...PREDEFINED_TAGS]);
    expect(PREDEFINED_TAGS.map((tag) => tagLabel(tag, en!))).toEqual([
      "Urgent",
      "Qualified",
      "Interested",
      "Waiting",
      "Follow-up",
      "Quote",
      "Proposal",
      "Competitor",
    ]);
    expect(tagLabel("Orçamento", es!)).toBe("Presupuesto");
    expect(new Set(PREDEFINED_TAGS.map((tag) => tagLabel(tag, es!))).size).toBe(PREDEFINED_TAGS.length);
    for (const typed of ["urgente", "Cliente VIP", "constructor", "toString"]) expect(tagLabel(typed, en!)).toBe(typed);
  });

  it("the API keeps the stored value (filters, exports): a lead tagged Urgente is found by tag=Urgente whatever the reader's language", async () => {
    const manager = await signedInUser("manager");
    const lead = await createLead(db(), { name: "Etiqueta Guardada", tags: ["Urgente", "Cliente VIP"] });
    const response = await request(`/api/leads?tag=Urgente&search=${encodeURIComponent("Etiqueta Guardada")}`, {
      headers: { ...auth(manager), Cookie: "language=en" },
    });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as Page<LeadDto>;
    expect(items.map((l) => [l.id, l.tags])).toEqual([[lead.id, ["Urgente", "Cliente VIP"]]]);
  });
});

describe("the timeline's stored Portuguese, read in en", () => {
  const entry = (over: Partial<ActivityDto>) => ({ author: null, subject: null, content: "", metadata: null, ...over }) as ActivityDto;
  const en = getTranslator("en");

  it("a tags change names the predefined tags in the reader's language, typed tags as typed", () => {
    const change = entry({
      author: { id: "u", name: "Ana", email: "ana@x.test" } as ActivityDto["author"],
      metadata: {
        kind: "audit",
        field: "lead",
        fields: ["tags"],
        changes: { tags: { from: ["Urgente"], to: ["Urgente", "Proposta", "VIP"] } },
      },
    });
    expect(auditText(change, en, "en")).toBe("Ana edited: Tags: Urgent → Urgent, Proposal, VIP");
  });

  it("the chat assistant's entry (stored under pt headings) reads in the page's language: headings, answers and speakers; what was typed stays", async () => {
    const manager = await signedInUser("manager");
    const captured = await request(
      "/api/leads/capture",
      json(
        "POST",
        {
          name: "Lia Prado",
          email: "lia.prado@reader.test",
          phone: null,
          company: null,
          language: "pt",
          projectType: "web_app",
          budget: null,
          timeline: "timeline_3months",
          teamSize: "team_small",
          transcript: [
            { content: "Que tipo de projeto você tem em mente?", isBot: true },
            { content: "Aplicação web\ncom agenda online", isBot: false },
          ],
        },
        { "CF-Connecting-IP": "203.0.113.240" },
      ),
    );
    expect(captured.status).toBe(201);
    const { id } = (await env.DB.prepare("select id from leads where email = ?").bind("lia.prado@reader.test").first<{ id: string }>())!;
    const timeline = async (cookie?: string) => {
      const response = await request(`/api/leads/${id}/activities`, {
        headers: { ...auth(manager), ...(cookie ? { Cookie: cookie } : {}) },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as Page<ActivityDto>).items.find((a) => a.metadata?.source === "chat_assistant")!.content;
    };
    const stored = await timeline();
    expect(stored.split("\n").slice(0, 3)).toEqual([
      "Lead qualificado pelo assistente do site.",
      "Tipo de projeto: Aplicação web",
      "Orçamento: não informado",
    ]);
    expect(await timeline("language=en")).toBe(
      [
        "Lead qualified by the website assistant.",
        "Project type: Web app",
        "Budget: not given",
        "Timeline: In 1 to 3 months",
        "Team size: Small 11-50",
        "Contact given: Lia Prado · lia.prado@reader.test",
        "Conversation language: Português",
        "",
        "Conversation:",
        "Assistant: Que tipo de projeto você tem em mente?",
        "Visitor: Aplicação web",
        "com agenda online",
      ].join("\n"),
    );
    expect((await timeline("language=es")).split("\n").slice(0, 2)).toEqual([
      "Lead calificado por el asistente del sitio.",
      "Tipo de proyecto: Aplicación web",
    ]);
  });

  it("the site's chat assistant and contact form entries get their subject in the reader's language; a person's subject stays", () => {
    expect(siteSubject(entry({ subject: "Conversa do assistente do site", metadata: { source: "chat_assistant" } }), en)).toBe(
      "Website assistant conversation",
    );
    expect(siteSubject(entry({ subject: "Formulário de contato do site", metadata: { source: "contact_form" } }), en)).toBe(
      "Website contact form",
    );
    const typed = entry({
      subject: "Reunião",
      metadata: { source: "chat_assistant" },
      author: { id: "u", name: "Ana" } as ActivityDto["author"],
    });
    expect(siteSubject(typed, en)).toBeNull();
  });
});
