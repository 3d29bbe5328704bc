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

// ICU's segmenter gets slow on long strings (quadratic past ~10 KB), so it is fed a paragraph, or
// a piece of a long one, at a time.
const MAX_CHUNK = 4_000;

/** Abbreviations after which a sentence never ends (compared lower case, without the final period). */
const NEVER_FINAL = new Set([
  'no',
  'nos',
  'sec',
  'secs',
  'art',
  'arts',
  'vol',
  'ch',
  'para',
  'paras',
  'pp',
  'p',
  'ex',
  'exh',
  'fig',
  'app',
  'mr',
  'mrs',
  'ms',
  'dr',
  'hon',
  'prof',
  'rep',
  'sen',
  'gov',
  'gen',
  'lt',
  'col',
  'capt',
  'messrs',
  'st',
  'v',
  'vs',
  'e.g',
  'i.e',
  'cf',
  'viz',
  'approx',
  'est',
  'dept',
  'div',
  'cir',
  'supp',
  'stat',
  'reg',
  'regs',
  'u.s.c',
  'c.f.r',
  'f.r',
  'fed',
  'cal',
  'pub',
  'l',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'op',
  'seq',
  'incl',
  'ord',
  'res',
  'proc',
  'util',
  'utils',
  'comm',
  'admin',
  'ann',
  'rev',
  'sup',
]);

/**
 * Abbreviations that may end a sentence ("... filed by Acme Co."), joined only when what follows
 * cannot start one: a digit or a section sign ("U.S. 1", "Inc. § 5").
 */
const BEFORE_NUMBER = /^[\d§¶]/;

/** Words before a lone capital that make it a label ("Appendix A."), not a middle initial ("Luis H. Bennett"). */
const LABEL_WORDS = new Set([
  'appendix',
  'schedule',
  'exhibit',
  'attachment',
  'section',
  'part',
  'phase',
  'tier',
  'class',
  'option',
  'alternative',
  'table',
  'figure',
  'chapter',
  'article',
  'step',
  'item',
  'group',
  'zone',
  'area',
  'plan',
  'rate',
  'program',
]);

/**
 * The sentences of `text` between `from` (a sentence start, such as 0) and `to`. When `to` falls
 * inside the text, a last sentence it cuts short is left out.
 */
export function segmentSentences(text: string, from = 0, to = text.length): SentenceSpan[] {
  const end = Math.min(text.length, to);
  const spans: SentenceSpan[] = [];
  for (const paragraph of paragraphsOf(text, Math.max(0, from), end)) {
    let cursor = paragraph.start;
    while (cursor < paragraph.end) {
      const whole = paragraph.end - cursor <= MAX_CHUNK;
      const chunkEnd = whole ? paragraph.end : cutPoint(text, cursor, cursor + MAX_CHUNK);
      const found = segmentChunk(text, cursor, chunkEnd);
      if (whole || found.length < 2) {
        spans.push(...found);
        cursor = chunkEnd;
      } else {
        // The chunk's last sentence may have been cut short: it is segmented again with what follows.
        const last = found.pop() as SentenceSpan;
        spans.push(...found);
        cursor = last.start;
      }
    }
  }
  if (end < text.length && cutByWindow(text, spans.at(-1), end)) spans.pop();
  return spans;
}

/** Whether the paragraph goes on past the window's end and its last sentence might go on with it. */
function cutByWindow(text: string, last: SentenceSpan | undefined, end: number): boolean {
  if (!last || /\S/.test(text.slice(last.end, end))) return false;
  const rest = /^(\s*)(\S)/.exec(text.slice(end, end + 200));
  if (!rest || /\n[ \t\r]*\n/.test(text.slice(last.end, end) + rest[1])) return false;
  return !/[.!?]["”’)\]]*$/.test(text.slice(last.start, last.end)) || /[a-z]/.test(rest[2] as string);
}

/** ICU's sentences of text[start, end), with the abbreviation fixes applied. */
function segmentChunk(text: string, start: number, end: number): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const unwrapped = unwrapLines(text.slice(start, end));
  let pending: SentenceSpan | undefined;
  for (const segment of segmenter.segment(unwrapped)) {
    const span = trimmed(text, start + segment.index, start + segment.index + segment.segment.length);
    if (!span) continue;
    if (pending && continuesSentence(text, pending, span, unwrapped.slice(pending.end - start, span.start - start))) {
      pending = { start: pending.start, end: span.end };
    } else {
      if (pending) spans.push(pending);
      pending = span;
    }
  }
  if (pending) spans.push(pending);
  return spans;
}

/** Paragraphs (blank-line or form-feed separated) of text[from, to). */
function* paragraphsOf(text: string, from: number, to: number): Generator<SentenceSpan> {
  const paragraphBreak = /\n[ \t\r\f]*\n|\f/g;
  let start = from;
  while (start < to) {
    paragraphBreak.lastIndex = start;
    const match = paragraphBreak.exec(text);
    const paragraphEnd = match && match.index < to ? match.index : to;
    if (paragraphEnd > start) yield { start, end: paragraphEnd };
    start = match && match.index < to ? match.index + match[0].length : to;
  }
}

/** Where to cut an over-long paragraph: at the last white space before the limit. */
function cutPoint(text: string, from: number, limit: number): number {
  const window = text.slice(from, limit);
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
  return space > 0 ? from + space + 1 : limit;
}

/**
 * The text with each single line break that wraps a sentence replaced by a space (same length, so
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
  // A short title-like line ("Summary", "Positions of the Parties") before a capital; a line that
  // ends in a lower-case word ("... its application under") is a sentence wrapping.
  return current.length < 50 && /(?:^|\s)[A-Z\d][^\s]*$/.test(current) && /^[A-Z"“(§\d]/.test(following);
}

function isSpace(code: number): boolean {
  return (
    code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 0x2028 || code === 0x2029 || code === 0xfeff
  );
}

function trimmed(text: string, start: number, end: number): SentenceSpan | undefined {
  let s = start;
  let e = end;
  while (s < e && isSpace(text.charCodeAt(s))) s++;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
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
  const word = /(?:^|[\s([])([^\s([]+)\.$/.exec(before)?.[1] ?? '';
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
