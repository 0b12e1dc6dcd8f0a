// The lead detail dialog's backend: the lead, its timeline (activities), notes and R2
// attachments. Everyone signed in reads; writing needs the right to edit the lead
// (canEditLead), with the extra rules of docs/decisions/010 for notes and attachments.
import type { Authenticated } from "./auth-service.ts";
import type { ActivityDto, AttachmentDto, LeadDto, NoteDto, Page } from "./crm-types.ts";
import { readLead } from "./lead-service.ts";
import type { ServiceContext } from "./service-context.ts";

/** One lead (404 not_found when it does not exist). */
export async function getLead(ctx: ServiceContext, _actor: Authenticated, id: string): Promise<LeadDto> {
  const { row: _row, ...lead } = await readLead(ctx, id);
  return lead;
}

/** The timeline, newest first. */
export async function listActivities(_ctx: ServiceContext, _actor: Authenticated, _leadId: string, _cursor?: string): Promise<Page<ActivityDto>> {
  throw new Error("listActivities: not implemented yet");
}

export async function listNotes(_ctx: ServiceContext, _actor: Authenticated, _leadId: string): Promise<NoteDto[]> {
  throw new Error("listNotes: not implemented yet");
}

export async function listAttachments(_ctx: ServiceContext, _actor: Authenticated, _leadId: string): Promise<AttachmentDto[]> {
  throw new Error("listAttachments: not implemented yet");
}
