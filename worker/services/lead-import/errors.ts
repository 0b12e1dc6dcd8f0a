// The import's own refusals (issue 23 "Bad input"): a file that cannot be read at all, a
// mapping that cannot work, a mode changed after the first batch, a stored file gone. Each is a domain error whose
// code names its text (apiErrors.<code>, app/i18n/api-errors/data-import/), answered 400
// (409 for the mode) in the caller's language; nothing is stored when one is thrown.
import { DomainError } from "../errors.ts";
import type { TranslationParams } from "~/i18n";

export type ImportFileProblem =
  | "import_file_missing"
  | "import_file_too_large"
  | "import_file_empty"
  | "import_only_headers"
  | "import_binary_file"
  | "import_too_many_rows"
  | "import_too_many_columns"
  | "import_cell_too_long"
  | "import_unclosed_quote"
  | "import_header_empty"
  | "import_header_too_long"
  | "import_mapping_invalid"
  | "import_values_invalid";

/** The file (or the mapping sent with it) cannot be imported; 400 with its own code. */
export class ImportFileError extends DomainError<ImportFileProblem> {
  constructor(code: ImportFileProblem, params?: TranslationParams) {
    super("invalid_input", code, params);
  }
}

/**
 * The import's stored file is gone (kept IMPORT_RETENTION_DAYS, or the database was restored
 * without it): 410 import_file_expired, "send the file again", rather than a bare 404.
 */
export class ImportFileExpiredError extends DomainError<"import_file_expired"> {
  constructor(days: number) {
    super("not_found", "import_file_expired", { days });
  }
}

/** A commit asked for another mode than the import's first batch fixed; 409. */
export class ImportModeLockedError extends DomainError<"import_mode_locked"> {
  constructor(mode: string) {
    super("conflict", "import_mode_locked", { mode });
  }
}
