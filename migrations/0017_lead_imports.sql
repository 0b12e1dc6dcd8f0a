-- Importar Dados (issue 23): one row per CSV import. The file itself is in R2
-- (imports/<id>.csv); this row holds what the preview counted and what the commit batches
-- wrote so far. A commit batch claims its rows with one guarded UPDATE (`next_row` moves
-- from the value read to the batch's end, `batch_token` names the claimer) in the same D1
-- batch as its lead writes and its counters, so a double click or a second tab never writes
-- a row twice, and a failed batch leaves nothing half done.
CREATE TABLE `lead_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`status` text DEFAULT 'previewed' NOT NULL CHECK (`status` in ('previewed', 'running', 'done')),
	`mode` text CHECK (`mode` is null or `mode` in ('update_empty', 'overwrite', 'skip')),
	`headers` text DEFAULT '[]' NOT NULL CHECK (json_valid(`headers`)),
	`mapping` text DEFAULT '[]' NOT NULL CHECK (json_valid(`mapping`)),
	`value_map` text DEFAULT '{}' NOT NULL CHECK (json_valid(`value_map`)),
	`rows` integer DEFAULT 0 NOT NULL,
	`valid` integer DEFAULT 0 NOT NULL,
	`new` integer DEFAULT 0 NOT NULL,
	`matches` integer DEFAULT 0 NOT NULL,
	`invalid` integer DEFAULT 0 NOT NULL,
	`duplicates` integer DEFAULT 0 NOT NULL,
	`unknown_values` text DEFAULT '{"status":[],"source":[]}' NOT NULL CHECK (json_valid(`unknown_values`)),
	`issues` text DEFAULT '[]' NOT NULL CHECK (json_valid(`issues`)),
	`next_row` integer DEFAULT 0 NOT NULL CHECK (`next_row` >= 0),
	`batch_token` text,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lead_imports_created_at_idx` ON `lead_imports` (`created_at`);
