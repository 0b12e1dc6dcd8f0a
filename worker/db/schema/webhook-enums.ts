// Webhooks' value lists (issue 25): plain constants, so the browser's webhooks panel can import
// them without drizzle.

/** What an endpoint can subscribe to (the Standard Webhooks `type` of each payload; issue 25). */
export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.updated",
  "lead.status_changed",
  "lead.deleted",
  "lead.captured",
  "task.created",
  "task.completed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** pending: waiting for its next try (or trying); sent: a 2xx took it; failed: given up (or refused for good). */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "sent", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an endpoint is off: an admin turned it off, or it kept failing (docs/decisions/032). */
export const WEBHOOK_DISABLED_REASONS = ["manual", "failing"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];
