// Whose figures the dashboard shows (issue 20): a sales_rep's own by default, the team's on
// request; managers and admins the team's, or one seller's. Every figure (totals per status,
// revenue, trends, the newest leads) is checked against sums of the fixture leads below.
import { beforeAll, describe, expect, it } from "vitest";
import { leadActivities, type LeadStatus } from "../../worker/db/schema/index.ts";
import type { DashboardDto } from "../../worker/services/crm-types.ts";
import { buildActivity, createLead, createUser } from "../factories/index.ts";
import { bearer, db, request, signIn } from "../helpers.ts";
import { env } from "cloudflare:workers";

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

type Owner = "rita" | "bruno" | "marcos" | null;
/** A fixture lead: its owner, status, age in days, value and (won leads) when it was won. */
type Fixture = { owner: Owner; status: LeadStatus; created: number; value: number | null; wonAt?: number };

const FIXTURES: Fixture[] = [
  { owner: "rita", status: "new", created: 3, value: 1000 },
  { owner: "rita", status: "qualified", created: 12, value: 2500.5 },
  { owner: "rita", status: "new", created: 45, value: null },
  { owner: "rita", status: "won", created: 50, value: 4000, wonAt: 10 },
  { owner: "rita", status: "won", created: 90, value: 700, wonAt: 40 },
  { owner: "rita", status: "lost", created: 20, value: 300 },
  { owner: "bruno", status: "new", created: 1, value: 900 },
  { owner: "bruno", status: "negotiating", created: 35, value: 12000 },
  { owner: "bruno", status: "won", created: 100, value: 8000, wonAt: 5 },
  { owner: "bruno", status: "won", created: 40, value: 1500.25, wonAt: 33 },
  { owner: "bruno", status: "contacted", created: 200, value: 600 },
  { owner: "marcos", status: "qualified", created: 8, value: 5000 },
  { owner: null, status: "new", created: 2, value: 250 },
  { owner: null, status: "won", created: 70, value: 999, wonAt: 15 },
];

/** What the dashboard should say for these leads, summed here from the fixtures. */
function expected(leads: Fixture[]) {
  const byStatus = { new: 0, qualified: 0, contacted: 0, negotiating: 0, won: 0, lost: 0 };
  for (const lead of leads) byStatus[lead.status]++;
  const won = leads.filter((lead) => lead.status === "won");
  const inNow = (days?: number) => days !== undefined && days < 30;
  const inBefore = (days?: number) => days !== undefined && days >= 30 && days < 60;
  const sum = (list: Fixture[]) => list.reduce((total, lead) => total + (lead.value ?? 0), 0);
  const createdNow = leads.filter((lead) => lead.created < 30).length;
  return {
    totalLeads: leads.length,
    newLeads: byStatus.new,
    qualifiedLeads: byStatus.qualified,
    wonLeads: byStatus.won,
    totalRevenue: sum(won),
    leadsByStatus: byStatus,
    trends: {
      days: 30,
      total: { now: leads.length, before: leads.length - createdNow },
      created: { now: createdNow, before: leads.filter((lead) => lead.created >= 30 && lead.created < 60).length },
      won: { now: won.filter((lead) => inNow(lead.wonAt)).length, before: won.filter((lead) => inBefore(lead.wonAt)).length },
      revenue: { now: sum(won.filter((lead) => inNow(lead.wonAt))), before: sum(won.filter((lead) => inBefore(lead.wonAt))) },
      // Every fixture lead is in reais: no other currency's revenue.
      revenueOther: {},
    },
  };
}

/** The figures of a response, without what changes from one read to the next. */
const figures = ({ totalLeads, newLeads, qualifiedLeads, wonLeads, totalRevenue, leadsByStatus, trends }: DashboardDto) => ({
  totalLeads,
  newLeads,
  qualifiedLeads,
  wonLeads,
  totalRevenue,
  leadsByStatus,
  trends,
});

const people = {} as Record<Exclude<Owner, null>, { id: string; name: string; token: string }>;
let adminToken: string;
const leadIds = new Map<Fixture, string>();
const of = (owner: Owner | "all") => FIXTURES.filter((lead) => owner === "all" || lead.owner === owner);
/** The ids of these leads, newest first (as 'Leads Recentes' lists them), at most 5. */
const newest = (leads: Fixture[]) =>
  [...leads]
    .sort((a, b) => a.created - b.created)
    .map((lead) => leadIds.get(lead))
    .slice(0, 5);

async function dashboard(token: string | null, query = "") {
  const response = await request(`/api/dashboard${query}`, token ? { headers: bearer(token) } : undefined);
  return { status: response.status, body: (await response.json()) as DashboardDto & { error?: string } };
}

beforeAll(async () => {
  await env.DB.prepare("delete from leads").run();
  for (const [key, role] of [
    ["rita", "sales_rep"],
    ["bruno", "sales_rep"],
    ["marcos", "manager"],
  ] as const) {
    const user = await createUser(db(), { role, name: key[0]!.toUpperCase() + key.slice(1) });
    people[key] = { id: user.id, name: user.name, token: (await signIn(user.email)).access_token };
  }
  adminToken = (await signIn((await createUser(db(), { role: "admin" })).email)).access_token;
  for (const fixture of FIXTURES) {
    const created = daysAgo(fixture.created);
    const lead = await createLead(db(), {
      status: fixture.status,
      estimatedValue: fixture.value,
      assignedTo: fixture.owner ? people[fixture.owner].id : null,
      createdAt: created,
      updatedAt: fixture.wonAt === undefined ? created : daysAgo(fixture.wonAt),
    });
    leadIds.set(fixture, lead.id);
    if (fixture.wonAt !== undefined) {
      await db()
        .insert(leadActivities)
        .values(
          buildActivity({
            leadId: lead.id,
            type: "status_change",
            content: "negotiating → won",
            metadata: { kind: "audit", field: "status", from: "negotiating", to: "won" },
            createdAt: daysAgo(fixture.wonAt),
          }),
        );
    }
  }
});

describe("the dashboard's figures: whose", () => {
  it("a sales rep sees their own figures by default: every figure, trend and recent lead counts only their leads", async () => {
    const { status, body } = await dashboard(people.rita.token);
    expect(status).toBe(200);
    expect(figures(body)).toEqual(expected(of("rita")));
    expect(body.recentLeads.map((lead) => lead.id)).toEqual(newest(of("rita")));
    expect(body.seller).toEqual({ id: people.rita.id, name: "Rita" });
    // ?scope=me and their own id say the same.
    for (const query of ["?scope=me", `?seller=${people.rita.id}`]) {
      expect(figures((await dashboard(people.rita.token, query)).body), query).toEqual(expected(of("rita")));
    }
  });

  it("a sales rep toggles to the team's figures: every lead, whoever holds it", async () => {
    const { status, body } = await dashboard(people.rita.token, "?scope=team");
    expect(status).toBe(200);
    expect(figures(body)).toEqual(expected(of("all")));
    expect(body.recentLeads.map((lead) => lead.id)).toEqual(newest(of("all")));
    expect(body.seller).toBeNull();
  });

  it("managers and admins see the team's by default, and one seller's figures are the sums of that seller's leads", async () => {
    for (const token of [people.marcos.token, adminToken]) {
      const team = await dashboard(token);
      expect(team.status).toBe(200);
      expect(figures(team.body)).toEqual(expected(of("all")));
      expect(team.body.seller).toBeNull();

      const bruno = await dashboard(token, `?seller=${people.bruno.id}`);
      expect(bruno.status).toBe(200);
      expect(figures(bruno.body)).toEqual(expected(of("bruno")));
      expect(bruno.body.recentLeads.map((lead) => lead.id)).toEqual(newest(of("bruno")));
      expect(bruno.body.seller).toEqual({ id: people.bruno.id, name: "Bruno" });
    }
    // A manager's own: the one lead they hold. (1 of the 14 leads: their counts per status are
    // read through the owner index; Rita's and Bruno's, over a tenth each, by a pass over the table.)
    const own = await dashboard(people.marcos.token, "?scope=me");
    expect(figures(own.body)).toEqual(expected(of("marcos")));
    expect(own.body.seller?.id).toBe(people.marcos.id);
  });

  it("a sales rep may not ask for a colleague's figures (403), nor for anyone else's", async () => {
    for (const seller of [people.bruno.id, people.marcos.id, crypto.randomUUID()]) {
      const { status, body } = await dashboard(people.rita.token, `?seller=${seller}`);
      expect(status).toBe(403);
      expect(body.error).toBe("forbidden");
    }
  });

  it("anonymous: 401, whatever is asked", async () => {
    for (const query of ["", "?scope=team", `?seller=${people.bruno.id}`]) expect((await dashboard(null, query)).status).toBe(401);
  });

  it("a bad seller id, an unknown seller, an unknown scope or both at once: 400", async () => {
    for (const query of [
      "?seller=not-an-id",
      "?seller=",
      `?seller=${people.bruno.id}'--`,
      `?seller=${crypto.randomUUID()}`,
      "?scope=everyone",
      `?scope=team&seller=${people.bruno.id}`,
    ]) {
      const { status, body } = await dashboard(people.marcos.token, query);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe("validation_failed");
    }
  });
});
