import { foldedWords, nameKey, normalizeDocketNumber, type FieldNode, type QueryNode } from '@docket/query-language';

/**
 * Query trees as FTS5 MATCH expressions, for an index whose tokens live in disjoint namespaces, told
 * apart by two marks, MARK and PAIR_MARK (letters no folded word contains, see index-text.ts, so the
 * tokenizer keeps every token below whole; a token of another kind never starts like a word, so a
 * prefix query such as `comm*` scans words only):
 *
 *   word            tariff                   title, text, description
 *   word pair       ǁpublicǁutilities        every two adjacent words, in their own columns
 *   party word      ǂsierra                  the `tags` column, names separated by NAME_BREAK
 *   entity word     ǂǂdiablo                 the `tags` column
 *   field value     ǂagencyǂferc             the `tags` column (agency, type, docket keys)
 *
 * so terms, phrases and field filters are all FTS5 phrases, combined with FTS5's AND / OR / NOT
 * without any column filter, and FTS5 intersects them (a filter on a selective field skips through
 * a common word's document list instead of reading all of it). Every value is written as a quoted
 * FTS5 string, so FTS5's own syntax never comes from the user.
 *
 * Word pairs: common words make phrases of single words costly (FTS5 checks the positions of every
 * document holding all of them); "public utilities commission" is looked up as the phrase of pairs
 * "ǁpublicǁutilities ǁutilitiesǁcommission", an exact equivalent. A live index writes a document's
 * pairs in the background, a few seconds after its words (index-writer/word-pair-timing.ts); until then the
 * document carries the tag PAIRS_PENDING, and a phrase also matches it as a phrase of words:
 * ("ǁpublicǁutilities ǁutilitiesǁcommission" OR ("ǂpairsǂpending" AND "public utilities commission")).
 * The second branch reads the words' lists only at the few pending rowids, and nothing at all once
 * no document is pending (an empty list ends the AND).
 *
 * FTS5 has no unary NOT (only `a NOT b`), so a clause compiles to one of:
 * - `never`: it matches nothing (a value with no letter or digit);
 * - an expression FTS5 can run on its own (AND, OR, and NOTs that sit in an AND next to something
 *   positive);
 * - null: it needs a "not in" somewhere FTS5 cannot put one (`NOT a` alone, `a OR NOT b`) or holds a
 *   date range; the SQL compiler turns those into set operations on rowids.
 */
export type FtsText = { kind: 'never' } | { kind: 'expr'; expr: string };

export const MARK = '\u01c2';
export const PAIR_MARK = '\u01c1';
/** Between two names in the tags column: a phrase of party (entity) words stays inside one name. */
export const NAME_BREAK = `${MARK}${MARK}${MARK}`;

const NEVER: FtsText = { kind: 'never' };

/** The tag of a document whose word pairs are not written yet (see above). */
export const PAIRS_PENDING = fieldToken('pairs', 'pending');

/** The tags of one document: field values, then party and entity names (see above). */
export function documentTags(values: {
  agencies: string[];
  types: string[];
  docket: string;
  parties: string[];
  entities: string[];
}): string {
  const tags = new Set<string>();
  for (const agency of values.agencies) if (nameKey(agency)) tags.add(fieldToken('agency', nameKey(agency)));
  for (const type of values.types) if (nameKey(type)) tags.add(fieldToken('type', nameKey(type)));
  const docket = normalizeDocketNumber(values.docket);
  if (docket) tags.add(fieldToken('docket', docket));
  const names = (list: string[], mark: string) =>
    list
      .map((name) =>
        foldedWords(name)
          .map((word) => `${mark}${word}`)
          .join(' '),
      )
      .filter((words) => words !== '')
      .join(` ${NAME_BREAK} `);
  return [...tags, NAME_BREAK, names(values.parties, MARK), NAME_BREAK, names(values.entities, MARK + MARK)].join(' ');
}

function fieldToken(field: string, key: string): string {
  return `${MARK}${field}${MARK}${key.split(' ').join(MARK)}`;
}

/** Whether FTS5 can evaluate a subtree: terms, phrases, prefixes, field filters and boolean operators (not dates). */
export function isFtsOnly(node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix':
    case 'field':
      return true;
    case 'range':
      return false;
    case 'not':
      return isFtsOnly(node.child);
    case 'and':
    case 'or':
      return node.children.every(isFtsOnly);
  }
}

/**
 * A quoted FTS5 phrase of tokens; `prefix` makes the last one a prefix. With `pairs`, several words
 * are looked up as a phrase of word pairs, or, in a document whose pairs are still pending, of
 * words (both exact, see above).
 */
export function ftsPhrase(words: string[], prefix = false, pairs = false): string {
  const ofWords = quotedPhrase(words, prefix);
  if (!pairs || words.length < 2) return ofWords;
  return `(${quotedPhrase(pairTokensOf(words), prefix)} OR (${quotedPhrase([PAIRS_PENDING], false)} AND ${ofWords}))`;
}

function quotedPhrase(tokens: string[], prefix: boolean): string {
  return `"${tokens.map((token) => token.replaceAll('"', '""')).join(' ')}"${prefix ? ' *' : ''}`;
}

/**
 * What a phrase of a search (as phrasesOf in sqlite-idf.ts lists it, maybe with ` *`) is counted as
 * for its IDF: a phrase of pairs, or of several words, as the whole expression a search writes for
 * those words (ftsPhrase with pairs), which counts documents whether or not their pairs are pending;
 * any other phrase as it is. Folded words hold no quote, mark or space.
 */
export function countedPhrase(phrase: string): string {
  const parts = /^"([^"\u01c2]*)"( \*)?$/u.exec(phrase);
  if (!parts) return phrase;
  const tokens = (parts[1] as string).split(' ');
  const words = tokens[0]?.startsWith(PAIR_MARK) ? wordsOfPairs(tokens) : tokens;
  return words.length < 2 ? phrase : ftsPhrase(words, parts[2] !== undefined, true);
}

/** The words of a phrase of pair tokens (ǁaǁb ǁbǁc: a, b, c). */
function wordsOfPairs(pairs: string[]): string[] {
  const words = pairs.map((pair) => pair.split(PAIR_MARK)[2] as string);
  return [(pairs[0] as string).split(PAIR_MARK)[1] as string, ...words];
}

/** Each two adjacent words as one pair token. */
export function pairTokensOf(words: string[]): string[] {
  return words.slice(1).map((word, index) => pairToken(words[index] as string, word));
}

export function pairToken(first: string, second: string): string {
  return `${PAIR_MARK}${first}${PAIR_MARK}${second}`;
}

function fieldPhrase(node: FieldNode): FtsText {
  switch (node.field) {
    case 'agency':
    case 'type': {
      const key = nameKey(node.value);
      return key === '' ? NEVER : { kind: 'expr', expr: ftsPhrase([fieldToken(node.field, key)]) };
    }
    case 'docket': {
      const key = normalizeDocketNumber(node.value);
      return key === '' ? NEVER : { kind: 'expr', expr: ftsPhrase([fieldToken('docket', key)]) };
    }
    case 'party':
    case 'entity': {
      const mark = node.field === 'party' ? MARK : MARK + MARK;
      const words = foldedWords(node.value);
      return words.length === 0 ? NEVER : { kind: 'expr', expr: ftsPhrase(words.map((word) => `${mark}${word}`)) };
    }
  }
}

/**
 * The FTS5 form of a subtree FTS5 can evaluate, or null when it cannot express it positively.
 * `pairs`: phrases as phrases of word pairs (for searching); without, of words (for highlighting).
 */
export function ftsTextOf(node: QueryNode, pairs = true): FtsText | null {
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix': {
      const words = foldedWords(node.value);
      return words.length === 0 ? NEVER : { kind: 'expr', expr: ftsPhrase(words, node.kind === 'prefix', pairs) };
    }
    case 'field':
      return fieldPhrase(node);
    case 'and':
      return andOf(node.children, pairs);
    case 'or': {
      const parts: string[] = [];
      for (const child of node.children) {
        const part = ftsTextOf(child, pairs);
        if (part === null) return null;
        if (part.kind === 'expr') parts.push(part.expr);
      }
      if (parts.length === 0) return NEVER;
      return {
        kind: 'expr',
        expr: parts.length === 1 ? (parts[0] as string) : parts.map((part) => `(${part})`).join(' OR '),
      };
    }
    case 'not':
    case 'range':
      return null; // a NOT only in an AND with something positive (andOf); dates are rowid ranges
  }
}

/** `a AND b AND NOT c AND NOT d` as `((a) AND (b)) NOT ((c) OR (d))`. */
export function andOf(children: QueryNode[], pairs = true): FtsText | null {
  const positives: string[] = [];
  const negatives: string[] = [];
  for (const child of children) {
    if (child.kind === 'not') {
      const inner = ftsTextOf(child.child, pairs);
      if (inner === null) return null;
      if (inner.kind === 'expr') negatives.push(inner.expr);
      continue; // NOT of something that matches nothing constrains nothing
    }
    const part = ftsTextOf(child, pairs);
    if (part === null) return null;
    if (part.kind === 'never') return NEVER;
    positives.push(part.expr);
  }
  if (positives.length === 0) return null;
  return { kind: 'expr', expr: combine(positives, negatives) };
}

export function combine(positives: string[], negatives: string[]): string {
  const positive =
    positives.length === 1 ? (positives[0] as string) : positives.map((part) => `(${part})`).join(' AND ');
  if (negatives.length === 0) return positive;
  const negative =
    negatives.length === 1 ? (negatives[0] as string) : negatives.map((part) => `(${part})`).join(' OR ');
  return `(${positive}) NOT (${negative})`;
}

/** Whether a query has words to rank by: a term, phrase or prefix not under a NOT. */
export function hasPositiveWords(node: QueryNode, negated = false): boolean {
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix':
      return !negated && foldedWords(node.value).length > 0;
    case 'not':
      return hasPositiveWords(node.child, !negated);
    case 'and':
    case 'or':
      return node.children.some((child) => hasPositiveWords(child, negated));
    default:
      return false;
  }
}
