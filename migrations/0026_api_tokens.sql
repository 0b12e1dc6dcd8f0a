-- Issue 25 (personal API tokens, docs/decisions/031): named tokens with scopes and an optional
-- expiry, stored only as the SHA-256 of their secret with a short prefix for display; the
-- audit log gains an index for a token's own requests and a partial index that keeps the
-- trail of changes (Settings → Usuários) fast however many requests tokens log.
CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text,
	`last_used_at` text,
	`revoked_at` text,
	`revoked_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`revoked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "api_tokens_scopes_check" CHECK(json_valid("api_tokens"."scopes") and json_array_length("api_tokens"."scopes") > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `audit_log_target_created_idx` ON `audit_log` (`target_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `audit_log_changes_created_idx` ON `audit_log` (`created_at`) WHERE action <> 'token.request';
