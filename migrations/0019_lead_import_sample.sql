-- Importar Dados (issue 23, review fixes): what the preview shows besides its counts. `sample`
-- holds the first 5 valid rows as they will be stored (the values read from the cells, the
-- defaults filled in, the owner by id and name), so the preview (and a later GET, e.g. to
-- resume) shows them without reading the file again; `without_email` counts the valid rows
-- with no e-mail (always created, never matched).
ALTER TABLE `lead_imports` ADD `sample` text DEFAULT '[]' NOT NULL CHECK (json_valid(`sample`));
--> statement-breakpoint
ALTER TABLE `lead_imports` ADD `without_email` integer DEFAULT 0 NOT NULL;
