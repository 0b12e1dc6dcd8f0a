PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_lead_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`type` text NOT NULL,
	`subject` text,
	`content` text NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`author_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "lead_activities_type_check" CHECK("__new_lead_activities"."type" in ('whatsapp', 'email', 'call', 'meeting', 'internal_note', 'status_change', 'assignment_change', 'lead_update')),
	CONSTRAINT "lead_activities_metadata_check" CHECK(json_valid("__new_lead_activities"."metadata"))
);
--> statement-breakpoint
INSERT INTO `__new_lead_activities`("id", "lead_id", "type", "subject", "content", "metadata", "author_id", "created_at") SELECT "id", "lead_id", "type", "subject", "content", "metadata", "author_id", "created_at" FROM `lead_activities`;--> statement-breakpoint
DROP TABLE `lead_activities`;--> statement-breakpoint
ALTER TABLE `__new_lead_activities` RENAME TO `lead_activities`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `lead_activities_lead_created_at_idx` ON `lead_activities` (`lead_id`,`created_at`);