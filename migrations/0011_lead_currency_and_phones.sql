-- Issue 20: a lead's estimated value has a currency, and phones are stored in E.164.
--
-- 1. leads.currency (BRL, USD or EUR; BRL, the organisation's, by default). Added in place:
--    drizzle would rebuild the table for the CHECK, which drops the search and totals triggers
--    (docs/decisions/012); the named constraint is the one the schema declares.
ALTER TABLE `leads` ADD `currency` text DEFAULT 'BRL' NOT NULL CONSTRAINT "leads_currency_check" CHECK("currency" in ('BRL', 'USD', 'EUR'));
--> statement-breakpoint
-- 2. Leads from the site's chat assistant whose value is still the one its budget answer gave
--    (15 000 / 37 500 / 75 000 / 150 000, spec §9) were US dollars recorded as reais: the
--    first capture that carried a budget set it (lead-capture-service.ts). Values staff typed
--    differ from those and stay in reais.
UPDATE `leads` SET `currency` = 'USD'
WHERE `source` = 'website' AND `estimated_value` IN (15000, 37500, 75000, 150000)
	AND `estimated_value` = (
		SELECT CASE json_extract(a.metadata, '$.budget')
			WHEN 'budget_5k' THEN 15000 WHEN 'budget_25k' THEN 37500 WHEN 'budget_50k' THEN 75000 WHEN 'budget_100k' THEN 150000 END
		FROM `lead_activities` a
		WHERE a.lead_id = `leads`.`id` AND json_extract(a.metadata, '$.source') = 'chat_assistant'
			AND json_extract(a.metadata, '$.budget') IS NOT NULL
		ORDER BY a.created_at, a.rowid
		LIMIT 1
	);
--> statement-breakpoint
-- 3. Phones in E.164, where that is certain: the same rules as normalizePhone (app/modules/leads/phone.ts;
--    tests/api/lead-currency-phones.test.ts runs this statement against it). Only digits and
--    the separators "( ) . - " and a leading "+"; a Brazilian number (DDD 11-99, then 8 digits
--    from 2-5 or 9 digits from 9; with or without 55 or a leading 0) becomes +55…, any other
--    "+" number of 8-15 digits +…; a CPF and anything else stays as typed (formatPhone shows
--    it as it is). GLOB patterns stay under D1's 50 bytes: length() checks the lengths.
UPDATE `leads` SET `phone` = x.e164
FROM (
	SELECT id, CASE
		WHEN plus AND d GLOB '55*' THEN CASE WHEN br3 THEN '+' || d END
		WHEN plus THEN CASE WHEN length(d) BETWEEN 8 AND 15 THEN '+' || d END
		WHEN length(d) >= 12 AND d GLOB '55*' AND br3 THEN '+' || d
		WHEN (length(n) = 11 AND n GLOB '[1-9][1-9]9*') OR (length(n) = 10 AND n GLOB '[1-9][1-9][2-5]*') THEN '+55' || n
	END AS e164
	FROM (
		SELECT id, plus, d, CASE WHEN d GLOB '0*' THEN substr(d, 2) ELSE d END AS n,
			(length(d) = 13 AND d GLOB '55[1-9][1-9]9*') OR (length(d) = 12 AND d GLOB '55[1-9][1-9][2-5]*') AS br3
		FROM (
			SELECT id, trim(phone) GLOB '+*' AS plus,
				replace(replace(replace(replace(replace(replace(trim(phone), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') AS d
			FROM `leads`
			WHERE phone IS NOT NULL AND trim(phone) NOT GLOB '*[^0-9 ().+-]*' AND substr(trim(phone), 2) NOT GLOB '*+*'
				AND NOT (length(trim(phone)) = 14 AND trim(phone) GLOB '[0-9][0-9][0-9].[0-9][0-9][0-9].*' AND trim(phone) GLOB '*.[0-9][0-9][0-9]-[0-9][0-9]')
		)
	)
) AS x
WHERE x.id = `leads`.`id` AND x.e164 IS NOT NULL AND x.e164 <> `leads`.`phone`;
--> statement-breakpoint
-- 4. The per-status totals (0005) per currency, never added across currencies:
--    value_cents now holds the BRL leads' values only, usd_cents and eur_cents the others'.
ALTER TABLE `lead_status_totals` ADD `usd_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `lead_status_totals` ADD `eur_cents` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP TRIGGER `lead_status_totals_after_insert`;
--> statement-breakpoint
DROP TRIGGER `lead_status_totals_after_delete`;
--> statement-breakpoint
DROP TRIGGER `lead_status_totals_after_update`;
--> statement-breakpoint
CREATE TRIGGER `lead_status_totals_after_insert` AFTER INSERT ON `leads` BEGIN
	UPDATE lead_status_totals
	SET lead_count = lead_count + 1,
		value_cents = value_cents + coalesce(cast(round(new.estimated_value * 100) as integer), 0) * (new.currency = 'BRL'),
		usd_cents = usd_cents + coalesce(cast(round(new.estimated_value * 100) as integer), 0) * (new.currency = 'USD'),
		eur_cents = eur_cents + coalesce(cast(round(new.estimated_value * 100) as integer), 0) * (new.currency = 'EUR')
	WHERE status = new.status;
END;
--> statement-breakpoint
CREATE TRIGGER `lead_status_totals_after_delete` AFTER DELETE ON `leads` BEGIN
	UPDATE lead_status_totals
	SET lead_count = lead_count - 1,
		value_cents = value_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0) * (old.currency = 'BRL'),
		usd_cents = usd_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0) * (old.currency = 'USD'),
		eur_cents = eur_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0) * (old.currency = 'EUR')
	WHERE status = old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `lead_status_totals_after_update` AFTER UPDATE OF status, estimated_value, currency ON `leads` BEGIN
	UPDATE lead_status_totals
	SET lead_count = lead_count - 1,
		value_cents = value_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0) * (old.currency = 'BRL'),
		usd_cents = usd_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0) * (old.currency = 'USD'),
		eur_cents = eur_cents - coalesce(cast(round(old.estimated_value * 100) as integer), 0) * (old.currency = 'EUR')
	WHERE status = old.status;
	UPDATE lead_status_totals
	SET lead_count = lead_count + 1,
		value_cents = value_cents + coalesce(cast(round(new.estimated_value * 100) as integer), 0) * (new.currency = 'BRL'),
		usd_cents = usd_cents + coalesce(cast(round(new.estimated_value * 100) as integer), 0) * (new.currency = 'USD'),
		eur_cents = eur_cents + coalesce(cast(round(new.estimated_value * 100) as integer), 0) * (new.currency = 'EUR')
	WHERE status = new.status;
END;
--> statement-breakpoint
UPDATE lead_status_totals SET
	lead_count = (SELECT count(*) FROM leads WHERE leads.status = lead_status_totals.status),
	value_cents = (SELECT coalesce(sum(cast(round(estimated_value * 100) as integer)), 0) FROM leads WHERE leads.status = lead_status_totals.status AND leads.currency = 'BRL'),
	usd_cents = (SELECT coalesce(sum(cast(round(estimated_value * 100) as integer)), 0) FROM leads WHERE leads.status = lead_status_totals.status AND leads.currency = 'USD'),
	eur_cents = (SELECT coalesce(sum(cast(round(estimated_value * 100) as integer)), 0) FROM leads WHERE leads.status = lead_status_totals.status AND leads.currency = 'EUR');
