import { foldedWords, type QueryNode } from '@docket/query-language';
import { escapeHtml } from './snippet-html';

/**
 * Marking the query's words in a hit's title and excerpt, on the original text (a search index works
 * on folded text, which would lose accents). The words marked are the word sequences of the query's
 * positive terms, phrases and prefixes (not under a NOT), found the way matching defines them
 * (folded words in a row; a prefix's last word as a prefix). Output is HTML-safe: the text is
 * escaped, only <mark></mark> is added.
 */
interface Sequence {
  words: string[];
  prefix: boolean;
}

/** The folded words of a text, with the span of the original word each came from (parallel arrays). */
interface Tokens {
  words: string[];
  starts: number[];
  ends: number[];
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const ASCII_WORD = /^[A-Za-z0-9]+$/u;
const ASCII_TEXT = /^[\p{ASCII}]*$/u;
const ASCII_WORDS = /[a-z0-9]+/gu;
const ELLIPSIS = '…';

/** The title as HTML with the query's words marked. */
export function highlightTitle(title: string, query: QueryNode): string {
  const sequences = positiveSequences(query);
  if (sequences.length === 0 || title === '') return escapeHtml(title);
  const tokens = tokensOf(title);
  return markSpans(
    title,
    0,
    title.length,
    matches(tokens, sequences).map(([first, last]) => [tokens.starts[first]!, tokens.ends[last]!]),
  );
}

/**
 * A passage of about `size` words around the best place where the query's words occur (the most
 * distinct sequences, then the most matches, then the earliest), marked; null when none occurs.
 */
export function excerptHtml(text: string, query: QueryNode, size = 24): string | null {
  const sequences = positiveSequences(query);
  if (sequences.length === 0 || text === '') return null;
  const tokens = tokensOf(text);
  const count = tokens.words.length;
  const found = matches(tokens, sequences);
  if (found.length === 0) return null;
  let best = { from: 0, score: -1 };
  let lowest = 0; // the first match that may start inside the window (windows only move forward)
  for (const [first] of found) {
    // The window starts a few words before a match, so the passage reads into it.
    const from = Math.max(0, Math.min(first - 3, count - size));
    while ((found[lowest] as [number, number, number])[0] < from) lowest++;
    // `found` is in start order: only the matches from `lowest` up to the window's end can be inside,
    // which keeps a long text with many matches linear rather than quadratic.
    const sequences = new Set<number>();
    let inside = 0;
    for (
      let index = lowest;
      index < found.length && (found[index] as [number, number, number])[0] < from + size;
      index++
    ) {
      const [, last, sequence] = found[index] as [number, number, number];
      if (last >= from + size) continue;
      sequences.add(sequence);
      inside++;
    }
    const score = sequences.size * 1000 + inside;
    if (score > best.score) best = { from, score };
  }
  const to = Math.min(count, best.from + size);
  // A passage that reaches either end of the text keeps what lies beyond its first or last word.
  const start = best.from > 0 ? tokens.starts[best.from]! : 0;
  const end = to < count ? tokens.ends[to - 1]! : text.length;
  const spans = found
    .filter(([first, last]) => first >= best.from && last < to)
    .map(([first, last]): [number, number] => [tokens.starts[first]!, tokens.ends[last]!]);
  return `${best.from > 0 ? ELLIPSIS : ''}${markSpans(text, start, end, spans)}${to < count ? ELLIPSIS : ''}`;
}

function tokensOf(text: string): Tokens {
  const tokens: Tokens = { words: [], starts: [], ends: [] };
  if (ASCII_TEXT.test(text)) {
    // Most filings are ASCII: words are runs of letters and digits, and folding is lower-casing.
    const lower = text.toLowerCase();
    ASCII_WORDS.lastIndex = 0;
    for (let match = ASCII_WORDS.exec(lower); match !== null; match = ASCII_WORDS.exec(lower)) {
      tokens.words.push(match[0]);
      tokens.starts.push(match.index);
      tokens.ends.push(match.index + match[0].length);
    }
    return tokens;
  }
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    // Most words are ASCII, where folding is lower-casing; the rest may fold into several (½ → 1 2),
    // each keeping the span of the word it came from.
    const folded = ASCII_WORD.test(match[0]) ? [match[0].toLowerCase()] : foldedWords(match[0]);
    for (const word of folded) {
      tokens.words.push(word);
      tokens.starts.push(start);
      tokens.ends.push(end);
    }
  }
  return tokens;
}

/** Every occurrence: [first token, last token, which sequence]. */
function matches(tokens: Tokens, sequences: Sequence[]): [number, number, number][] {
  const found: [number, number, number][] = [];
  const { words } = tokens;
  for (let index = 0; index < words.length; index++) {
    for (let which = 0; which < sequences.length; which++) {
      const sequence = sequences[which] as Sequence;
      if (matchesAt(words, index, sequence)) found.push([index, index + sequence.words.length - 1, which]);
    }
  }
  return found;
}

/** text[from, to) escaped, with the given spans (sorted by start) wrapped in <mark>. */
function markSpans(text: string, from: number, to: number, spans: [number, number][]): string {
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let html = '';
  let at = from;
  for (const [start, end] of spans) {
    if (start < at) continue; // inside a span already marked
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at, to));
}

function matchesAt(tokens: string[], index: number, sequence: Sequence): boolean {
  const { words, prefix } = sequence;
  if (index + words.length > tokens.length) return false;
  for (let offset = 0; offset < words.length; offset++) {
    const word = tokens[index + offset] as string;
    const wanted = words[offset] as string;
    const isLast = offset === words.length - 1;
    if (isLast && prefix ? !word.startsWith(wanted) : word !== wanted) return false;
  }
  return true;
}

/** Terms, phrases and prefixes that are not under a NOT. */
function positiveSequences(node: QueryNode, negated = false): Sequence[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix': {
      const words = foldedWords(node.value);
      return negated || words.length === 0 ? [] : [{ words, prefix: node.kind === 'prefix' }];
    }
    case 'not':
      return positiveSequences(node.child, !negated);
    case 'and':
    case 'or':
      return node.children.flatMap((child) => positiveSequences(child, negated));
    default:
      return [];
  }
}
