-- Issue 24, 'Notificações por Email' and one-click unsubscribe (docs/decisions/028).
--
-- A digest e-mail of a user's unread notifications: one row per user and Cron run that claimed
-- it. The Cron Trigger inserts it only when the user has had none in the last 15 minutes
-- (one statement: a parallel burst of runs claims one), and the notifications it carries are
-- then listed in notification_digest_items, whose primary key is the notification: no
-- notification is ever in two digests. status: 'claimed' (being written), 'queued' (its
-- e-mail is in the outbox, email_id), 'empty' (everything was read before it went: no
-- e-mail), 'abandoned' (the run died before writing it; its notifications were released).
CREATE TABLE `notification_digests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`run_id` text NOT NULL,
	`status` text DEFAULT 'claimed' NOT NULL,
	`email_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_digests_status_check" CHECK("notification_digests"."status" in ('claimed', 'queued', 'empty', 'abandoned'))
);
--> statement-breakpoint
CREATE INDEX `notification_digests_user_created_at_idx` ON `notification_digests` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `notification_digests_run_idx` ON `notification_digests` (`run_id`);
--> statement-breakpoint
CREATE INDEX `notification_digests_status_created_at_idx` ON `notification_digests` (`status`,`created_at`);
--> statement-breakpoint
CREATE TABLE `notification_digest_items` (
	`notification_id` text PRIMARY KEY NOT NULL,
	`digest_id` text NOT NULL,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`digest_id`) REFERENCES `notification_digests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_digest_items_digest_idx` ON `notification_digest_items` (`digest_id`);
--> statement-breakpoint
-- A one-click unsubscribe token that was used (its jti): using it again answers "already
-- done" and changes nothing, so a link clicked again after the user switched the e-mails
-- back on in Settings does not switch them off a second time.
CREATE TABLE `unsubscribe_token_uses` (
	`jti` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`switch` text NOT NULL,
	`request_id` text NOT NULL,
	`used_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "unsubscribe_token_uses_switch_check" CHECK("unsubscribe_token_uses"."switch" in ('email_notifications', 'weekly_reports', 'monthly_reports'))
);
