import { renderNotification } from "../../worker/services/notification-text.ts";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, isEmpty, seedDemoData } from "../../scripts/seed/seed.ts";
import { verifyPassword } from "../../worker/auth/password.ts";
import { LEAD_SOURCES, LEAD_STATUSES, NOTIFICATION_TYPES } from "../../worker/db/schema/index.ts";
import { db } from "../helpers.ts";

async function counts() {
  const tables = [
    "users",
    "leads",
    "lead_activities",
    "lead_notes",
    "tasks",
    "chat_channels",
    "chat_channel_members",
    "chat_messages",
    "notifications",
    "case_studies",
  ];
  const result: Record<string, number> = {};
  for (const table of tables) {
    const row = await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>();
    result[table] = row!.n;
  }
  return result;
}

describe("demo seed", () => {
  const now = new Date("2026-11-22T12:00:00.000Z");

  it("fills an empty database and is idempotent", async () => {
    expect(await isEmpty(db())).toBe(true);
    await seedDemoData(db(), now);
    const first = await counts();
    await seedDemoData(db(), new Date(now.getTime() + 86_400_000));
    expect(await counts()).toEqual(first);
    expect(await isEmpty(db())).toBe(false);
    expect(first.leads).toBeGreaterThanOrEqual(40);
    // The three case studies of the spec plus five more for the listing's filters.
    expect(first.case_studies).toBe(8);
    expect(first.chat_channels).toBe(3);
  });

  it("creates the three demo accounts with the documented password and roles", async () => {
    await seedDemoData(db(), now);
    const { results } = await env.DB.prepare("select email, role, password_hash, is_active from users order by email").all<{
      email: string;
      role: string;
      password_hash: string;
      is_active: number;
    }>();
    expect(results.map((u) => [u.email, u.role])).toEqual([
      ["admin@demo.test", "admin"],
      ["manager@demo.test", "manager"],
      ["rep@demo.test", "sales_rep"],
    ]);
    for (const user of results) {
      expect(user.is_active).toBe(1);
      expect(await verifyPassword(DEMO_PASSWORD, user.password_hash)).toBe(true);
      expect(await verifyPassword("wrong-password", user.password_hash)).toBe(false);
    }
  });

  it("covers every lead status and source, and the spec's case studies with their figures", async () => {
    await seedDemoData(db(), now);
    const statuses = await env.DB.prepare("select distinct status from leads").all<{ status: string }>();
    expect(statuses.results.map((r) => r.status).sort()).toEqual([...LEAD_STATUSES].sort());
    const sources = await env.DB.prepare("select distinct source from leads").all<{ source: string }>();
    expect(sources.results.map((r) => r.source).sort()).toEqual([...LEAD_SOURCES].sort());

    const studies = await env.DB.prepare("select slug, figures from case_studies order by created_at desc").all<{
      slug: string;
      figures: string;
    }>();
    // The spec's three are the newest, in this order; the extra demo studies come after them.
    expect(studies.results.map((s) => s.slug).slice(0, 3)).toEqual(["aura-health-mvp", "maple-leaf-logistics", "artisans-collective"]);
    expect(JSON.parse(studies.results[0]!.figures)).toEqual([
      { value: "+340%", label: "ROI" },
      { value: "8", label: "weeks" },
      { value: "500K+", label: "users" },
    ]);
  });

  it("creates tasks overdue, due today, due in two days, later, done and without a date", async () => {
    await seedDemoData(db(), now);
    const { results } = await env.DB.prepare("select due_date, completed from tasks").all<{ due_date: string | null; completed: number }>();
    const day = 86_400_000;
    const open = results.filter((t) => !t.completed && t.due_date).map((t) => new Date(t.due_date!).getTime() - now.getTime());
    expect(open.some((d) => d < 0)).toBe(true);
    expect(open.some((d) => d >= 0 && d < day)).toBe(true);
    expect(open.some((d) => d >= day && d <= 3 * day)).toBe(true);
    expect(open.some((d) => d > 3 * day)).toBe(true);
    expect(results.some((t) => t.completed)).toBe(true);
    expect(results.some((t) => t.due_date === null)).toBe(true);
  });

  it("creates notifications of each typed kind and a private channel with members", async () => {
    await seedDemoData(db(), now);
    const types = await env.DB.prepare("select distinct type from notifications").all<{ type: string }>();
    const typed = NOTIFICATION_TYPES.filter((t) => ["new_lead", "status_change", "task_due", "meeting_reminder"].includes(t));
    expect(types.results.map((r) => r.type)).toEqual(expect.arrayContaining(typed));
    // Every demo notification has a kind, so an es or en reader sees it in their language; its
    // stored pt fallback is exactly what the kind renders in pt.
    const rows = await env.DB.prepare("select kind, params, title, message from notifications").all<{
      kind: string | null;
      params: string | null;
      title: string;
      message: string;
    }>();
    expect(rows.results.length).toBeGreaterThan(0);
    for (const row of rows.results) {
      expect(row.kind).not.toBeNull();
      expect(renderNotification(row, "pt")).toEqual({ title: row.title, message: row.message });
      expect(renderNotification(row, "en").title).not.toBe(row.title);
    }
    const privateChannel = await env.DB.prepare(
      "select c.name, count(m.user_id) as members from chat_channels c join chat_channel_members m on m.channel_id = c.id where c.is_private = 1 group by c.id",
    ).all<{ name: string; members: number }>();
    expect(privateChannel.results).toEqual([{ name: "diretoria", members: 2 }]);
  });
});
