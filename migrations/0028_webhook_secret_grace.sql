-- Issue 25 follow-up (docs/decisions/032): rotating an endpoint's secret keeps the previous one
-- valid for 24 hours unless the admin revokes it at once; while it is, every delivery is signed
-- with both (Standard Webhooks: space-separated signatures), so a receiver can switch without a
-- failed delivery. Sealed like `secret` (AES-GCM under AUTH_SECRET, the endpoint id as AAD).
ALTER TABLE `webhook_endpoints` ADD `previous_secret` text;
--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `previous_secret_expires_at` text;
