// Intl formatters are costly to build (a locale lookup and pattern compilation each time, about
// a tenth of a millisecond to a millisecond) and cheap to reuse: a list of 50 leads with dates
// and values built over a hundred of them per render. One per locale and set of options,
// kept for the life of the page (or the Worker isolate).

const formatters = new Map<string, unknown>();

/** The formatter `make` builds for `key` (locale and options), built once. */
export function cachedIntl<T>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}
