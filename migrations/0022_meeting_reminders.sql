-- Meeting reminders (issue 24, docs/decisions/027, worker/services/meeting-reminder-service.ts).
-- A meeting logged on a lead's timeline (lead_activities.type = 'meeting') may carry the date
-- and time it takes place: one row here per such meeting (its own table, so the positional
-- `insert … select` writers of lead_activities stay as they are). Moving the meeting changes
-- meeting_at; removing the activity removes the row.
CREATE TABLE `lead_meetings` (
	`activity_id` text PRIMARY KEY NOT NULL,
	`meeting_at` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`activity_id`) REFERENCES `lead_activities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_meetings_meeting_at_idx` ON `lead_meetings` (`meeting_at`);
--> statement-breakpoint
-- One meeting_reminder per meeting, its time and recipient (the author, the lead's owner): the
-- scheduled run inserts here with ON CONFLICT DO NOTHING and notifies only the rows its own
-- run_id wrote, so overlapping runs never notify twice and a moved meeting reminds again for
-- its new time.
CREATE TABLE `meeting_reminders` (
	`activity_id` text NOT NULL,
	`meeting_at` text NOT NULL,
	`user_id` text NOT NULL,
	`run_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`activity_id`, `meeting_at`, `user_id`),
	FOREIGN KEY (`activity_id`) REFERENCES `lead_activities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meeting_reminders_run_idx` ON `meeting_reminders` (`run_id`);
