import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createLead, createUser } from "../factories/index.ts";
import { db, json, request } from "../helpers.ts";

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
