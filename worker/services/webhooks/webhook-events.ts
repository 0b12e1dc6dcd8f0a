// What each write tells the webhooks (issue 25, docs/decisions/032): the payload `data` of
// every event type, built from the DTOs the services already return. Called after the write
// took (lead-events.ts, task-service.ts, lead-bulk-service.ts, lead-capture-service.ts), through
// emitWebhooks: never awaited by the request, never thrown into it.
import type { LeadStatus } from "../../db/schema/index.ts";
import type { LeadDto, TaskDto, UserRef } from "../crm-types.ts";
import type { ServiceContext } from "../service-context.ts";
import { emitWebhooks, type WebhookEventInput } from "./webhook-delivery.ts";

/** The lead as a webhook carries it: the list DTO without the screens' next_task. */
const leadData = (lead: LeadDto) => {
  const { next_task: _nextTask, ...rest } = lead;
  return rest;
};

/** A lead created (previousStatus null) or changed: lead.created, or lead.updated and, when its status moved, lead.status_changed. */
export function leadChangedEvents(actor: UserRef | null, lead: LeadDto, previousStatus: LeadStatus | null): WebhookEventInput[] {
  if (previousStatus === null) return [{ type: "lead.created", data: { lead: leadData(lead), actor } }];
  const events: WebhookEventInput[] = [{ type: "lead.updated", data: { lead: leadData(lead), previous_status: previousStatus, actor } }];
  if (previousStatus !== lead.status) {
    events.push({
      type: "lead.status_changed",
      data: { lead: leadData(lead), previous_status: previousStatus, status: lead.status, actor },
    });
  }
  return events;
}

export type DeletedLead = { id: string; status: LeadStatus; estimated_value: number | null; currency: LeadDto["currency"] };

export const leadDeletedEvent = (actor: UserRef | null, lead: DeletedLead): WebhookEventInput => ({
  type: "lead.deleted",
  data: { lead: { id: lead.id, status: lead.status, estimated_value: lead.estimated_value, currency: lead.currency }, actor },
});

/** The site chat assistant captured a lead (new, or an existing one it matched by e-mail). */
export const leadCapturedEvent = (lead: LeadDto, created: boolean): WebhookEventInput => ({
  type: "lead.captured",
  data: { lead: leadData(lead), created, source: "chat_assistant" },
});

export const taskCreatedEvent = (actor: UserRef | null, task: TaskDto): WebhookEventInput => ({
  type: "task.created",
  data: { task, actor },
});

export const taskCompletedEvent = (actor: UserRef | null, task: TaskDto): WebhookEventInput => ({
  type: "task.completed",
  data: { task, actor },
});

/** Emits after the write took; never throws, never awaited by the request. */
export function announce(ctx: ServiceContext, events: readonly WebhookEventInput[]): void {
  try {
    emitWebhooks(ctx, events);
  } catch (error) {
    console.error("webhooks: events not announced", error);
  }
}
