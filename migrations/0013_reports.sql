-- Relatórios e Analytics (issue 21, docs/decisions/020).
--
-- users.language: the language a user reads the CRM in, saved when they sign in or switch it,
-- so what is sent to them outside a request (report e-mails) is in that language.
ALTER TABLE `users` ADD `language` text DEFAULT 'pt' NOT NULL CHECK (`language` in ('pt', 'es', 'en'));
--> statement-breakpoint
-- One row per user, kind and period whose report e-mail was written to the outbox: the Cron
-- Trigger's insert `on conflict do nothing` is the condition that makes a second or
-- overlapping run send nothing twice (report-email-service.ts). period_start: the week's
-- Monday or the month's first day (YYYY-MM-DD, the organisation's calendar).
CREATE TABLE `report_deliveries` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`period_start` text NOT NULL,
	`run_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `period_start`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "report_deliveries_kind_check" CHECK("report_deliveries"."kind" in ('weekly', 'monthly'))
);
--> statement-breakpoint
CREATE INDEX `report_deliveries_run_idx` ON `report_deliveries` (`run_id`);
