-- E-mails leave through a Cloudflare Queue (issue 24, docs/decisions/026): a delivery claims
-- its outbox row until `claimed_until` (an ISO instant) before it sends, so a second delivery
-- of the same e-mail (a duplicate queue message, a retry, the Cron's retryOutbox) running at
-- the same time finds it claimed and does not send it again.
ALTER TABLE `email_outbox` ADD `claimed_until` text;
-- Extra header fields of the e-mail (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058) as a
-- JSON object, each name and value single-line; null when it has none.
ALTER TABLE `email_outbox` ADD `headers` text;
