import type { InferRequestType } from "hono/client";
import type { ActivityDto, AttachmentDto, NoteDto, Page } from "@worker/services/crm-types";
import { apiClient, call } from "~/modules/crm/api-client";
import { apiFile } from "~/modules/crm/api-file";

// The lead detail dialog's calls to /api (crm.md §7: lead, activities, notes, attachments,
// and the lead's open tasks), typed by the API's routes.
// The API wraps created or changed records in an object named after them ({lead}, {note},
// ...); lists of a lead's notes and attachments come whole, the timeline in pages.

/** meeting_at: a meeting's "yyyy-mm-ddThh:mm" in the organisation's time zone (issue 24), or none. */
export type ActivityInput = InferRequestType<typeof lead.activities.$post>["json"];

const lead = apiClient.leads[":id"];
const withSignal = (signal: AbortSignal | undefined) => ({ init: { signal } });

/** A whole list as one page (the notes and attachments come whole: no cursor to follow). */
const whole = <T>(items: T[]): Page<T> => ({ items, next_cursor: null });

export const leadDetailApi = {
  getLead: async (leadId: string, signal?: AbortSignal) => (await call(lead.$get({ param: { id: leadId } }, withSignal(signal)))).lead,
  updateLead: async (leadId: string, patch: { tags: string[] }) => (await call(lead.$patch({ param: { id: leadId }, json: patch }))).lead,

  listActivities: (leadId: string, cursor: string | undefined, signal?: AbortSignal): Promise<Page<ActivityDto>> =>
    call(lead.activities.$get({ param: { id: leadId }, query: { cursor } }, withSignal(signal))),
  createActivity: async (leadId: string, input: ActivityInput): Promise<ActivityDto> =>
    (await call(lead.activities.$post({ param: { id: leadId }, json: input }))).activity,
  /** A meeting moved to another date and time ("yyyy-mm-ddThh:mm", the organisation's zone). */
  moveMeeting: async (leadId: string, activityId: string, meetingAt: string): Promise<ActivityDto> =>
    (await call(lead.activities[":activityId"].$patch({ param: { id: leadId, activityId }, json: { meeting_at: meetingAt } }))).activity,
  deleteMeeting: (leadId: string, activityId: string) =>
    call(lead.activities[":activityId"].$delete({ param: { id: leadId, activityId } })),

  listNotes: async (leadId: string, _cursor: string | undefined, signal?: AbortSignal): Promise<Page<NoteDto>> =>
    whole(await call(lead.notes.$get({ param: { id: leadId } }, withSignal(signal)))),
  createNote: async (leadId: string, content: string) => (await call(lead.notes.$post({ param: { id: leadId }, json: { content } }))).note,
  updateNote: async (leadId: string, noteId: string, content: string) =>
    (await call(lead.notes[":noteId"].$patch({ param: { id: leadId, noteId }, json: { content } }))).note,
  deleteNote: (leadId: string, noteId: string) => call(lead.notes[":noteId"].$delete({ param: { id: leadId, noteId } })),

  listAttachments: async (leadId: string, _cursor: string | undefined, signal?: AbortSignal): Promise<Page<AttachmentDto>> =>
    whole(await call(lead.attachments.$get({ param: { id: leadId } }, withSignal(signal)))),
  uploadAttachment: async (leadId: string, file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    // Multipart: the route reads the form itself (no validator for hc to type), so the body goes as it is.
    return (await call(lead.attachments.$post({ param: { id: leadId } }, { init: { body: form } }))).attachment;
  },
  /** The lead's open tasks, in the tasks screen's order (the first is the lead's next). */
  listOpenTasks: (leadId: string, cursor: string | undefined, signal?: AbortSignal) =>
    call(apiClient.tasks.$get({ query: { lead_id: leadId, filter: "pending", cursor } }, withSignal(signal))),
  completeTask: async (taskId: string) =>
    (await call(apiClient.tasks[":id"].completion.$patch({ param: { id: taskId }, json: { completed: true } }))).task,

  deleteAttachment: (attachmentId: string) => call(apiClient.attachments[":id"].$delete({ param: { id: attachmentId } })),
};

/** Where an attachment's bytes are served (with its original name as the download name). */
export const attachmentUrl = (attachmentId: string) => `/api/attachments/${encodeURIComponent(attachmentId)}`;

/** The attachment's bytes; the API's errors and a lost connection throw like api() does. */
export async function fetchAttachment(attachmentId: string): Promise<Blob> {
  return (await apiFile(attachmentUrl(attachmentId))).blob;
}
