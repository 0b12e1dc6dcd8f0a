-- Text search for leads (crm.md §5: name, e-mail, company and tags, case- and
-- accent-insensitive) and tasks (title, description; the linked lead's name is found
-- through leads_fts), kept indexed at 50,000 leads. See docs/decisions/012-crm-reads-at-scale.md.
--
-- Both are FTS5 "external content" tables: the index stores only the tokens and reads the
-- text from the real table by rowid. unicode61 with remove_diacritics 2 folds case and
-- accents ("joao" finds "João", "SÃO" finds "são"); prefix indexes of 2 and 3 characters
-- keep short "as you type" prefixes cheap. leads.tags is JSON text (["Urgente","Orçamento"]):
-- brackets, quotes and commas are separators for the tokenizer, so each tag is tokens.
--
-- The triggers below keep the indexes in sync. A later migration that REBUILDS leads or
-- tasks (drizzle's __new_<table> copy + rename) drops these triggers with the old table
-- and gives the rows new rowids: such a migration must recreate the triggers and end with
-- INSERT INTO leads_fts(leads_fts) VALUES ('rebuild') (or tasks_fts). tests/api/lead-queries.test.ts
-- checks the triggers exist and that the index matches the table.
CREATE VIRTUAL TABLE `leads_fts` USING fts5(
	name, email, company, tags,
	content='leads', content_rowid='rowid',
	tokenize="unicode61 remove_diacritics 2",
	prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `leads_fts_after_insert` AFTER INSERT ON `leads` BEGIN
	INSERT INTO leads_fts(rowid, name, email, company, tags) VALUES (new.rowid, new.name, new.email, new.company, new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `leads_fts_after_delete` AFTER DELETE ON `leads` BEGIN
	INSERT INTO leads_fts(leads_fts, rowid, name, email, company, tags) VALUES ('delete', old.rowid, old.name, old.email, old.company, old.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `leads_fts_after_update` AFTER UPDATE OF name, email, company, tags ON `leads` BEGIN
	INSERT INTO leads_fts(leads_fts, rowid, name, email, company, tags) VALUES ('delete', old.rowid, old.name, old.email, old.company, old.tags);
	INSERT INTO leads_fts(rowid, name, email, company, tags) VALUES (new.rowid, new.name, new.email, new.company, new.tags);
END;
--> statement-breakpoint
INSERT INTO leads_fts(leads_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `tasks_fts` USING fts5(
	title, description,
	content='tasks', content_rowid='rowid',
	tokenize="unicode61 remove_diacritics 2",
	prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `tasks_fts_after_insert` AFTER INSERT ON `tasks` BEGIN
	INSERT INTO tasks_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_fts_after_delete` AFTER DELETE ON `tasks` BEGIN
	INSERT INTO tasks_fts(tasks_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_fts_after_update` AFTER UPDATE OF title, description ON `tasks` BEGIN
	INSERT INTO tasks_fts(tasks_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
	INSERT INTO tasks_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
--> statement-breakpoint
INSERT INTO tasks_fts(tasks_fts) VALUES ('rebuild');
