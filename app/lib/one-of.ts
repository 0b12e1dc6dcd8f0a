/**
 * `raw` when it is one of `values`, otherwise `fallback`: how the public tools read their
 * query strings, where an unknown or missing value means "not chosen" rather than an error.
 * (A few lines instead of a schema library in the browser bundle.)
 */
export function oneOf<T extends string, F extends T | undefined>(values: readonly T[], raw: unknown, fallback: F): T | F {
  return typeof raw === "string" && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;
}
