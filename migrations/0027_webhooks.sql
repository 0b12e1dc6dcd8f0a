-- Issue 25 (webhooks, docs/decisions/032): the admins' webhook endpoints (the signing secret
-- stored encrypted, never in clear) and one outbox row per event and endpoint, whose id is the
-- Standard Webhooks webhook-id every try and a resend keep.
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`disabled_reason` text,
	`failing_since` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "webhook_endpoints_url_check" CHECK("webhook_endpoints"."url" like 'https://%' or "webhook_endpoints"."url" like 'http://%'),
	CONSTRAINT "webhook_endpoints_events_check" CHECK(json_valid("webhook_endpoints"."events") and json_type("webhook_endpoints"."events") = 'array'),
	CONSTRAINT "webhook_endpoints_disabled_reason_check" CHECK("webhook_endpoints"."disabled_reason" is null or "webhook_endpoints"."disabled_reason" in ('manual', 'failing'))
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`event_type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_until` text,
	`next_attempt_at` text,
	`last_attempt_at` text,
	`response_status` integer,
	`response_ms` integer,
	`response_body` text,
	`last_error` text,
	`delivered_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "webhook_deliveries_status_check" CHECK("webhook_deliveries"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "webhook_deliveries_event_check" CHECK("webhook_deliveries"."event_type" in ('lead.created', 'lead.updated', 'lead.status_changed', 'lead.deleted', 'lead.captured', 'task.created', 'task.completed'))
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_created_idx` ON `webhook_deliveries` (`endpoint_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_status_next_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);
