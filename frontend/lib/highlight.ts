// Highlighting the search terms in a document's full text. The text is plain (untrusted) text:
// every piece is HTML-escaped and only our own <mark> elements are added around matches.

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const OPERATORS = new Set(['and', 'or', 'not', 'near']);

/** The words of a search query worth highlighting: no operators, field prefixes, quotes or wildcards. */
export function queryTerms(query: string | null | undefined): string[] {
  if (!query) return [];
  const terms = new Set<string>();
  for (const raw of query.split(/\s+/)) {
    // `docket:ER-21` → `ER-21`; strip quotes, brackets, a leading minus and trailing wildcards.
    const withoutField = raw.includes(':') ? raw.slice(raw.indexOf(':') + 1) : raw;
    for (const word of withoutField.split(/[^\p{L}\p{N}]+/u)) {
      const lower = word.toLowerCase();
      if (lower.length < 2 || OPERATORS.has(lower)) continue;
      terms.add(lower);
    }
  }
  // Longest first, so that "rates" wins over "rate" when both are terms.
  return [...terms].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Segment {
  text: string;
  match: boolean;
}

/**
 * Splits text into matched / unmatched pieces. A term matches at the start of a word and extends to
 * the end of that word, so "rate" also marks "rates" and "ratepayers" (the index stems words too).
 */
export function highlightSegments(text: string, terms: string[]): Segment[] {
  if (terms.length === 0 || text.length === 0) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const segments: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index ?? 0;
    if (start > last) segments.push({ text: text.slice(last, start), match: false });
    segments.push({ text: m[0], match: true });
    last = start + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}

/** Escaped HTML of `text` with the query's terms wrapped in <mark>. */
export function highlightHtml(text: string, query: string | null | undefined): string {
  return highlightSegments(text, queryTerms(query))
    .map((s) => (s.match ? `<mark>${escapeHtml(s.text)}</mark>` : escapeHtml(s.text)))
    .join('');
}
