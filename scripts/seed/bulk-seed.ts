// The bulk seed (`npm run db:seed -- --leads N`): N realistic Brazilian leads on top of the
// demo data, for trying the CRM and measuring its reads at scale (`npm run bench:crm`).
//
// Deterministic: lead i is drawn from its own seeded random generator, so it is the same
// lead whatever N is and on every run; its id is seedId(`bulk-lead:<i>`). Rows are inserted
// with ON CONFLICT DO NOTHING, so a second run adds nothing and a larger N adds only the
// missing leads. Dates are spread over the two years before the start of the (UTC) day of
// the run. About 6% of the leads get a task and 25% get 1-3 timeline entries.
//
// Speed: rows travel as one JSON parameter per statement (`insert … select … from
// json_each(?)`), 500 rows a statement and several statements per D1 batch, so 50,000 leads
// do not pay 50,000 round trips nor D1's 100-parameter limit.
import { sql } from "drizzle-orm";
import type { Db } from "../../worker/db/client.ts";
import { PREDEFINED_TAGS, users, type ActivityType, type LeadSource, type LeadStatus } from "../../worker/db/schema/index.ts";
import {
  AREA_CODES,
  BRAND_SUFFIXES,
  BRANDS,
  FIRST_NAMES,
  FREE_EMAIL_DOMAINS,
  FREE_TAGS,
  LEGAL_SUFFIXES,
  NOTE_TEMPLATES,
  PLACES,
  SECTORS,
  SURNAMES,
  TASK_TEMPLATES,
} from "./bulk-data.ts";
import { DEMO_ACTIVITY_TEMPLATES, DEMO_USERS } from "./demo-data.ts";
import { seedId } from "./seed-id.ts";

const DAY = 24 * 60 * 60 * 1000;
const SPREAD_DAYS = 730;
const ROWS_PER_STATEMENT = 500;
const STATEMENTS_PER_BATCH = 8;

/** mulberry32: a small, fast, seedable generator (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
function weighted<T extends string>(random: Random, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let r = random() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of entries) {
    r -= weight;
    if (r < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

const STATUS_WEIGHTS: Record<LeadStatus, number> = { new: 22, qualified: 16, contacted: 20, negotiating: 12, won: 17, lost: 13 };
const SOURCE_WEIGHTS: Record<LeadSource, number> = { website: 35, referral: 20, social_media: 20, advertising: 15, other: 10 };
const OWNER_WEIGHTS = { rep: 45, manager: 20, admin: 15, none: 20 } as const;

export type BulkLead = {
  index: number;
  name: string;
  first: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: LeadSource;
  status: LeadStatus;
  estimatedValue: number | null;
  notes: string | null;
  owner: "admin" | "manager" | "rep" | null;
  tags: string[];
  /** Milliseconds before the anchor (start of the seeding day). */
  ageMs: number;
  task: { template: number; dueInDays: number | null; done: boolean } | null;
  activities: { template: number; afterMs: number }[];
};

/** Lead number `index` of the bulk seed: always the same lead for the same index. */
export function bulkLead(index: number): BulkLead {
  const random = seededRandom(0x5eed_cafe ^ Math.imul(index + 1, 0x9e3779b1));
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, SURNAMES);
  const middle = random() < 0.3 ? `${pick(random, SURNAMES)} ` : "";
  const name = `${first} ${middle}${last}`;

  let company: string | null = null;
  const kind = random();
  if (kind < 0.3) company = `${pick(random, SURNAMES)} ${pick(random, SECTORS)}`;
  else if (kind < 0.55) company = `${pick(random, SECTORS)} ${pick(random, PLACES)}`;
  else if (kind < 0.78) company = `${pick(random, BRANDS)} ${pick(random, BRAND_SUFFIXES)}`;
  if (company) company += pick(random, LEGAL_SUFFIXES);

  const domain =
    company && random() < 0.6
      ? `${ascii(company.replace(/ (Ltda\.?|S\.A\.|ME|EIRELI)$/, "")).slice(0, 24)}.com.br`
      : pick(random, FREE_EMAIL_DOMAINS);
  const separator = pick(random, [".", "_", ""]);
  // The index keeps every address unique (one lead per e-mail), as a real base would be.
  const email = random() < 0.05 ? null : `${ascii(first)}${separator}${ascii(last)}${index}@${domain}`;
  const phone =
    random() < 0.15
      ? null
      : `+55${pick(random, AREA_CODES)}9${String(Math.floor(random() * 10_000)).padStart(4, "0")}${String(Math.floor(random() * 10_000)).padStart(4, "0")}`;

  const status = weighted(random, STATUS_WEIGHTS);
  const source = weighted(random, SOURCE_WEIGHTS);
  const estimatedValue =
    random() < 0.12 ? null : Math.round(Math.exp(Math.log(2_000) + random() * (Math.log(400_000) - Math.log(2_000))) / 100) * 100;
  const notes = random() < 0.3 ? pick(random, NOTE_TEMPLATES) : null;
  const ownerKey = weighted(random, OWNER_WEIGHTS);
  const owner = ownerKey === "none" ? null : ownerKey;

  const tagCount = weighted(random, { "0": 30, "1": 40, "2": 20, "3": 10 });
  const tags = new Set<string>();
  while (tags.size < Number(tagCount)) tags.add(pick(random, PREDEFINED_TAGS));
  if (random() < 0.08) tags.add(pick(random, FREE_TAGS));

  const ageMs = Math.floor(random() * SPREAD_DAYS * DAY);

  const task =
    random() < 0.06
      ? {
          template: Math.floor(random() * TASK_TEMPLATES.length),
          dueInDays: random() < 0.15 ? null : Math.round(random() * 40 - 10),
          done: status === "won" || status === "lost" ? random() < 0.8 : random() < 0.2,
        }
      : null;
  const activities: BulkLead["activities"] = [];
  if (random() < 0.25) {
    const count = 1 + Math.floor(random() * 3);
    for (let a = 0; a < count; a++) {
      activities.push({
        template: Math.floor(random() * DEMO_ACTIVITY_TEMPLATES.length),
        afterMs: Math.floor(random() * Math.min(ageMs, 60 * DAY)),
      });
    }
    activities.sort((x, y) => x.afterMs - y.afterMs);
  }

  return {
    index,
    name,
    first,
    email,
    phone,
    company,
    source,
    status,
    estimatedValue,
    notes,
    owner,
    tags: [...tags],
    ageMs,
    task,
    activities,
  };
}

/** `insert into <table> (<columns>) select … from json_each(?)`: many rows, one parameter. */
function insertFromJson(
  d1: D1Database,
  table: string,
  columns: readonly string[],
  rows: Record<string, unknown>[],
  jsonColumns: readonly string[] = [],
) {
  const select = columns.map((c) => (jsonColumns.includes(c) ? `json(value ->> '$.${c}')` : `value ->> '$.${c}'`)).join(", ");
  return d1
    .prepare(`insert into ${table} (${columns.join(", ")}) select ${select} from json_each(?) where true on conflict do nothing`)
    .bind(JSON.stringify(rows));
}

const LEAD_COLUMNS = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "source",
  "status",
  "estimated_value",
  "notes",
  "assigned_to",
  "created_by",
  "tags",
  "created_at",
  "updated_at",
] as const;
const TASK_COLUMNS = [
  "id",
  "title",
  "description",
  "due_date",
  "lead_id",
  "assigned_to",
  "created_by",
  "completed",
  "completed_at",
  "created_at",
  "updated_at",
] as const;
const ACTIVITY_COLUMNS = ["id", "lead_id", "type", "subject", "content", "metadata", "author_id", "created_at"] as const;

export type BulkSeedSummary = { leads: number; tasks: number; activities: number; ms: number };

/**
 * Inserts bulk leads 0 … count-1 (and their tasks and timeline entries) that are not there
 * yet. Needs the demo users (run seedDemoData first). `onProgress` hears the leads done.
 */
export async function seedBulkLeads(
  db: Db,
  count: number,
  options: { now?: Date; onProgress?: (done: number, total: number) => void } = {},
): Promise<BulkSeedSummary> {
  const started = Date.now();
  const anchor = new Date(options.now ?? new Date());
  anchor.setUTCHours(0, 0, 0, 0);
  const now = (options.now ?? new Date()).getTime();

  const owners: Record<string, string> = {};
  for (const demo of DEMO_USERS) {
    const id = await seedId(`user:${demo.email}`);
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} = ${id}`);
    if (!row) throw new Error(`demo user ${demo.email} is missing: run the demo seed first`);
    owners[demo.key] = id;
  }

  let tasks = 0;
  let activities = 0;
  // The D1 binding itself: drizzle's batch cannot carry raw statements with parameters.
  const d1 = db.$client;
  let pending: D1PreparedStatement[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const statements = pending;
    pending = [];
    await d1.batch(statements);
  };

  for (let from = 0; from < count; from += ROWS_PER_STATEMENT) {
    const leadRows: Record<string, unknown>[] = [];
    const taskRows: Record<string, unknown>[] = [];
    const activityRows: Record<string, unknown>[] = [];
    for (let index = from; index < Math.min(count, from + ROWS_PER_STATEMENT); index++) {
      const lead = bulkLead(index);
      const id = await seedId(`bulk-lead:${index}`);
      const createdAtMs = anchor.getTime() - lead.ageMs;
      const createdAt = new Date(createdAtMs).toISOString();
      const ownerId = lead.owner ? owners[lead.owner]! : null;
      leadRows.push({
        id,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        company: lead.company,
        source: lead.source,
        status: lead.status,
        estimated_value: lead.estimatedValue,
        notes: lead.notes,
        assigned_to: ownerId,
        created_by: ownerId ?? owners.admin,
        tags: JSON.stringify(lead.tags),
        created_at: createdAt,
        updated_at: createdAt,
      });
      if (lead.task) {
        const template = TASK_TEMPLATES[lead.task.template]!;
        const fill = (text: string) =>
          text
            .replaceAll("{first}", lead.first)
            .replaceAll("{name}", lead.name)
            .replaceAll("{company}", lead.company ?? lead.name);
        const due = lead.task.dueInDays === null ? null : new Date(now + lead.task.dueInDays * DAY).toISOString();
        const taskCreated = new Date(Math.min(now, createdAtMs + DAY)).toISOString();
        taskRows.push({
          id: await seedId(`bulk-lead:${index}:task`),
          title: fill(template.title),
          description: template.description,
          due_date: due,
          lead_id: id,
          assigned_to: ownerId,
          created_by: owners.manager,
          completed: lead.task.done ? 1 : 0,
          completed_at: lead.task.done ? taskCreated : null,
          created_at: taskCreated,
          updated_at: taskCreated,
        });
      }
      for (const [a, activity] of lead.activities.entries()) {
        const template = DEMO_ACTIVITY_TEMPLATES[activity.template]!;
        activityRows.push({
          id: await seedId(`bulk-lead:${index}:activity:${a}`),
          lead_id: id,
          type: template.type satisfies ActivityType,
          subject: template.subject,
          content: template.content,
          metadata: "{}",
          author_id: ownerId ?? owners.admin,
          created_at: new Date(createdAtMs + activity.afterMs).toISOString(),
        });
      }
    }
    pending.push(insertFromJson(d1, "leads", LEAD_COLUMNS, leadRows, ["tags"]));
    if (taskRows.length) pending.push(insertFromJson(d1, "tasks", TASK_COLUMNS, taskRows));
    if (activityRows.length) pending.push(insertFromJson(d1, "lead_activities", ACTIVITY_COLUMNS, activityRows, ["metadata"]));
    tasks += taskRows.length;
    activities += activityRows.length;
    if (pending.length >= STATEMENTS_PER_BATCH) await flush();
    options.onProgress?.(Math.min(count, from + ROWS_PER_STATEMENT), count);
  }
  await flush();
  return { leads: count, tasks, activities, ms: Date.now() - started };
}
