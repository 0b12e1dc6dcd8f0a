DROP INDEX `leads_created_at_idx`;--> statement-breakpoint
DROP INDEX `leads_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `leads_status_value_idx` ON `leads` (`status`,`estimated_value`);--> statement-breakpoint
CREATE INDEX `leads_created_at_idx` ON `leads` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_status_created_at_idx` ON `leads` (`status`,`created_at`,`id`);