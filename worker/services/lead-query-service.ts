// The CRM's lead reads at scale (owned by the "lead queries" work): the paginated list with
// search and status filter, the pipeline board, and their cursors.
import type { Authenticated } from "./auth-service.ts";
import type { LeadDto, LeadListQuery, Page, PipelineColumnDto, PipelineDto } from "./crm-types.ts";
import type { LeadStatus } from "../db/schema/index.ts";
import type { ServiceContext } from "./service-context.ts";

/** Newest first, filtered by status and/or text, cursor-paginated. */
export async function listLeads(_ctx: ServiceContext, _actor: Authenticated, _query: LeadListQuery): Promise<Page<LeadDto>> {
  throw new Error("listLeads: not implemented yet");
}

/** The six columns with count, value sum and the first `perColumn` (default 20) cards each. */
export async function loadPipeline(
  _ctx: ServiceContext,
  _actor: Authenticated,
  _query: { q?: string; perColumn?: number },
): Promise<PipelineDto> {
  throw new Error("loadPipeline: not implemented yet");
}

/** More cards of one column (its `next_cursor`). */
export async function loadPipelineColumn(
  _ctx: ServiceContext,
  _actor: Authenticated,
  _status: LeadStatus,
  _query: { q?: string; cursor?: string; limit?: number },
): Promise<PipelineColumnDto> {
  throw new Error("loadPipelineColumn: not implemented yet");
}
