/** Turns a dictionary type into the same shape with every leaf widened to string. */
export type DictionaryShape<T> = { [K in keyof T]: T[K] extends string ? string : DictionaryShape<T[K]> };

/** Every dotted path to a leaf string of a dictionary: "errors.fallback.title", ... */
export type KeyPath<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPath<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslationParams = Record<string, string | number>;

/**
 * Looks a dotted key up in a dictionary and fills {placeholders}. A key that is missing at
 * run time renders as the key itself, so a gap is visible without breaking the page.
 */
export function translate(dictionary: unknown, key: string, params?: TranslationParams): string {
  let node: unknown = dictionary;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return key;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "string") return key;
  if (!params) return node;
  return node.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : match,
  );
}
