import { Hono } from "hono";
import { z } from "zod";
import {
  createTask,
  createTaskSchema,
  deleteTask,
  getTask,
  listTasks,
  setTaskCompleted,
  TASK_FILTERS,
  TASK_ISSUE,
  TASK_PAGE_MAX,
  taskCompletionSchema,
  updateTask,
  updateTaskSchema,
} from "../services/task-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate } from "./validate.ts";
import { describe, errors, jsonResponse, noContent, TAGS, type RouteDescription } from "./openapi.ts";
import { TaskEnvelopeSchema, TaskPageSchema } from "./schemas.ts";

const task = (spec: RouteDescription) => describe(TAGS.tasks, spec);

/** An id (or "me", "none", "all"): letters, digits, - and _, at most 64. */
const ID_PATTERN = /^[\w-]{1,64}$/;

export const taskListQuerySchema = z.object({
  q: z.string().trim().max(200, TASK_ISSUE.tooLong).optional(),
  filter: z.enum(TASK_FILTERS, { error: TASK_ISSUE.invalid }).optional(),
  /** "me", "none", "all" or a user's id. */
  assignee: z.string().regex(ID_PATTERN, TASK_ISSUE.invalid).optional(),
  lead_id: z.string().regex(ID_PATTERN, TASK_ISSUE.invalid).optional(),
  cursor: z.string().max(500, TASK_ISSUE.invalid).optional(),
  limit: z.coerce
    .number({ error: TASK_ISSUE.invalid })
    .int(TASK_ISSUE.invalid)
    .min(1, TASK_ISSUE.invalid)
    .max(TASK_PAGE_MAX, TASK_ISSUE.invalid)
    .optional(),
});

const taskParam = z.object({ id: z.string().min(1).max(64) });

/**
 * /api/tasks — every route needs a signed-in staff member (401 otherwise); everyone reads
 * every task; changing one needs canEditTask (403): a sales_rep's own (assigned to them or
 * created by them), any for managers and admins. A 400's issue messages are
 * apiErrors.field.* keys, translated for the caller by onError.
 * GET / (q, filter all|pending|completed, assignee me|none|all|<user id>, lead_id, cursor, limit ≤ 100) → Page<TaskDto>
 * POST / → 201 {task} · GET /:id → {task} · PATCH /:id (fields of the dialog) → {task}
 * PATCH /:id/completion {completed} → {task} · DELETE /:id → 204.
 * Completion has its own route rather than a `completed` field in PATCH: it is the
 * checkbox's one-statement toggle (completed_at set or cleared with it), separate from
 * the dialog's edit.
 */
export const tasksApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    task({ summary: "List tasks", responses: { 200: jsonResponse(TaskPageSchema, "One page of tasks.") } }),
    validate("query", taskListQuerySchema),
    async (c) => {
      return c.json(await listTasks(c.get("services"), c.get("viewer"), c.req.valid("query")));
    },
  )
  .post(
    "/",
    task({ summary: "Create a task", responses: { 201: jsonResponse(TaskEnvelopeSchema, "The new task.") } }),
    validate("json", createTaskSchema),
    async (c) => {
      const task = await createTask(c.get("services"), c.get("viewer"), c.req.valid("json"));
      return c.json({ task }, 201);
    },
  )
  .get(
    "/:id",
    task({ summary: "Get a task", responses: { 200: jsonResponse(TaskEnvelopeSchema, "The task."), ...errors(404) } }),
    validate("param", taskParam),
    async (c) => {
      return c.json({ task: await getTask(c.get("services"), c.get("viewer"), c.req.valid("param").id) });
    },
  )
  .patch(
    "/:id",
    task({
      summary: "Update a task",
      description: "A sales rep only their own tasks (403).",
      responses: { 200: jsonResponse(TaskEnvelopeSchema, "The task as saved."), ...errors(403, 404) },
    }),
    validate("param", taskParam),
    validate("json", updateTaskSchema),
    async (c) => {
      const task = await updateTask(c.get("services"), c.get("viewer"), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ task });
    },
  )
  .patch(
    "/:id/completion",
    task({ summary: "Complete or reopen a task", responses: { 200: jsonResponse(TaskEnvelopeSchema, "The task."), ...errors(403, 404) } }),
    validate("param", taskParam),
    validate("json", taskCompletionSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ task: await setTaskCompleted(c.get("services"), c.get("viewer"), id, c.req.valid("json").completed) });
    },
  )
  .delete(
    "/:id",
    task({ summary: "Delete a task", responses: { 204: noContent("Deleted."), ...errors(403, 404) } }),
    validate("param", taskParam),
    async (c) => {
      await deleteTask(c.get("services"), c.get("viewer"), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
