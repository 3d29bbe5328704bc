import type { AnalysedDocument, Citation, PageSpan } from './analysis-model';

/**
 * The 1-based page holding `offset`: the last page starting at or before it (an offset in the
 * separator between two pages belongs to the earlier one). A document without page spans is one page.
 */
export function pageAt(pages: readonly PageSpan[] | undefined, offset: number): number {
  if (!pages || pages.length === 0) return 1;
  let low = 0;
  let high = pages.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((pages[middle] as PageSpan).start <= offset) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return (pages[found] as PageSpan).number;
}

/** The citation of [start, end) of a document: its quote is exactly that slice of the text. */
export function citationOf(document: AnalysedDocument, start: number, end: number): Citation {
  if (!(start >= 0 && end > start && end <= document.text.length)) {
    throw new RangeError(
      `citation [${start}, ${end}) is outside document ${document.id} (${document.text.length} characters)`,
    );
  }
  return {
    documentId: document.id,
    start,
    end,
    page: pageAt(document.pages, start),
    quote: document.text.slice(start, end),
    documentTitle: document.title,
  };
}

/** A quote as one line of prose: runs of white space (line wraps of extracted text) become one space. */
export function displayText(quote: string): string {
  return quote.replace(/\s+/g, ' ').trim();
}
