import type { Authenticated } from "./auth-service.ts";
import type { ActivityDto, AttachmentDto, LeadDto, NoteDto, Page } from "./crm-types.ts";
import type { ServiceContext } from "./service-context.ts";

/** One lead (404 not_found when it does not exist). */
export async function getLead(_ctx: ServiceContext, _actor: Authenticated, _id: string): Promise<LeadDto> {
  throw new Error("getLead: not implemented yet");
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
