/**
 * What of a document gets embedded. A sentence encoder summarises a few sentences well and a
 * whole filing badly, and embedding time grows with length, so a document becomes a few passages:
 * the first is the title with the opening sentences (where filings and abstracts say what they
 * are about), the next ones continue the text; a document's score is its best passage's.
 */
export interface PassageOptions {
  /** Passages per document, at least 1; the rest of a long text is left to BM25. */
  maxPassages: number;
  /** Target passage length in characters; a passage ends at a sentence boundary past it or at 2× it. */
  passageChars: number;
}

export const DEFAULT_PASSAGES: PassageOptions = { maxPassages: 4, passageChars: 600 };

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

export function documentPassages(title: string, text: string, options: PassageOptions = DEFAULT_PASSAGES): string[] {
  const heading = title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.:;]+$/u, '');
  const passages: string[] = [];
  let current = heading ? `${heading}.` : '';
  let currentHasText = false;
  for (const { segment } of segmenter.segment(text.replace(/\s+/g, ' ').trim())) {
    let sentence = segment.trim();
    while (sentence) {
      const room = options.passageChars * 2 - current.length;
      // A sentence longer than the hard limit (tables, lists without full stops) is cut in pieces.
      const piece = sentence.length <= room ? sentence : sentence.slice(0, Math.max(room, options.passageChars));
      sentence = sentence.slice(piece.length).trim();
      current = current ? `${current} ${piece}` : piece;
      currentHasText = true;
      if (current.length >= options.passageChars) {
        passages.push(current);
        if (passages.length >= options.maxPassages) return passages;
        current = '';
        currentHasText = false;
      }
    }
  }
  if (current && (currentHasText || passages.length === 0)) passages.push(current);
  return passages.length > 0 ? passages : [''];
}
