import type { Authenticated } from "./auth-service.ts";
import type { Page, TaskDto, TaskListQuery } from "./crm-types.ts";
import type { ServiceContext } from "./service-context.ts";

/** Ordered by due date ascending, tasks without a date last; search and filter on the server. */
export async function listTasks(_ctx: ServiceContext, _actor: Authenticated, _query: TaskListQuery): Promise<Page<TaskDto>> {
  throw new Error("listTasks: not implemented yet");
}

export async function getTask(_ctx: ServiceContext, _actor: Authenticated, _id: string): Promise<TaskDto> {
  throw new Error("getTask: not implemented yet");
}
