import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { NotificationCreatedEvent, ServerEvent } from "../../app/modules/realtime/protocol.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, ORIGIN, request, sessionCookie, signedInUser, signIn } from "../helpers.ts";

// POST /api/contact through the Worker's real fetch handler, against a migrated D1.
// Each test posts from its own IP so the per-IP throttle of one test never bleeds into another.

type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };

const contact = (body: unknown, { ip, query = "", headers = {} }: { ip: string; query?: string; headers?: Record<string, string> }) =>
  request(`/api/contact${query}`, json("POST", body, { "CF-Connecting-IP": ip, ...headers }));

const valid = {
  name: "Ana Souza",
  email: "Ana.Souza@Example.com",
  message: "Queremos um app de agendamento para 30 clínicas, com lançamento em março.",
};

const count = async (table: string, where = "1 = 1", ...binds: unknown[]) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where ${where}`)
    .bind(...binds)
    .first<{ n: number }>())!.n;

const teamEmails = () =>
  env.DB.prepare("select subject, text_body, kind from email_outbox where to_address = ? order by created_at")
    .bind(env.TEAM_EMAIL)
    .all<{ subject: string; text_body: string; kind: string }>()
    .then((r) => r.results);

describe("POST /api/contact", () => {
  it("stores the message, creates a website lead and e-mails the team", async () => {
    const response = await contact(valid, { ip: "203.0.113.1" });
    expect(response.status).toBe(201);
    const body = await response.json<{ ok: boolean; leadId: string }>();
    expect(body.ok).toBe(true);

    const lead = await env.DB.prepare("select * from leads where id = ?").bind(body.leadId).first<Record<string, unknown>>();
    expect(lead).toMatchObject({
      name: "Ana Souza",
      email: "ana.souza@example.com",
      source: "website",
      status: "new",
      notes: valid.message,
      assigned_to: null,
      tags: "[]",
    });

    const message = await env.DB.prepare("select * from contact_messages where lead_id = ?")
      .bind(body.leadId)
      .first<Record<string, unknown>>();
    expect(message).toMatchObject({ name: "Ana Souza", email: "ana.souza@example.com", message: valid.message, language: "pt" });

    const activity = await env.DB.prepare("select type, subject, content from lead_activities where lead_id = ?").bind(body.leadId).all();
    expect(activity.results).toEqual([{ type: "email", subject: "Formulário de contato do site", content: valid.message }]);

    const emails = await teamEmails();
    expect(env.TEAM_EMAIL).toBe("team@demo.test");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.kind).toBe("contact_notification");
    expect(emails[0]!.subject).toBe("Nova mensagem de contato: Ana Souza");
    expect(emails[0]!.text_body).toContain(valid.message);
    expect(emails[0]!.text_body).toContain("ana.souza@example.com");
    expect(emails[0]!.text_body).toContain(`${env.PUBLIC_ORIGIN}/leads?lead=${body.leadId}`);
  });

  it("answers bad input with 400 validation_failed, translated issues, and stores nothing", async () => {
    const before = { leads: await count("leads"), messages: await count("contact_messages"), emails: await count("email_outbox") };

    const missing = await contact({}, { ip: "203.0.113.2" });
    expect(missing.status).toBe(400);
    const missingBody = await missing.json<ErrorBody>();
    expect(missingBody).toMatchObject({ error: "validation_failed", message: "Alguns campos são inválidos: name, email, message." });
    expect(missingBody.issues).toEqual([
      { path: "name", message: "Informe o seu nome." },
      { path: "email", message: "Informe o seu e-mail." },
      { path: "message", message: "Escreva a sua mensagem." },
    ]);

    const badEmail = await contact({ ...valid, email: "ana@" }, { ip: "203.0.113.2", query: "?lang=en" });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toEqual({
      error: "validation_failed",
      message: "Some fields are invalid: email.",
      issues: [{ path: "email", message: "Please enter a valid email, like name@company.com." }],
    });

    const tooLong = await contact(
      { ...valid, name: "A", message: "x".repeat(5001) },
      { ip: "203.0.113.2", headers: { "Accept-Language": "es" } },
    );
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json<ErrorBody>()).issues).toEqual([
      { path: "name", message: "El nombre debe tener al menos 2 caracteres." },
      { path: "message", message: "El mensaje puede tener como máximo 5000 caracteres." },
    ]);

    // Whitespace only is empty; a message under 10 characters is too short.
    const blank = await contact({ name: "   ", email: valid.email, message: "  oi  " }, { ip: "203.0.113.2" });
    expect((await blank.json<ErrorBody>()).issues?.map((i) => i.message)).toEqual([
      "Informe o seu nome.",
      "A mensagem precisa ter pelo menos 10 caracteres.",
    ]);

    for (const wrongShape of [[valid], "hello", { ...valid, email: 42 }]) {
      const response = await contact(wrongShape, { ip: "203.0.113.2" });
      expect(response.status).toBe(400);
      expect((await response.json<ErrorBody>()).error).toBe("validation_failed");
    }

    const malformed = await request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{name: oops",
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json<ErrorBody>()).error).toBe("invalid_json");

    expect({ leads: await count("leads"), messages: await count("contact_messages"), emails: await count("email_outbox") }).toEqual(before);
  });

  it("adds a second message from the same e-mail (any case) to the existing lead without touching it", async () => {
    const owner = await createUser(db(), { role: "sales_rep" });
    const lead = await createLead(db(), {
      name: "Carla Mendes",
      email: "Carla.Mendes@Empresa.com.br",
      status: "negotiating",
      assignedTo: owner.id,
      notes: "Reunião marcada para sexta.",
      tags: ["Proposta"],
      estimatedValue: 75000,
    });

    const response = await contact(
      { name: "Carla M.", email: "carla.mendes@EMPRESA.com.br", message: "Podemos antecipar a reunião para quinta-feira?" },
      { ip: "203.0.113.3", query: "?lang=es" },
    );
    expect(response.status).toBe(201);
    expect((await response.json<{ leadId: string }>()).leadId).toBe(lead.id);

    expect(await count("leads", "lower(email) = ?", "carla.mendes@empresa.com.br")).toBe(1);
    const after = await env.DB.prepare("select name, status, assigned_to, notes, tags, estimated_value from leads where id = ?")
      .bind(lead.id)
      .first();
    expect(after).toEqual({
      name: "Carla Mendes",
      status: "negotiating",
      assigned_to: owner.id,
      notes: "Reunião marcada para sexta.",
      tags: '["Proposta"]',
      estimated_value: 75000,
    });

    const activities = await env.DB.prepare("select type, content, metadata from lead_activities where lead_id = ?")
      .bind(lead.id)
      .all<{ type: string; content: string; metadata: string }>();
    expect(activities.results).toHaveLength(1);
    expect(activities.results[0]).toMatchObject({ type: "email", content: "Podemos antecipar a reunião para quinta-feira?" });
    expect(JSON.parse(activities.results[0]!.metadata)).toMatchObject({ source: "contact_form", language: "es" });

    expect(await env.DB.prepare("select language from contact_messages where lead_id = ?").bind(lead.id).first()).toEqual({
      language: "es",
    });
    const email = (await teamEmails()).at(-1)!;
    expect(email.text_body).toContain("Idioma: Español");
    expect(email.text_body).toContain("Lead já existente no CRM");

    // A new address writing twice: one lead, two timeline entries, two stored messages.
    const first = await contact({ ...valid, email: "novo@cliente.dev" }, { ip: "203.0.113.3" });
    const second = await contact(
      { ...valid, email: "NOVO@cliente.dev", message: "Esqueci de dizer: precisamos de app iOS também." },
      { ip: "203.0.113.3" },
    );
    const firstId = (await first.json<{ leadId: string }>()).leadId;
    expect((await second.json<{ leadId: string }>()).leadId).toBe(firstId);
    expect(await count("leads", "lower(email) = ?", "novo@cliente.dev")).toBe(1);
    expect(await count("lead_activities", "lead_id = ?", firstId)).toBe(2);
    expect(await count("contact_messages", "lead_id = ?", firstId)).toBe(2);
  });

  it("accepts a filled honeypot silently and stores nothing", async () => {
    const before = { leads: await count("leads"), messages: await count("contact_messages"), emails: await count("email_outbox") };
    const response = await contact({ ...valid, email: "bot@spam.example", company_url: "https://spam.example" }, { ip: "203.0.113.4" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect({ leads: await count("leads"), messages: await count("contact_messages"), emails: await count("email_outbox") }).toEqual(before);
    expect(await count("leads", "email = ?", "bot@spam.example")).toBe(0);
  });

  it("throttles one IP after 5 messages in 10 minutes with 429, Retry-After and a translated message", async () => {
    for (let i = 0; i < 5; i++) {
      const response = await contact({ ...valid, email: `visitante${i}@example.com` }, { ip: "203.0.113.5" });
      expect(response.status).toBe(201);
    }
    const messagesBefore = await count("contact_messages");
    const limited = await contact({ ...valid, email: "visitante9@example.com" }, { ip: "203.0.113.5", query: "?lang=en" });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const body = await limited.json<ErrorBody>();
    expect(body.error).toBe("rate_limited");
    // The wait as every throttle says it (formatWaitTime): whole minutes here, the header in seconds.
    expect(body.message).toBe(
      `You have sent several messages in a short time. Please try again in ${Math.ceil(retryAfter / 60)} minute${Math.ceil(retryAfter / 60) === 1 ? "" : "s"}.`,
    );
    expect(await count("contact_messages")).toBe(messagesBefore);
    expect(await count("leads", "email = ?", "visitante9@example.com")).toBe(0);

    // Another visitor is not affected.
    expect((await contact({ ...valid, email: "outra@example.com" }, { ip: "203.0.113.6" })).status).toBe(201);
  });
});

// A NEW lead from the contact form tells the managers and admins, like the site's assistant
// (issue 24): one new_lead notification each, in the same batch as the lead, honouring
// 'Novos Leads'; an existing lead tells nobody; a parallel burst of one address notifies once.
describe("POST /api/contact: new_lead notifications", () => {
  const sockets: WebSocket[] = [];
  afterEach(() => {
    for (const ws of sockets.splice(0)) {
      try {
        ws.close(1000, "test over");
      } catch {
        // already closed
      }
    }
  });
  const newLeadsOf = (userId: string) =>
    env.DB.prepare("select * from notifications where user_id = ? and type = 'new_lead' order by created_at")
      .bind(userId)
      .all<Record<string, unknown>>()
      .then((r) => r.results);

  async function people() {
    const admin = await createUser(db(), { role: "admin" });
    const manager = await createUser(db(), { role: "manager" });
    const inactive = await createUser(db(), { role: "manager", isActive: false });
    const rep = await createUser(db(), { role: "sales_rep" });
    const optedOut = await createUser(db(), { role: "admin" });
    await env.DB.prepare("insert into notification_preferences (user_id, new_leads) values (?, 0)").bind(optedOut.id).run();
    return { admin, manager, inactive, rep, optedOut };
  }

  it("a new lead: one new_lead for each active manager and admin with 'Novos Leads' on, shown in the reader's language", async () => {
    const { admin, manager, inactive, rep, optedOut } = await people();
    const response = await contact({ ...valid, email: "bruno@clinicanova.com.br", name: "Bruno Lima" }, { ip: "203.0.113.40" });
    expect(response.status).toBe(201);
    const { leadId } = await response.json<{ leadId: string }>();

    for (const u of [admin, manager]) {
      const rows = await newLeadsOf(u.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: "newLeadContactForm",
        title: "Novo lead do site",
        message: "Bruno Lima (bruno@clinicanova.com.br) enviou o formulário de contato do site.",
        link: `/leads?lead=${leadId}`,
        read: 0,
      });
    }
    for (const u of [inactive, rep, optedOut]) expect(await newLeadsOf(u.id)).toEqual([]);

    // The manager's bell, in English and in Spanish.
    const session = await signIn(manager.email, undefined, "203.0.113.41");
    for (const [language, message] of [
      ["en", "Bruno Lima (bruno@clinicanova.com.br) sent the website's contact form."],
      ["es", "Bruno Lima (bruno@clinicanova.com.br) envió el formulario de contacto del sitio."],
    ] as const) {
      const bell = await request("/api/notifications", { headers: { ...bearer(session.access_token), Cookie: `language=${language}` } });
      expect(bell.status).toBe(200);
      const { items } = await bell.json<{ items: { type: string; message: string; link: string }[] }>();
      expect(items).toContainEqual(expect.objectContaining({ type: "new_lead", message, link: `/leads?lead=${leadId}` }));
    }
  });

  it("arrives live in the manager's open tab (publishNotifications), with its texts in pt, es and en", async () => {
    const manager = await signedInUser("manager");
    const response = await request(`/parties/user-room/user-${manager.user.id}`, {
      headers: { Upgrade: "websocket", Cookie: sessionCookie(manager.session), Origin: ORIGIN },
    });
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    ws.accept();
    sockets.push(ws);
    const events: ServerEvent[] = [];
    ws.addEventListener("message", (event) => events.push(JSON.parse(event.data as string) as ServerEvent));
    const created = () => events.filter((e): e is NotificationCreatedEvent => e.type === "notification.created");

    const posted = await contact({ ...valid, email: "gil@aovivo.dev", name: "Gil Prado" }, { ip: "203.0.113.43" });
    expect(posted.status).toBe(201);
    const deadline = Date.now() + 3000;
    while (created().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const [event] = created();
    expect(event!.notification).toMatchObject({ type: "new_lead" });
    expect(event!.texts.pt.message).toBe("Gil Prado (gil@aovivo.dev) enviou o formulário de contato do site.");
    expect(event!.texts.en).toEqual({
      title: "New lead from the website",
      message: "Gil Prado (gil@aovivo.dev) sent the website's contact form.",
    });
    expect(event!.texts.es.title).toBe("Nuevo lead del sitio");
  });

  it("a message from an existing lead's address notifies nobody", async () => {
    const { admin, manager } = await people();
    await createLead(db(), { name: "Dora Reis", email: "Dora@Reis.dev" });
    const response = await contact({ ...valid, email: "dora@reis.dev" }, { ip: "203.0.113.42" });
    expect(response.status).toBe(201);
    for (const u of [admin, manager]) expect(await newLeadsOf(u.id)).toEqual([]);
    // A second message after a new lead: still one each.
    await contact({ ...valid, email: "eva@nova.dev" }, { ip: "203.0.113.42" });
    await contact({ ...valid, email: "EVA@nova.dev", message: "Mais um detalhe sobre o projeto do aplicativo." }, { ip: "203.0.113.42" });
    for (const u of [admin, manager]) expect(await newLeadsOf(u.id)).toHaveLength(1);
  });

  it("a parallel burst of one new address: one lead, one new_lead per manager and admin", async () => {
    const { admin, manager } = await people();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        contact({ ...valid, email: i % 2 ? "FELIPE@rajada.dev" : "felipe@rajada.dev" }, { ip: `203.0.113.${50 + i}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json<{ leadId: string }>()).leadId)));
    expect(ids.size).toBe(1);
    expect(await count("leads", "lower(email) = ?", "felipe@rajada.dev")).toBe(1);
    for (const u of [admin, manager]) {
      const rows = await newLeadsOf(u.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.link).toBe(`/leads?lead=${[...ids][0]}`);
    }
  });
});
