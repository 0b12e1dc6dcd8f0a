-- The leads list's orders besides newest/oldest (issue 20, lead-query-service.ts LEAD_ORDERS):
-- value (NULL last), name (accent- and case-blind) and last activity, each a keyset index
-- ending in the id, like leads_created_at_idx.
--
-- last_activity_at: when the lead's timeline, notes or attachments last got something; kept
-- by the triggers below (status changes and edits write a timeline entry, so they count).
-- NULL means nothing yet: the lead's creation is its last activity (LEAD_LAST_ACTIVITY).
ALTER TABLE `leads` ADD `last_activity_at` text;
--> statement-breakpoint
UPDATE `leads` SET `last_activity_at` = (
	SELECT max(at) FROM (
		SELECT max(created_at) AS at FROM lead_activities WHERE lead_id = leads.id
		UNION ALL SELECT max(updated_at) FROM lead_notes WHERE lead_id = leads.id
		UNION ALL SELECT max(created_at) FROM lead_attachments WHERE lead_id = leads.id
	)
);
--> statement-breakpoint
-- The name as the "name" order compares it (worker/db/schema/leads.ts leadNameKeySql).
ALTER TABLE `leads` ADD `name_key` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(trim(name)), 'á', 'a'), 'à', 'a'), 'â', 'a'), 'ã', 'a'), 'ä', 'a'), 'å', 'a'), 'Á', 'a'), 'À', 'a'), 'Â', 'a'), 'Ã', 'a'), 'Ä', 'a'), 'Å', 'a'), 'é', 'e'), 'è', 'e'), 'ê', 'e'), 'ë', 'e'), 'É', 'e'), 'È', 'e'), 'Ê', 'e'), 'Ë', 'e'), 'í', 'i'), 'ì', 'i'), 'î', 'i'), 'ï', 'i'), 'Í', 'i'), 'Ì', 'i'), 'Î', 'i'), 'Ï', 'i'), 'ó', 'o'), 'ò', 'o'), 'ô', 'o'), 'õ', 'o'), 'ö', 'o'), 'Ó', 'o'), 'Ò', 'o'), 'Ô', 'o'), 'Õ', 'o'), 'Ö', 'o'), 'ú', 'u'), 'ù', 'u'), 'û', 'u'), 'ü', 'u'), 'Ú', 'u'), 'Ù', 'u'), 'Û', 'u'), 'Ü', 'u'), 'ç', 'c'), 'Ç', 'c'), 'ñ', 'n'), 'Ñ', 'n'), 'ý', 'y'), 'ÿ', 'y'), 'Ý', 'y'), 'Ÿ', 'y')) VIRTUAL;
--> statement-breakpoint
CREATE INDEX `leads_value_idx` ON `leads` (coalesce("estimated_value", -1),`id`);
--> statement-breakpoint
CREATE INDEX `leads_name_key_idx` ON `leads` (`name_key`,`id`);
--> statement-breakpoint
CREATE INDEX `leads_last_activity_idx` ON `leads` (coalesce("last_activity_at", "created_at"),`id`);
--> statement-breakpoint
CREATE TRIGGER `leads_last_activity_after_activity` AFTER INSERT ON `lead_activities` BEGIN
	UPDATE leads SET last_activity_at = new.created_at WHERE id = new.lead_id AND coalesce(last_activity_at, '') < new.created_at;
END;
--> statement-breakpoint
CREATE TRIGGER `leads_last_activity_after_note` AFTER INSERT ON `lead_notes` BEGIN
	UPDATE leads SET last_activity_at = new.updated_at WHERE id = new.lead_id AND coalesce(last_activity_at, '') < new.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER `leads_last_activity_after_note_edit` AFTER UPDATE OF content ON `lead_notes` BEGIN
	UPDATE leads SET last_activity_at = new.updated_at WHERE id = new.lead_id AND coalesce(last_activity_at, '') < new.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER `leads_last_activity_after_attachment` AFTER INSERT ON `lead_attachments` BEGIN
	UPDATE leads SET last_activity_at = new.created_at WHERE id = new.lead_id AND coalesce(last_activity_at, '') < new.created_at;
END;
