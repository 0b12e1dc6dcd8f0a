-- Count and value sum of the leads of each status, kept by triggers, so the dashboard and the
-- pipeline headers read 6 rows instead of counting 50,000 leads on every load (crm.md §2: the
-- dashboard's cards and 'Pipeline de Vendas', the pipeline's column headers). Values are kept
-- in integer cents so the running sums never drift; value_cents / 100.0 is the sum of
-- estimated_value (NULL counts as 0). See docs/decisions/012-crm-reads-at-scale.md.
--
-- Like leads_fts (0003), the triggers live on `leads`: a migration that rebuilds that table
-- must recreate them and recompute the rows (the backfill at the end of this file).
-- tests/api/lead-queries.test.ts checks the triggers exist and the figures match the data.
CREATE TABLE `lead_status_totals` (
	`status` text PRIMARY KEY NOT NULL,
	`lead_count` integer DEFAULT 0 NOT NULL,
	`value_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO lead_status_totals (status) VALUES ('new'), ('qualified'), ('contacted'), ('negotiating'), ('won'), ('lost');
--> statement-breakpoint
CREATE TRIGGER `lead_status_totals_after_insert` AFTER INSERT ON `leads` BEGIN
	UPDATE lead_status_totals
	SET lead_count = lead_count + 1, value_cents = value_cents + coalesce(cast(round(new.estimated_value * 100) as integer), 0)
	WHERE status = new.status;
END;
--> statement-breakpoint
CREATE TRIGGER `lead_status_totals_after_delete` AFTER DELETE ON `leads` BEGIN
	UPDATE lead_status_totals
	SET lead_count = lead_count - 1, value_cents = value_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0)
	WHERE status = old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `lead_status_totals_after_update` AFTER UPDATE OF status, estimated_value ON `leads` BEGIN
	UPDATE lead_status_totals
	SET lead_count = lead_count - 1, value_cents = value_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0)
	WHERE status = old.status;
	UPDATE lead_status_totals
	SET lead_count = lead_count + 1, value_cents = value_cents + coalesce(cast(round(new.estimated_value * 100) as integer), 0)
	WHERE status = new.status;
END;
--> statement-breakpoint
UPDATE lead_status_totals SET
	lead_count = (SELECT count(*) FROM leads WHERE leads.status = lead_status_totals.status),
	value_cents = (SELECT coalesce(sum(cast(round(estimated_value * 100) as integer)), 0) FROM leads WHERE leads.status = lead_status_totals.status);
