// The leads list's and pipeline's filters besides the text (issue 20): owner ('me', 'none', a
// colleague), source, created period (7 and 30 days, this month in São Paulo time) and tag,
// alone and combined, the same answers from /api/leads, /api/leads/pipeline and a column.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { LeadSource, LeadStatus } from "../../worker/db/schema/index.ts";
import type { LeadDto, Page, PipelineColumnDto, PipelineDto } from "../../worker/services/crm-types.ts";
import { leadInFilters, periodStart } from "../../worker/services/lead-filters.ts";
import { startOfMonth } from "../../worker/lib/org-time.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, request, signedInUser } from "../helpers.ts";

let auth: Record<string, string>;
let me: string;
let colleague: string;
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

async function get<T>(path: string): Promise<T> {
  const response = await request(path, { headers: auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<T>;
}
const names = async (query: string) => (await get<Page<LeadDto>>(`/api/leads?${query}`)).items.map((lead) => lead.name).sort();

beforeAll(async () => {
  await env.DB.prepare("delete from leads").run();
  const signed = await signedInUser("sales_rep");
  auth = bearer(signed.session.access_token);
  me = signed.user.id;
  colleague = (await createUser(db(), { role: "sales_rep" })).id;
  const lead = (
    name: string,
    f: { owner?: string | null; source?: LeadSource; days: number; tags?: string[]; status?: LeadStatus; value?: number },
  ) =>
    createLead(db(), {
      name,
      assignedTo: f.owner ?? null,
      source: f.source ?? "website",
      status: f.status ?? "new",
      tags: f.tags ?? [],
      estimatedValue: f.value ?? null,
      createdAt: ago(f.days),
      updatedAt: ago(f.days),
    });
  await lead("Mine Recent", { owner: me, source: "referral", days: 2, tags: ["Urgente"], value: 100 });
  await lead("Mine Old", { owner: me, source: "website", days: 60, tags: ["Retorno"], status: "won", value: 1000 });
  await lead("Colleague Recent", {
    owner: colleague,
    source: "referral",
    days: 10,
    tags: ["urgente", "Proposta"],
    status: "qualified",
    value: 50,
  });
  await lead("Nobody Recent", { owner: null, source: "social_media", days: 20, value: 7 });
  await lead("Nobody Old", { owner: null, source: "referral", days: 100, tags: ["Urgente"] });
});

describe("lead filters", () => {
  it("owner: 'me' is the viewer's, 'none' nobody's, an id that user's", async () => {
    expect(await names("owner=me")).toEqual(["Mine Old", "Mine Recent"]);
    expect(await names("owner=none")).toEqual(["Nobody Old", "Nobody Recent"]);
    expect(await names(`owner=${colleague}`)).toEqual(["Colleague Recent"]);
    expect(await names("owner=no-such-user")).toEqual([]);
  });

  it("source, created period and tag (any case), and an empty parameter is no filter", async () => {
    expect(await names("source=referral")).toEqual(["Colleague Recent", "Mine Recent", "Nobody Old"]);
    expect(await names("period=7d")).toEqual(["Mine Recent"]);
    expect(await names("period=30d")).toEqual(["Colleague Recent", "Mine Recent", "Nobody Recent"]);
    expect(await names("tag=urgente")).toEqual(["Colleague Recent", "Mine Recent", "Nobody Old"]);
    expect(await names("tag=Proposta")).toEqual(["Colleague Recent"]);
    expect(await names("owner=&tag=&q=")).toHaveLength(5);
  });

  it("combined with each other, the status and the text", async () => {
    expect(await names("owner=me&period=30d")).toEqual(["Mine Recent"]);
    expect(await names("source=referral&tag=Urgente&period=30d")).toEqual(["Colleague Recent", "Mine Recent"]);
    expect(await names("source=referral&status=qualified")).toEqual(["Colleague Recent"]);
    expect(await names("owner=none&q=old")).toEqual(["Nobody Old"]);
  });

  it("the screen's live layer decides as the server does (leadInFilters)", async () => {
    const all = (await get<Page<LeadDto>>("/api/leads?limit=100")).items;
    for (const query of [
      "owner=me",
      "owner=none",
      `owner=${colleague}`,
      "source=referral",
      "period=7d",
      "period=30d",
      "period=month",
      "tag=URGENTE",
      "owner=me&tag=retorno",
    ]) {
      const filters = Object.fromEntries(new URLSearchParams(query));
      const local = all
        .filter((lead) => leadInFilters(lead, filters, me))
        .map((lead) => lead.name)
        .sort();
      expect(local, query).toEqual(await names(query));
    }
  });

  it("the pipeline counts and sums what the filters keep, per column, and a column pages with them", async () => {
    const board = await get<PipelineDto>("/api/leads/pipeline?source=referral");
    const column = (status: LeadStatus) => board.columns.find((c) => c.status === status)!;
    expect(column("new")).toMatchObject({ count: 2, value_sum: 100 });
    expect(column("qualified")).toMatchObject({ count: 1, value_sum: 50 });
    expect(column("won")).toMatchObject({ count: 0, value_sum: 0, leads: [] });
    expect(column("new").leads.map((lead) => lead.name)).toEqual(["Mine Recent", "Nobody Old"]);
    const mine = await get<PipelineColumnDto>("/api/leads/pipeline/won?owner=me");
    expect(mine).toMatchObject({ count: 1, value_sum: 1000 });
    expect(mine.leads.map((lead) => lead.name)).toEqual(["Mine Old"]);
    const paged = await get<PipelineColumnDto>("/api/leads/pipeline/new?tag=urgente&limit=1");
    expect(paged.count).toBe(2);
    const next = await get<PipelineColumnDto>(`/api/leads/pipeline/new?tag=urgente&limit=1&cursor=${paged.next_cursor}`);
    expect([...paged.leads, ...next.leads].map((lead) => lead.name)).toEqual(["Mine Recent", "Nobody Old"]);
    expect(next.next_cursor).toBeNull();
  });

  it("an unknown source or period, or a tag over 50 characters, is a 400 naming the field", async () => {
    for (const [query, field] of [
      ["source=fax", "source"],
      ["period=1y", "period"],
      [`tag=${"x".repeat(51)}`, "tag"],
    ] as const) {
      const response = await request(`/api/leads?${query}`, { headers: auth });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(field);
      expect((await request(`/api/leads/pipeline?${query}`, { headers: auth })).status).toBe(400);
    }
    expect((await request("/api/leads?owner=me")).status).toBe(401);
  });

  it("'this month' and the last 7 and 30 days start at midnight in São Paulo, not in UTC", () => {
    // 1 Dec 2026 01:00 UTC is still 30 Nov in São Paulo (UTC−3): November's month.
    expect(startOfMonth(new Date("2026-12-01T01:00:00.000Z")).toISOString()).toBe("2026-11-01T03:00:00.000Z");
    expect(startOfMonth(new Date("2026-12-01T03:00:00.000Z")).toISOString()).toBe("2026-12-01T03:00:00.000Z");
    expect(periodStart("month", new Date("2026-11-26T12:00:00.000Z"))).toBe("2026-11-01T03:00:00.000Z");
    // The last 7 days: today and the 6 before, from local midnight (a São Paulo evening is
    // already the next day in UTC).
    expect(periodStart("7d", new Date("2026-11-26T12:00:00.000Z"))).toBe("2026-11-20T03:00:00.000Z");
    expect(periodStart("7d", new Date("2026-11-27T01:00:00.000Z"))).toBe("2026-11-20T03:00:00.000Z");
    expect(periodStart("30d", new Date("2026-11-26T12:00:00.000Z"))).toBe("2026-10-28T03:00:00.000Z");
  });
});
