-- Issue 24 review (docs/decisions/028): when 'Notificações por Email' was last switched back ON
-- (0 → 1, in Settings). The digest only carries notifications created after it, so what
-- arrived while the e-mails were off is never e-mailed once they are on again. Null: never
-- switched back on (always on, or off since): no limit beyond the digest's own.
ALTER TABLE `notification_preferences` ADD `email_notifications_since` text;
