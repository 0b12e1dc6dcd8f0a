import { Hono } from "hono";
import { z } from "zod";
import { LEAD_SOURCES, LEAD_STATUSES } from "../db/schema/index.ts";
import {
  ACTIVITY_PAGE_MAX,
  activityInputSchema,
  addActivity,
  addNote,
  deleteMeeting,
  deleteNote,
  getLead,
  listActivities,
  listAttachments,
  listNotes,
  meetingMoveSchema,
  moveMeeting,
  noteInputSchema,
  updateNote,
  uploadAttachment,
} from "../services/lead-detail-service.ts";
import { FIELD_ISSUE } from "../services/lead-service.ts";
import { ApiError } from "./errors.ts";
import { pageLanguage } from "./page-language.ts";
import { localizeSiteActivity } from "../services/site-activity-text.ts";
import {
  createLead,
  createLeadSchema,
  deleteLead,
  undoLeadMove,
  undoMoveSchema,
  updateLead,
  updateLeadSchema,
} from "../services/lead-service.ts";
import { LEAD_PERIODS, LEAD_SORTS, OWNER_MAX, TAG_MAX } from "../services/lead-filters.ts";
import { listLeads, loadPipeline, loadPipelineColumn } from "../services/lead-query-service.ts";
import { bulkInputSchema, runBulkAction } from "../services/lead-bulk-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate, validateWithMessageKeys } from "./validate.ts";
import { describe, errors, jsonResponse, multipartBody, noContent, TAGS, type RouteDescription } from "./openapi.ts";
import {
  ActivityPageSchema,
  ActivitySchema,
  AttachmentSchema,
  BulkResultSchema,
  LeadEnvelopeSchema,
  LeadPageSchema,
  NoteSchema,
  PipelineColumnSchema,
  PipelineSchema,
} from "./schemas.ts";

const leads = (spec: RouteDescription) => describe(TAGS.leads, spec);
const detail = (spec: RouteDescription) => describe(TAGS.leadDetail, spec);
const leadAnswer = (description: string) => jsonResponse(LeadEnvelopeSchema, description);

const searchText = z.string().trim().max(200).optional();
const cursor = z.string().max(500).optional();
/** An empty parameter is no filter (a form's "all" option sends one). */
const emptyIsNone = (text: z.ZodString) =>
  text
    .trim()
    .optional()
    .transform((value) => value || undefined);

/** The filters beside the text, the same for the list and the pipeline (lead-query-service.ts). */
const leadFilterFields = {
  owner: emptyIsNone(z.string().max(OWNER_MAX)),
  source: z.enum(LEAD_SOURCES).optional(),
  period: z.enum(LEAD_PERIODS).optional(),
  tag: emptyIsNone(z.string().max(TAG_MAX)),
};

export const leadListQuerySchema = z.object({
  q: searchText,
  status: z.enum(LEAD_STATUSES).optional(),
  ...leadFilterFields,
  sort: z.enum(LEAD_SORTS).optional(),
  cursor,
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const activityListQuerySchema = z.object({
  cursor,
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).optional(),
});

export const pipelineQuerySchema = z.object({
  q: searchText,
  ...leadFilterFields,
  per_column: z.coerce.number().int().min(1).max(100).optional(),
});

export const pipelineColumnQuerySchema = z.object({
  q: searchText,
  ...leadFilterFields,
  cursor,
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * /api/leads — every route needs a signed-in staff member (401 otherwise).
 * GET / (list: q, status, the filters owner=me|none|<user id>, source, period=7d|30d|month
 * and tag, sort=newest|oldest|value|name|activity, cursor, limit) · POST / (create: 201; 409 lead_exists with
 * `lead: {id, name}` when the e-mail is taken) · GET /pipeline · GET /pipeline/:status (q and the same filters).
 * GET /:id → {lead} · PATCH /:id (any part of the form: the whole form, only {status} for
 * the pipeline, only {tags}) → {lead}; 403 forbidden, 404 not_found, 409 lead_exists ·
 * DELETE /:id (managers and admins) → 204 · POST /:id/undo-move {from, to} (the board's
 * 'Desfazer': back to `from` while the lead is still in `to`) → {lead}; 409 lead_moved
 * when its status changed meanwhile, 403/404 as PATCH.
 * POST /bulk {ids ≤ 500, action: {type: assign, assigned_to} | {type: status, status} |
 * {type: tag_add|tag_remove, tag} | {type: delete}} → {changed, unchanged, refused: [{id,
 * name, reason: not_found|forbidden|changed}], leads, deleted}: each lead by its own rule. The /pipeline routes come first so /:id never
 * shadows them.
 * The lead detail: GET /:id/activities (cursor, limit ≤ 100) → Page<ActivityDto> newest
 * first · POST /:id/activities {type, subject?, content, meeting_at? (a meeting's date and time:
 * "yyyy-mm-ddThh:mm" in the organisation's zone, or an instant)} → 201 {activity} ·
 * PATCH /:id/activities/:activityId {meeting_at} (moves a meeting) → {activity} · DELETE
 * /:id/activities/:activityId (removes a meeting) → 204; both: its author or whoever may edit
 * the lead (403), 404 for anything but a meeting of that lead · GET /:id/notes →
 * NoteDto[] newest first · POST /:id/notes {content} → 201 {note} · PATCH /:id/notes/:noteId
 * {content} → {note} · DELETE /:id/notes/:noteId → 204 · GET /:id/attachments →
 * AttachmentDto[] newest first · POST /:id/attachments (multipart, field "file") → 201
 * {attachment}. Downloading and removing an attachment: /api/attachments/:id.
 */
export const leadsApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    leads({
      summary: "List leads",
      description: "Newest first by default; filtered and sorted by the query; one page (`next_cursor` for the next).",
      responses: { 200: jsonResponse(LeadPageSchema, "One page of leads.") },
    }),
    validate("query", leadListQuerySchema),
    async (c) => {
      return c.json(await listLeads(c.get("services"), c.get("viewer"), c.req.valid("query")));
    },
  )
  .post(
    "/",
    leads({
      summary: "Create a lead",
      responses: { 201: leadAnswer("The new lead."), ...errors(409) },
      description: "409 lead_exists with `lead: {id, name}` when another lead has the e-mail.",
    }),
    validateWithMessageKeys("json", createLeadSchema),
    async (c) => {
      const lead = await createLead(c.get("services"), c.get("viewer"), c.req.valid("json"));
      return c.json({ lead }, 201);
    },
  )
  .post(
    "/bulk",
    leads({
      summary: "Bulk action on leads",
      description:
        "Assign, set the status, add or remove a tag, or delete up to 500 leads; each lead by its own permission rule (refused ones are listed, not an error).",
      responses: { 200: jsonResponse(BulkResultSchema, "What changed, what was already so, what was refused and why.") },
    }),
    validateWithMessageKeys("json", bulkInputSchema),
    async (c) => {
      return c.json(await runBulkAction(c.get("services"), c.get("viewer"), c.req.valid("json")));
    },
  )
  .get(
    "/pipeline",
    leads({
      summary: "The pipeline board",
      description: "Every status's column: its count and value sums, and its first leads.",
      responses: { 200: jsonResponse(PipelineSchema, "The six columns.") },
    }),
    validate("query", pipelineQuerySchema),
    async (c) => {
      const { per_column, ...query } = c.req.valid("query");
      return c.json(await loadPipeline(c.get("services"), c.get("viewer"), { ...query, perColumn: per_column }));
    },
  )
  .get(
    "/pipeline/:status",
    leads({
      summary: "More of one pipeline column",
      responses: { 200: jsonResponse(PipelineColumnSchema, "The column with its next page of leads.") },
    }),
    validate("param", z.object({ status: z.enum(LEAD_STATUSES) })),
    validate("query", pipelineColumnQuerySchema),
    async (c) => {
      return c.json(await loadPipelineColumn(c.get("services"), c.get("viewer"), c.req.valid("param").status, c.req.valid("query")));
    },
  )
  .get("/:id", leads({ summary: "Get a lead", responses: { 200: leadAnswer("The lead."), ...errors(404) } }), async (c) => {
    return c.json({ lead: await getLead(c.get("services"), c.get("viewer"), c.req.param("id")) });
  })
  .patch(
    "/:id",
    leads({
      summary: "Update a lead",
      description:
        "Any part of the form: the whole form, only {status} (the pipeline), only {tags}. A sales rep only their own leads (403).",
      responses: { 200: leadAnswer("The lead as saved."), ...errors(403, 404, 409) },
    }),
    validateWithMessageKeys("json", updateLeadSchema),
    async (c) => {
      return c.json({ lead: await updateLead(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json")) });
    },
  )
  .post(
    "/:id/undo-move",
    leads({
      summary: "Undo a pipeline move",
      description: "Back to `from` while the lead is still in `to`; 409 lead_moved when its status changed meanwhile.",
      responses: { 200: leadAnswer("The lead, back in `from`."), ...errors(403, 404, 409) },
    }),
    validateWithMessageKeys("json", undoMoveSchema),
    async (c) => {
      return c.json({ lead: await undoLeadMove(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json")) });
    },
  )
  .delete(
    "/:id",
    leads({
      summary: "Delete a lead",
      description: "Managers and admins (403 for sales reps).",
      responses: { 204: noContent("Deleted."), ...errors(403, 404) },
    }),
    async (c) => {
      await deleteLead(c.get("services"), c.get("viewer"), c.req.param("id"));
      return c.body(null, 204);
    },
  )
  .get(
    "/:id/activities",
    detail({
      summary: "A lead's timeline",
      description: "Newest first, one page.",
      responses: { 200: jsonResponse(ActivityPageSchema, "One page of the timeline."), ...errors(404) },
    }),
    validate("query", activityListQuerySchema),
    async (c) => {
      const { cursor, limit } = c.req.valid("query");
      const page = await listActivities(c.get("services"), c.get("viewer"), c.req.param("id"), cursor, limit);
      // The site's chat assistant's entry, stored under pt headings, in the page's language.
      const language = pageLanguage(c.req.raw);
      return c.json({ ...page, items: page.items.map((activity) => localizeSiteActivity(activity, language)) });
    },
  )
  .post(
    "/:id/activities",
    detail({
      summary: "Log an activity",
      description: "A call, e-mail, WhatsApp, meeting (with `meeting_at`) or internal note on the lead's timeline.",
      responses: { 201: jsonResponse(z.strictObject({ activity: ActivitySchema }), "The new timeline entry."), ...errors(403, 404) },
    }),
    validateWithMessageKeys("json", activityInputSchema),
    async (c) => {
      const activity = await addActivity(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json"));
      return c.json({ activity }, 201);
    },
  )
  .patch(
    "/:id/activities/:activityId",
    detail({
      summary: "Move a meeting",
      description: "Its author or whoever may edit the lead (403); 404 for anything but a meeting of that lead.",
      responses: { 200: jsonResponse(z.strictObject({ activity: ActivitySchema }), "The meeting at its new time."), ...errors(403, 404) },
    }),
    validateWithMessageKeys("json", meetingMoveSchema),
    async (c) => {
      const { id, activityId } = c.req.param();
      const activity = await moveMeeting(c.get("services"), c.get("viewer"), id, activityId, c.req.valid("json"));
      return c.json({ activity });
    },
  )
  .delete(
    "/:id/activities/:activityId",
    detail({
      summary: "Remove a meeting",
      description: "Its author or whoever may edit the lead (403); 404 for anything but a meeting of that lead.",
      responses: { 204: noContent("Removed."), ...errors(403, 404) },
    }),
    async (c) => {
      const { id, activityId } = c.req.param();
      await deleteMeeting(c.get("services"), c.get("viewer"), id, activityId);
      return c.body(null, 204);
    },
  )
  .get(
    "/:id/notes",
    detail({ summary: "A lead's notes", responses: { 200: jsonResponse(z.array(NoteSchema), "Newest first."), ...errors(404) } }),
    async (c) => {
      return c.json(await listNotes(c.get("services"), c.get("viewer"), c.req.param("id")));
    },
  )
  .post(
    "/:id/notes",
    detail({
      summary: "Add a note",
      responses: { 201: jsonResponse(z.strictObject({ note: NoteSchema }), "The new note."), ...errors(403, 404) },
    }),
    validateWithMessageKeys("json", noteInputSchema),
    async (c) => {
      const note = await addNote(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json"));
      return c.json({ note }, 201);
    },
  )
  .patch(
    "/:id/notes/:noteId",
    detail({
      summary: "Edit a note",
      responses: { 200: jsonResponse(z.strictObject({ note: NoteSchema }), "The note as saved."), ...errors(403, 404) },
    }),
    validateWithMessageKeys("json", noteInputSchema),
    async (c) => {
      const note = await updateNote(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.param("noteId"), c.req.valid("json"));
      return c.json({ note });
    },
  )
  .delete(
    "/:id/notes/:noteId",
    detail({ summary: "Delete a note", responses: { 204: noContent("Deleted."), ...errors(403, 404) } }),
    async (c) => {
      await deleteNote(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.param("noteId"));
      return c.body(null, 204);
    },
  )
  .get(
    "/:id/attachments",
    detail({
      summary: "A lead's files",
      description: "Download one at GET /api/attachments/{id}.",
      responses: { 200: jsonResponse(z.array(AttachmentSchema), "Newest first."), ...errors(404) },
    }),
    async (c) => {
      return c.json(await listAttachments(c.get("services"), c.get("viewer"), c.req.param("id")));
    },
  )
  .post(
    "/:id/attachments",
    detail({
      summary: "Upload a file",
      requestBody: multipartBody("The file in the field `file`."),
      responses: {
        201: jsonResponse(z.strictObject({ attachment: AttachmentSchema }), "The stored file."),
        ...errors(400, 403, 404, 413),
      },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = form["file"];
      if (!(file instanceof File)) {
        throw new ApiError(400, "validation_failed", {
          params: { fields: "file" },
          issues: [{ path: "file", message: FIELD_ISSUE.required }],
        });
      }
      const attachment = await uploadAttachment(c.get("services"), c.get("viewer"), c.req.param("id"), file);
      return c.json({ attachment }, 201);
    },
  );
