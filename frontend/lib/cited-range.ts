/** A cited passage: [start, end) character offsets into a document's whole text (`?at=start-end`). */
export interface CitedRange {
  start: number;
  end: number;
}

/** Reads `?at=start-end`; anything else (absent, malformed, empty or reversed) is no citation. */
export function parseCitedRange(value: string): CitedRange | undefined {
  const match = /^(\d{1,10})-(\d{1,10})$/.exec(value.trim());
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return end > start ? { start, end } : undefined;
}

/**
 * Cuts a block of text that begins at `blockStart` in the whole text into what comes before the
 * cited range, the cited part, and what follows; `cited` is empty when the range misses the block.
 */
export function splitAtCitedRange(
  text: string,
  blockStart: number,
  range: CitedRange | undefined,
): { before: string; cited: string; after: string } {
  if (!range) return { before: text, cited: '', after: '' };
  const from = Math.min(Math.max(range.start - blockStart, 0), text.length);
  const to = Math.min(Math.max(range.end - blockStart, 0), text.length);
  if (to <= from) return { before: text, cited: '', after: '' };
  return { before: text.slice(0, from), cited: text.slice(from, to), after: text.slice(to) };
}
