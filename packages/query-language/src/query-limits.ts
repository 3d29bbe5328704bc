import { QuerySyntaxError } from './query-syntax.error';
import { foldedWords } from './text-normalize';

/**
 * What one query may ask of an index, checked while it is parsed so a refusal names the spot. The
 * cost of a search grows faster than its clauses (each OR alternative is read, merged and ranked
 * for every candidate row; each prefix reads every word it expands to), so a query past these is
 * refused before any work starts, and the time budget of the query-engine bounds the rest.
 * Searches, questions' filters and alerts' saved searches all parse through here.
 */
export interface QueryLimits {
  /** Words, phrases, prefixes, field filters and date ranges in one query. */
  maxClauses: number;
  /** Prefix terms (`rat*`) in one query. */
  maxPrefixes: number;
  /** Letters or digits before a `*`: shorter prefixes expand to a large part of the vocabulary. */
  minPrefixLength: number;
  /** Words in one quoted phrase. */
  maxPhraseWords: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  maxClauses: 40,
  maxPrefixes: 8,
  minPrefixLength: 3,
  maxPhraseWords: 32,
};

/** A query over one of the limits; `limit` names which, `position` where (as QuerySyntaxError's). */
export class QueryCostError extends QuerySyntaxError {
  constructor(
    message: string,
    position: number,
    expected: string,
    readonly limit: keyof QueryLimits,
  ) {
    super(message, position, expected);
  }
}

/** Counts a query's clauses as the parser meets them and refuses the first one past a limit. */
export class QueryCost {
  private clauses = 0;
  private prefixes = 0;

  constructor(private readonly limits: QueryLimits) {}

  clause(start: number): void {
    this.clauses += 1;
    if (this.clauses > this.limits.maxClauses) {
      const max = this.limits.maxClauses;
      throw new QueryCostError(
        `the query has more than ${max} terms (words, phrases, prefixes and filters): ` +
          `the ${ordinal(max + 1)} is at column ${start + 1}; combine fewer alternatives or split the search`,
        start,
        `at most ${max} terms`,
        'maxClauses',
      );
    }
  }

  prefix(text: string, start: number): void {
    const letters = [...(foldedWords(text).at(-1) ?? '')].length;
    if (letters < this.limits.minPrefixLength) {
      const min = this.limits.minPrefixLength;
      throw new QueryCostError(
        `the prefix "${text}*" at column ${start + 1} is too short: ` +
          `the word before "*" needs at least ${min} letters or digits`,
        start,
        `at least ${min} characters before "*"`,
        'minPrefixLength',
      );
    }
    this.prefixes += 1;
    if (this.prefixes > this.limits.maxPrefixes) {
      const max = this.limits.maxPrefixes;
      throw new QueryCostError(
        `the query has more than ${max} prefixes: the ${ordinal(max + 1)}, "${text}*", is at column ${start + 1}`,
        start,
        `at most ${max} prefixes`,
        'maxPrefixes',
      );
    }
  }

  phrase(text: string, start: number): void {
    const words = foldedWords(text).length;
    if (words > this.limits.maxPhraseWords) {
      const max = this.limits.maxPhraseWords;
      throw new QueryCostError(
        `the phrase at column ${start + 1} has ${words} words: a phrase may have at most ${max}`,
        start,
        `a phrase of at most ${max} words`,
        'maxPhraseWords',
      );
    }
  }
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
