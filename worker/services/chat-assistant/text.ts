// Text matching for the embedded assistant: a visitor's words are compared after folding
// (lower case, no accents, repeated letters collapsed, punctuation as spaces), so "Orçamentooo",
// "orcamento" and "ORÇAMENTO" are one word; words of 6+ letters also match with one typo
// (an edit or a swap of two neighbours: "guarentee", "delivry", "aplicatvo").

/** "Olá, tudo bemmm?" → "ola tudo bem". Digits are kept; everything else is a space. */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/(\p{L})\1+/gu, "$1")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Chat shorthand, read as the words it stands for (in patterns too). */
const SHORTHAND: Record<string, string> = {
  vc: "voce",
  vcs: "voces",
  q: "que",
  qto: "quanto",
  qnto: "quanto",
  qnt: "quanto",
  qnd: "quando",
  qdo: "quando",
  oq: "o que",
  pq: "porque",
  tb: "tambem",
  tbm: "tambem",
  uds: "ustedes",
  ud: "usted",
  xq: "porque",
  tmb: "tambien",
  u: "you",
  ur: "your",
  r: "are",
  pls: "please",
  plz: "please",
};

/** Words that only address the reader ("do you guys build …") and are skipped. */
const FILLERS = new Set(["guys", "pessoal", "galera", "chicos", "bro", "mano", "please", "mate"]);

export function tokens(text: string): string[] {
  const normal = normalize(text);
  if (!normal) return [];
  return normal
    .split(" ")
    .flatMap((word) => (SHORTHAND[word] ?? word).split(" "))
    .filter((word) => !FILLERS.has(word));
}

/** Optimal string alignment distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    rows.push(row);
    if (i > 0 && best > max) return max + 1;
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * A pattern word against a visitor's word: exact; "stem*" as a prefix; and, for words of
 * 6+ letters, one typo (for a stem: one typo within the stem's length).
 */
export function wordMatches(word: string, pattern: string, fuzzy = true): boolean {
  if (pattern.endsWith("*")) {
    const stem = pattern.slice(0, -1);
    if (word.startsWith(stem)) return true;
    return fuzzy && stem.length >= 7 && word.length >= stem.length && editDistance(word.slice(0, stem.length), stem) <= 1;
  }
  if (word === pattern) return true;
  return fuzzy && pattern.length >= 6 && word.length >= 6 && editDistance(word, pattern) <= 1;
}

/**
 * Where a pattern (one or more words, already normalized) occurs in the visitor's words, or
 * -1. A word found in `known` (words some pattern spells exactly) is taken as typed, never
 * as a typo of another: "pagos" is payments, not a misspelt "pasos".
 */
export function phraseAt(words: readonly string[], pattern: readonly string[], known?: ReadonlySet<string>): number {
  outer: for (let start = 0; start + pattern.length <= words.length; start++) {
    for (let k = 0; k < pattern.length; k++) {
      const word = words[start + k] as string;
      if (!wordMatches(word, pattern[k] as string, !known?.has(word))) continue outer;
    }
    return start;
  }
  return -1;
}

/** Pattern strings are written naturally ("orçamento*", "quanto custa") and normalized once. */
export function compilePattern(pattern: string): string[] {
  return pattern
    .split(/\s+/)
    .map((part) => {
      const star = part.endsWith("*");
      const body = normalize(star ? part.slice(0, -1) : part).replace(/ /g, "");
      return star ? `${body}*` : (SHORTHAND[body] ?? body);
    })
    .flatMap((part) => part.split(" "));
}
