import type { ActivityDto, AttachmentDto, LeadDto, NoteDto, Page, TaskDto } from "@worker/services/crm-types";
import { api, queryString } from "~/modules/crm/api-client";
import { apiFile } from "~/modules/crm/api-file";

// The lead detail dialog's calls to /api (crm.md §7: lead, activities, notes, attachments,
// and the lead's open tasks).
// The API wraps created or changed records in an object named after them ({lead}, {note},
// ...); lists of a lead's notes and attachments come whole, the timeline in pages.

/** meeting_at: a meeting's "yyyy-mm-ddThh:mm" in the organisation's time zone (issue 24), or none. */
export type ActivityInput = { type: ActivityDto["type"]; subject: string | null; content: string; meeting_at?: string | null };

const leadPath = (leadId: string) => `/leads/${encodeURIComponent(leadId)}`;

/** A list answer as one page (plain arrays and {items} both read the same). */
const asPage = <T>(body: T[] | Page<T> | { items: T[] }): Page<T> =>
  Array.isArray(body)
    ? { items: body, next_cursor: null }
    : { items: body.items, next_cursor: "next_cursor" in body ? body.next_cursor : null };

/** `{lead: …}` or the record itself. */
const unwrap = <T>(body: unknown, key: string): T =>
  body && typeof body === "object" && key in body ? ((body as Record<string, unknown>)[key] as T) : (body as T);

export const leadDetailApi = {
  getLead: async (leadId: string, signal?: AbortSignal) =>
    unwrap<LeadDto>(await api("GET", leadPath(leadId), undefined, { signal }), "lead"),
  updateLead: async (leadId: string, patch: Partial<Pick<LeadDto, "tags">>) =>
    unwrap<LeadDto>(await api("PATCH", leadPath(leadId), patch), "lead"),

  listActivities: async (leadId: string, cursor: string | undefined, signal?: AbortSignal) =>
    asPage(await api<Page<ActivityDto>>("GET", `${leadPath(leadId)}/activities${queryString({ cursor })}`, undefined, { signal })),
  createActivity: async (leadId: string, input: ActivityInput) =>
    unwrap<ActivityDto>(await api("POST", `${leadPath(leadId)}/activities`, input), "activity"),
  /** A meeting moved to another date and time ("yyyy-mm-ddThh:mm", the organisation's zone). */
  moveMeeting: async (leadId: string, activityId: string, meetingAt: string) =>
    unwrap<ActivityDto>(
      await api("PATCH", `${leadPath(leadId)}/activities/${encodeURIComponent(activityId)}`, { meeting_at: meetingAt }),
      "activity",
    ),
  deleteMeeting: (leadId: string, activityId: string) =>
    api<void>("DELETE", `${leadPath(leadId)}/activities/${encodeURIComponent(activityId)}`),

  listNotes: async (leadId: string, cursor: string | undefined, signal?: AbortSignal) =>
    asPage(await api<NoteDto[] | Page<NoteDto>>("GET", `${leadPath(leadId)}/notes${queryString({ cursor })}`, undefined, { signal })),
  createNote: async (leadId: string, content: string) =>
    unwrap<NoteDto>(await api("POST", `${leadPath(leadId)}/notes`, { content }), "note"),
  updateNote: async (leadId: string, noteId: string, content: string) =>
    unwrap<NoteDto>(await api("PATCH", `${leadPath(leadId)}/notes/${encodeURIComponent(noteId)}`, { content }), "note"),
  deleteNote: (leadId: string, noteId: string) => api<void>("DELETE", `${leadPath(leadId)}/notes/${encodeURIComponent(noteId)}`),

  listAttachments: async (leadId: string, cursor: string | undefined, signal?: AbortSignal) =>
    asPage(
      await api<AttachmentDto[] | Page<AttachmentDto>>("GET", `${leadPath(leadId)}/attachments${queryString({ cursor })}`, undefined, {
        signal,
      }),
    ),
  uploadAttachment: async (leadId: string, file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return unwrap<AttachmentDto>(await api("POST", `${leadPath(leadId)}/attachments`, form), "attachment");
  },
  /** The lead's open tasks, in the tasks screen's order (the first is the lead's next). */
  listOpenTasks: (leadId: string, cursor: string | undefined, signal?: AbortSignal) =>
    api<Page<TaskDto>>("GET", `/tasks${queryString({ lead_id: leadId, filter: "pending", cursor })}`, undefined, { signal }),
  completeTask: async (taskId: string) =>
    unwrap<TaskDto>(await api("PATCH", `/tasks/${encodeURIComponent(taskId)}/completion`, { completed: true }), "task"),

  deleteAttachment: (attachmentId: string) => api<void>("DELETE", attachmentUrl(attachmentId).slice("/api".length)),
};

/** Where an attachment's bytes are served (with its original name as the download name). */
export const attachmentUrl = (attachmentId: string) => `/api/attachments/${encodeURIComponent(attachmentId)}`;

/** The attachment's bytes; the API's errors and a lost connection throw like api() does. */
export async function fetchAttachment(attachmentId: string): Promise<Blob> {
  return (await apiFile(attachmentUrl(attachmentId))).blob;
}
