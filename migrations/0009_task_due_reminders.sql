-- One task_due reminder per task and due date (issue 14, worker/services/task-reminder-service.ts):
-- the scheduled run writes here with ON CONFLICT DO NOTHING and notifies only what its own
-- run_id wrote, so two overlapping runs can never notify twice.
CREATE TABLE `task_due_reminders` (
	`task_id` text NOT NULL,
	`due_date` text NOT NULL,
	`run_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`task_id`, `due_date`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_due_reminders_run_idx` ON `task_due_reminders` (`run_id`);