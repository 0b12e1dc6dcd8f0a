// The demo seed. Every row has a stable id derived from a seed key and is inserted with
// ON CONFLICT DO NOTHING, so running it again changes nothing and a partial seed is
// completed. Dates are relative to `now` at the time of the first run.
import type { BatchItem } from "drizzle-orm/batch";
import {
  buildActivity,
  buildCaseStudy,
  buildChannel,
  buildChatMessage,
  buildLead,
  buildNote,
  buildNotification,
  buildTask,
  buildUser,
  DEFAULT_PASSWORD,
} from "../../tests/factories/index.ts";
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
} from "../../worker/db/schema/index.ts";
import {
  DEMO_ACTIVITY_TEMPLATES,
  DEMO_CASE_STUDIES,
  DEMO_CHANNELS,
  DEMO_LEADS,
  DEMO_NOTIFICATIONS,
  DEMO_TASKS,
  DEMO_USERS,
} from "./demo-data.ts";
import { seedId } from "./seed-id.ts";

export const DEMO_PASSWORD = DEFAULT_PASSWORD;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type SeedSummary = { users: number; leads: number; caseStudies: number; tasks: number; channels: number };

export async function seedDemoData(db: Db, now = new Date()): Promise<SeedSummary> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const statements: BatchItem<"sqlite">[] = [];

  const userIds: Record<string, string> = {};
  for (const [index, demo] of DEMO_USERS.entries()) {
    userIds[demo.key] = await seedId(`user:${demo.email}`);
    const row = await buildUser({
      id: userIds[demo.key],
      email: demo.email,
      name: demo.name,
      role: demo.role,
      phone: demo.phone,
      password: DEMO_PASSWORD,
      createdAt: at(-(120 - index) * DAY),
    });
    statements.push(db.insert(users).values(row).onConflictDoNothing());
  }
  const owner = (key: string | null) => (key ? userIds[key]! : null);

  for (const demo of DEMO_CASE_STUDIES) {
    const { daysAgo, ...fields } = demo;
    statements.push(
      db
        .insert(caseStudies)
        .values(
          buildCaseStudy({
            id: await seedId(`case-study:${demo.slug}`),
            ...fields,
            imageUrl: `/images/case-studies/${demo.slug}.svg`,
            createdAt: at(-daysAgo * DAY),
          }),
        )
        .onConflictDoNothing(),
    );
  }

  const leadIds: string[] = [];
  for (const [index, demo] of DEMO_LEADS.entries()) {
    const id = await seedId(demo.key);
    leadIds.push(id);
    const createdAt = at(-demo.daysAgo * DAY - (index % 7) * HOUR);
    const movedAt = at(-Math.floor((demo.daysAgo * DAY + (index % 7) * HOUR) / 2));
    statements.push(
      db
        .insert(leads)
        .values(
          buildLead({
            id,
            name: demo.name,
            email: demo.email,
            phone: demo.phone,
            company: demo.company,
            source: demo.source,
            status: demo.status,
            estimatedValue: demo.value,
            notes: demo.notes,
            tags: demo.tags,
            assignedTo: owner(demo.owner),
            createdBy: owner(demo.owner) ?? userIds.admin!,
            createdAt,
            // A lead past 'new' was last written when it moved there (below).
            updatedAt: demo.status === "new" ? createdAt : movedAt,
          }),
        )
        .onConflictDoNothing(),
    );
    // Its move out of 'new', in the history as the app writes it, halfway between its creation
    // and today: the dashboard's trends (leads won in the last 30 days) have data to compare.
    if (demo.status !== "new") {
      statements.push(
        db
          .insert(leadActivities)
          .values(
            buildActivity({
              id: await seedId(`${demo.key}:status`),
              leadId: id,
              type: "status_change",
              content: `new → ${demo.status}`,
              metadata: { kind: "audit", field: "status", from: "new", to: demo.status },
              authorId: owner(demo.owner) ?? userIds.admin!,
              createdAt: movedAt,
            }),
          )
          .onConflictDoNothing(),
      );
    }
    const activityCount = 1 + (index % 3);
    for (let a = 0; a < activityCount; a++) {
      const template = DEMO_ACTIVITY_TEMPLATES[(index + a) % DEMO_ACTIVITY_TEMPLATES.length]!;
      statements.push(
        db
          .insert(leadActivities)
          .values(
            buildActivity({
              id: await seedId(`${demo.key}:activity:${a}`),
              leadId: id,
              type: template.type,
              subject: template.subject,
              content: template.content,
              metadata: template.type === "call" ? { durationMinutes: 15 + a * 10 } : {},
              authorId: owner(demo.owner) ?? userIds.admin!,
              createdAt: at(-demo.daysAgo * DAY + (a + 1) * 3 * HOUR),
            }),
          )
          .onConflictDoNothing(),
      );
    }
    if (index % 6 === 0) {
      statements.push(
        db
          .insert(leadNotes)
          .values(
            buildNote({
              id: await seedId(`${demo.key}:note`),
              leadId: id,
              content: "Decisor é o sócio-fundador; preferem contato pela manhã.",
              authorId: owner(demo.owner) ?? userIds.admin!,
              createdAt: at(-demo.daysAgo * DAY + 2 * HOUR),
            }),
          )
          .onConflictDoNothing(),
      );
    }
  }

  const dueOffsets = { overdue: -2 * DAY, today: 2 * HOUR, in2days: 2 * DAY, later: 10 * DAY } as const;
  for (const demo of DEMO_TASKS) {
    const due = demo.due ? at(dueOffsets[demo.due]) : null;
    statements.push(
      db
        .insert(tasks)
        .values(
          buildTask({
            id: await seedId(demo.key),
            title: demo.title,
            description: demo.description,
            dueDate: due,
            leadId: demo.lead ? leadIds[demo.lead - 1]! : null,
            assignedTo: owner(demo.owner),
            createdBy: userIds.manager!,
            completed: demo.done,
            completedAt: demo.done ? at(-DAY) : null,
            createdAt: at(-5 * DAY),
          }),
        )
        .onConflictDoNothing(),
    );
  }

  for (const [channelIndex, demo] of DEMO_CHANNELS.entries()) {
    const channelId = await seedId(demo.key);
    statements.push(
      db
        .insert(chatChannels)
        .values(
          buildChannel({
            id: channelId,
            name: demo.name,
            description: demo.description,
            isPrivate: demo.isPrivate,
            createdBy: userIds.admin!,
            createdAt: at(-(30 - channelIndex) * DAY),
          }),
        )
        .onConflictDoNothing(),
    );
    for (const member of demo.members) {
      statements.push(db.insert(chatChannelMembers).values({ channelId, userId: userIds[member]! }).onConflictDoNothing());
    }
    for (const [m, [author, content]] of demo.messages.entries()) {
      statements.push(
        db
          .insert(chatMessages)
          .values(
            buildChatMessage({
              id: await seedId(`${demo.key}:message:${m}`),
              channelId,
              userId: userIds[author]!,
              content,
              createdAt: at(-DAY + m * 7 * 60 * 1000 - channelIndex * HOUR),
            }),
          )
          .onConflictDoNothing(),
      );
    }
  }

  for (const demoUser of DEMO_USERS) {
    for (const [n, demo] of DEMO_NOTIFICATIONS.entries()) {
      statements.push(
        db
          .insert(notifications)
          .values(
            buildNotification({
              id: await seedId(`notification:${demoUser.key}:${n}`),
              userId: userIds[demoUser.key]!,
              type: demo.type,
              title: demo.title,
              message: demo.message,
              kind: demo.kind,
              params: JSON.stringify(demo.params),
              read: demo.read,
              createdAt: at(-demo.hoursAgo * HOUR),
            }),
          )
          .onConflictDoNothing(),
      );
    }
  }

  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);

  return {
    users: DEMO_USERS.length,
    leads: DEMO_LEADS.length,
    caseStudies: DEMO_CASE_STUDIES.length,
    tasks: DEMO_TASKS.length,
    channels: DEMO_CHANNELS.length,
  };
}

/** True when the database holds no staff account yet (a fresh local database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).limit(1);
  return row.length === 0;
}
