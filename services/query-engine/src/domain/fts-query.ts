import { foldedWords, type QueryNode } from '@docket/query-language';

/**
 * The free-text part of a query as an FTS5 MATCH expression. Every word is written as a quoted
 * FTS5 string of foldText'ed words, so FTS5's own operators, column filters and `*` never come from
 * the user; our AND / OR / NOT / prefix become FTS5's.
 *
 * FTS5 has no unary NOT (only `a NOT b`), so a text clause is one of:
 * - `never`: it matches nothing (a term with no letter or digit);
 * - an expression FTS5 can run on its own (terms, phrases, prefixes, AND, OR, and NOTs that sit in
 *   an AND next to something positive);
 * - null: it needs a "not in" somewhere FTS5 cannot put one (`NOT a` alone, `a OR NOT b`); the SQL
 *   compiler turns those into set operations on rowids.
 */
export type FtsText = { kind: 'never' } | { kind: 'expr'; expr: string };

/**
 * Joins two words into one "word pair" token (a letter, so the tokenizer keeps the pair whole; no
 * folded word contains it, see index-text.ts). The index holds every pair of adjacent words in
 * columns of their own, so a phrase is looked up as a phrase of pairs: "public utilities commission"
 * as "publicǂutilities utilitiesǂcommission". Common words make phrases of single words costly (FTS5
 * checks the positions of every document holding all of them); a pair is a term of its own.
 */
export const PAIR_JOIN = '\u01c2';

const NEVER: FtsText = { kind: 'never' };

/** Whether a subtree is made only of text: terms, phrases, prefixes and boolean operators over them. */
export function isTextOnly(node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix':
      return true;
    case 'field':
    case 'range':
      return false;
    case 'not':
      return isTextOnly(node.child);
    case 'and':
    case 'or':
      return node.children.every(isTextOnly);
  }
}

/**
 * A phrase of words (one word is a one-word phrase); `prefix` makes the last word a prefix. With
 * `pairs`, several words become a phrase of word pairs (an exact equivalent, see PAIR_JOIN).
 */
export function ftsPhrase(words: string[], prefix = false, pairs = false): string {
  const tokens = pairs && words.length > 1 ? words.slice(1).map((word, index) => `${words[index]}${PAIR_JOIN}${word}`) : words;
  return `"${tokens.map((token) => token.replaceAll('"', '""')).join(' ')}"${prefix ? ' *' : ''}`;
}

/** The FTS5 form of a text-only subtree, or null when FTS5 cannot express it positively. */
export function ftsTextOf(node: QueryNode, pairs = false): FtsText | null {
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix': {
      const words = foldedWords(node.value);
      return words.length === 0 ? NEVER : { kind: 'expr', expr: ftsPhrase(words, node.kind === 'prefix', pairs) };
    }
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
      return { kind: 'expr', expr: parts.length === 1 ? (parts[0] as string) : parts.map((part) => `(${part})`).join(' OR ') };
    }
    case 'not':
      return null; // only an enclosing AND with a positive clause can say "not"
    case 'field':
    case 'range':
      return null;
  }
}

/** `a AND b AND NOT c AND NOT d` as `((a) AND (b)) NOT ((c) OR (d))`. */
export function andOf(children: QueryNode[], pairs = false): FtsText | null {
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
  const positive = positives.length === 1 ? (positives[0] as string) : positives.map((part) => `(${part})`).join(' AND ');
  if (negatives.length === 0) return positive;
  const negative = negatives.length === 1 ? (negatives[0] as string) : negatives.map((part) => `(${part})`).join(' OR ');
  return `(${positive}) NOT (${negative})`;
}
