/**
 * The one text normalisation matching uses on both sides, query and document: Unicode compatibility
 * forms unified (NFKC: ﬁ → fi, full-width → ASCII), diacritics folded (é → e), lower case; words
 * are runs of letters and digits, so punctuation separates them as in the search index's tokenizer.
 */
const NONSPACING_MARKS = /\p{Mn}/gu;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
// Printable ASCII needs none of the Unicode work; most filings are all ASCII.
const ASCII = /^[\x20-\x7e\t\n\r]*$/;

export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(NONSPACING_MARKS, '').normalize('NFKC').toLowerCase();
}

/** The folded words of `text`, in order. */
export function foldedWords(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** A comparison key for names and types: folded words joined by one space (`Rate-Case` = `rate case`). */
export function nameKey(text: string): string {
  return foldedWords(text).join(' ');
}

const DOCKET_PREFIX = /^\s*(?:docket\s*(?:no\b\.?|number\b|#)?|no\.|#)\s*/u;

/**
 * A docket number's comparison key: case, spaces, punctuation and a leading "Docket No." ignored, so
 * `Docket No. ER24-1234-000`, `er24 1234 000` and `ER24-1234-000` are the same docket.
 */
export function normalizeDocketNumber(docket: string): string {
  return foldedWords(foldText(docket).replace(DOCKET_PREFIX, '')).join('');
}
