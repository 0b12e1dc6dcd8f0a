import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema/index.ts";
import { LEAD_LAST_ACTIVITY, leadNameKeySql } from "../../worker/db/schema/index.ts";
import { createLead, createUser } from "../factories/index.ts";
import { db } from "../helpers.ts";

const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

async function sqliteObjects(type: "table" | "index") {
  const { results } = await env.DB.prepare("select name from sqlite_master where type = ? and name not like 'sqlite_%'")
    .bind(type)
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

/** Runs one statement and returns the error message it fails with, or null. */
async function failure(sql: string, ...params: unknown[]) {
  try {
    await env.DB.prepare(sql)
      .bind(...params)
      .run();
    return null;
  } catch (error) {
    return String(error);
  }
}

/** Schema objects and every row outside the full-text indexes' own tables, comparable across databases. */
async function snapshot(database: D1Database) {
  const { results: objects } = await database
    .prepare(
      "select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' and name not like '_cf_%' order by type, name",
    )
    .all<{ type: string; name: string; tbl_name: string; sql: string | null }>();
  const rows: Record<string, unknown[]> = {};
  for (const { name } of objects.filter((o) => o.type === "table" && o.name !== "d1_migrations" && !/_fts(_\w+)?$/.test(o.name))) {
    rows[name] = (await database.prepare(`select * from "${name}"`).all()).results;
  }
  const { results: ledger } = await database.prepare("select name from d1_migrations order by id").all<{ name: string }>();
  return { objects, rows, ledger: ledger.map((l) => l.name) };
}

describe("migrations", () => {
  it("leave D1 exactly as the snapshot every test file starts from (tests/setup/migrated-schema.ts)", async () => {
    await applyD1Migrations(env.MIGRATIONS_DB!, env.TEST_MIGRATIONS ?? []);
    const migrated = await snapshot(env.MIGRATIONS_DB!);
    expect(migrated.ledger).toHaveLength(env.TEST_MIGRATIONS!.length);
    expect(migrated.rows.lead_status_totals).toHaveLength(6);
    expect(await snapshot(env.DB)).toEqual(migrated);
  });

  it("create every table of the drizzle schema", async () => {
    const existing = await sqliteObjects("table");
    const expected = tables.map((t) => getTableConfig(t).name);
    expect(expected.length).toBeGreaterThanOrEqual(18);
    expect(existing).toEqual(expect.arrayContaining(expected));
  });

  it("create every index of the drizzle schema, including the list-query indexes", async () => {
    const existing = await sqliteObjects("index");
    const expected = tables.flatMap((t) => getTableConfig(t).indexes.map((i) => i.config.name));
    expect(existing).toEqual(expect.arrayContaining(expected));
    expect(existing).toEqual(
      expect.arrayContaining([
        "leads_created_at_idx",
        "leads_status_created_at_idx",
        "leads_assigned_to_created_at_idx",
        "tasks_due_date_idx",
        "notifications_user_created_at_idx",
        "chat_messages_channel_created_at_idx",
      ]),
    );
  });

  it("the lead list query uses the created_at index", async () => {
    const { results } = await env.DB.prepare("explain query plan select * from leads where status = 'new' order by created_at desc").all<{
      detail: string;
    }>();
    expect(results.map((r) => r.detail).join(" ")).toContain("leads_status_created_at_idx");
  });

  it("the list's other orders read their own index, without sorting (migration 0012)", async () => {
    const plan = async (order: string) =>
      (await env.DB.prepare(`explain query plan select l.id from leads l order by ${order} limit 30`).all<{ detail: string }>()).results
        .map((r) => r.detail)
        .join(" ");
    expect(await plan("coalesce(l.estimated_value, -1) desc, l.id desc")).toMatch(/leads_value_idx(?![\s\S]*TEMP B-TREE)/);
    expect(await plan("l.name_key, l.id")).toMatch(/leads_name_key_idx(?![\s\S]*TEMP B-TREE)/);
    expect(await plan(`${LEAD_LAST_ACTIVITY} desc, l.id desc`)).toMatch(/leads_last_activity_idx(?![\s\S]*TEMP B-TREE)/);
  });

  it("leads.name_key is the schema's expression (the migration has it verbatim)", async () => {
    const table = await env.DB.prepare("select sql from sqlite_master where name = 'leads'").first<{ sql: string }>();
    const chunks = (leadNameKeySql() as unknown as { queryChunks: { value: string[] }[] }).queryChunks;
    expect(table!.sql).toContain(`GENERATED ALWAYS AS (${chunks.map((c) => c.value.join("")).join("")}) VIRTUAL`);
  });
});

describe("constraints", () => {
  let userId: string;
  let leadId: string;
  beforeAll(async () => {
    userId = (await createUser(db())).id;
    leadId = (await createLead(db(), { assignedTo: userId })).id;
  });

  it.each([
    ["users.role", "insert into users (id, email, name, role, password_hash) values ('u-x', 'x@x.test', 'X', 'owner', 'h')"],
    ["users.email lowercase", "insert into users (id, email, name, password_hash) values ('u-y', 'Y@X.test', 'Y', 'h')"],
    ["leads.status", "insert into leads (id, name, status) values ('l-1', 'A', 'archived')"],
    ["leads.source", "insert into leads (id, name, source) values ('l-2', 'A', 'tv')"],
    ["leads.tags not a list", "insert into leads (id, name, tags) values ('l-3', 'A', '{\"a\":1}')"],
    ["leads.tags not JSON", "insert into leads (id, name, tags) values ('l-4', 'A', 'Urgente')"],
    ["leads.name blank", "insert into leads (id, name) values ('l-5', '   ')"],
    ["leads.estimated_value negative", "insert into leads (id, name, estimated_value) values ('l-6', 'A', -1)"],
    ["notifications.type", "insert into notifications (id, user_id, type, title, message) values ('n-1', 'nobody', 'spam', 't', 'm')"],
    [
      "email_outbox.status",
      "insert into email_outbox (id, to_address, subject, text_body, kind, status) values ('e-1', 'a@b.c', 's', 't', 'k', 'lost')",
    ],
    [
      "case_studies.slug",
      "insert into case_studies (id, slug, title, description, tag, image_url, industry, project_type, timeline_weeks) values ('c-1', 'Bad Slug', 't', 'd', 'x', 'i', 'i', 'p', 4)",
    ],
    [
      "tasks.completed_at without completed",
      "insert into tasks (id, title, completed, completed_at) values ('t-1', 'T', 0, '2026-01-01T00:00:00.000Z')",
    ],
  ])("rejects a bad value: %s", async (_label, sql) => {
    expect(await failure(sql)).toMatch(/CHECK constraint failed|constraint/i);
  });

  it("rejects an activity type outside the list", async () => {
    expect(await failure("insert into lead_activities (id, lead_id, type, content) values ('a-1', ?, 'fax', 'x')", leadId)).toMatch(
      /CHECK constraint failed/,
    );
  });

  it("accepts the spec's values and fills ids and ISO timestamps", async () => {
    const lead = await createLead(db(), { status: "negotiating", source: "social_media", tags: ["Urgente", "Proposta"] });
    expect(lead.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lead.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(lead.tags).toEqual(["Urgente", "Proposta"]);
    expect(lead.estimatedValue).toBeNull();
  });

  it("enforces foreign keys: a task cannot point at a missing lead", async () => {
    expect(await failure("insert into tasks (id, title, lead_id) values ('t-2', 'T', 'missing')")).toMatch(/FOREIGN KEY/);
  });

  it("deleting a lead removes its activities, and deleting a user unassigns its leads", async () => {
    const owner = await createUser(db());
    const lead = await createLead(db(), { assignedTo: owner.id });
    await env.DB.prepare("insert into lead_activities (id, lead_id, type, content) values ('a-2', ?, 'call', 'Ligação')")
      .bind(lead.id)
      .run();
    await env.DB.prepare("delete from users where id = ?").bind(owner.id).run();
    const after = await env.DB.prepare("select assigned_to from leads where id = ?").bind(lead.id).first();
    expect(after).toEqual({ assigned_to: null });

    await env.DB.prepare("delete from leads where id = ?").bind(lead.id).run();
    const activities = await env.DB.prepare("select count(*) as n from lead_activities where lead_id = ?")
      .bind(lead.id)
      .first<{ n: number }>();
    expect(activities?.n).toBe(0);
  });

  it("create the webhook tables (migration 0027) with every column of their drizzle definition and their checks", async () => {
    for (const table of [schema.webhookEndpoints, schema.webhookDeliveries]) {
      const config = getTableConfig(table);
      const { results } = await env.DB.prepare(`select name, "notnull" as required from pragma_table_info('${config.name}')`).all<{
        name: string;
        required: number;
      }>();
      expect(results.map((c) => c.name).sort(), config.name).toEqual(config.columns.map((c) => c.name).sort());
      for (const column of config.columns) {
        expect(results.find((c) => c.name === column.name)!.required === 1, `${config.name}.${column.name}`).toBe(
          column.notNull || column.primary,
        );
      }
    }
    const user = await createUser(db());
    const endpoint = (url: string, events = '["lead.created"]', reason: string | null = null) =>
      failure(
        "insert into webhook_endpoints (id, url, events, secret, disabled_reason, created_by) values (?, ?, ?, 'v1.x', ?, ?)",
        crypto.randomUUID(),
        url,
        events,
        reason,
        user.id,
      );
    expect(await endpoint("https://hooks.example.com/")).toBeNull();
    expect(await endpoint("ftp://hooks.example.com/")).toContain("webhook_endpoints_url_check");
    expect(await endpoint("https://hooks.example.com/", '{"a": 1}')).toContain("webhook_endpoints_events_check");
    expect(await endpoint("https://hooks.example.com/", '["lead.created"]', "bored")).toContain("webhook_endpoints_disabled_reason_check");
    const id = (await env.DB.prepare("select id from webhook_endpoints limit 1").first<{ id: string }>())!.id;
    const delivery = (event: string, status = "pending") =>
      failure(
        "insert into webhook_deliveries (id, endpoint_id, event_type, payload, status) values (?, ?, ?, '{}', ?)",
        `msg_${crypto.randomUUID()}`,
        id,
        event,
        status,
      );
    expect(await delivery("lead.status_changed")).toBeNull();
    expect(await delivery("lead.exploded")).toContain("webhook_deliveries_event_check");
    expect(await delivery("lead.created", "lost")).toContain("webhook_deliveries_status_check");
    expect(
      await failure("insert into webhook_deliveries (id, endpoint_id, event_type, payload) values ('msg_x', 'nope', 'lead.created', '{}')"),
    ).toContain("FOREIGN KEY");
    // Deleting an endpoint takes its deliveries with it.
    await env.DB.prepare("delete from webhook_endpoints where id = ?").bind(id).run();
    expect(await env.DB.prepare("select count(*) as n from webhook_deliveries where endpoint_id = ?").bind(id).first("n")).toBe(0);
  });
});
