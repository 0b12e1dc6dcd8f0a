// Issue 20: a lead's currency (API validation, per-currency sums that are never added together)
// and phones stored in E.164 (the API's normalisation, migration 0011's rewrite of old rows).
// docs/decisions/018-lead-currency.md.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { normalizePhone } from "../../app/modules/leads/phone.ts";
import type { DashboardDto, LeadDto, PipelineColumnDto, PipelineDto } from "../../worker/services/crm-types.ts";
import { buildActivity, createLead } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";
import { leadActivities } from "../../worker/db/schema/index.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };
let manager: Staff, rep: Staff, otherRep: Staff;

beforeAll(async () => {
  [manager, rep, otherRep] = await Promise.all([signedInUser("manager"), signedInUser("sales_rep"), signedInUser("sales_rep")]);
});

const auth = (who: Staff, headers: Record<string, string> = {}) => ({ ...bearer(who.session.access_token), ...headers });
const post = (who: Staff, body: unknown, headers: Record<string, string> = {}) =>
  request("/api/leads", json("POST", body, auth(who, headers)));
const patch = (who: Staff, id: string, body: unknown) => request(`/api/leads/${id}`, json("PATCH", body, auth(who)));
const get = async <T>(who: Staff, path: string) => {
  const response = await request(`/api/${path}`, { headers: auth(who) });
  expect(response.status, path).toBe(200);
  return response.json<T>();
};

describe("a lead's currency through the API", () => {
  it("defaults to BRL, takes BRL, USD or EUR, and refuses anything else with a translated 400", async () => {
    const plain = await post(manager, { name: "Sem Moeda", estimated_value: "1000" });
    expect(plain.status).toBe(201);
    expect((await plain.json<{ lead: LeadDto }>()).lead).toMatchObject({ estimated_value: 1000, currency: "BRL" });

    for (const currency of ["USD", "EUR"] as const) {
      const response = await post(manager, { name: `Em ${currency}`, estimated_value: 2500, currency });
      expect(response.status).toBe(201);
      expect((await response.json<{ lead: LeadDto }>()).lead).toMatchObject({ estimated_value: 2500, currency });
    }

    for (const [currency, headers, message] of [
      ["JPY", {}, "Valor inválido."],
      ["usd", { "Accept-Language": "en" }, "Invalid value."],
      [null, { "Accept-Language": "es" }, "Valor no válido."],
      [42, {}, "Valor inválido."],
    ] as const) {
      const response = await post(manager, { name: "Moeda Errada", currency }, headers);
      expect(response.status, String(currency)).toBe(400);
      const body = await response.json<ErrorBody>();
      expect(body.error).toBe("validation_failed");
      expect(body.issues).toEqual([{ path: "currency", message }]);
    }
    expect(await env.DB.prepare("select count(*) as n from leads where name = 'Moeda Errada'").first("n")).toBe(0);
  });

  it("a change of currency is audited with the value's currency before and after; the rules of who may edit hold", async () => {
    const lead = await createLead(db(), { name: "Troca de Moeda", estimatedValue: 15000, assignedTo: rep.user.id });
    expect((await request(`/api/leads/${lead.id}`, json("PATCH", { currency: "USD" }))).status).toBe(401);
    expect((await patch(otherRep, lead.id, { currency: "USD" })).status).toBe(403);
    expect((await patch(rep, lead.id, { currency: "EURO" })).status).toBe(400);
    expect(await env.DB.prepare("select currency from leads where id = ?").bind(lead.id).first("currency")).toBe("BRL");

    const response = await patch(rep, lead.id, { currency: "USD" });
    expect(response.status).toBe(200);
    expect((await response.json<{ lead: LeadDto }>()).lead).toMatchObject({ estimated_value: 15000, currency: "USD" });
    const audit = await env.DB.prepare("select type, metadata from lead_activities where lead_id = ?")
      .bind(lead.id)
      .first<{ metadata: string }>();
    expect(JSON.parse(audit!.metadata)).toEqual({
      kind: "audit",
      field: "lead",
      fields: ["currency"],
      changes: { currency: { from: "BRL", to: "USD" } },
      currencies: { from: "BRL", to: "USD" },
    });
  });
});

describe("sums per currency, never added together", () => {
  beforeEach(async () => {
    await env.DB.prepare("delete from leads").run();
    const at = (i: number) => new Date(Date.now() - i * 60_000).toISOString();
    await createLead(db(), { name: "Real A", status: "negotiating", estimatedValue: 1000.5, currency: "BRL", createdAt: at(1) });
    await createLead(db(), { name: "Real B", status: "negotiating", estimatedValue: 2000, createdAt: at(2) });
    await createLead(db(), { name: "Dolar A", status: "negotiating", estimatedValue: 37500, currency: "USD", createdAt: at(3) });
    await createLead(db(), { name: "Euro A", status: "negotiating", estimatedValue: 800, currency: "EUR", createdAt: at(4) });
    await createLead(db(), { name: "Dolar Sem Valor", status: "negotiating", estimatedValue: null, currency: "USD", createdAt: at(5) });
    await createLead(db(), { name: "Dolar Ganho", status: "won", estimatedValue: 150000, currency: "USD", createdAt: at(6) });
    await createLead(db(), { name: "Real Ganho", status: "won", estimatedValue: 9000, createdAt: at(7) });
    await createLead(db(), { name: "Real Novo", status: "new", estimatedValue: 300, createdAt: at(8) });
  });

  const column = (pipeline: PipelineDto, status: string) => pipeline.columns.find((c) => c.status === status)!;

  it("the pipeline's columns: BRL in value_sum, the others in other_sums (whole board, filtered board, one column)", async () => {
    const board = await get<PipelineDto>(manager, "leads/pipeline");
    expect(column(board, "negotiating")).toMatchObject({ count: 5, value_sum: 3000.5, other_sums: { USD: 37500, EUR: 800 } });
    expect(column(board, "won")).toMatchObject({ count: 2, value_sum: 9000, other_sums: { USD: 150000 } });
    expect(column(board, "new")).toMatchObject({ count: 1, value_sum: 300, other_sums: {} });
    // Each card carries its own currency.
    expect(column(board, "won").leads.map((lead) => [lead.name, lead.currency])).toEqual([
      ["Dolar Ganho", "USD"],
      ["Real Ganho", "BRL"],
    ]);

    // A search counts the matches the same way (the counted path, not the trigger-kept totals).
    const searched = await get<PipelineDto>(manager, "leads/pipeline?q=dolar");
    expect(column(searched, "negotiating")).toMatchObject({ count: 2, value_sum: 0, other_sums: { USD: 37500 } });
    expect(column(searched, "won")).toMatchObject({ count: 1, value_sum: 0, other_sums: { USD: 150000 } });

    const one = await get<PipelineColumnDto>(manager, "leads/pipeline/negotiating");
    expect(one).toMatchObject({ count: 5, value_sum: 3000.5, other_sums: { USD: 37500, EUR: 800 } });
  });

  it("the totals follow a change of currency, a move and a delete (the triggers of migration 0011)", async () => {
    const [euro] = (await env.DB.prepare("select id from leads where name = 'Euro A'").all<{ id: string }>()).results;
    expect((await patch(manager, euro!.id, { currency: "BRL" })).status).toBe(200);
    let negotiating = column(await get<PipelineDto>(manager, "leads/pipeline"), "negotiating");
    expect(negotiating).toMatchObject({ count: 5, value_sum: 3800.5, other_sums: { USD: 37500 } });

    const [dollar] = (await env.DB.prepare("select id from leads where name = 'Dolar A'").all<{ id: string }>()).results;
    expect((await patch(manager, dollar!.id, { status: "won" })).status).toBe(200);
    const board = await get<PipelineDto>(manager, "leads/pipeline");
    negotiating = column(board, "negotiating");
    expect(negotiating).toMatchObject({ count: 4, value_sum: 3800.5, other_sums: {} });
    expect(column(board, "won")).toMatchObject({ count: 3, value_sum: 9000, other_sums: { USD: 187500 } });

    expect((await request(`/api/leads/${dollar!.id}`, { method: "DELETE", headers: auth(manager) })).status).toBe(204);
    expect(column(await get<PipelineDto>(manager, "leads/pipeline"), "won")).toMatchObject({
      value_sum: 9000,
      other_sums: { USD: 150000 },
    });
    // The trigger-kept rows are what a full count says.
    const counted = await env.DB.prepare(
      "select status, total(iif(currency = 'BRL', estimated_value, 0)) as brl, total(iif(currency = 'USD', estimated_value, 0)) as usd, total(iif(currency = 'EUR', estimated_value, 0)) as eur from leads group by status",
    ).all<{ status: string; brl: number; usd: number; eur: number }>();
    for (const row of counted.results) {
      expect(
        await env.DB.prepare(
          "select value_cents / 100.0 as brl, usd_cents / 100.0 as usd, eur_cents / 100.0 as eur from lead_status_totals where status = ?",
        )
          .bind(row.status)
          .first(),
      ).toEqual({ brl: row.brl, usd: row.usd, eur: row.eur });
    }
  });

  it("the dashboard's revenue: the reais with their trend, the dollars beside them", async () => {
    const dashboard = await get<DashboardDto>(rep, "dashboard?scope=team");
    expect(dashboard.totalRevenue).toBe(9000);
    expect(dashboard.otherRevenue).toEqual({ USD: 150000 });
    // Both were created won in the last 30 days.
    expect(dashboard.trends.revenue).toEqual({ now: 9000, before: 0 });
    expect(dashboard.trends.revenueOther).toEqual({ USD: 150000 });
    expect(dashboard.recentLeads.find((lead) => lead.name === "Dolar A")).toMatchObject({ currency: "USD" });
  });
});

describe("phones in E.164", () => {
  it("the lead form's phone is stored normalised from what people type; a number without its area code is a translated 400", async () => {
    const typed: [string, string | null][] = [
      ["(11) 98888-7777", "+5511988887777"],
      ["11 98888 7777", "+5511988887777"],
      ["+55 (31) 3222-1100", "+553132221100"],
      ["011 98888-7777", "+5511988887777"],
      ["+1 (415) 555-0132", "+14155550132"],
      ["", null],
    ];
    for (const [phone, stored] of typed) {
      const response = await post(manager, { name: `Fone ${phone}`, phone });
      expect(response.status, phone).toBe(201);
      expect((await response.json<{ lead: LeadDto }>()).lead.phone, phone).toBe(stored);
    }
    for (const [phone, headers, message] of [
      ["98888-7777", {}, "Telefone inválido. Use DDD e número, como (11) 98888-7777, ou + e o código do país."],
      [
        "ramal 20",
        { "Accept-Language": "en" },
        "Invalid phone number. Use the area code and number, like (11) 98888-7777, or + and the country code.",
      ],
      [
        "123.456.789-09",
        { "Accept-Language": "es" },
        "Teléfono no válido. Escribe el código de área y el número, como (11) 98888-7777, o + y el código del país.",
      ],
    ] as const) {
      const response = await post(manager, { name: "Fone Errado", phone }, headers);
      expect(response.status, phone).toBe(400);
      expect((await response.json<ErrorBody>()).issues).toEqual([{ path: "phone", message }]);
    }
  });

  it("migration 0011 rewrites exactly the stored phones normalizePhone reads, and leaves the rest as typed", async () => {
    const rewrite = env.TEST_MIGRATIONS!.find((m) => m.name.startsWith("0011_"))!.queries.find((q) => q.includes("SET `phone`"))!;
    const raw = [
      "(11) 98888-1001",
      "11 98765-4321",
      "+55 11 98765-4321",
      "+55(11)987654321",
      "5511987654321",
      "011 98765-4321",
      "(31) 3222-1100",
      "+1 (415) 555-0132",
      "+44 20 7946 0958",
      "+5511988887777",
      "123.456.789-09",
      "(01) 98765-4321",
      "11 88765-4321",
      "98765-4321",
      "ramal 204",
      "11 98765-4321 (Ana)",
      "+55 11 1234",
      "",
      "  ",
    ];
    await env.DB.prepare("delete from leads").run();
    const ids = [];
    for (const [i, phone] of raw.entries()) ids.push((await createLead(db(), { name: `Migra ${i}`, phone })).id);
    await env.DB.prepare(rewrite).run();
    for (const [i, phone] of raw.entries()) {
      const stored = await env.DB.prepare("select phone from leads where id = ?").bind(ids[i]).first("phone");
      expect(stored, phone).toBe(normalizePhone(phone) ?? phone);
    }
  });

  it("migration 0011 records in US$ the chat leads whose value is still their budget's", async () => {
    const backfill = env
      .TEST_MIGRATIONS!.find((m) => m.name.startsWith("0011_"))!
      .queries.find((q) => q.includes("SET `currency` = 'USD'"))!;
    const captured = async (name: string, value: number | null, budget: string | null, source: "website" | "referral" = "website") => {
      const lead = await createLead(db(), { name, estimatedValue: value, source });
      await db()
        .insert(leadActivities)
        .values(buildActivity({ leadId: lead.id, type: "internal_note", content: "…", metadata: { source: "chat_assistant", budget } }));
      return lead.id;
    };
    const untouched = await captured("Valor da Equipe", 40000, "budget_25k");
    const fromBudget = await captured("Do Orçamento", 37500, "budget_25k");
    const otherSource = await captured("Outra Origem", 37500, "budget_25k", "referral");
    const noBudget = await captured("Sem Orçamento", 15000, null);
    const notChat = (await createLead(db(), { name: "Fora do Chat", estimatedValue: 75000 })).id;
    await env.DB.prepare(backfill).run();
    const currencyOf = (id: string) => env.DB.prepare("select currency from leads where id = ?").bind(id).first("currency");
    expect(await currencyOf(fromBudget)).toBe("USD");
    for (const id of [untouched, otherSource, noBudget, notChat]) expect(await currencyOf(id)).toBe("BRL");
  });
});
