-- Settings → Usuários (issue 22): invitations, and the audit trail of every change to the team.
--
-- users.invited_at: when the pending invitation was (last) sent; null once the invited person
-- set a password through its link (or for an account that was never invited). The row of an
-- invited person carries a password hash nobody knows until then, so it cannot sign in.
ALTER TABLE `users` ADD `invited_at` text;
--> statement-breakpoint
-- An invitation link is a password_reset_tokens row (the recovery flow's single-use token
-- machinery) with its own purpose and a 7-day expiry; a newer link of either purpose spends
-- the older ones.
ALTER TABLE `password_reset_tokens` ADD `purpose` text DEFAULT 'recovery' NOT NULL CHECK (`purpose` in ('recovery', 'invite'));
--> statement-breakpoint
-- Who changed what: one row per change (actor, action, target, before → after as JSON). The
-- actor's name is copied so the entry reads the same after the account is renamed or removed.
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`target_label` text,
	`before` text,
	`after` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);
