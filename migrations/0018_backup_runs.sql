-- Automatic backups (issue 23, docs/decisions/022): one row per organisation-local day the Cron
-- Trigger claimed for a backup. The claim is one statement (insert … on conflict … where …
-- returning), so two runs of the same day, or two at once, write one backup: a 'done' day is
-- never taken again; a 'failed' one, or a 'running' one whose run died (started over 20 minutes
-- ago), is taken again by the next run, up to 3 attempts a day.
CREATE TABLE `backup_runs` (
	`date` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL CHECK (`status` in ('running', 'done', 'failed')),
	`attempts` integer DEFAULT 1 NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`error` text
);
