// The dashboard cards' trends (issue 20): the last 30 days against the 30 before, computed in
// one batch with the figures. Fixtures with known dates; `now` is fixed.
import { beforeAll, describe, expect, it } from "vitest";
import { trendPercent } from "../../app/modules/dashboard/trend.ts";
import { leadActivities } from "../../worker/db/schema/index.ts";
import type { LeadStatus } from "../../worker/db/schema/index.ts";
import { getDashboard } from "../../worker/services/dashboard-service.ts";
import type { Authenticated } from "../../worker/services/service-context.ts";
import { buildActivity, createLead, createUser } from "../factories/index.ts";
import { bearer, db, request, signedInUser } from "../helpers.ts";
import { env } from "cloudflare:workers";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

let actor: Authenticated;

/** A lead created `created` days ago, last written `updated` days ago, with its status changes to won (days ago). */
async function lead(
  status: LeadStatus,
  created: number,
  { updated = created, value = null as number | null, wonAt = [] as number[] } = {},
) {
  const row = await createLead(db(), { status, estimatedValue: value, createdAt: daysAgo(created), updatedAt: daysAgo(updated) });
  for (const days of wonAt) {
    await db()
      .insert(leadActivities)
      .values(
        buildActivity({
          leadId: row.id,
          type: "status_change",
          content: "qualified → won",
          metadata: { kind: "audit", field: "status", from: "qualified", to: "won" },
          createdAt: daysAgo(days),
        }),
      );
  }
  return row;
}

beforeAll(async () => {
  await env.DB.prepare("delete from leads").run();
  actor = { user: await createUser(db(), { role: "admin" }), session: { id: "s", method: "password", expiresAt: 0 } } as Authenticated;
  await lead("new", 5); // created in the last 30 days
  await lead("qualified", 10); // created in the last 30 days
  await lead("new", 40); // created in the 30 days before
  await lead("new", 100); // older
  await lead("won", 70, { updated: 20, value: 1000, wonAt: [20] }); // won in the last 30 days
  await lead("won", 50, { value: 500 }); // created won, in the 30 days before
  await lead("won", 200, { updated: 45, value: 300, wonAt: [45] }); // won in the 30 days before
  await lead("won", 200, { updated: 100, value: 700, wonAt: [100] }); // won long ago: neither
  await lead("lost", 80, { updated: 3, value: 900, wonAt: [25] }); // won, then lost: neither
  await lead("won", 35, { updated: 2, wonAt: [40, 2] }); // created in the 30 days before; won again 2 days ago, no value
});

describe("dashboard trends", () => {
  it("compares the last 30 days with the 30 before: the total, leads created, leads won and their value", async () => {
    const dashboard = await getDashboard({ db: db(), env }, actor, NOW);
    expect(dashboard.totalLeads).toBe(10);
    expect(dashboard.trends).toEqual({
      days: 30,
      total: { now: 10, before: 8 },
      created: { now: 2, before: 3 },
      won: { now: 2, before: 2 },
      revenue: { now: 1000, before: 800 },
      revenueOther: {},
    });
    // The all-time figures stay as they were.
    expect(dashboard.wonLeads).toBe(5);
    expect(dashboard.totalRevenue).toBe(2500);
  });

  it("the windows end at `now`: four days earlier, the lead last won 2 days ago counts in neither", async () => {
    const before = await getDashboard({ db: db(), env }, actor, new Date(NOW.getTime() - 4 * 24 * 60 * 60 * 1000));
    expect(before.trends.won).toEqual({ now: 1, before: 2 });
    expect(before.trends.revenue.now).toBe(1000);
    expect(before.trends.created.now).toBe(2);
  });

  it("GET /api/dashboard answers the trends to the signed in, 401 to anyone else", async () => {
    expect((await request("/api/dashboard")).status).toBe(401);
    const { session } = await signedInUser("sales_rep");
    const response = await request("/api/dashboard", { headers: bearer(session.access_token) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { trends: Record<string, unknown> };
    expect(Object.keys(body.trends).sort()).toEqual(["created", "days", "revenue", "revenueOther", "total", "won"]);
  });

  it("a trend is a whole percentage, and none when there was nothing before", () => {
    expect(trendPercent({ now: 10, before: 8 })).toBe(25);
    expect(trendPercent({ now: 2, before: 3 })).toBe(-33);
    expect(trendPercent({ now: 800, before: 800 })).toBe(0);
    expect(trendPercent({ now: 5, before: 0 })).toBeNull();
    expect(trendPercent({ now: 0, before: 0 })).toBeNull();
  });
});
