// What a person types into a search box, turned into an FTS5 MATCH expression that can never
// be a syntax error: the text is cut into words the way the index's unicode61 tokenizer cuts
// it (letters and digits; everything else separates), each word becomes a quoted prefix
// ("joao"*) and the words are AND-ed. Quotes, parentheses, *, ^, :, -, +, OR/AND/NOT/NEAR and
// control characters in the input are therefore separators or plain words, never syntax.
// Case and accents are folded by the index itself (remove_diacritics 2), so "joao" and
// "JOÃO" are the same query. See docs/decisions/012-crm-reads-at-scale.md.

const MAX_TERMS = 8;
const MAX_TERM_CHARACTERS = 40;

/** The searchable words of a text (at most 8, each at most 40 characters), lower-cased, deduplicated. */
export function searchTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  const words = text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    // A word of combining marks alone is no token for the tokenizer: drop it.
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    // Cut by code points, never inside a surrogate pair.
    .map((word) => Array.from(word).slice(0, MAX_TERM_CHARACTERS).join(""));
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * The MATCH expression for a search text: `"joao"* "silva"*` (every word, as a prefix), or
 * limited to one column of the index: `name : ("joao"* "silva"*)`. Null when the text has no
 * letter or digit (nothing can match it).
 */
export function ftsPrefixQuery(text: string | null | undefined, column?: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const body = terms.map((term) => `"${term}"*`).join(" ");
  return column ? `${column} : (${body})` : body;
}
