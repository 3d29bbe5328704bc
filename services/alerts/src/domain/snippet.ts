/**
 * The snippet stored with a hit: a short passage of the document's text around the first word the
 * alert matched, every matched word in it between U+E000 and U+E001 (the search snippet's markers).
 * Without a matched word in the text (a docket follow, a filters-only alert, a title match) it is
 * the document's opening.
 */
import { foldedWords } from '@docket/query-language';
import type { Highlights } from './alert-matcher';

export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
export const SNIPPET_LENGTH = 240;
const BEFORE = 80;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function buildSnippet(text: string, highlights: Highlights, length = SNIPPET_LENGTH): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const isMatch = (word: string): boolean => {
    const folded = foldedWords(word);
    return (
      folded.length > 0 &&
      folded.every(
        (part) => highlights.words.has(part) || highlights.prefixes.some((prefix) => part.startsWith(prefix)),
      )
    );
  };
  const empty = highlights.words.size === 0 && highlights.prefixes.length === 0;
  let first = -1;
  if (!empty) {
    for (const found of flat.matchAll(WORD)) {
      if (isMatch(found[0])) {
        first = found.index;
        break;
      }
    }
  }
  const start = first <= BEFORE ? 0 : wordStartAfter(flat, first - BEFORE);
  const end = start + length >= flat.length ? flat.length : wordEndBefore(flat, start + length, first);
  const window = flat.slice(start, end);
  const marked =
    first < 0 ? window : window.replace(WORD, (word) => (isMatch(word) ? `${MARK_START}${word}${MARK_END}` : word));
  return `${start > 0 ? '…' : ''}${marked}${end < flat.length ? '…' : ''}`;
}

/** The start of the first word at or after `index` (so the passage does not open mid-word). */
function wordStartAfter(text: string, index: number): number {
  const space = text.indexOf(' ', index);
  return space < 0 ? index : space + 1;
}

/** The end of the last whole word before `index`, but never before the matched word's end. */
function wordEndBefore(text: string, index: number, first: number): number {
  const space = text.lastIndexOf(' ', index);
  return space > first ? space : index;
}
