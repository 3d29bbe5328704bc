import { InputError } from '@docket/errors';

/** More terms than this is not a keyword search; it also bounds the work one query can cause. */
export const MAX_TERMS = 32;

/** A character the unicode61 tokenizer keeps inside tokens; a term without one would be an empty phrase. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Turns what a user typed into an FTS5 MATCH expression that can never be a syntax error: every
 * whitespace-separated term becomes a quoted string (quotes doubled), so operators, parentheses,
 * `*`, `:` and column names lose their meaning, and the terms are ANDed. A term with punctuation
 * inside (`rate-case`) becomes a phrase of its tokens. Terms with no letter or digit are dropped:
 * they would tokenize to an empty phrase, which matches nothing.
 *
 * Issue 4 replaces this with the full query language (phrases, OR/NOT, fields, prefixes).
 */
export function toFtsMatchExpression(userQuery: string): string {
  const terms = userQuery
    .split(/\s+/u)
    .filter((term) => WORD_CHARACTER.test(term))
    .slice(0, MAX_TERMS);
  if (terms.length === 0) {
    throw new InputError('the search has no words to look for', [{ path: 'query', message: 'must contain at least one letter or digit' }]);
  }
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');
}
