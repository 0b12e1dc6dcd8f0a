// Settings → Sistema (issue 22): the organisation's settings, read by every signed-in role,
// written by admins only, validated with translated errors, audited, and obeyed (maintenance).
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formatMoney } from "../../app/i18n/format.ts";
import { getDb } from "../../worker/db/client.ts";
import type { ReportDto } from "../../worker/services/crm-types.ts";
import { forgetOrgSettings } from "../../worker/services/org-settings-service.ts";
import { sendReportEmails } from "../../worker/services/report-email-service.ts";
import { exportReportCsv } from "../../worker/services/report-export.ts";
import { getReport } from "../../worker/services/report-service.ts";
import { createLead, createTask, createUser } from "../factories/index.ts";
import { remindTasksDueSoon } from "../../worker/services/task-reminder-service.ts";
import { bearer, json, request, signedInUser } from "../helpers.ts";

type Settings = {
  company_name: string;
  time_zone: string;
  currency: string;
  auto_backup: boolean;
  maintenance_mode: boolean;
  debug_mode: boolean;
  updated_at: string | null;
  updated_by: { id: string; name: string } | null;
};
type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };

const DEFAULTS = {
  company_name: "Minha Empresa",
  time_zone: "America/Sao_Paulo",
  currency: "BRL",
  auto_backup: true,
  maintenance_mode: false,
  debug_mode: false,
};

let admin: Awaited<ReturnType<typeof signedInUser>>;
const put = (body: unknown, token = admin.session.access_token, headers: Record<string, string> = {}) =>
  request("/api/settings/system", json("PUT", body, { ...bearer(token), ...headers }));
const save = async (patch: Partial<typeof DEFAULTS>) => {
  const response = await put({ ...DEFAULTS, ...patch });
  expect(response.status).toBe(200);
  return ((await response.json()) as { settings: Settings }).settings;
};

beforeAll(async () => {
  // What an earlier file of this runner left in the isolate's copy is not this database's.
  forgetOrgSettings();
  admin = await signedInUser("admin");
});
// The next file of this runner starts from the defaults in this isolate too.
afterAll(async () => {
  await save({});
});

describe("GET /api/settings/system", () => {
  it("anonymous: 401", async () => {
    expect((await request("/api/settings/system")).status).toBe(401);
  });

  it("every signed-in role reads the defaults of the spec", async () => {
    for (const role of ["admin", "manager", "sales_rep"] as const) {
      const { session } = await signedInUser(role);
      const response = await request("/api/settings/system", { headers: bearer(session.access_token) });
      expect(response.status, role).toBe(200);
      expect(((await response.json()) as { settings: Settings }).settings, role).toMatchObject({ ...DEFAULTS, updated_by: null });
    }
  });
});

describe("PUT /api/settings/system", () => {
  it("anonymous: 401; manager and sales rep: 403, even with a bad body, and nothing changes", async () => {
    expect((await request("/api/settings/system", json("PUT", { ...DEFAULTS, company_name: "X" }))).status).toBe(401);
    for (const role of ["manager", "sales_rep"] as const) {
      const { session } = await signedInUser(role);
      expect((await put({ ...DEFAULTS, company_name: "Hijack" }, session.access_token)).status, role).toBe(403);
      expect((await put({ company_name: "" }, session.access_token)).status, role).toBe(403);
    }
    const row = await env.DB.prepare("select company_name from organisation_settings where id = 1").first<{ company_name: string }>();
    expect(row?.company_name).toBe("Minha Empresa");
  });

  it("an admin saves every field (trimmed name); everyone then reads them, with who saved; the audit log has before → after", async () => {
    const saved = await save({
      company_name: "  Acme Vendas  ",
      time_zone: "America/New_York",
      currency: "USD",
      auto_backup: false,
      debug_mode: false,
    });
    expect(saved).toMatchObject({
      company_name: "Acme Vendas",
      time_zone: "America/New_York",
      currency: "USD",
      auto_backup: false,
      updated_by: { id: admin.user.id, name: admin.user.name },
    });
    const { session } = await signedInUser("sales_rep");
    const read = await request("/api/settings/system", { headers: bearer(session.access_token) });
    expect(((await read.json()) as { settings: Settings }).settings).toEqual(saved);

    const audit = await env.DB.prepare(
      "select actor_id, action, target_type, before, after from audit_log where action = 'settings.system_updated' order by created_at desc limit 1",
    ).first<{ actor_id: string; action: string; target_type: string; before: string; after: string }>();
    expect(audit).toMatchObject({ actor_id: admin.user.id, target_type: "settings" });
    expect(JSON.parse(audit!.before)).toEqual({
      company_name: "Minha Empresa",
      time_zone: "America/Sao_Paulo",
      currency: "BRL",
      auto_backup: true,
    });
    expect(JSON.parse(audit!.after)).toEqual({
      company_name: "Acme Vendas",
      time_zone: "America/New_York",
      currency: "USD",
      auto_backup: false,
    });

    // Saving the same values again writes no new entry.
    const entries = async () =>
      (await env.DB.prepare("select count(*) as n from audit_log where action = 'settings.system_updated'").first<{ n: number }>())!.n;
    const before = await entries();
    await save({ company_name: "Acme Vendas", time_zone: "America/New_York", currency: "USD", auto_backup: false });
    expect(await entries()).toBe(before);
    await save({});
  });

  it("400 per field in the caller's language: a name required, one line, at most 100, no control characters; known zones and currencies; booleans", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ company_name: "   " }, "company_name"],
      [{ company_name: "x".repeat(101) }, "company_name"],
      [{ company_name: "Two\nlines" }, "company_name"],
      [{ company_name: "Bell\u0007" }, "company_name"],
      [{ company_name: 12 }, "company_name"],
      [{ time_zone: "Asia/Tokyo" }, "time_zone"],
      [{ currency: "GBP" }, "currency"],
      [{ auto_backup: "yes" }, "auto_backup"],
      [{ maintenance_mode: 1 }, "maintenance_mode"],
      [{ debug_mode: null }, "debug_mode"],
    ];
    for (const language of ["pt", "en"] as const) {
      for (const [patch, path] of cases) {
        const response = await put({ ...DEFAULTS, ...patch }, admin.session.access_token, { "Accept-Language": language });
        expect(response.status, JSON.stringify(patch)).toBe(400);
        const body = (await response.json()) as ErrorBody;
        expect(body.error).toBe("validation_failed");
        expect(body.issues!.map((issue) => issue.path)).toEqual([path]);
        expect(body.issues![0]!.message).not.toMatch(/apiErrors|Invalid input|expected/);
      }
      const missing = (await (await put({}, admin.session.access_token, { "Accept-Language": language })).json()) as ErrorBody;
      expect(missing.issues!.find((issue) => issue.path === "company_name")!.message).toBe(
        language === "pt" ? "Campo obrigatório." : "Required field.",
      );
    }
    expect((await put({ ...DEFAULTS, company_name: "x".repeat(100) })).status).toBe(200);
    await save({});
  });
});

describe("maintenance mode", () => {
  const capture = {
    name: "Ana Souza",
    email: "ana.maintenance@example.com",
    language: "pt",
    projectType: "web_app",
    budget: "budget_25k",
    timeline: "timeline_3months",
    teamSize: "team_small",
    transcript: [
      { content: "Olá!", isBot: true },
      { content: "Oi", isBot: false },
    ],
  };
  const contact = { name: "Ana Souza", email: "ana.maintenance@example.com", message: "Queremos um aplicativo de agendamento online." };

  it("the public writes answer 503 'back soon' with Retry-After in the caller's language; staff APIs keep working; off again, they work", async () => {
    await save({ maintenance_mode: true });
    const count = async () => (await env.DB.prepare("select count(*) as n from leads").first<{ n: number }>())!.n;
    const leadsBefore = await count();
    for (const [path, body] of [
      ["/api/contact", contact],
      ["/api/leads/capture", capture],
      ["/api/newsletter", { email: "news.maintenance@example.com" }],
    ] as const) {
      // The assistant's capture answers in the language of the conversation it carries.
      for (const [language, text] of [
        ["pt", "Estamos em manutenção e voltamos em breve"],
        ["es", "Estamos en mantenimiento y volvemos pronto"],
        ["en", "We're down for maintenance and will be back soon"],
      ] as const) {
        const sent = "language" in body ? { ...body, language } : body;
        const response = await request(path, json("POST", sent, { "CF-Connecting-IP": "203.0.113.77", "Accept-Language": language }));
        expect(response.status, `${path} ${language}`).toBe(503);
        expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
        const answer = (await response.json()) as ErrorBody;
        expect(answer.error).toBe("maintenance");
        expect(answer.message).toContain(text);
      }
    }
    expect(await count()).toBe(leadsBefore);

    // Staff: reading and writing leads, and reading the settings, as usual.
    const { session } = await signedInUser("sales_rep");
    const created = await request(
      "/api/leads",
      json("POST", { name: "Staff Lead", email: "staff.lead@example.com" }, bearer(session.access_token)),
    );
    expect(created.status).toBe(201);
    expect((await request("/api/leads", { headers: bearer(session.access_token) })).status).toBe(200);
    expect((await request("/api/settings/system", { headers: bearer(session.access_token) })).status).toBe(200);

    await save({ maintenance_mode: false });
    const open = await request("/api/contact", json("POST", contact, { "CF-Connecting-IP": "203.0.113.78" }));
    expect(open.status).toBe(201);
  });
});

describe("debug mode", () => {
  it("off: no request id, no log line; on: every response has X-Request-Id and one JSON line per request without secrets", async () => {
    const { user, session } = await signedInUser("sales_rep");
    const log = vi.spyOn(console, "log");
    try {
      const quiet = await request("/api/health");
      expect(quiet.headers.get("X-Request-Id")).toBeNull();
      expect(log.mock.calls.filter(([line]) => String(line).includes('"type":"request"'))).toEqual([]);

      await save({ debug_mode: true });
      log.mockClear();
      const lead = await request(
        "/api/leads?search=secret-query",
        json("POST", { name: "Debug Lead", email: "debug.lead@example.com", notes: "password=hunter2" }, bearer(session.access_token)),
      );
      expect(lead.status).toBe(201);
      const { id } = ((await lead.json()) as { lead: { id: string } }).lead;
      const read = await request(`/api/leads/${id}`, { headers: { ...bearer(session.access_token), Cookie: "sb-refresh=cookie-secret" } });
      const anonymous = await request(
        "/api/auth/token?grant_type=password",
        json("POST", { email: "nobody@example.com", password: "hunter2-pass" }),
      );
      const saved = await put({ ...DEFAULTS, debug_mode: true });
      const ids = [lead, read, anonymous, saved].map((response) => response.headers.get("X-Request-Id"));
      for (const requestId of ids) expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(ids).size).toBe(4);

      const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"type":"request"'));
      expect(lines).toHaveLength(4);
      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(parsed[0]).toMatchObject({ requestId: ids[0], method: "POST", route: "/api/leads", status: 201, userId: user.id });
      expect(parsed[1]).toMatchObject({ requestId: ids[1], method: "GET", route: "/api/leads/:id", status: 200, userId: user.id });
      expect(parsed[2]).toMatchObject({ requestId: ids[2], method: "POST", route: "/api/auth/token", status: 400, userId: null });
      expect(parsed[3]).toMatchObject({
        requestId: ids[3],
        method: "PUT",
        route: "/api/settings/system",
        status: 200,
        userId: admin.user.id,
      });
      for (const line of parsed) {
        expect(Object.keys(line).sort()).toEqual(["durationMs", "method", "requestId", "route", "status", "type", "userId"]);
        expect(typeof line.durationMs).toBe("number");
      }
      // Never a token, a password, a cookie, a query string, a body or a record's id in the path.
      const all = lines.join("\n");
      for (const secret of [
        session.access_token,
        "hunter2",
        "cookie-secret",
        "secret-query",
        "debug.lead@example.com",
        `/api/leads/${id}`,
      ]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      log.mockRestore();
      await save({ debug_mode: false });
    }
  });
});

describe("the organisation's currency and time zone are obeyed", () => {
  // 10:00 in New York, 12:00 in São Paulo, on Friday 20 November 2026.
  const NOW = new Date("2026-11-20T15:00:00.000Z");
  const services = () => ({ db: getDb(env.DB), env });
  const lead = (name: string, createdAt: string, fields: Partial<Parameters<typeof createLead>[1]>) =>
    createLead(getDb(env.DB), { name, createdAt, updatedAt: createdAt, assignedTo: null, ...fields });

  beforeAll(async () => {
    await env.DB.prepare("delete from leads").run();
    // 00:30 on Sunday 1 November in São Paulo, still 23:30 on Saturday 31 October in New York.
    await lead("Boundary", "2026-11-01T03:30:00.000Z", { status: "new", estimatedValue: 100, currency: "BRL" });
    // 00:30 on Monday 16 November in São Paulo, 22:30 on Sunday 15 November in New York.
    await lead("Dollars", "2026-11-16T03:30:00.000Z", { status: "won", estimatedValue: 500, currency: "USD" });
    await lead("Reais", "2026-11-18T12:00:00.000Z", { status: "won", estimatedValue: 1000, currency: "BRL" });
  });

  const point = (report: ReportDto, day: string) => report.series.points.find((p) => p.start === day);

  it("São Paulo and reais (the defaults): this month from 1 November 03:00 UTC, the chart's won value in reais", async () => {
    await save({});
    forgetOrgSettings();
    const report = await getReport(services(), "month", NOW);
    expect(report).toMatchObject({ from: "2026-11-01T03:00:00.000Z", timeZone: "America/Sao_Paulo", currency: "BRL", total: 3, won: 2 });
    expect(point(report, "2026-11-16")).toMatchObject({ count: 1, won: 1, wonValue: 0 });
    expect(point(report, "2026-11-18")).toMatchObject({ count: 1, won: 1, wonValue: 1000 });
  });

  it("New York and US dollars: periods start at New York midnight, days are New York days (all time too), money in US$ first", async () => {
    await save({ company_name: "Acme Vendas", time_zone: "America/New_York", currency: "USD" });
    forgetOrgSettings();
    const month = await getReport(services(), "month", NOW);
    // Midnight of 1 November in New York (EDT, UTC−4): the São Paulo-midnight lead is October's there.
    expect(month).toMatchObject({ from: "2026-11-01T04:00:00.000Z", timeZone: "America/New_York", currency: "USD", total: 2, won: 2 });
    expect(month.totalValue).toEqual({ value: 1000, other: { USD: 500 } });
    expect(month.series.points[0]!.start).toBe("2026-11-01");
    expect(month.series.points.at(-1)!.start).toBe("2026-11-20");
    // The dollar lead is Sunday the 15th's there, and the chart's won value is in dollars.
    expect(point(month, "2026-11-15")).toMatchObject({ count: 1, won: 1, wonValue: 500 });
    expect(point(month, "2026-11-16")).toMatchObject({ count: 0 });
    expect(point(month, "2026-11-18")).toMatchObject({ count: 1, won: 1, wonValue: 0 });

    // All time, by week from Monday in New York (counted, not the São Paulo days kept by triggers).
    const all = await getReport(services(), "all", NOW);
    expect(all.series.unit).toBe("week");
    const weeks = Object.fromEntries(all.series.points.map((p) => [p.start, p.count]));
    expect(weeks).toMatchObject({ "2026-10-26": 1, "2026-11-09": 1, "2026-11-16": 1 });
    expect(all.total).toBe(3);

    // The API says the same to any signed-in role.
    const { session } = await signedInUser("sales_rep");
    const api = (await (await request("/api/reports?period=all", { headers: bearer(session.access_token) })).json()) as ReportDto;
    expect(api).toMatchObject({ timeZone: "America/New_York", currency: "USD", total: 3 });

    // The CSV: its date, its zone and the dollar lines first.
    const csv = await exportReportCsv(services(), "month", "pt", NOW);
    const text = await new Response(csv.body).text();
    expect(csv.fileName).toBe("relatorio-leads-2026-11-20.csv");
    expect(text).toContain("2026-11-20 10:00 (America/New_York)");
    expect(text.indexOf("Valor Total (USD);500,00")).toBeGreaterThan(0);
    expect(text.indexOf("Valor Total (USD)")).toBeLessThan(text.indexOf("Valor Total (BRL);1000,00"));
    // A lead's creation as New York reads it.
    expect(text).toMatch(/Dollars;.*;2026-11-15 22:30\r\n/);
  });

  it("the weekly e-mail goes out Monday 08:00 New York time for the New York week, money in US$ first, signed with the company name", async () => {
    await save({ company_name: "Acme Vendas", time_zone: "America/New_York", currency: "USD" });
    forgetOrgSettings();
    const reader = await createUser(getDb(env.DB), { name: "Nina Reader", role: "manager" });
    // 07:30 in New York on Monday 23 November (already 09:30 in São Paulo): not yet.
    expect(await sendReportEmails(services(), new Date("2026-11-23T12:30:00.000Z"))).toMatchObject({ weekly: 0 });
    // 08:30 in New York.
    const sent = await sendReportEmails(services(), new Date("2026-11-23T13:30:00.000Z"));
    expect(sent.weekly).toBeGreaterThan(0);
    const mail = await env.DB.prepare("select subject, text_body from email_outbox where kind = 'report_weekly' and to_address = ?")
      .bind(reader.email)
      .first<{ subject: string; text_body: string }>();
    // 16–22 November in New York: the dollar lead (Sunday the 15th there) is the week before.
    expect(mail!.subject).toBe("Relatório semanal de leads: 16/11/2026 a 22/11/2026");
    expect(mail!.text_body).toContain("Total de Leads: 1\n");
    expect(mail!.text_body).toContain(`Valor Total: ${formatMoney(1000, "pt")}\n`);
    expect(mail!.text_body.endsWith("\n\n-- \nAcme Vendas")).toBe(true);
  });

  it("a new lead without a currency takes the organisation's; one with its own keeps it; the CRM's e-mails are signed with the company name", async () => {
    await save({ company_name: "Acme Vendas", currency: "EUR" });
    const { session } = await signedInUser("sales_rep");
    const create = async (body: Record<string, unknown>) =>
      ((await (await request("/api/leads", json("POST", body, bearer(session.access_token)))).json()) as { lead: { currency: string } })
        .lead;
    expect((await create({ name: "Sem moeda", estimated_value: 10 })).currency).toBe("EUR");
    expect((await create({ name: "Em reais", estimated_value: 10, currency: "BRL" })).currency).toBe("BRL");

    const response = await request(
      "/api/contact",
      json(
        "POST",
        { name: "Ana Souza", email: "ana.signed@example.com", message: "Queremos um aplicativo de agendamento online." },
        { "CF-Connecting-IP": "203.0.113.90" },
      ),
    );
    expect(response.status).toBe(201);
    const mail = await env.DB.prepare(
      "select text_body from email_outbox where kind = 'contact_notification' order by created_at desc limit 1",
    ).first<{
      text_body: string;
    }>();
    expect(mail!.text_body.endsWith("\n\n-- \nAcme Vendas")).toBe(true);
    await save({});
  });
});

describe("task due dates in the organisation's time zone", () => {
  it("a day or a day and time typed without a zone is New York's; the reminder says the New York time", async () => {
    await save({ time_zone: "America/New_York" });
    const { user, session } = await signedInUser("sales_rep");
    const create = async (due_date: string) => {
      const response = await request(
        "/api/tasks",
        json("POST", { title: `Ligar ${due_date}`, due_date, assigned_to: user.id }, bearer(session.access_token)),
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { task: { due_date: string; due_has_time: boolean } }).task;
    };
    // The end of 25 November in New York (EST, UTC−5), not in São Paulo (02:59:59.999Z).
    expect(await create("2026-11-25")).toMatchObject({ due_date: "2026-11-26T04:59:59.999Z", due_has_time: false });
    // 14:30 on 1 July in New York (EDT, UTC−4).
    expect(await create("2026-07-01T14:30")).toMatchObject({ due_date: "2026-07-01T18:30:00.000Z", due_has_time: true });
    // An instant with its own zone stays that instant.
    expect(await create("2026-07-01T14:30:00Z")).toMatchObject({ due_date: "2026-07-01T14:30:00.000Z" });

    // Due at 14:30 New York time (19:30Z in winter): reminded within the hour before, as 14:30.
    const db = getDb(env.DB);
    await createTask(db, {
      title: "Reunião NY",
      assignedTo: user.id,
      createdBy: user.id,
      dueDate: "2026-11-27T19:30:00.000Z",
      dueHasTime: true,
    });
    await remindTasksDueSoon({ db, env }, new Date("2026-11-27T18:45:00.000Z"));
    const notice = await env.DB.prepare("select message from notifications where user_id = ? and type = 'task_due'")
      .bind(user.id)
      .first<{ message: string }>();
    expect(notice!.message).toBe("A tarefa “Reunião NY” vence às 14:30.");
    await save({});
  });
});
