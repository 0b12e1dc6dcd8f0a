// One set of factories for the seed (scripts/seed) and for the tests. Each `build*`
// returns a complete insert row with sensible defaults; `create*` inserts it and returns
// the stored row. Imports are relative with .ts extensions so Node can run the seed.
import { hashPassword } from "../../worker/auth/password.ts";
import type { Db } from "../../worker/db/client.ts";
import {
  caseStudies,
  chatChannelMembers,
  chatChannels,
  chatMessages,
  leadActivities,
  leadNotes,
  leads,
  notifications,
  tasks,
  users,
  type ActivityType,
  type LeadSource,
  type LeadStatus,
  type NotificationType,
  type UserRole,
} from "../../worker/db/schema/index.ts";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

let sequence = 0;
const next = () => ++sequence;

/** Password of every demo and test account unless a test says otherwise. */
export const DEFAULT_PASSWORD = "crm-demo-2026";

// Hashing is deliberately slow; tests create many users with the same password.
const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string) {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export async function buildUser(
  overrides: Partial<Insert<typeof users>> & { password?: string; role?: UserRole } = {},
): Promise<Insert<typeof users>> {
  const n = next();
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  return {
    email: `user${n}@test.local`,
    name: `Usuário ${n}`,
    role: "sales_rep",
    isActive: true,
    passwordHash: await cachedHash(password),
    ...rest,
  };
}

export function buildLead(overrides: Partial<Insert<typeof leads>> = {}): Insert<typeof leads> {
  const n = next();
  return {
    name: `Lead ${n}`,
    email: `lead${n}@example.com.br`,
    phone: null,
    company: null,
    source: "website" satisfies LeadSource,
    status: "new" satisfies LeadStatus,
    estimatedValue: null,
    notes: null,
    tags: [],
    ...overrides,
  };
}

export function buildActivity(overrides: Partial<Insert<typeof leadActivities>> & { leadId: string }): Insert<typeof leadActivities> {
  return {
    type: "internal_note" satisfies ActivityType,
    subject: null,
    content: "Primeiro contato registrado.",
    metadata: {},
    ...overrides,
  };
}

export function buildNote(overrides: Partial<Insert<typeof leadNotes>> & { leadId: string }): Insert<typeof leadNotes> {
  return { content: "Cliente pediu retorno na próxima semana.", ...overrides };
}

export function buildTask(overrides: Partial<Insert<typeof tasks>> = {}): Insert<typeof tasks> {
  const n = next();
  const completed = overrides.completed ?? false;
  return {
    title: `Tarefa ${n}`,
    description: null,
    dueDate: null,
    completed,
    completedAt: completed ? new Date().toISOString() : null,
    ...overrides,
  };
}

export function buildNotification(overrides: Partial<Insert<typeof notifications>> & { userId: string }): Insert<typeof notifications> {
  return {
    type: "system" satisfies NotificationType,
    title: "Aviso",
    message: "Mensagem de teste.",
    read: false,
    ...overrides,
  };
}

export function buildChannel(overrides: Partial<Insert<typeof chatChannels>> = {}): Insert<typeof chatChannels> {
  const n = next();
  return { name: `canal-${n}`, description: null, isPrivate: false, ...overrides };
}

export function buildChatMessage(overrides: Partial<Insert<typeof chatMessages>> & { channelId: string }): Insert<typeof chatMessages> {
  return { content: "Olá, equipe!", ...overrides };
}

export function buildCaseStudy(overrides: Partial<Insert<typeof caseStudies>> = {}): Insert<typeof caseStudies> {
  const n = next();
  return {
    slug: `case-study-${n}`,
    title: `Case study ${n}`,
    description: "A product built in weeks.",
    tag: "SaaS",
    imageUrl: "/images/case-studies/placeholder.svg",
    industry: "saas",
    projectType: "platform",
    timelineWeeks: 12,
    keyFeatures: [],
    figures: [],
    translations: {},
    ...overrides,
  };
}

// Inserting variants return the stored row.

export async function createUser(db: Db, overrides: Parameters<typeof buildUser>[0] = {}) {
  const [row] = await db
    .insert(users)
    .values(await buildUser(overrides))
    .returning();
  return row!;
}

export async function createLead(db: Db, overrides: Partial<Insert<typeof leads>> = {}) {
  const [row] = await db.insert(leads).values(buildLead(overrides)).returning();
  return row!;
}

export async function createTask(db: Db, overrides: Partial<Insert<typeof tasks>> = {}) {
  const [row] = await db.insert(tasks).values(buildTask(overrides)).returning();
  return row!;
}

export async function createNotification(db: Db, overrides: Parameters<typeof buildNotification>[0]) {
  const [row] = await db.insert(notifications).values(buildNotification(overrides)).returning();
  return row!;
}

export async function createChannel(db: Db, overrides: Partial<Insert<typeof chatChannels>> = {}, memberIds: string[] = []) {
  const [row] = await db.insert(chatChannels).values(buildChannel(overrides)).returning();
  if (memberIds.length > 0) {
    await db.insert(chatChannelMembers).values(memberIds.map((userId) => ({ channelId: row!.id, userId })));
  }
  return row!;
}

export async function createCaseStudy(db: Db, overrides: Partial<Insert<typeof caseStudies>> = {}) {
  const [row] = await db.insert(caseStudies).values(buildCaseStudy(overrides)).returning();
  return row!;
}
