-- A task's due date may carry a time (issue 20, worker/services/task-service.ts): due_has_time
-- says whether someone chose one; without it due_date is the end of a São Paulo day, as the
-- date picker always stored it (23:59:59.999-03:00 = 02:59:59.999Z). Dates written before,
-- through the API with a time, get the flag. The partial index serves each lead's next open
-- task (the lead cards' line): a page's leads, their open tasks by due date.
ALTER TABLE `tasks` ADD `due_has_time` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `tasks` SET `due_has_time` = 1 WHERE `due_date` IS NOT NULL AND substr(`due_date`, 11) <> 'T02:59:59.999Z';--> statement-breakpoint
CREATE INDEX `tasks_open_lead_due_idx` ON `tasks` (`lead_id`,`due_date`) WHERE "tasks"."completed" = 0;
