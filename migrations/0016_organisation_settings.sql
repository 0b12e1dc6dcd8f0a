-- Settings → Sistema (issue 22, docs/decisions/021): the organisation's settings, one row
-- (id = 1) that the whole CRM reads: the company name (frame, e-mails), the time zone and
-- currency every screen, e-mail, CSV and report formats with, automatic backup (stored only
-- until the data issue), maintenance mode (the public site's writes answer 503) and debug mode
-- (a request id and a log line per request). Admins change it; updated_by says who last did.
CREATE TABLE `organisation_settings` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`company_name` text DEFAULT 'Minha Empresa' NOT NULL,
	`time_zone` text DEFAULT 'America/Sao_Paulo' NOT NULL CHECK (`time_zone` in ('America/Sao_Paulo', 'America/New_York', 'Europe/London')),
	`currency` text DEFAULT 'BRL' NOT NULL CHECK (`currency` in ('BRL', 'USD', 'EUR')),
	`auto_backup` integer DEFAULT 1 NOT NULL CHECK (`auto_backup` in (0, 1)),
	`maintenance_mode` integer DEFAULT 0 NOT NULL CHECK (`maintenance_mode` in (0, 1)),
	`debug_mode` integer DEFAULT 0 NOT NULL CHECK (`debug_mode` in (0, 1)),
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- A fixed time, not now(): every database migrated reads the same row (tests/db/migrations.test.ts).
INSERT INTO `organisation_settings` (`id`, `updated_at`) VALUES (1, '2026-11-26T00:00:00.000Z');
