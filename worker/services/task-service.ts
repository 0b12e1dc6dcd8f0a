// The CRM's tasks (crm.md §2 Tasks screen, §3, §4, §5): the list (due date first, no date
// last; search and filter on the server; cursor pages), one task, create, edit, delete and
// completion. Everyone signed in reads every task; who may change one is canEditTask
// (docs/decisions/010). Writes decide in one statement (conventions 11): each carries the
// conditions it was allowed under, and a notification for a new assignee is written in
// the same batch, only when the write took.
import { announce, taskCompletedEvent, taskCreatedEvent } from "./webhooks/webhook-events.ts";
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias, SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { canEditTask } from "../auth/crm-permissions.ts";
import { leads, notifications, tasks, users } from "../db/schema/index.ts";
import { publishNotifications } from "./notification-service.ts";
import { notificationColumns } from "./notification-text.ts";
import type { Page, TaskCountsDto, TaskDto, TaskFilter, TaskListQuery } from "./crm-types.ts";
import { ConflictError, ForbiddenError, invalidField, invalidFields, NotFoundError, type FieldIssue } from "./errors.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";
import { CONTROL_CHAR } from "../lib/control-chars.ts";
import { ORG_TIME_ZONE, localInstant, type OrgTimeZone } from "../lib/org-time.ts";
import { readOrgSettings } from "./org-settings-service.ts";

export const TASK_FILTERS = ["all", "pending", "completed"] as const satisfies readonly TaskFilter[];
export const TASK_PAGE_DEFAULT = 50;
export const TASK_PAGE_MAX = 100;

// ---------------------------------------------------------------------------------------
// Input

/**
 * Issue messages are dictionary keys (apiErrors.field.*); the API's onError translates them
 * into the caller's language.
 */
export const TASK_ISSUE = {
  required: "apiErrors.field.required",
  tooLong: "apiErrors.field.too_long",
  invalid: "apiErrors.field.invalid_value",
  invalidDate: "apiErrors.field.invalid_date",
  invalidTime: "apiErrors.field.invalid_time",
  leadNotFound: "apiErrors.field.lead_not_found",
  assigneeUnavailable: "apiErrors.field.assignee_unavailable",
} as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

const realDate = (y: string, m: string, d: string) => {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
};

/**
 * A due date as stored: the instant, and whether a time was chosen (tasks.due_has_time);
 * `local` is the date (and time) as typed, without a zone, which the service reads again in
 * the organisation's time zone (resolveDue).
 */
export type DueDate = { at: string; hasTime: boolean; local?: string };

/**
 * A due date as the form or an API client sends it, stored as an ISO-8601 UTC instant:
 * - "" or null → null (no date);
 * - "2026-11-25" (the date picker alone) → the END of that day in `timeZone` (the
 *   organisation's, Settings → Sistema; São Paulo: 2026-11-25T23:59:59.999-03:00 =
 *   2026-11-26T02:59:59.999Z), no time: a task due today is urgent all day and becomes
 *   overdue only when the day is over;
 * - "2026-11-25T14:30" (the date and time pickers, no zone) → that time in `timeZone`;
 * - "2026-11-25T14:30:00Z" / "…-03:00" (an instant) → that instant, with its time.
 * Returns undefined for anything else.
 */
export function parseDue(value: string | null, timeZone: OrgTimeZone = ORG_TIME_ZONE): DueDate | null | undefined {
  if (value === null) return null;
  const text = value.trim();
  if (text === "") return null;
  let instant: Date;
  let hasTime = true;
  const dateOnly = DATE_ONLY.exec(text);
  const local = LOCAL_DATE_TIME.exec(text);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    if (!realDate(y!, m!, d!)) return undefined;
    instant = localInstant(`${y}-${m}-${d}`, "23:59:59.999", timeZone);
    hasTime = false;
  } else if (local) {
    const [, y, m, d, hh, mm, ss = "00", frac = ""] = local;
    if (!realDate(y!, m!, d!) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
    instant = localInstant(`${y}-${m}-${d}`, `${hh}:${mm}:${ss}${frac}`, timeZone);
  } else if (ZONED_DATE_TIME.test(text)) {
    const [y, m, d] = text.slice(0, 10).split("-");
    if (!realDate(y!, m!, d!)) return undefined;
    instant = new Date(text);
  } else {
    return undefined;
  }
  const time = instant.getTime();
  // Years 1970-9999: anything outside is a typo, and toISOString() must keep 4 digits.
  if (Number.isNaN(time) || time < 0 || time > Date.UTC(9999, 11, 31, 23, 59, 59, 999)) return undefined;
  return { at: instant.toISOString(), hasTime, ...(dateOnly || local ? { local: text } : {}) };
}

/** A parsed due date in the organisation's time zone: a zone-less one is read again in it. */
export async function resolveDue<T extends DueDate | null | undefined>(ctx: Pick<ServiceContext, "db">, due: T): Promise<T> {
  if (!due?.local) return due;
  return parseDue(due.local, (await readOrgSettings(ctx)).time_zone) as T;
}

/** parseDue's instant alone. */
export function parseDueDate(value: string | null): string | null | undefined {
  const due = parseDue(value);
  return due ? due.at : due;
}

const idOrNone = z
  .union([z.string().trim().max(64, TASK_ISSUE.invalid), z.null()], { error: TASK_ISSUE.invalid })
  .transform((v) => (!v || v === "none" ? null : v));

const description = z.union([z.string().max(10_000, TASK_ISSUE.tooLong), z.null()], { error: TASK_ISSUE.invalid }).transform((v) => {
  // Multi-line: line breaks kept (CRLF → LF), outer blank space dropped, empty → null.
  const text = v?.replace(/\r\n?/g, "\n").trim();
  return text ? text : null;
});

const dueDate = z.union([z.string().max(40, TASK_ISSUE.invalidDate), z.null()], { error: TASK_ISSUE.invalidDate }).transform((v, ctx) => {
  const parsed = parseDue(v);
  if (parsed === undefined) {
    // A real day with a time that is not one (25:00, 14h30): the time is what is wrong.
    const timeIsWrong = /^\s*\d{4}-\d{2}-\d{2}T/.test(v ?? "") && parseDue(v!.trim().slice(0, 10)) !== undefined;
    ctx.addIssue({ code: "custom", message: timeIsWrong ? TASK_ISSUE.invalidTime : TASK_ISSUE.invalidDate });
    return z.NEVER;
  }
  return parsed;
});

const title = z
  .string({ error: TASK_ISSUE.required })
  .trim()
  .min(1, TASK_ISSUE.required)
  .max(200, TASK_ISSUE.tooLong)
  .refine((v) => !CONTROL_CHAR.test(v), TASK_ISSUE.invalid);

/** The task dialog (crm.md §2/§5) as the API receives it: POST /api/tasks. */
export const createTaskSchema = z.object({
  title,
  description: description.optional().transform((v) => v ?? null),
  due_date: dueDate.optional().transform((v) => v ?? null),
  lead_id: idOrNone.optional().transform((v) => v ?? null),
  assigned_to: idOrNone.optional().transform((v) => v ?? null),
});
export type CreateTaskInput = z.infer<typeof createTaskSchema>;

/** PATCH /api/tasks/:id: the same fields, each optional; an absent field is left as it is. */
export const updateTaskSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  due_date: dueDate.optional(),
  lead_id: idOrNone.optional(),
  assigned_to: idOrNone.optional(),
});
export type UpdateTaskInput = z.infer<typeof updateTaskSchema>;

export const taskCompletionSchema = z.object({ completed: z.boolean({ error: TASK_ISSUE.invalid }) });

// ---------------------------------------------------------------------------------------
// Reads

const assignee = alias(users, "assignee");
const creator = alias(users, "creator");

function selectTasks(db: ServiceContext["db"]) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      description: tasks.description,
      dueDate: tasks.dueDate,
      dueHasTime: tasks.dueHasTime,
      leadId: tasks.leadId,
      leadName: leads.name,
      leadCompany: leads.company,
      assignedTo: tasks.assignedTo,
      assigneeName: assignee.name,
      assigneeActive: assignee.isActive,
      createdBy: tasks.createdBy,
      creatorName: creator.name,
      completed: tasks.completed,
      completedAt: tasks.completedAt,
      createdAt: tasks.createdAt,
    })
    .from(tasks)
    .leftJoin(leads, eq(leads.id, tasks.leadId))
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(creator, eq(creator.id, tasks.createdBy));
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>["all"]>>[number];

function toDto(row: TaskRow): TaskDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    due_date: row.dueDate,
    due_has_time: row.dueDate !== null && row.dueHasTime,
    lead_id: row.leadId,
    lead: row.leadId && row.leadName !== null ? { id: row.leadId, name: row.leadName, company: row.leadCompany } : null,
    assigned_to: row.assignedTo,
    assigned_user:
      row.assignedTo && row.assigneeName !== null
        ? { id: row.assignedTo, name: row.assigneeName, ...(row.assigneeActive === false ? { inactive: true as const } : {}) }
        : null,
    created_by: row.createdBy,
    creator: row.createdBy && row.creatorName !== null ? { id: row.createdBy, name: row.creatorName } : null,
    completed: row.completed,
    completed_at: row.completedAt,
    created_at: row.createdAt,
  };
}

/**
 * Lower case without accents, in SQL: SQLite's lower() folds ASCII only, so the accented
 * letters of pt/es (both cases) and stray combining marks are replaced one by one. The
 * literals are our own constants (raw, so they use no bound parameters: D1 allows 100).
 */
const FOLDS: [string, string][] = [
  ..."áàâãäåÁÀÂÃÄÅ".split("").map((c) => [c, "a"] as [string, string]),
  ..."éèêëÉÈÊË".split("").map((c) => [c, "e"] as [string, string]),
  ..."íìîïÍÌÎÏ".split("").map((c) => [c, "i"] as [string, string]),
  ..."óòôõöÓÒÔÕÖ".split("").map((c) => [c, "o"] as [string, string]),
  ..."úùûüÚÙÛÜ".split("").map((c) => [c, "u"] as [string, string]),
  ["ç", "c"],
  ["Ç", "c"],
  ["ñ", "n"],
  ["Ñ", "n"],
  ...["\u0300", "\u0301", "\u0302", "\u0303", "\u0308", "\u0327"].map((c) => [c, ""] as [string, string]),
];

function foldSql(expression: SQL | typeof tasks.title): SQL {
  let folded: SQL = sql`lower(${expression})`;
  for (const [from, to] of FOLDS) folded = sql`replace(${folded}, ${sql.raw(`'${from}'`)}, ${sql.raw(`'${to}'`)})`;
  return folded;
}

/** The same folding in JavaScript, for the search text. */
export const foldText = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

// Cursor: the sort key of the last item of a page (due date or null, created_at, id).
type Cursor = { d: string | null; c: string; i: string };

function encodeCursor(row: Pick<TaskRow, "dueDate" | "createdAt" | "id">): string {
  const json = JSON.stringify([row.dueDate, row.createdAt, row.id]);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function decodeCursor(cursor: string): Cursor {
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      (value[0] === null || typeof value[0] === "string") &&
      typeof value[1] === "string" &&
      typeof value[2] === "string"
    ) {
      return { d: value[0], c: value[1], i: value[2] };
    }
  } catch {
    // fall through
  }
  throw invalidField("cursor", TASK_ISSUE.invalid);
}

/** Rows after the cursor in the order: due date ascending, no date last, then created_at, id. */
function afterCursor(cursor: Cursor): SQL {
  const tieBreak = sql`(${tasks.createdAt} > ${cursor.c} or (${tasks.createdAt} = ${cursor.c} and ${tasks.id} > ${cursor.i}))`;
  if (cursor.d === null) return sql`(${tasks.dueDate} is null and ${tieBreak})`;
  return sql`(${tasks.dueDate} is null or ${tasks.dueDate} > ${cursor.d} or (${tasks.dueDate} = ${cursor.d} and ${tieBreak}))`;
}

/**
 * `q` in the title, the description or the linked lead's name (case- and accent-insensitive),
 * on tasks left-joined to leads; undefined without a search.
 */
function searchCondition(text: string | undefined): SQL | undefined {
  const q = foldText(text?.trim() ?? "");
  if (!q) return undefined;
  // instr(), not LIKE: D1 refuses LIKE/GLOB patterns over 50 bytes, far less than the 200
  // characters a search may have (an emoji is 4 bytes), and instr() takes the text as it
  // is, so % _ and \ are looked for literally with nothing to escape.
  const contains = (column: SQL | typeof tasks.title) => sql`instr(${foldSql(column)}, ${q}) > 0`;
  return sql`(${contains(tasks.title)} or ${contains(sql`${tasks.description}`)} or ${contains(sql`${leads.name}`)})`;
}

/**
 * Whose tasks (?assignee=): "me" the actor's, "none" nobody's, a user's id theirs, "all" or
 * nothing every task. Everyone reads every task (docs/decisions/010): this narrows, it never guards.
 */
function assigneeCondition(actor: Authenticated, assignee: string | undefined): SQL | undefined {
  if (!assignee || assignee === "all") return undefined;
  if (assignee === "me") return eq(tasks.assignedTo, actor.user.id);
  if (assignee === "none") return isNull(tasks.assignedTo);
  return eq(tasks.assignedTo, assignee);
}

/**
 * Ordered by due date ascending, tasks without a date last, then by creation (oldest
 * first) and id; `q` searches title, description and the linked lead's name (case- and
 * accent-insensitive); `filter` all / pending / completed; `assignee` me / none / a user /
 * all; `lead_id` one lead's; opaque cursor pages.
 */
export async function listTasks({ db }: ServiceContext, actor: Authenticated, query: TaskListQuery): Promise<Page<TaskDto>> {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? TASK_PAGE_DEFAULT), 1), TASK_PAGE_MAX);
  const conditions: SQL[] = [];
  const search = searchCondition(query.q);
  if (search) conditions.push(search);
  const scope = assigneeCondition(actor, query.assignee);
  if (scope) conditions.push(scope);
  if (query.lead_id) conditions.push(eq(tasks.leadId, query.lead_id));
  if (query.filter === "pending") conditions.push(eq(tasks.completed, false));
  if (query.filter === "completed") conditions.push(eq(tasks.completed, true));
  if (query.cursor) conditions.push(afterCursor(decodeCursor(query.cursor)));

  const rows = await selectTasks(db)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(sql`${tasks.dueDate} is null`, asc(tasks.dueDate), asc(tasks.createdAt), asc(tasks.id))
    .limit(limit + 1)
    .all();
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(toDto), next_cursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/**
 * The tasks screen's figures for whose tasks it shows (`assignee`, as listTasks): how many
 * open ones are overdue (the title's count; the search does not change it) and how many are
 * completed among those matching `q` ('Concluídas (N)'). One statement.
 */
export async function countTasks(
  { db }: ServiceContext,
  actor: Authenticated,
  query: Pick<TaskListQuery, "q" | "assignee">,
  now = new Date(),
): Promise<TaskCountsDto> {
  const search = searchCondition(query.q) ?? sql`1`;
  const row = await db
    .select({
      overdue: sql<number>`coalesce(sum(${tasks.completed} = 0 and ${tasks.dueDate} < ${now.toISOString()}), 0)`,
      completed: sql<number>`coalesce(sum(${tasks.completed} = 1 and ${search}), 0)`,
    })
    .from(tasks)
    .leftJoin(leads, eq(leads.id, tasks.leadId))
    .where(assigneeCondition(actor, query.assignee))
    .get();
  return { overdue: Number(row?.overdue ?? 0), completed: Number(row?.completed ?? 0) };
}

const notFound = () => new NotFoundError();

export async function getTask({ db }: ServiceContext, _actor: Authenticated, id: string): Promise<TaskDto> {
  const row = await selectTasks(db).where(eq(tasks.id, id)).get();
  if (!row) throw notFound();
  return toDto(row);
}

// ---------------------------------------------------------------------------------------
// Writes

const dialect = new SQLiteAsyncDialect();

/**
 * A D1 statement from a drizzle `sql` template. The guarded writes are plain SQL
 * (`insert … select … where`, `changes()`), and drizzle's D1 batch cannot run raw SQL
 * with parameters, so these statements go to the binding (or the request's D1 session).
 */
function statement({ db }: ServiceContext, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
}

/** The notification a new assignee gets: its kind and params, shown in the reader's language (notification-text.ts). */
function assignmentNotification(actor: Authenticated, taskId: string, taskTitle: string) {
  return {
    ...notificationColumns("taskAssigned", { name: actor.user.name, title: taskTitle }),
    link: `/tasks?task=${encodeURIComponent(taskId)}`,
  };
}

/**
 * `insert into notifications … select … where <condition>`: the row exists only when the
 * condition holds at that point of the batch (e.g. the task write before it took).
 */
function notifyAssignee(
  ctx: ServiceContext,
  actor: Authenticated,
  assigneeId: string,
  taskId: string,
  taskTitle: string,
  condition: SQL,
  now: string,
) {
  const { title, message, link, kind, params } = assignmentNotification(actor, taskId, taskTitle);
  return statement(
    ctx,
    sql`
    insert into ${notifications} (id, user_id, type, title, message, link, read, created_at, kind, params)
    select ${crypto.randomUUID()}, ${assigneeId}, 'task_assigned', ${title}, ${message}, ${link}, 0, ${now}, ${kind}, ${params}
    where ${condition}`,
  );
}

const leadExists = (leadId: string) => sql`exists (select 1 from ${leads} where ${leads.id} = ${leadId})`;
const activeUser = (userId: string) => sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.isActive} = 1)`;

/** The issues of the lead and/or assignee that a guarded write found missing or inactive. */
async function relationIssues({ db }: ServiceContext, input: { lead_id?: string | null; assigned_to?: string | null }) {
  const issues: FieldIssue[] = [];
  if (input.lead_id) {
    const lead = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, input.lead_id)).get();
    if (!lead) issues.push({ path: "lead_id", message: TASK_ISSUE.leadNotFound });
  }
  if (input.assigned_to) {
    const user = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, input.assigned_to)).get();
    if (!user?.isActive) issues.push({ path: "assigned_to", message: TASK_ISSUE.assigneeUnavailable });
  }
  return issues;
}

const relationError = (issues: FieldIssue[]) => invalidFields(issues);

/**
 * Creates a task by `actor` (created_by). In one batch: the insert, guarded by the lead
 * existing and the assignee being active (`insert … select … where`), and, when the task is
 * for someone else, their task_assigned notification (inserted only if the task row is
 * there). A guard that fails is named as invalid input (lead_id / assigned_to).
 */
export async function createTask(ctx: ServiceContext, actor: Authenticated, input: CreateTaskInput): Promise<TaskDto> {
  input = { ...input, due_date: await resolveDue(ctx, input.due_date) };
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const guards = [sql`1`];
  if (input.lead_id) guards.push(leadExists(input.lead_id));
  if (input.assigned_to) guards.push(activeUser(input.assigned_to));
  const insert = statement(
    ctx,
    sql`
    insert into ${tasks} (id, title, description, due_date, due_has_time, lead_id, assigned_to, created_by, completed, completed_at, created_at, updated_at)
    select ${id}, ${input.title}, ${input.description}, ${input.due_date?.at ?? null}, ${input.due_date?.hasTime ? 1 : 0}, ${input.lead_id}, ${input.assigned_to}, ${actor.user.id}, 0, null, ${now}, ${now}
    where ${sql.join(guards, sql` and `)}`,
  );
  const assigneeToTell = input.assigned_to && input.assigned_to !== actor.user.id ? input.assigned_to : null;
  if (assigneeToTell) {
    await ctx.db.$client.batch([
      insert,
      notifyAssignee(ctx, actor, assigneeToTell, id, input.title, sql`exists (select 1 from ${tasks} where ${tasks.id} = ${id})`, now),
    ]);
  } else {
    await insert.run();
  }
  const row = await selectTasks(ctx.db).where(eq(tasks.id, id)).get();
  if (row) {
    // Stored: the assignee's open tabs hear of it (persist first, then broadcast).
    if (assigneeToTell) await publishNotifications(ctx, [assigneeToTell], { since: now });
    const task = toDto(row);
    // Webhooks (issue 25): queued in the background, never failing the write.
    announce(ctx, [taskCreatedEvent({ id: actor.user.id, name: actor.user.name }, task)]);
    return task;
  }
  const issues = await relationIssues(ctx, input);
  throw issues.length > 0 ? relationError(issues) : new ConflictError();
}

type TaskGuard = { id: string; title: string; assignedTo: string | null; createdBy: string | null };

/** The task's permission facts, or not found; forbidden unless `actor` may edit it (canEditTask). */
async function editableTask({ db }: ServiceContext, actor: Authenticated, id: string): Promise<TaskGuard> {
  const task = await db
    .select({ id: tasks.id, title: tasks.title, assignedTo: tasks.assignedTo, createdBy: tasks.createdBy })
    .from(tasks)
    .where(eq(tasks.id, id))
    .get();
  if (!task) throw notFound();
  if (!canEditTask(actor.user, { assigned_to: task.assignedTo, created_by: task.createdBy })) throw new ForbiddenError();
  return task;
}

/**
 * The row is still as the permission check saw it: same assignee (created_by never
 * changes). A write carrying this condition cannot act on a decision a concurrent
 * reassignment made stale; if it does not take, the caller checks again.
 */
const unchangedSince = (task: TaskGuard) => sql`${tasks.id} = ${task.id} and ${tasks.assignedTo} is ${task.assignedTo}`;

const ATTEMPTS = 3;

/**
 * Runs `write` (which returns whether its guarded statement took) against a fresh
 * permission check, again if a concurrent change to the assignee made it miss.
 */
async function withEditableTask(
  ctx: ServiceContext,
  actor: Authenticated,
  id: string,
  write: (task: TaskGuard) => Promise<boolean>,
): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const task = await editableTask(ctx, actor, id);
    if (await write(task)) return;
  }
  throw new ConflictError();
}

/**
 * Edits the fields present in `input`. Lead and assignee are checked in the same
 * statement (lead exists, assignee active) when they change; a new assignee other than
 * the actor gets a task_assigned notification in the same batch, only if the update took
 * (`changes()` of the update, read by the insert right after it).
 */
export async function updateTask(ctx: ServiceContext, actor: Authenticated, id: string, input: UpdateTaskInput): Promise<TaskDto> {
  input = { ...input, due_date: await resolveDue(ctx, input.due_date) };
  // Set by the write that took (a closure: TypeScript cannot see the assignment).
  let told = null as { userId: string; since: string } | null;
  await withEditableTask(ctx, actor, id, async (task) => {
    const now = new Date().toISOString();
    const set: SQL[] = [sql`updated_at = ${now}`];
    const guards: SQL[] = [unchangedSince(task)];
    if (input.title !== undefined) set.push(sql`title = ${input.title}`);
    if (input.description !== undefined) set.push(sql`description = ${input.description}`);
    if (input.due_date !== undefined) {
      set.push(sql`due_date = ${input.due_date?.at ?? null}`, sql`due_has_time = ${input.due_date?.hasTime ? 1 : 0}`);
    }
    if (input.lead_id !== undefined) {
      set.push(sql`lead_id = ${input.lead_id}`);
      if (input.lead_id) guards.push(sql`(${tasks.leadId} is ${input.lead_id} or ${leadExists(input.lead_id)})`);
    }
    const assigneeChanges = input.assigned_to !== undefined && input.assigned_to !== task.assignedTo;
    if (assigneeChanges) {
      set.push(sql`assigned_to = ${input.assigned_to}`);
      if (input.assigned_to) guards.push(activeUser(input.assigned_to));
    }
    const update = statement(
      ctx,
      sql`
      update ${tasks} set ${sql.join(set, sql`, `)}
      where ${sql.join(guards, sql` and `)}
      returning id`,
    );
    const assigneeToTell = assigneeChanges && input.assigned_to && input.assigned_to !== actor.user.id ? input.assigned_to : null;
    let updated: unknown[];
    if (assigneeToTell) {
      const notify = notifyAssignee(ctx, actor, assigneeToTell, task.id, input.title ?? task.title, sql`changes() = 1`, now);
      updated = (await ctx.db.$client.batch([update, notify]))[0]!.results;
    } else {
      updated = (await update.all()).results;
    }
    if (updated.length > 0) {
      if (assigneeToTell) told = { userId: assigneeToTell, since: now };
      return true;
    }
    // Did not take: a concurrent edit (check again) or a lead/assignee guard (invalid input).
    const current = await ctx.db.select({ assignedTo: tasks.assignedTo }).from(tasks).where(eq(tasks.id, id)).get();
    if (current && current.assignedTo === task.assignedTo) {
      const issues = await relationIssues(ctx, {
        lead_id: input.lead_id,
        assigned_to: assigneeChanges ? input.assigned_to : undefined,
      });
      throw issues.length > 0 ? relationError(issues) : new ConflictError();
    }
    return false;
  });
  // Stored: the new assignee's open tabs hear of it (persist first, then broadcast).
  if (told) await publishNotifications(ctx, [told.userId], { since: told.since });
  return getTask(ctx, actor, id);
}

/**
 * Completes (completed_at = now, kept if it was already complete) or reopens
 * (completed_at = null) a task in one guarded UPDATE that sets both columns together, so
 * the row always satisfies "completed_at is null iff not completed".
 */
export async function setTaskCompleted(ctx: ServiceContext, actor: Authenticated, id: string, completed: boolean): Promise<TaskDto> {
  // Whether this call completed it (completed_at is this call's time, not one kept from before).
  let justCompleted = false;
  await withEditableTask(ctx, actor, id, async (task) => {
    const now = new Date().toISOString();
    const rows = await ctx.db.all<{ id: string; completed_at: string | null }>(sql`
      update ${tasks}
      set completed = ${completed ? 1 : 0},
          completed_at = ${completed ? sql`coalesce(${tasks.completedAt}, ${now})` : sql`null`},
          updated_at = ${now}
      where ${unchangedSince(task)}
      returning id, completed_at`);
    justCompleted = completed && rows[0]?.completed_at === now;
    return rows.length > 0;
  });
  const dto = await getTask(ctx, actor, id);
  // Webhooks (issue 25): task.completed once per completion (not when it was complete already).
  if (justCompleted) announce(ctx, [taskCompletedEvent({ id: actor.user.id, name: actor.user.name }, dto)]);
  return dto;
}

/** Deletes a task the actor may edit (not found if none, forbidden if not theirs to change). */
export async function deleteTask(ctx: ServiceContext, actor: Authenticated, id: string): Promise<void> {
  await withEditableTask(ctx, actor, id, async (task) => {
    const rows = await ctx.db.all<{ id: string }>(sql`delete from ${tasks} where ${unchangedSince(task)} returning id`);
    return rows.length > 0;
  });
}
