-- Issue 24 (Web Push, docs/decisions/029): each browser that turned 'Notificações Push' on,
-- per user and per session (ending the session deletes it), with the RFC 8291 keys the
-- notifications are encrypted to and when a push last went through.
CREATE TABLE `push_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`label` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `auth_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_devices_endpoint_check" CHECK("push_devices"."endpoint" like 'https://%')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_devices_endpoint_unique` ON `push_devices` (`endpoint`);
--> statement-breakpoint
CREATE INDEX `push_devices_user_idx` ON `push_devices` (`user_id`);
--> statement-breakpoint
CREATE INDEX `push_devices_session_idx` ON `push_devices` (`session_id`);
