// Relatórios e Analytics (issue 21): every period against hand-computed figures (null values,
// the month boundary in São Paulo time, a lead without an owner, sellers tied on count and
// value), the API's 401 and 400, and the CSV export read back with papaparse.
import Papa from "papaparse";
import { formatMoney } from "../../app/i18n/format.ts";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReportDto } from "../../worker/services/crm-types.ts";
import { exportReportCsv, EXPORT_PAGE, reportFileName } from "../../worker/services/report-export.ts";
import { getReport, readReport, reportSeries } from "../../worker/services/report-service.ts";
import { dueReports, sendReportEmails } from "../../worker/services/report-email-service.ts";
import { retryOutbox } from "../../worker/services/email-service.ts";
import { getDb } from "../../worker/db/client.ts";
import { env } from "cloudflare:workers";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, eventually, ORIGIN, request, sessionCookie, signedInUser } from "../helpers.ts";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { loader as crmLayoutLoader } from "../../app/routes/staff/crm-layout.tsx";
import { createLoadContext } from "../../worker/router-context.ts";

// 22:00 on 30 November in São Paulo (UTC−3): already 1 December in UTC.
const NOW = new Date("2026-12-01T01:00:00.000Z");
const ctx = () => ({ db: getDb(env.DB), env });

let ids: Record<"ana" | "bruna" | "yara" | "zeca", string>;

beforeAll(async () => {
  await env.DB.prepare("delete from leads").run();
  const user = (name: string) => createUser(db(), { name, role: "sales_rep" }).then((row) => row.id);
  ids = { ana: await user("Ana Souza"), bruna: await user("Bruna Lima"), yara: await user("Yara Costa"), zeca: await user("Zeca Dias") };
  const lead = (name: string, createdAt: string, f: Partial<Parameters<typeof createLead>[1]>) =>
    createLead(db(), { name, createdAt, updatedAt: createdAt, currency: "BRL", estimatedValue: null, assignedTo: null, ...f });
  // 23:59:59 on 31 October in São Paulo: before this month and the last 30 days.
  await lead("L1", "2026-11-01T02:59:59.000Z", { status: "won", source: "website", estimatedValue: 999, assignedTo: ids.bruna });
  // 00:00 on 1 November in São Paulo: the first instant of the month.
  await lead("L2", "2026-11-01T03:00:00.000Z", { status: "new", source: "referral", estimatedValue: 100, assignedTo: ids.bruna });
  await lead("L3", "2026-11-30T23:30:00.000Z", {
    status: "won",
    source: "website",
    estimatedValue: 1000,
    assignedTo: ids.yara,
    phone: "+5511988887777",
  });
  await lead("L4", "2026-11-25T12:00:00.000Z", { status: "won", source: "website", estimatedValue: null, assignedTo: ids.yara });
  await lead("L5", "2026-11-28T12:00:00.000Z", {
    status: "new",
    source: "social_media",
    estimatedValue: 500,
    currency: "USD",
    assignedTo: ids.zeca,
  });
  await lead("L6", "2026-11-27T12:00:00.000Z", { status: "lost", source: "other", estimatedValue: 1100 });
  await lead("L7", "2026-11-20T12:00:00.000Z", { status: "qualified", source: "website", estimatedValue: 0, assignedTo: ids.zeca });
  await lead("L8", "2026-11-29T12:00:00.000Z", { status: "contacted", source: "advertising", estimatedValue: 100, assignedTo: ids.ana });
});

const counts = <K extends string>(rows: ({ count: number } & Record<string, unknown>)[], key: K) =>
  Object.fromEntries(rows.map((row) => [row[key], row.count]));

describe("report figures", () => {
  it("this month starts at midnight of the 1st in São Paulo: counts, conversion, values (null is 0, per currency), statuses and sources with zeros", async () => {
    const report = await getReport(ctx(), "month", NOW);
    expect(report.from).toBe("2026-11-01T03:00:00.000Z");
    expect(report.total).toBe(7);
    expect(report.won).toBe(2);
    expect(report.conversionRate).toBeCloseTo((2 / 7) * 100, 10);
    // BRL: 100 + 1000 + 0 (null) + 1100 + 0 + 100 over 6 leads; USD: 500 over 1.
    expect(report.totalValue).toEqual({ value: 2300, other: { USD: 500 } });
    expect(report.averageValue.value).toBeCloseTo(2300 / 6, 10);
    expect(report.averageValue.other).toEqual({ USD: 500 });
    expect(counts(report.byStatus, "status")).toEqual({ new: 2, qualified: 1, contacted: 1, negotiating: 0, won: 2, lost: 1 });
    expect(report.byStatus.map((row) => row.status)).toEqual(["new", "qualified", "contacted", "negotiating", "won", "lost"]);
    expect(counts(report.bySource, "source")).toEqual({ website: 3, referral: 1, social_media: 1, advertising: 1, other: 1 });
  });

  it("top sellers: most leads, then the higher value, then the name; an unassigned lead is nobody's", async () => {
    const { topSellers } = await getReport(ctx(), "month", NOW);
    expect(topSellers).toEqual([
      { id: ids.yara, name: "Yara Costa", count: 2, total: { value: 1000, other: {} } },
      { id: ids.zeca, name: "Zeca Dias", count: 2, total: { value: 0, other: { USD: 500 } } },
      { id: ids.ana, name: "Ana Souza", count: 1, total: { value: 100, other: {} } },
      { id: ids.bruna, name: "Bruna Lima", count: 1, total: { value: 100, other: {} } },
    ]);
  });

  it("the last 7 days are today and the 6 before from local midnight; the last 30 here equal this month", async () => {
    const week = await getReport(ctx(), "7d", NOW);
    expect(week.from).toBe("2026-11-24T03:00:00.000Z");
    expect(week.total).toBe(5); // L3, L4, L5, L6, L8
    expect(week.series.unit).toBe("day");
    expect(week.series.points.map((p) => p.start)).toEqual([
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
    ]);
    // L3 was created at 20:30 on the 30th in São Paulo (23:30 UTC): the 30th's bar.
    expect(week.series.points.at(-1)).toEqual({ start: "2026-11-30", count: 1, won: 1, wonValue: 1000 });
    expect(week.series.points[1]).toEqual({ start: "2026-11-25", count: 1, won: 1, wonValue: 0 });
    const thirty = await getReport(ctx(), "30d", NOW);
    const month = await getReport(ctx(), "month", NOW);
    expect({ ...thirty, period: "month" }).toEqual(month);
  });

  it("this month's chart has a bar for every day from the 1st to today, empty ones included", async () => {
    const { series } = await getReport(ctx(), "month", NOW);
    expect(series.points).toHaveLength(30);
    expect(series.points[0]).toEqual({ start: "2026-11-01", count: 1, won: 0, wonValue: 0 });
    expect(series.points.reduce((sum, p) => sum + p.count, 0)).toBe(7);
    expect(series.points.reduce((sum, p) => sum + p.wonValue, 0)).toBe(1000);
  });

  it("all time: every lead, by week (from Monday) while the first is under six months old", async () => {
    const report = await getReport(ctx(), "all", NOW);
    expect(report.from).toBeNull();
    expect(report.total).toBe(8);
    expect(report.won).toBe(3);
    expect(report.totalValue).toEqual({ value: 3299, other: { USD: 500 } });
    expect(report.topSellers.map((s) => [s.name, s.count])).toEqual([
      ["Bruna Lima", 2], // 999 + 100
      ["Yara Costa", 2], // 1000
      ["Zeca Dias", 2], // R$ 0 (and US$ 500)
      ["Ana Souza", 1],
    ]);
    expect(report.series.unit).toBe("week");
    // L1 (31 Oct, a Saturday, in São Paulo) and L2 (1 Nov) are in the week of Monday 26 Oct.
    expect(report.series.points.map((p) => [p.start, p.count])).toEqual([
      ["2026-10-26", 2],
      ["2026-11-02", 0],
      ["2026-11-09", 0],
      ["2026-11-16", 1],
      ["2026-11-23", 4],
      ["2026-11-30", 1],
    ]);
    expect(report.series.points[0]).toMatchObject({ won: 1, wonValue: 999 });
  });

  it("all time over more than six months is drawn by month, empty months included", () => {
    const series = reportSeries("all", null, NOW, [
      { day: "2026-01-15", count: 3, won: 1, won_value: 10 },
      { day: "2026-03-31", count: 1, won: 0, won_value: 0 },
      { day: "2026-11-30", count: 2, won: 2, won_value: 5 },
    ]);
    expect(series.unit).toBe("month");
    expect(series.points).toHaveLength(11);
    expect(series.points[0]).toEqual({ start: "2026-01-01", count: 3, won: 1, wonValue: 10 });
    expect(series.points[1]).toEqual({ start: "2026-02-01", count: 0, won: 0, wonValue: 0 });
    expect(series.points.at(-1)).toEqual({ start: "2026-11-01", count: 2, won: 2, wonValue: 5 });
  });

  it("all time reads totals the triggers keep, equal to counting the leads through inserts, edits and deletes", async () => {
    const counted = () => readReport(ctx(), "all", "1970-01-01T00:00:00.000Z", null, NOW);
    // The figures (the chart's buckets differ: weeks here, months from 1970).
    const comparable = ({ series: _series, from: _from, period: _period, ...figures }: ReportDto) => figures;
    // The chart's days, as kept and as counted.
    const days = async () => {
      const kept = await env.DB.prepare(
        "select day, lead_count as n, won_count as won, won_cents as cents from lead_report_days where lead_count > 0 order by day",
      ).all();
      const counted = await env.DB.prepare(
        `select date(created_at, '-3 hours') as day, count(*) as n, sum(status = 'won') as won,
                coalesce(sum(case when status = 'won' and currency = 'BRL' then cast(round(estimated_value * 100) as integer) end), 0) as cents
         from leads group by day order by day`,
      ).all();
      expect(kept.results).toEqual(counted.results);
    };
    const before = await getReport(ctx(), "all", NOW);
    const a = await createLead(db(), {
      name: "Temp A",
      status: "new",
      source: "website",
      currency: "BRL",
      estimatedValue: 10.005,
      createdAt: "2026-11-10T02:00:00.000Z",
    });
    const b = await createLead(db(), {
      name: "Temp B",
      status: "won",
      source: "referral",
      currency: "USD",
      estimatedValue: 7,
      assignedTo: ids.ana,
    });
    await createLead(db(), {
      name: "Temp C",
      status: "lost",
      source: "other",
      currency: "EUR",
      estimatedValue: null,
      assignedTo: ids.zeca,
    });
    await env.DB.batch([
      env.DB.prepare("update leads set status = 'won', assigned_to = ?, estimated_value = 250.5 where id = ?").bind(ids.yara, a.id),
      env.DB.prepare("update leads set currency = 'BRL', created_at = '2026-11-02T12:00:00.000Z' where id = ?").bind(b.id),
      env.DB.prepare("update leads set assigned_to = null, source = 'advertising' where name = 'Temp C'"),
    ]);
    const during = await getReport(ctx(), "all", NOW);
    expect(during.total).toBe(before.total + 3);
    expect(comparable(during)).toEqual(comparable(await counted()));
    await days();
    await env.DB.prepare("delete from leads where name like 'Temp %'").run();
    const after = await getReport(ctx(), "all", NOW);
    expect(comparable(after)).toEqual(comparable(await counted()));
    await days();
    expect(after).toEqual(before);
  });

  it("a period without leads: zeros everywhere, no seller, a 0 % rate", async () => {
    const report = await getReport(ctx(), "7d", new Date("2027-06-01T12:00:00.000Z"));
    expect(report.total).toBe(0);
    expect(report.conversionRate).toBe(0);
    expect(report.totalValue).toEqual({ value: 0, other: {} });
    expect(report.averageValue).toEqual({ value: 0, other: {} });
    expect(report.topSellers).toEqual([]);
    expect(report.byStatus.every((row) => row.count === 0)).toBe(true);
    expect(report.series.points).toHaveLength(7);
  });
});

describe("GET /api/reports", () => {
  it("anonymous: 401 for the figures and the export", async () => {
    for (const path of ["/api/reports", "/api/reports?period=all", "/api/reports/export", "/api/reports/export?period=7d"]) {
      expect((await request(path)).status, path).toBe(401);
    }
  });

  it("any signed-in role reads them (a sales rep sees the team's figures); 30 days by default; another period is a 400", async () => {
    const rep = await signedInUser("sales_rep");
    const response = await request("/api/reports", { headers: bearer(rep.session.access_token) });
    expect(response.status).toBe(200);
    const report = await response.json<ReportDto>();
    expect(report.period).toBe("30d");
    expect(report.byStatus).toHaveLength(6);
    for (const period of ["year", "", "ALL", "7"]) {
      const bad = await request(`/api/reports?period=${period}`, {
        headers: { ...bearer(rep.session.access_token), "Accept-Language": "en" },
      });
      expect(bad.status, period).toBe(400);
      expect(await bad.json()).toMatchObject({ error: "validation_failed" });
    }
    const badExport = await request("/api/reports/export?period=year", { headers: bearer(rep.session.access_token) });
    expect(badExport.status).toBe(400);
  });
});

describe("report e-mails", () => {
  const MONDAY_8AM = new Date("2026-11-30T11:00:00.000Z"); // 08:00 on Monday 30 November in São Paulo
  const FIRST_8AM = new Date("2026-12-01T11:00:00.000Z"); // 08:00 on Tuesday 1 December
  const outbox = async (kind: string) =>
    (
      await env.DB.prepare("select to_address, subject, text_body, status from email_outbox where kind = ? order by to_address")
        .bind(kind)
        .all<{
          to_address: string;
          subject: string;
          text_body: string;
          status: string;
        }>()
    ).results;
  let emails: Record<keyof typeof ids, string>;

  beforeAll(async () => {
    const rows = await env.DB.prepare("select id, email from users").all<{ id: string; email: string }>();
    const byId = new Map(rows.results.map((row) => [row.id, row.email]));
    emails = { ana: byId.get(ids.ana)!, bruna: byId.get(ids.bruna)!, yara: byId.get(ids.yara)!, zeca: byId.get(ids.zeca)! };
    await env.DB.batch([
      env.DB.prepare("update users set language = 'en' where id = ?").bind(ids.ana),
      env.DB.prepare("update users set is_active = 0 where id = ?").bind(ids.bruna),
      env.DB.prepare("insert into notification_preferences (user_id, weekly_reports) values (?, 0)").bind(ids.yara),
      env.DB.prepare("insert into notification_preferences (user_id, monthly_reports) values (?, 1)").bind(ids.zeca),
    ]);
  });

  it("go in the language the user reads the CRM in, saved when a CRM page loads with another one chosen", async () => {
    const { user, session } = await signedInUser("manager");
    expect(user.language).toBe("pt");
    // A CRM page's frame (the loader every CRM screen runs), with Spanish chosen.
    const url = new URL("/reports", ORIGIN);
    const req = new Request(url, { headers: { Cookie: `${sessionCookie(session)}; language=es` } });
    const execution = createExecutionContext();
    const { context } = createLoadContext(req, env, execution, "nonce");
    const frame = await crmLayoutLoader({ request: req, context, params: {}, unstable_pattern: url.pathname } as never);
    expect(frame.language).toBe("es");
    await waitOnExecutionContext(execution);
    const saved = await eventually(
      async () => (await env.DB.prepare("select language from users where id = ?").bind(user.id).first<{ language: string }>())?.language,
      (language) => language === "es",
    );
    expect(saved).toBe("es");
  });

  it("are due on Monday from 08:00 (last week) and on the 1st from 08:00 (last month), in São Paulo time", () => {
    expect(dueReports(new Date("2026-11-30T10:59:00.000Z"))).toEqual([]);
    expect(dueReports(MONDAY_8AM)).toEqual([
      {
        kind: "weekly",
        periodStart: "2026-11-23",
        from: "2026-11-23T03:00:00.000Z",
        until: "2026-11-30T03:00:00.000Z",
        lastDay: "2026-11-29",
      },
    ]);
    // 23:59 on Monday the 30th: a run that finds last week unsent still sends it that day.
    expect(dueReports(new Date("2026-12-01T02:59:00.000Z")).map((due) => due.kind)).toEqual(["weekly"]);
    expect(dueReports(FIRST_8AM)).toEqual([
      {
        kind: "monthly",
        periodStart: "2026-11-01",
        from: "2026-11-01T03:00:00.000Z",
        until: "2026-12-01T03:00:00.000Z",
        lastDay: "2026-11-30",
      },
    ]);
    expect(dueReports(new Date("2026-12-02T11:00:00.000Z"))).toEqual([]);
  });

  it("two overlapping runs and a third write each user's weekly e-mail once, in their language; switched off or inactive gets none", async () => {
    const runs = await Promise.all([sendReportEmails(ctx(), MONDAY_8AM), sendReportEmails(ctx(), MONDAY_8AM)]);
    const again = await sendReportEmails(ctx(), new Date(MONDAY_8AM.getTime() + 15 * 60 * 1000));
    const weekly = await outbox("report_weekly");
    const active = await env.DB.prepare(
      "select count(*) as n from users u where u.is_active = 1 and not exists (select 1 from notification_preferences p where p.user_id = u.id and p.weekly_reports = 0)",
    ).first<{ n: number }>();
    expect(weekly).toHaveLength(active!.n);
    expect(runs[0].weekly + runs[1].weekly).toBe(active!.n);
    expect(again.weekly).toBe(0);
    expect(new Set(weekly.map((row) => row.to_address)).size).toBe(weekly.length);
    const to = (who: keyof typeof ids) => weekly.filter((row) => row.to_address === emails[who]);
    expect(to("bruna")).toEqual([]);
    expect(to("yara")).toEqual([]);
    // 23–29 November: L4, L5, L6 and L8 (L3, at 20:30 on the 30th, is this week's).
    const [ana] = to("ana");
    expect(ana!.subject).toBe("Weekly leads report: 11/23/2026 to 11/29/2026");
    expect(ana!.text_body).toContain("Hello, Ana Souza! These are the figures of the leads created from 11/23/2026 to 11/29/2026.");
    expect(ana!.text_body).toContain(
      `Total Leads: 4\nConversion Rate: 25.0%\nTotal Value: ${formatMoney(1200, "en")} · ${formatMoney(500, "en", "USD")}\n`,
    );
    // One lead each: the higher value first, then by name (Yara's and Zeca's reais are both 0).
    expect(ana!.text_body).toContain(
      `Top Sellers\n1. Ana Souza: 1 lead, ${formatMoney(100, "en")}\n2. Yara Costa: 1 lead, ${formatMoney(0, "en")}\n3. Zeca Dias: 1 lead, ${formatMoney(500, "en", "USD")}\n`,
    );
    expect(ana!.text_body).toMatch(/See the full report: https?:\/\/[^\s]+\/reports\?period=7d/);
    const [zeca] = to("zeca");
    expect(zeca!.subject).toBe("Relatório semanal de leads: 23/11/2026 a 29/11/2026");
    expect(zeca!.text_body).toContain("Total de Leads: 4\nTaxa de Conversão: 25,0%");
    // Delivered through the e-mail queue, after the run returned.
    const delivered = await eventually(
      () => outbox("report_weekly"),
      (rows) => rows.every((row) => row.status === "sent"),
    );
    expect(delivered.map((row) => row.status)).toEqual(weekly.map(() => "sent"));
  });

  it("the monthly e-mail goes only to those who switched it on, with last month's figures", async () => {
    const runs = await Promise.all([sendReportEmails(ctx(), FIRST_8AM), sendReportEmails(ctx(), FIRST_8AM)]);
    expect(runs[0].monthly + runs[1].monthly).toBe(1);
    const monthly = await outbox("report_monthly");
    expect(monthly.map((row) => row.to_address)).toEqual([emails.zeca]);
    expect(monthly[0]!.subject).toBe("Relatório mensal de leads: novembro de 2026");
    // November: L2 to L8.
    expect(monthly[0]!.text_body).toContain("Total de Leads: 7\nTaxa de Conversão: 28,6%");
  });
});

describe("the outbox retries", () => {
  it("a failed e-mail is tried again once by two overlapping runs, and stays failed after 5 tries", async () => {
    const sent: string[] = [];
    const transport = { name: "test", send: async (message: { subject: string }) => void sent.push(message.subject) };
    const failing = { name: "down", send: async () => Promise.reject(new Error("mail API answered 503")) };
    await env.DB.prepare(
      "insert into email_outbox (id, to_address, subject, text_body, kind, status, attempts) values ('retry-1', 'a@example.test', 'Retry me', 'x', 'test', 'failed', 1)",
    ).run();
    await Promise.all([retryOutbox(ctx(), new Date(), transport), retryOutbox(ctx(), new Date(), transport)]);
    expect(sent.filter((subject) => subject === "Retry me")).toEqual(["Retry me"]);
    const row = await env.DB.prepare("select status, attempts from email_outbox where id = 'retry-1'").first();
    expect(row).toEqual({ status: "sent", attempts: 2 });
    await env.DB.prepare(
      "insert into email_outbox (id, to_address, subject, text_body, kind, status, attempts) values ('retry-2', 'b@example.test', 'Down', 'x', 'test', 'failed', 1)",
    ).run();
    for (let i = 0; i < 6; i++) await retryOutbox(ctx(), new Date(), failing);
    expect(await env.DB.prepare("select status, attempts, last_error from email_outbox where id = 'retry-2'").first()).toEqual({
      status: "failed",
      attempts: 5,
      last_error: "Error: mail API answered 503",
    });
  });
});

describe("CSV export", () => {
  const read = async (path: string, headers: Record<string, string>) => {
    const response = await request(path, { headers });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  };

  it("relatorio-leads-{date}.csv: a BOM, CRLF, the summary (rate with 2 decimals) then every lead of the period, read back with papaparse", async () => {
    const manager = await signedInUser("manager");
    const { response, bytes, text } = await read("/api/reports/export?period=all", {
      ...bearer(manager.session.access_token),
      Cookie: "language=pt",
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="relatorio-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(
      text
        .slice(1)
        .split("\r\n")
        .every((line) => !line.includes("\n")),
    ).toBe(true);
    const [summary, table] = text.slice(1).split("\r\n\r\n") as [string, string];
    const head = Papa.parse<string[]>(summary, { delimiter: ";" }).data;
    expect(head[0]).toEqual(["Relatório de Leads", "Todo período"]);
    expect(head.slice(2)).toEqual([
      ["Total de Leads", "8"],
      ["Convertidos", "3"],
      ["Taxa de Conversão", "37,50%"],
      ["Valor Total (BRL)", "3299,00"],
      ["Valor Total (USD)", "500,00"],
      ["Valor Médio (BRL)", "471,29"],
      ["Valor Médio (USD)", "500,00"],
    ]);
    const rows = Papa.parse<Record<string, string>>(table.trimEnd(), { delimiter: ";", header: true }).data;
    expect(Object.keys(rows[0]!)).toEqual([
      "Nome",
      "E-mail",
      "Telefone",
      "Empresa",
      "Origem",
      "Status",
      "Valor",
      "Moeda",
      "Responsável",
      "Criado em",
    ]);
    expect(rows.map((row) => row.Nome)).toEqual(["L3", "L8", "L5", "L6", "L4", "L7", "L2", "L1"]);
    // Phones as the CRM shows them, not E.164 (whose "+" a spreadsheet would need guarded).
    expect(rows[0]!.Telefone).toBe("(11) 98888-7777");
    expect(rows[0]).toMatchObject({
      Origem: "Website",
      Status: "Ganho",
      Valor: "1000",
      Moeda: "BRL",
      Responsável: "Yara Costa",
      "Criado em": "2026-11-30 20:30",
    });
    expect(rows.find((row) => row.Nome === "L6")).toMatchObject({ Valor: "1100", Responsável: "", Status: "Perdido", Origem: "Outro" });
    expect(rows.find((row) => row.Nome === "L4")!.Valor).toBe("");
    expect(rows.at(-1)!["Criado em"]).toBe("2026-10-31 23:59");
  });

  it("in English: comma-separated with a decimal point and English labels", async () => {
    const admin = await signedInUser("admin");
    const { text } = await read("/api/reports/export?period=all", { ...bearer(admin.session.access_token), Cookie: "language=en" });
    const parsed = Papa.parse<string[]>(text.slice(1).trimEnd(), { delimiter: "," }).data;
    expect(parsed[0]).toEqual(["Leads Report", "All time"]);
    expect(parsed).toContainEqual(["Conversion Rate", "37.50%"]);
    expect(parsed).toContainEqual(["Name", "Email", "Phone", "Company", "Source", "Status", "Value", "Currency", "Owner", "Created at"]);
  });

  it("a cell that would run as a formula is text; quotes, delimiters and line breaks survive", async () => {
    const hostile = [
      '=HYPERLINK("http://x";"y")',
      "+1+1",
      "-2+3",
      "@SUM(A1)",
      "\tTab",
      "\rCarriage",
      'Aspas "duplas"; e ponto-e-vírgula',
      "Linha 1\nLinha 2",
    ];
    for (const [i, name] of hostile.entries()) {
      await createLead(db(), { name, company: name, createdAt: new Date(Date.now() - 1000 * (i + 1)).toISOString() });
    }
    const admin = await signedInUser("admin");
    const { text } = await read("/api/reports/export?period=7d", { ...bearer(admin.session.access_token), Cookie: "language=pt" });
    const table = text.slice(1).split("\r\n\r\n")[1]!;
    const rows = Papa.parse<Record<string, string>>(table.trimEnd(), { delimiter: ";", header: true }).data;
    for (const name of hostile) {
      const row = rows.find((r) => r.Nome === name || r.Nome === `'${name}`);
      expect(row, JSON.stringify(name)).toBeDefined();
      // Shown as text: what begins like a formula is prefixed with an apostrophe, the rest as typed.
      const expected = /^[=+\-@\t\r]/.test(name) ? `'${name}` : name;
      expect(row!.Nome).toBe(expected);
      expect(row!.Empresa).toBe(expected);
    }
  });

  it(`streams 50,000 leads, ${EXPORT_PAGE} per read, each exactly once`, async () => {
    const total = 50_000;
    // Three leads share each creation instant: the keyset must still take each once.
    await env.DB.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${total - 1})
       insert into leads (id, name, email, status, source, currency, created_at, updated_at)
       select lower(hex(randomblob(16))), 'Bulk ' || i, 'bulk' || i || '@example.test', 'new', 'website', 'BRL',
              strftime('%Y-%m-%dT%H:%M:%fZ', '2026-06-01T12:00:00Z', '+' || (i / 3) || ' seconds'), '2026-06-01T12:00:00.000Z'
       from n`,
    ).run();
    const { body, fileName } = await exportReportCsv(ctx(), "all", "en", NOW);
    expect(fileName).toBe(reportFileName(NOW));
    expect(fileName).toBe("relatorio-leads-2026-11-30.csv");
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for await (const chunk of body) {
      chunks++;
      text += decoder.decode(chunk, { stream: true });
    }
    // The summary, then one chunk per page read.
    expect(chunks).toBeGreaterThanOrEqual(total / EXPORT_PAGE);
    const rows = Papa.parse<Record<string, string>>(text.split("\r\n\r\n")[1]!.trimEnd(), { header: true }).data;
    const bulk = rows.filter((row) => row.Name?.startsWith("Bulk "));
    expect(bulk).toHaveLength(total);
    expect(new Set(bulk.map((row) => row.Name)).size).toBe(total);
    expect(text).toContain(`Total Leads,${rows.length}\r\n`);
  }, 60_000);
});
