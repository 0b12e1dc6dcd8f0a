// A CSV file's bytes as text on the server (issue 23): the rules shared with the browser
// (worker/services/lead-import-text.ts); a file that is not a CSV is refused before any parsing.
import { decodeCsvText, type CsvText } from "../lead-import-text.ts";
import { ImportFileError } from "./errors.ts";

export type DecodedText = CsvText;

/** The file's text; ImportFileError import_binary_file when it is not text at all (an Excel workbook included). */
export function decodeCsvBytes(bytes: Uint8Array): DecodedText {
  const decoded = decodeCsvText(bytes);
  if ("refused" in decoded) throw new ImportFileError("import_binary_file");
  return decoded;
}
