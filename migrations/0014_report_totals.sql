-- All-time report figures kept by triggers (issue 21, docs/decisions/020), so 'Todo período'
-- reads a few hundred rows instead of grouping 50,000 leads (a pass over every lead, even over
-- a covering index, costs 50–70 ms per grouping at that size; three of them were 500 ms):
-- - lead_report_groups: count and value (integer cents, like lead_status_totals) per status,
--   source, currency and owner ('' for none): the cards, 'Leads por Status', the sources and
--   the top sellers;
-- - lead_report_days: leads created, how many of them are won and their value in BRL cents,
--   per day of creation in São Paulo (UTC−3 all year since 2019, as task reminders read it):
--   the chart (weeks and months are made of days).
-- A bounded period (7 days, 30 days, this month) reads the leads themselves through
-- leads_report_idx, which holds every column its groupings need (no row is read).
--
-- Like lead_status_totals (0005), the triggers live on `leads`: a migration that rebuilds that
-- table must recreate them and recompute the rows (the backfill at the end of this file).
-- tests/api/reports.test.ts checks the figures match the leads after inserts, edits and deletes.
CREATE TABLE `lead_report_groups` (
	`status` text NOT NULL,
	`source` text NOT NULL,
	`currency` text NOT NULL,
	`owner` text NOT NULL,
	`lead_count` integer DEFAULT 0 NOT NULL,
	`value_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `source`, `currency`, `owner`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `lead_report_days` (
	`day` text PRIMARY KEY NOT NULL,
	`lead_count` integer DEFAULT 0 NOT NULL,
	`won_count` integer DEFAULT 0 NOT NULL,
	`won_cents` integer DEFAULT 0 NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `leads_report_idx` ON `leads` (`created_at`,`status`,`source`,`currency`,`assigned_to`,`estimated_value`);
--> statement-breakpoint
CREATE TRIGGER `lead_report_after_insert` AFTER INSERT ON `leads` BEGIN
	INSERT INTO lead_report_groups (status, source, currency, owner, lead_count, value_cents)
	VALUES (new.status, new.source, new.currency, coalesce(new.assigned_to, ''), 1, coalesce(cast(round(new.estimated_value * 100) as integer), 0))
	ON CONFLICT (status, source, currency, owner) DO UPDATE SET lead_count = lead_count + 1, value_cents = value_cents + excluded.value_cents;
	INSERT INTO lead_report_days (day, lead_count, won_count, won_cents)
	VALUES (date(new.created_at, '-3 hours'), 1, new.status = 'won',
		CASE WHEN new.status = 'won' AND new.currency = 'BRL' THEN coalesce(cast(round(new.estimated_value * 100) as integer), 0) ELSE 0 END)
	ON CONFLICT (day) DO UPDATE SET lead_count = lead_count + 1, won_count = won_count + excluded.won_count, won_cents = won_cents + excluded.won_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `lead_report_after_delete` AFTER DELETE ON `leads` BEGIN
	UPDATE lead_report_groups
	SET lead_count = lead_count - 1, value_cents = value_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0)
	WHERE status = old.status AND source = old.source AND currency = old.currency AND owner = coalesce(old.assigned_to, '');
	UPDATE lead_report_days
	SET lead_count = lead_count - 1, won_count = won_count - (old.status = 'won'),
		won_cents = won_cents - CASE WHEN old.status = 'won' AND old.currency = 'BRL' THEN coalesce(cast(round(old.estimated_value * 100) as integer), 0) ELSE 0 END
	WHERE day = date(old.created_at, '-3 hours');
END;
--> statement-breakpoint
CREATE TRIGGER `lead_report_after_update` AFTER UPDATE OF status, source, currency, assigned_to, estimated_value, created_at ON `leads` BEGIN
	UPDATE lead_report_groups
	SET lead_count = lead_count - 1, value_cents = value_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0)
	WHERE status = old.status AND source = old.source AND currency = old.currency AND owner = coalesce(old.assigned_to, '');
	INSERT INTO lead_report_groups (status, source, currency, owner, lead_count, value_cents)
	VALUES (new.status, new.source, new.currency, coalesce(new.assigned_to, ''), 1, coalesce(cast(round(new.estimated_value * 100) as integer), 0))
	ON CONFLICT (status, source, currency, owner) DO UPDATE SET lead_count = lead_count + 1, value_cents = value_cents + excluded.value_cents;
	UPDATE lead_report_days
	SET lead_count = lead_count - 1, won_count = won_count - (old.status = 'won'),
		won_cents = won_cents - CASE WHEN old.status = 'won' AND old.currency = 'BRL' THEN coalesce(cast(round(old.estimated_value * 100) as integer), 0) ELSE 0 END
	WHERE day = date(old.created_at, '-3 hours');
	INSERT INTO lead_report_days (day, lead_count, won_count, won_cents)
	VALUES (date(new.created_at, '-3 hours'), 1, new.status = 'won',
		CASE WHEN new.status = 'won' AND new.currency = 'BRL' THEN coalesce(cast(round(new.estimated_value * 100) as integer), 0) ELSE 0 END)
	ON CONFLICT (day) DO UPDATE SET lead_count = lead_count + 1, won_count = won_count + excluded.won_count, won_cents = won_cents + excluded.won_cents;
END;
--> statement-breakpoint
INSERT INTO lead_report_groups (status, source, currency, owner, lead_count, value_cents)
SELECT status, source, currency, coalesce(assigned_to, ''), count(*), coalesce(sum(cast(round(estimated_value * 100) as integer)), 0)
FROM leads GROUP BY status, source, currency, coalesce(assigned_to, '');
--> statement-breakpoint
INSERT INTO lead_report_days (day, lead_count, won_count, won_cents)
SELECT date(created_at, '-3 hours'), count(*), sum(status = 'won'),
	coalesce(sum(CASE WHEN status = 'won' AND currency = 'BRL' THEN cast(round(estimated_value * 100) as integer) END), 0)
FROM leads GROUP BY date(created_at, '-3 hours');
