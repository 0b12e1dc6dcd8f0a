// The leads list's orders (issue 20): newest (default), oldest, value (none last), name
// (accent- and case-blind), last activity; every page continues where the last ended, with the
// filters and the text, and a cursor of one order is refused by another.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { LeadDto, Page } from "../../worker/services/crm-types.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

let auth: Record<string, string>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

async function get<T>(path: string): Promise<T> {
  const response = await request(path, { headers: auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<T>;
}

/** Every lead of a query, read page by page (`limit` per page), in the order the pages gave. */
async function allPages(query: string, limit = 2): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<LeadDto> = await get(`/api/leads?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    names.push(...page.items.map((lead) => lead.name));
    cursor = page.next_cursor;
  } while (cursor && names.length < 100);
  return names;
}

let ids: Record<string, string> = {};

beforeAll(async () => {
  await env.DB.prepare("delete from leads").run();
  const signed = await signedInUser("manager");
  auth = bearer(signed.session.access_token);
  const colleague = await createUser(db(), { role: "sales_rep" });
  const lead = async (name: string, minute: number, value: number | null, extra: { assignedTo?: string; tags?: string[] } = {}) => {
    const row = await createLead(db(), { name, estimatedValue: value, createdAt: at(minute), updatedAt: at(minute), tags: [], ...extra });
    ids[name] = row.id;
  };
  ids = {};
  await lead("Bruno", 1, 500);
  await lead("álvaro", 2, null, { assignedTo: colleague.id });
  await lead("Carla", 3, 500, { tags: ["Urgente"] });
  await lead("Ângela", 4, 20, { tags: ["Urgente"] });
  await lead("Éder", 5, 9000, { assignedTo: colleague.id });
  await lead("Davi", 6, 0);
  // Activity on two old leads: a timeline entry (status change) and a note, in that order.
  expect((await request(`/api/leads/${ids["Bruno"]}`, json("PATCH", { status: "contacted" }, auth))).status).toBe(200);
  expect((await request(`/api/leads/${ids["álvaro"]}/notes`, json("POST", { content: "Ligou de volta" }, auth))).status).toBe(201);
});

describe("lead sorting", () => {
  it("newest first by default and with sort=newest, oldest first with sort=oldest", async () => {
    const newest = ["Davi", "Éder", "Ângela", "Carla", "álvaro", "Bruno"];
    expect(await allPages("")).toEqual(newest);
    expect(await allPages("sort=newest")).toEqual(newest);
    expect(await allPages("sort=oldest")).toEqual([...newest].reverse());
  });

  it("value: highest first, equal values by the newest id order kept stable, no value last", async () => {
    const order = await allPages("sort=value");
    expect(order[0]).toBe("Éder");
    expect(order.slice(1, 3).sort()).toEqual(["Bruno", "Carla"]);
    expect(order.slice(3)).toEqual(["Ângela", "Davi", "álvaro"]);
    // Page by page and in one page: the same order.
    expect(await allPages("sort=value", 100)).toEqual(order);
  });

  it("name: A to Z, ignoring accents and case", async () => {
    expect(await allPages("sort=name")).toEqual(["álvaro", "Ângela", "Bruno", "Carla", "Davi", "Éder"]);
  });

  it("last activity: the latest timeline entry or note first, then by creation", async () => {
    const order = await allPages("sort=activity");
    expect(order.slice(0, 2)).toEqual(["álvaro", "Bruno"]);
    expect(order.slice(2)).toEqual(["Davi", "Éder", "Ângela", "Carla"]);
    const [first] = (await get<Page<LeadDto>>("/api/leads?sort=activity&limit=1")).items;
    expect(first!.last_activity_at > first!.created_at).toBe(true);
  });

  it("with the filters, the status and the text", async () => {
    expect(await allPages("sort=name&tag=urgente", 1)).toEqual(["Ângela", "Carla"]);
    expect(await allPages("sort=value&owner=" + (await colleagueId()), 1)).toEqual(["Éder", "álvaro"]);
    expect(await allPages("sort=oldest&status=new", 1)).toEqual(["álvaro", "Carla", "Ângela", "Éder", "Davi"]);
    expect(await allPages("sort=name&q=urg", 1)).toEqual(["Ângela", "Carla"]);
  });

  it("refuses an unknown order and a cursor of another order (400, nothing listed)", async () => {
    const unknown = await request("/api/leads?sort=random", { headers: auth });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: "validation_failed" });
    const { next_cursor } = await get<Page<LeadDto>>("/api/leads?sort=name&limit=1");
    for (const other of ["newest", "value", "oldest"]) {
      const response = await request(`/api/leads?sort=${other}&limit=1&cursor=${next_cursor}`, { headers: auth });
      expect(response.status, other).toBe(400);
      expect(await response.json()).toMatchObject({ error: "validation_failed" });
    }
  });

  it("is for signed-in staff only", async () => {
    expect((await request("/api/leads?sort=name")).status).toBe(401);
  });
});

async function colleagueId(): Promise<string> {
  return (await get<{ lead: LeadDto }>(`/api/leads/${ids["Éder"]}`)).lead.assigned_to!;
}
