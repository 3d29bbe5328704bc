import { eng as ENGLISH_STOPWORDS } from 'stopword';
import { foldedWords } from '@docket/query-language';

/** A question longer than this is cut: the first meaningful words carry it, and it bounds the work. */
export const MAX_QUESTION_TERMS = 32;

/** The package's list lacks some words that mostly start questions. */
const QUESTION_WORDS = ['does', 'doing', 'done', 'when', 'why', 'whom', 'whose', 'shall', 'will'];
const STOPWORDS = new Set([...ENGLISH_STOPWORDS, ...QUESTION_WORDS]);

/**
 * The meaningful words of a natural-language question: folded as the index folds text
 * (text-normalize), English stopwords removed (the `stopword` package's list and a few question words),
 * each word once, in order. Stemming is the backend's business (SearchBackend.rankForQuestion).
 */
export function questionTerms(question: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const word of foldedWords(question)) {
    if (STOPWORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
    terms.push(word);
    if (terms.length === MAX_QUESTION_TERMS) break;
  }
  return terms;
}
