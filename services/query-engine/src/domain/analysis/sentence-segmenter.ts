/**
 * Sentences of a filing with exact character offsets: ICU's sentence rules (Intl.Segmenter) with the
 * fixes legal and regulatory text needs — "Docket No. 23-E-0456", "16 U.S.C. § 824d", "Sec. 5",
 * "Smith v. Jones", "Hon. Luis H. Bennett", "Jan. 5, 2024" do not end sentences — and with the
 * hard line wraps of extracted PDF text joined, while headings stay sentences of their own.
 */

/** A sentence as [start, end) offsets into the text, white space trimmed off both ends. */
export interface SentenceSpan {
  start: number;
  end: number;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

// ICU's segmenter gets slow on long strings (quadratic past ~10 KB), so it is fed a paragraph at a time.
const MAX_CHUNK = 4_000;

/** Abbreviations after which a sentence never ends (compared lower case, without the final period). */
const NEVER_FINAL = new Set([
  'no', 'nos', 'sec', 'secs', 'art', 'arts', 'vol', 'ch', 'para', 'paras', 'pp', 'p', 'ex', 'exh', 'fig', 'app',
  'mr', 'mrs', 'ms', 'dr', 'hon', 'prof', 'rep', 'sen', 'gov', 'gen', 'lt', 'col', 'capt', 'messrs', 'st',
  'v', 'vs', 'e.g', 'i.e', 'cf', 'viz', 'approx', 'est', 'dept', 'div', 'cir', 'supp', 'stat', 'reg', 'regs',
  'u.s.c', 'c.f.r', 'f.r', 'fed', 'cal', 'pub', 'l', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep',
  'sept', 'oct', 'nov', 'dec', 'op', 'seq', 'incl', 'ord', 'res', 'proc', 'util', 'utils', 'comm', 'admin', 'ann', 'rev', 'sup',
]);

/**
 * Abbreviations that may end a sentence ("... filed by Acme Co."), joined only when what follows
 * cannot start one: a digit or a section sign ("U.S. 1", "Inc. § 5").
 */
const BEFORE_NUMBER = /^[\d§¶]/;

/** Words before a lone capital that make it a label ("Appendix A."), not a middle initial ("Luis H. Bennett"). */
const LABEL_WORDS = new Set(['appendix', 'schedule', 'exhibit', 'attachment', 'section', 'part', 'phase', 'tier', 'class', 'option', 'alternative', 'table', 'figure', 'chapter', 'article', 'step', 'item', 'group', 'zone', 'area', 'plan', 'rate', 'program']);

/**
 * The sentences of `text` between `from` and `to` (the window's edges are snapped to white space so
 * no sentence is cut in the middle of a word).
 */
export function segmentSentences(text: string, from = 0, to = text.length): SentenceSpan[] {
  const end = Math.min(text.length, to);
  const spans: SentenceSpan[] = [];
  for (const chunk of chunksOf(text, Math.max(0, from), end)) {
    const unwrapped = unwrapLines(text.slice(chunk.start, chunk.end));
    let pending: SentenceSpan | undefined;
    for (const segment of segmenter.segment(unwrapped)) {
      const span = trimmed(text, chunk.start + segment.index, chunk.start + segment.index + segment.segment.length);
      if (!span) continue;
      if (pending && continuesSentence(text, pending, span, unwrapped.slice(pending.end - chunk.start, span.start - chunk.start))) {
        pending = { start: pending.start, end: span.end };
      } else {
        if (pending) spans.push(pending);
        pending = span;
      }
    }
    if (pending) spans.push(pending);
  }
  return spans;
}

/** Paragraphs (blank-line separated) of the window, long ones cut at a line end or a space. */
function* chunksOf(text: string, from: number, to: number): Generator<SentenceSpan> {
  const paragraphBreak = /\n[ \t\r\f]*\n|\f/g;
  paragraphBreak.lastIndex = from;
  let start = from;
  while (start < to) {
    paragraphBreak.lastIndex = start;
    const match = paragraphBreak.exec(text);
    const paragraphEnd = match && match.index < to ? match.index : to;
    let cursor = start;
    while (paragraphEnd - cursor > MAX_CHUNK) {
      const cut = cutPoint(text, cursor, cursor + MAX_CHUNK);
      yield { start: cursor, end: cut };
      cursor = cut;
    }
    if (paragraphEnd > cursor) yield { start: cursor, end: paragraphEnd };
    start = match && match.index < to ? match.index + match[0].length : to;
  }
}

/** Where to cut an over-long paragraph: after the last ". " before the limit, else at a space. */
function cutPoint(text: string, from: number, limit: number): number {
  const window = text.slice(from, limit);
  const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('.\n'));
  if (sentenceEnd > MAX_CHUNK / 2) return from + sentenceEnd + 2;
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
  return space > 0 ? from + space + 1 : limit;
}

/**
 * The chunk with each single line break that wraps a sentence replaced by a space (same length, so
 * offsets carry over). A break stays after a heading-like line: no closing punctuation and either
 * all capitals, or short with a capital letter or list marker opening the next line.
 */
function unwrapLines(chunk: string): string {
  if (!chunk.includes('\n')) return chunk;
  const lines = chunk.split('\n');
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    out += line;
    if (i === lines.length - 1) break;
    out += keepsBreak(line, lines[i + 1] as string) ? '\n' : ' ';
  }
  return out;
}

function keepsBreak(line: string, next: string): boolean {
  const current = line.trim();
  const following = next.trim();
  if (current.length === 0 || following.length === 0) return true;
  if (/^(?:[-•*▪◦]|\(?[a-z0-9]{1,3}\)|[IVX]+\.|\d+\.)\s/i.test(following)) return true; // list item or numbered heading
  if (/[.!?:;,]["”’)\]]*$/.test(current)) return false; // ICU splits after the punctuation anyway
  if (/[a-z]/.test(current) === false && /[A-Z]/.test(current)) return true; // ALL CAPS heading
  return current.length < 50 && /^[A-Z"“(§\d]/.test(following);
}

function trimmed(text: string, start: number, end: number): SentenceSpan | undefined {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] as string)) s++;
  while (e > s && /\s/.test(text[e - 1] as string)) e--;
  return e > s ? { start: s, end: e } : undefined;
}

/** Whether ICU's break between `previous` and `next` falls after an abbreviation rather than a sentence. */
function continuesSentence(text: string, previous: SentenceSpan, next: SentenceSpan, gap: string): boolean {
  const before = text.slice(Math.max(previous.start, previous.end - 40), previous.end);
  if (!before.endsWith('.')) return false;
  if (gap.includes('\n') && !/^[\d§]/.test(text[next.start] as string)) {
    // A break kept as a line end (a heading) stays a break, except before a number ("Docket No.\n23-0456").
    return false;
  }
  const word = /(?:^|[\s(\[])([^\s(\[]+)\.$/.exec(before)?.[1] ?? '';
  const bare = word.toLowerCase();
  const following = text.slice(next.start, next.start + 1);
  if (NEVER_FINAL.has(bare)) return true;
  // Dotted initialisms and short abbreviations before a number: "16 U.S.C. 824", "Inc. § 3", "F. 3d".
  if (BEFORE_NUMBER.test(following) && (bare.includes('.') || bare.length <= 4)) return true;
  // A middle initial: "Luis H. Bennett" (not "Appendix A. The ...").
  if (/^[A-Z]$/.test(word)) {
    const previousWord = /([A-Za-z]+)\s+[A-Z]\.$/.exec(before)?.[1] ?? '';
    return /^[A-Z]/.test(previousWord) && !LABEL_WORDS.has(previousWord.toLowerCase()) && /^[A-Z]/.test(following);
  }
  return false;
}
