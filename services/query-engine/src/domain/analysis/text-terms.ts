import stem from 'wink-porter2-stemmer';

/**
 * Words as the sentence ranking compares them: lower case, stop words out, Porter2 stems, so
 * "approved", "approves" and "approval" meet at "approv".
 */

// Common English function words, plus the words questions are made of ("what", "did", "which").
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he her here ' +
    'hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of ' +
    'off on once only or other our ours ourselves out over own same she should so some such than that the their ' +
    'theirs them themselves then there these they this those through to too under until up upon very was we were ' +
    'what when where which while who whom why will with would you your yours yourself yourselves shall may might ' +
    'must tell show give list please whether there thereof therein'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;
const stems = new Map<string, string>();

/** The stem of one lower-case word (cached: a filing repeats its vocabulary). */
export function stemOf(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    // Numbers and codes are kept whole; the stemmer is for words.
    stemmed = /\d/.test(word) ? word : stem(word);
    if (stems.size > 50_000) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** The content terms of a text, in order: stems of words that are not stop words (single letters dropped). */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    terms.push(stemOf(word));
  }
  return terms;
}

/**
 * Counts, in one pass, the content words of `text` (its BM25 length) and how often each question
 * stem occurs. Only words that begin like a question stem are stemmed (a Porter2 stem keeps the
 * word's first letters), so a long text costs a tokenisation and few stemmer calls.
 */
export function questionTermCounts(
  text: string,
  stems: ReadonlyMap<string, unknown>,
  prefixes: ReadonlySet<string>,
): { total: number; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  let total = 0;
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if ((word.length < 2 && !/\d/.test(word)) || STOP_WORDS.has(word)) continue;
    total++;
    if (!prefixes.has(word.slice(0, PREFIX))) continue;
    const stemmed = stemOf(word);
    if (stems.has(stemmed)) counts.set(stemmed, (counts.get(stemmed) ?? 0) + 1);
  }
  return { total, counts };
}

/** How many first letters of a word decide whether it is worth stemming against a question (see questionTermCounts). */
export const PREFIX = 3;

/** The first letters by which words that may stem to one of `stems` are recognised. */
export function stemPrefixes(stems: Iterable<string>): Set<string> {
  const prefixes = new Set<string>();
  for (const stem of stems) prefixes.add(stem.slice(0, PREFIX));
  return prefixes;
}

/** Term → count. */
export function termCounts(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Cosine similarity of two term-count vectors (0 when either is empty). */
export function cosine(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
  normA = norm(a),
  normB = norm(b),
): number {
  if (normA === 0 || normB === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, count] of small) dot += count * (large.get(term) ?? 0);
  return dot / (normA * normB);
}

export function norm(counts: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count * count;
  return Math.sqrt(sum);
}
