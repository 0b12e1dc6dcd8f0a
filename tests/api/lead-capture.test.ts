import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadCaptureRequest } from "~/modules/chat/chat-types";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, request, signIn } from "../helpers.ts";

// POST /api/leads/capture through the Worker's real fetch handler, against a migrated D1.
// Each test posts from its own IPs so the per-IP limit of one test never bleeds into another.

type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };
type Row = Record<string, unknown>;

const capture = (body: unknown, { ip, query = "", headers = {} }: { ip: string; query?: string; headers?: Record<string, string> }) =>
  request(`/api/leads/capture${query}`, json("POST", body, { "CF-Connecting-IP": ip, ...headers }));

const burst = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

const transcript = [
  { content: "Olá! 👋 Sou o assistente da Velox Labs. Vamos começar?", isBot: true },
  { content: "Vamos", isBot: false },
  { content: "Que tipo de projeto você tem em mente?", isBot: true },
  { content: "Aplicação web", isBot: false },
  { content: "Perfeito! Qual é o seu e-mail?", isBot: true },
  { content: "Sou a Ana, ana.souza@clinicavida.com.br, (11) 98765-4321\nqueremos agendamento online", isBot: false },
];

const valid: LeadCaptureRequest = {
  name: "Ana Souza",
  email: "  Ana.Souza@ClinicaVida.com.br ",
  phone: "(11) 98765-4321",
  company: "Clínica Vida",
  language: "pt",
  projectType: "web_app",
  budget: "budget_25k",
  timeline: "timeline_3months",
  teamSize: "team_small",
  transcript,
};

const all = async <T = Row>(query: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
const one = async <T = Row>(query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...binds)
    .first<T>())!;
const count = async (table: string, where = "1 = 1", ...binds: unknown[]) =>
  (await one<{ n: number }>(`select count(*) as n from ${table} where ${where}`, ...binds)).n;
const leadByEmail = (email: string) => one<Row>("select * from leads where lower(trim(email)) = ?", email);
const stored = async () => ({
  leads: await count("leads"),
  activities: await count("lead_activities"),
  messages: await count("contact_messages"),
  notifications: await count("notifications"),
});

afterEach(() => vi.restoreAllMocks());

describe("POST /api/leads/capture: a new lead", () => {
  it("creates a website lead (status new, value from the budget in US$, phone in E.164, a summary as notes), its transcript activity and a new_lead notification for each active manager and admin", async () => {
    const admin = await createUser(db(), { role: "admin" });
    const manager = await createUser(db(), { role: "manager" });
    const inactiveManager = await createUser(db(), { role: "manager", isActive: false });
    const rep = await createUser(db(), { role: "sales_rep" });
    const optedOut = await createUser(db(), { role: "manager" });
    await env.DB.prepare("insert into notification_preferences (user_id, new_leads) values (?, 0)").bind(optedOut.id).run();

    const response = await capture({ ...valid, language: "es" }, { ip: "203.0.113.101" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("Set-Cookie")).toBeNull();

    const lead = await leadByEmail("ana.souza@clinicavida.com.br");
    expect(lead).toMatchObject({
      name: "Ana Souza",
      email: "ana.souza@clinicavida.com.br",
      phone: "+5511987654321",
      company: "Clínica Vida",
      source: "website",
      status: "new",
      estimated_value: 37500,
      currency: "USD",
      assigned_to: null,
      created_by: null,
      tags: "[]",
    });
    // Notes: a summary under Portuguese headings with the answers as the (Spanish) visitor saw them; no transcript.
    expect(lead.notes).toBe(
      [
        "Lead qualificado pelo assistente do site.",
        "Tipo de projeto: Aplicación web",
        "Orçamento: US$ 25 mil a 50 mil",
        "Prazo: En 1 a 3 meses",
        "Tamanho da equipe: Pequeña 11-50",
        "Contato informado: Ana Souza · ana.souza@clinicavida.com.br · (11) 98765-4321 · Clínica Vida",
        "Idioma da conversa: Español",
      ].join("\n"),
    );

    const activities = await all<{ type: string; subject: string; content: string; author_id: string | null; metadata: string }>(
      "select type, subject, content, author_id, metadata from lead_activities where lead_id = ?",
      lead.id,
    );
    expect(activities).toHaveLength(1);
    // The transcript is kept once: on the timeline, after the same summary.
    expect(activities[0]).toMatchObject({
      type: "internal_note",
      subject: "Conversa do assistente do site",
      author_id: null,
      content: `${lead.notes}\n\nConversa:\n${transcript.map((turn) => `${turn.isBot ? "Assistente" : "Visitante"}: ${turn.content}`).join("\n")}`,
    });
    expect(JSON.parse(activities[0]!.metadata)).toMatchObject({
      source: "chat_assistant",
      language: "es",
      budget: "budget_25k",
      teamSize: "team_small",
    });

    const notified = await all<{ user_id: string; type: string; title: string; message: string; link: string; read: number }>(
      "select user_id, type, title, message, link, read from notifications where link = ?",
      `/leads?lead=${lead.id}`,
    );
    const recipients = notified.map((n) => n.user_id);
    expect(recipients).toContain(admin.id);
    expect(recipients).toContain(manager.id);
    for (const excluded of [inactiveManager.id, rep.id, optedOut.id]) expect(recipients).not.toContain(excluded);
    expect(new Set(recipients).size).toBe(recipients.length);
    for (const n of notified) {
      expect(n).toMatchObject({ type: "new_lead", title: "Novo lead do site", read: 0 });
      expect(n.message).toBe("Ana Souza (ana.souza@clinicavida.com.br) deixou o contato no assistente do site.");
    }

    // The manager sees it in the bell, with the link into the CRM.
    const session = await signIn(manager.email, undefined, "203.0.113.102");
    const bell = await request("/api/notifications", { headers: bearer(session.access_token) });
    const list = await bell.json<{ items: { type: string; link: string }[] }>();
    expect(list.items).toContainEqual(expect.objectContaining({ type: "new_lead", link: `/leads?lead=${lead.id}` }));
    // …and in the leads list, as a new website lead.
    const leadsList = await request("/api/leads?status=new", { headers: bearer(session.access_token) });
    expect(leadsList.status).toBe(200);
    expect(JSON.stringify(await leadsList.json())).toContain(String(lead.id));
  });

  it("maps each budget to its estimated value (anything else 0) and names a lead without a name after its e-mail", async () => {
    const cases: [LeadCaptureRequest["budget"] | undefined, number][] = [
      ["budget_5k", 15000],
      ["budget_25k", 37500],
      ["budget_50k", 75000],
      ["budget_100k", 150000],
      [null, 0],
      ["", 0],
      [undefined, 0],
    ];
    for (const [i, [budget, value]] of cases.entries()) {
      const email = `orcamento${i}@example.com`;
      const body: Row = { email, language: "en", transcript: [] };
      if (budget !== undefined) body.budget = budget;
      const response = await capture(body, { ip: `203.0.113.11${i}` });
      expect(response.status).toBe(201);
      const lead = await leadByEmail(email);
      expect(lead).toMatchObject({
        estimated_value: value,
        name: `orcamento${i}`,
        phone: null,
        company: null,
        source: "website",
        status: "new",
      });
      if (budget) expect(String(lead.notes)).not.toContain("Orçamento: não informado");
      else expect(String(lead.notes)).toContain("Orçamento: não informado");
    }
    // Blank name, phone and company read as not given.
    expect(
      (await capture({ ...valid, email: "sem.nome@example.com", name: "   ", phone: "", company: null }, { ip: "203.0.113.119" })).status,
    ).toBe(201);
    expect(await leadByEmail("sem.nome@example.com")).toMatchObject({ name: "sem.nome", phone: null, company: null });
  });

  it("a long conversation stays out of the notes; the activity holds all of it", async () => {
    const long = Array.from({ length: 60 }, (_, i) => ({
      content: `${i}: ${"texto longo ".repeat(160)}`.slice(0, 2000),
      isBot: i % 2 === 0,
    }));
    const response = await capture({ ...valid, email: "longa@example.com", transcript: long }, { ip: "203.0.113.120" });
    expect(response.status).toBe(201);
    const lead = await leadByEmail("longa@example.com");
    expect(String(lead.notes).length).toBeLessThan(500);
    expect(String(lead.notes)).not.toContain("texto longo");
    const activity = await one<{ content: string }>("select content from lead_activities where lead_id = ?", lead.id);
    expect(activity.content.length).toBeGreaterThan(100_000);
    expect(activity.content).toContain(`Visitante: ${long[59]!.content.trim()}`);
  });

  it("the summary gives each answer the label the visitor saw, in their language", async () => {
    const expected = {
      pt: ["Aplicação web", "US$ 25 mil a 50 mil", "Em 1 a 3 meses", "Pequena 11-50", "Português"],
      es: ["Aplicación web", "US$ 25 mil a 50 mil", "En 1 a 3 meses", "Pequeña 11-50", "Español"],
      en: ["Web app", "$25K – $50K", "In 1 to 3 months", "Small 11-50", "English"],
    } as const;
    for (const [i, [language, [projectType, budget, timeline, teamSize, name]]] of Object.entries(expected).entries()) {
      const email = `rotulos.${language}@example.com`;
      expect((await capture({ ...valid, email, language }, { ip: `203.0.113.12${i + 1}` })).status).toBe(201);
      const notes = String((await leadByEmail(email)).notes);
      expect(notes.split("\n").slice(1, 5), language).toEqual([
        `Tipo de projeto: ${projectType}`,
        `Orçamento: ${budget}`,
        `Prazo: ${timeline}`,
        `Tamanho da equipe: ${teamSize}`,
      ]);
      expect(notes).toContain(`Idioma da conversa: ${name}`);
    }
    // Unanswered steps say so, in Portuguese.
    expect((await capture({ email: "sem.respostas@example.com", language: "en", transcript: [] }, { ip: "203.0.113.124" })).status).toBe(
      201,
    );
    expect(String((await leadByEmail("sem.respostas@example.com")).notes)).toContain(
      "Prazo: não informado\nTamanho da equipe: não informado",
    );
  });

  it("saves the company the visitor typed in pt, es or en when the widget sent none; never a place, a department or a greeting", async () => {
    const said = (content: string) => [
      { content: "Perfeito! Me diga seu nome e e-mail.", isBot: true },
      { content, isBot: false },
      { content: "Obrigado! Qual é o melhor e-mail?", isBot: true },
      { content: "ana@example.com", isBot: false },
    ];
    const cases: [string, string | null][] = [
      ["Oi! Sou da Duarte Cosméticos e quero um app", "Duarte Cosméticos"],
      ["trabalho na Andes Logística há 3 anos", "Andes Logística"],
      ["Hola, trabajo en Grupo Bimbo", "Grupo Bimbo"],
      ["Hi, I'm Kate from Acme Inc.", "Acme Inc"],
      ["trabalho em casa, sou do Rio", null],
      ["Bom dia! Tudo bem?", null],
      ["I work at a bank in London", null],
    ];
    for (const [i, [content, company]] of cases.entries()) {
      const email = `empresa${i}@example.com`;
      const response = await capture({ ...valid, email, company: null, transcript: said(content) }, { ip: `203.0.113.21${i}` });
      expect(response.status).toBe(201);
      expect((await leadByEmail(email)).company, content).toBe(company);
    }
    // What the widget read wins over the transcript.
    await capture(
      { ...valid, email: "widget@example.com", company: "Clínica Vida", transcript: said("sou da Duarte Cosméticos") },
      { ip: "203.0.113.218" },
    );
    expect((await leadByEmail("widget@example.com")).company).toBe("Clínica Vida");
  });

  it("stores the phone in E.164; one that is no phone number stays out of the lead (the timeline's metadata keeps it)", async () => {
    const phones: [string, string | null][] = [
      ["+55 (21) 3456-7890", "+552134567890"],
      ["011 98765-4321", "+5511987654321"],
      ["+1 (415) 555-0132", "+14155550132"],
      ["ramal 204", null],
    ];
    for (const [i, [typed, stored]] of phones.entries()) {
      const email = `fone${i}@example.com`;
      expect((await capture({ ...valid, email, phone: typed }, { ip: `203.0.113.22${i}` })).status).toBe(201);
      const lead = await leadByEmail(email);
      expect(lead.phone, typed).toBe(stored);
      const activity = await one<{ metadata: string }>("select metadata from lead_activities where lead_id = ?", lead.id);
      expect(JSON.parse(activity.metadata).phone).toBe(typed);
    }
  });
});

describe("POST /api/leads/capture: one lead per e-mail", () => {
  it("a returning visitor's lead gets the transcript on its timeline and only what it lacks; staff's edits stay", async () => {
    const owner = await createUser(db(), { role: "sales_rep" });
    const lead = await createLead(db(), {
      name: "Carla Mendes",
      email: "Carla.Mendes@Empresa.com.br",
      phone: "+55 11 1111-1111",
      company: "  ",
      status: "negotiating",
      assignedTo: owner.id,
      notes: "Reunião marcada para sexta.",
      tags: ["Proposta"],
      estimatedValue: null,
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    const managersBefore = await count("notifications", "type = 'new_lead'");

    const response = await capture(
      {
        ...valid,
        name: "Carla M.",
        email: "carla.mendes@EMPRESA.com.br ",
        phone: "+55 21 99999-9999",
        company: "Mendes Ltda",
        budget: "budget_50k",
      },
      { ip: "203.0.113.130" },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    expect(await count("leads", "lower(trim(email)) = ?", "carla.mendes@empresa.com.br")).toBe(1);
    const after = await one("select * from leads where id = ?", lead.id);
    expect(after).toMatchObject({
      name: "Carla Mendes",
      phone: "+55 11 1111-1111",
      company: "Mendes Ltda",
      estimated_value: 75000,
      currency: "USD",
      status: "negotiating",
      assigned_to: owner.id,
      notes: "Reunião marcada para sexta.",
      tags: '["Proposta"]',
      source: "website",
    });
    expect(after.updated_at).not.toBe("2026-01-01T00:00:00.000Z");

    const activities = await all<{ type: string; subject: string; content: string }>(
      "select type, subject, content from lead_activities where lead_id = ?",
      lead.id,
    );
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ type: "internal_note", subject: "Conversa do assistente do site" });
    // The phone the visitor gave this time is on the timeline even though the lead keeps staff's.
    expect(activities[0]!.content).toContain("Contato informado: Carla M. · carla.mendes@empresa.com.br · (21) 99999-9999 · Mendes Ltda");
    expect(activities[0]!.content).toContain("Visitante: Aplicação web");

    // No new_lead for anyone; the owner is told the lead came back.
    expect(await count("notifications", "type = 'new_lead'")).toBe(managersBefore);
    expect(await all("select user_id, type, title, message, link from notifications where link = ?", `/leads?lead=${lead.id}`)).toEqual([
      {
        user_id: owner.id,
        type: "system",
        title: "Lead voltou ao assistente do site",
        message:
          "Carla Mendes (carla.mendes@empresa.com.br) conversou de novo com o assistente do site; a conversa está na linha do tempo.",
        link: `/leads?lead=${lead.id}`,
      },
    ]);

    // A third conversation: another activity; what is now filled is never overwritten.
    const again = await capture(
      { ...valid, email: "carla.mendes@empresa.com.br", phone: "+55 31 3333-3333", company: "Outra SA", budget: "budget_100k" },
      { ip: "203.0.113.130" },
    );
    expect(again.status).toBe(200);
    expect(await one("select phone, company, estimated_value, currency, name from leads where id = ?", lead.id)).toEqual({
      phone: "+55 11 1111-1111",
      company: "Mendes Ltda",
      estimated_value: 75000,
      currency: "USD",
      name: "Carla Mendes",
    });
    expect(await count("lead_activities", "lead_id = ?", lead.id)).toBe(2);
  });

  it("a value staff entered keeps its currency; a returning visitor's budget fills only a missing value, in US$", async () => {
    const priced = await createLead(db(), { name: "Com Valor", email: "com.valor@example.com", estimatedValue: 5000 });
    expect((await capture({ ...valid, email: "com.valor@example.com", budget: "budget_100k" }, { ip: "203.0.113.230" })).status).toBe(200);
    expect(await one("select estimated_value, currency from leads where id = ?", priced.id)).toEqual({
      estimated_value: 5000,
      currency: "BRL",
    });
    // No budget: no value, the organisation's currency.
    expect((await capture({ ...valid, email: "sem.orcamento@example.com", budget: null }, { ip: "203.0.113.231" })).status).toBe(201);
    expect(await leadByEmail("sem.orcamento@example.com")).toMatchObject({ estimated_value: 0, currency: "BRL" });
  });

  it("fills a missing phone; an unassigned returning lead notifies nobody; a contact-form lead is the same lead", async () => {
    const contact = await request(
      "/api/contact",
      json(
        "POST",
        { name: "Bruno Lima", email: "bruno@lima.dev", message: "Quero um orçamento para um app." },
        { "CF-Connecting-IP": "203.0.113.140" },
      ),
    );
    expect(contact.status).toBe(201);
    const { leadId } = await contact.json<{ leadId: string }>();
    const notificationsBefore = await count("notifications");

    const response = await capture({ ...valid, name: null, email: "BRUNO@lima.dev", company: null, budget: null }, { ip: "203.0.113.141" });
    expect(response.status).toBe(200);
    expect(await count("leads", "lower(email) = ?", "bruno@lima.dev")).toBe(1);
    expect(await one("select name, phone, company, estimated_value, currency, notes from leads where id = ?", leadId)).toEqual({
      name: "Bruno Lima",
      phone: "+5511987654321",
      company: null,
      estimated_value: null,
      currency: "BRL",
      notes: "Quero um orçamento para um app.",
    });
    expect(await all("select type from lead_activities where lead_id = ? order by type", leadId)).toEqual([
      { type: "email" },
      { type: "internal_note" },
    ]);
    expect(await count("notifications")).toBe(notificationsBefore);
  });

  it("ten simultaneous captures for one new e-mail make one lead, ten activities and one notification per manager", async () => {
    const manager = await createUser(db(), { role: "manager" });
    const responses = await burst(10, (i) =>
      capture({ ...valid, email: i % 2 ? "Rajada@Example.com" : "rajada@example.com" }, { ip: `203.0.113.15${i}` }),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await count("leads", "lower(trim(email)) = ?", "rajada@example.com")).toBe(1);
    const lead = await leadByEmail("rajada@example.com");
    expect(await count("lead_activities", "lead_id = ?", lead.id)).toBe(10);
    expect(await count("notifications", "link = ? and user_id = ?", `/leads?lead=${lead.id}`, manager.id)).toBe(1);
    expect(await count("notifications", "link = ? and type = 'new_lead'", `/leads?lead=${lead.id}`)).toBe(
      await count(
        "users",
        "role in ('admin', 'manager') and is_active = 1 and id not in (select user_id from notification_preferences where new_leads = 0)",
      ),
    );

    // Two at once, the smallest race.
    const pair = await burst(2, (i) => capture({ ...valid, email: "dupla@example.com" }, { ip: `203.0.113.16${i}` }));
    expect(pair.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await count("leads", "lower(trim(email)) = ?", "dupla@example.com")).toBe(1);
  });
});

describe("POST /api/leads/capture: refusals", () => {
  it("accepts a filled honeypot silently and stores nothing", async () => {
    const before = await stored();
    const response = await capture({ ...valid, email: "robo@spam.example", website: "https://spam.example" }, { ip: "203.0.113.170" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await stored()).toEqual(before);
  });

  it("answers bad input with 400 validation_failed in the body's language (else the request's) and stores nothing", async () => {
    const before = await stored();
    const ip = "203.0.113.171";
    const issuesOf = async (body: unknown, query = "") => {
      const response = await capture(body, { ip, query });
      expect(response.status).toBe(400);
      const payload = await response.json<ErrorBody>();
      expect(payload.error).toBe("validation_failed");
      return payload.issues;
    };

    expect(await issuesOf({ ...valid, email: undefined })).toEqual([{ path: "email", message: "Informe o seu e-mail." }]);
    expect(await issuesOf({ ...valid, email: "ana@", language: "en" })).toEqual([
      { path: "email", message: "Please enter a valid email, like name@company.com." },
    ]);
    expect(await issuesOf({ ...valid, email: "ana@x.com\r\nBcc: b@x.com", language: "es" })).toEqual([
      { path: "email", message: "Escribe un correo válido, como nombre@empresa.com." },
    ]);
    expect(await issuesOf({ ...valid, name: "A".repeat(201) })).toEqual([{ path: "name", message: "Texto longo demais." }]);
    expect(await issuesOf({ ...valid, name: "Ana\u0000" })).toEqual([
      { path: "name", message: "O texto contém caracteres de controle não permitidos." },
    ]);
    expect(await issuesOf({ ...valid, name: 42 })).toEqual([{ path: "name", message: "Valor inválido." }]);
    expect(await issuesOf({ ...valid, phone: "9".repeat(41), language: "en" })).toEqual([{ path: "phone", message: "Text too long." }]);
    expect(await issuesOf({ ...valid, company: "C".repeat(201) })).toEqual([{ path: "company", message: "Texto longo demais." }]);
    expect(await issuesOf({ ...valid, projectType: "space_station" })).toEqual([{ path: "projectType", message: "Valor inválido." }]);
    expect(await issuesOf({ ...valid, budget: "budget_1m" })).toEqual([{ path: "budget", message: "Valor inválido." }]);
    expect(await issuesOf({ ...valid, timeline: 3 })).toEqual([{ path: "timeline", message: "Valor inválido." }]);
    expect(await issuesOf({ ...valid, teamSize: "huge", language: "es" })).toEqual([{ path: "teamSize", message: "Valor no válido." }]);
    // An unknown language: the answer follows the request (?lang=en).
    expect(await issuesOf({ ...valid, language: "fr" }, "?lang=en")).toEqual([{ path: "language", message: "Invalid value." }]);
    expect(await issuesOf({ ...valid, language: undefined })).toEqual([{ path: "language", message: "Campo obrigatório." }]);
    expect(await issuesOf({ ...valid, transcript: undefined })).toEqual([{ path: "transcript", message: "Campo obrigatório." }]);
    expect(await issuesOf({ ...valid, transcript: "oi" })).toEqual([{ path: "transcript", message: "Valor inválido." }]);
    expect(await issuesOf({ ...valid, transcript: Array.from({ length: 61 }, () => ({ content: "oi", isBot: false })) })).toEqual([
      { path: "transcript", message: "Itens demais." },
    ]);
    expect(await issuesOf({ ...valid, transcript: [{ content: "x".repeat(2001), isBot: false }] })).toEqual([
      { path: "transcript.0.content", message: "Texto longo demais." },
    ]);
    expect(await issuesOf({ ...valid, transcript: [{ content: "oi\u0007", isBot: false }] })).toEqual([
      { path: "transcript.0.content", message: "O texto contém caracteres de controle não permitidos." },
    ]);
    expect(await issuesOf({ ...valid, transcript: [{ content: "oi", isBot: "yes" }] })).toEqual([
      { path: "transcript.0.isBot", message: "Valor inválido." },
    ]);
    expect(await issuesOf({ ...valid, website: 42 })).toEqual([{ path: "website", message: "Valor inválido." }]);
    expect(await issuesOf([valid])).toEqual([{ path: "(body)", message: "Valor inválido." }]);

    const malformed = await request("/api/leads/capture", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json<ErrorBody>()).toMatchObject({ error: "invalid_json" });

    const huge = await capture({ ...valid, transcript: [{ content: "x".repeat(1024 * 1024), isBot: false }] }, { ip });
    expect(huge.status).toBe(413);
    expect(await huge.json<ErrorBody>()).toMatchObject({ error: "payload_too_large" });

    expect(await stored()).toEqual(before);
  });

  it("a burst from one IP: exactly 5 captures go through, the rest get 429 with Retry-After and a translated message", async () => {
    const responses = await burst(9, (i) =>
      capture({ ...valid, email: `limite${i}@example.com`, language: "en" }, { ip: "203.0.113.180" }),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    for (const limited of responses.filter((r) => r.status === 429)) {
      const retryAfter = Number(limited.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      const body = await limited.json<ErrorBody>();
      expect(body.error).toBe("rate_limited");
      expect(body.message).toMatch(/^We received many submissions in a short time\. Please try again in \d+ (minutes?|seconds?)\.$/);
    }
    expect(await count("leads", "email like 'limite%@example.com'")).toBe(5);
    // Another visitor is not affected.
    expect((await capture({ ...valid, email: "outro.ip@example.com" }, { ip: "203.0.113.181" })).status).toBe(201);
  });
});

describe("POST /api/leads/capture: public, beside a staff-only /api/leads", () => {
  it("works without a session and sets no cookie, while the rest of /api/leads stays 401", async () => {
    const response = await capture({ ...valid, email: "anonimo@example.com" }, { ip: "203.0.113.190" });
    expect(response.status).toBe(201);
    expect(response.headers.get("Set-Cookie")).toBeNull();

    expect((await request("/api/leads")).status).toBe(401);
    expect((await request("/api/leads/capture")).status).toBe(401);
    expect((await request("/api/leads", json("POST", { name: "Intruso", email: "x@example.com" }))).status).toBe(401);
    const lead = await leadByEmail("anonimo@example.com");
    expect((await request(`/api/leads/${lead.id}`)).status).toBe(401);

    // Staff still reach their routes.
    const manager = await createUser(db(), { role: "manager" });
    const session = await signIn(manager.email, undefined, "203.0.113.191");
    const detail = await request(`/api/leads/${lead.id}`, { headers: bearer(session.access_token) });
    expect(detail.status).toBe(200);
  });
});

describe("POST /api/leads/capture: when the lead cannot be written", () => {
  it("logs it, keeps the conversation as a contact message and answers 202 {ok: true}", async () => {
    // A trigger makes the database refuse this one lead: the body passes validation.
    await env.DB.prepare(
      "create trigger refuse_test_lead before insert on leads when lower(new.email) = 'quebra@example.com' begin select raise(abort, 'refused by test'); end",
    ).run();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const before = await stored();
      const response = await capture(
        { ...valid, name: "Quebra Silva", email: "Quebra@Example.com", language: "en" },
        { ip: "203.0.113.200" },
      );
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ ok: true });

      expect(await count("leads", "lower(email) = ?", "quebra@example.com")).toBe(0);
      const kept = await all<{ name: string; email: string; message: string; language: string; lead_id: string | null }>(
        "select name, email, message, language, lead_id from contact_messages where email = ?",
        "quebra@example.com",
      );
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ name: "Quebra Silva", email: "quebra@example.com", language: "en", lead_id: null });
      expect(kept[0]!.message).toMatch(/^Conversa do assistente do site \(o lead não pôde ser gravado no CRM/);
      expect(kept[0]!.message).toContain(
        "Visitante: Sou a Ana, ana.souza@clinicavida.com.br, (11) 98765-4321\nqueremos agendamento online",
      );
      expect(kept[0]!.message).toContain("Tipo de projeto: Web app");
      // Nothing half-written: the batch is one transaction.
      expect(await stored()).toEqual({ ...before, messages: before.messages + 1 });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("lead capture: the lead could not be written"), expect.anything());
    } finally {
      await env.DB.prepare("drop trigger refuse_test_lead").run();
    }
  });
});
