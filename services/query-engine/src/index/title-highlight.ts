import { foldText, foldedWords, type QueryNode } from '@docket/query-language';
import { escapeHtml } from './snippet-html';

interface Sequence {
  words: string[];
  prefix: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The title as HTML with the query's words marked, computed on the original title (FTS5's
 * highlight() works on the folded text it indexed, which would lose accents). Marks the word
 * sequences of the query's positive terms, phrases and prefixes, as matching defines them.
 */
export function highlightTitle(title: string, query: QueryNode): string {
  const sequences = positiveSequences(query);
  if (sequences.length === 0 || title === '') return escapeHtml(title);
  const words = [...title.matchAll(WORD)].map((match) => ({ start: match.index, end: match.index + match[0].length, folded: foldedWords(match[0]) }));
  // A word of the title may fold into several (½ → 1 2); flatten, remembering each one's span.
  const flat: { start: number; end: number; word: string }[] = [];
  for (const word of words) for (const folded of word.folded) flat.push({ start: word.start, end: word.end, word: folded });
  const marked: [number, number][] = [];
  for (let index = 0; index < flat.length; index++) {
    for (const sequence of sequences) {
      if (matchesAt(flat, index, sequence)) {
        const last = flat[index + sequence.words.length - 1] as { end: number };
        marked.push([(flat[index] as { start: number }).start, last.end]);
      }
    }
  }
  if (marked.length === 0) return escapeHtml(title);
  marked.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let html = '';
  let at = 0;
  for (const [start, end] of marked) {
    if (start < at) continue; // inside a span already marked
    html += `${escapeHtml(title.slice(at, start))}<mark>${escapeHtml(title.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(title.slice(at));
}

function matchesAt(flat: { word: string }[], index: number, sequence: Sequence): boolean {
  const { words, prefix } = sequence;
  if (index + words.length > flat.length) return false;
  for (let offset = 0; offset < words.length; offset++) {
    const word = (flat[index + offset] as { word: string }).word;
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
      const words = foldedWords(foldText(node.value));
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
