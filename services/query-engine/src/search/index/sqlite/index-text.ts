import { deflateRawSync, inflateRawSync, constants as zlibConstants } from 'node:zlib';
import Database from 'better-sqlite3';
import { foldedWords } from '@docket/query-language';
import { MARK, PAIR_MARK, pairTokensOf } from './fts-query';

/**
 * What the FTS5 tokenizer is given, so that its words are exactly @docket/query-language's
 * foldedWords (the reference semantics every backend reproduces).
 *
 * foldText applies NFKD, drops nonspacing marks, applies NFKC and lower-cases; words are runs of
 * letters, marks and digits. FTS5's unicode61 tokenizer folds diacritics with its own (Latin-only)
 * table, knows nothing of compatibility forms (ﬁ, full-width letters, ™) and has Unicode 6.1
 * tables, so left alone it would disagree on many non-ASCII words. Instead we do the Unicode work
 * here, on the runs of non-ASCII characters only (ASCII text, most filings, passes untouched), and
 * let unicode61 do no more than lower-case (`remove_diacritics 0`) with the same word characters
 * (`categories 'L* N* M*'`). Query words go through foldText and then the same tokenizer, so both
 * sides meet in one form. Snippets therefore show non-ASCII words folded (é as e); the stored text
 * that fetch() returns is the original.
 */
export const FTS_TOKENIZER = "unicode61 remove_diacritics 0 categories 'L* N* M*'";

const NON_ASCII_RUN = /[^\p{ASCII}]+/gu;
const NONSPACING_MARKS = /\p{Mn}/gu;
const HAS_NON_ASCII = /[^\p{ASCII}]/u;

export function indexText(text: string): string {
  const clean = withoutMarks(text);
  if (!HAS_NON_ASCII.test(clean)) return clean;
  const separators = tokenizerOnlyCharacters();
  return clean.replace(NON_ASCII_RUN, (run) => {
    const folded = run.normalize('NFKD').replace(NONSPACING_MARKS, '').normalize('NFKC').toLowerCase();
    return separators.test(folded) ? folded.replace(separators, ' ') : folded;
  });
}

/** The marks are letters that make tokens of other kinds (word pairs, tags); text must not contain them. */
function withoutMarks(text: string): string {
  return text.includes(MARK) || text.includes(PAIR_MARK) ? text.replaceAll(MARK, ' ').replaceAll(PAIR_MARK, ' ') : text;
}

/**
 * Every pair of adjacent words of `text` as pair tokens, space-separated: what the *_pairs columns
 * index. foldedWords are the tokenizer's words of indexText(text) (see above).
 */
export function wordPairs(text: string): string {
  return pairTokensOf(foldedWords(withoutMarks(text))).join(' ');
}

let tokenizerOnly: RegExp | undefined;

/**
 * Characters that are punctuation or symbols today but were unassigned in Unicode 6.1, which
 * unicode61 therefore treats as parts of words (₽, emoji, bidi isolates): they must become spaces.
 * Asked of the SQLite actually linked, once per process (about 100 ms).
 */
function tokenizerOnlyCharacters(): RegExp {
  if (tokenizerOnly) return tokenizerOnly;
  const candidates: string[] = [];
  const notWord = /^[^\p{L}\p{M}\p{N}\p{Cs}\p{Cn}\p{Co}\p{Cc}]$/u;
  for (let code = 0x80; code < 0x110000; code++) {
    if (code >= 0xd800 && code < 0xe000) continue;
    const char = String.fromCodePoint(code);
    if (notWord.test(char)) candidates.push(char);
  }
  const db = new Database(':memory:');
  try {
    db.exec(`CREATE VIRTUAL TABLE probe USING fts5(x, tokenize="${FTS_TOKENIZER}");
      CREATE VIRTUAL TABLE probe_terms USING fts5vocab(probe, row);`);
    const insert = db.prepare('INSERT INTO probe (x) VALUES (?)');
    // Between two letters a separator leaves "a" and "b"; a word character makes one term "a?b".
    db.transaction(() => {
      for (const char of candidates) insert.run(`a${char}b`);
    })();
    const joined = (db.prepare('SELECT term FROM probe_terms').pluck().all() as string[])
      .map((term) => [...term])
      .filter((chars) => chars.length === 3)
      .map((chars) => chars[1] as string);
    const escaped = joined.map((char) => `\\u{${(char.codePointAt(0) as number).toString(16)}}`).join('');
    tokenizerOnly = joined.length > 0 ? new RegExp(`[${escaped}]`, 'gu') : /(?!)/gu;
  } finally {
    db.close();
  }
  return tokenizerOnly;
}

/**
 * The full text is stored compressed (filings are long and compress several times over); FTS5 reads
 * it back through a view for snippets, and fetch() returns it as it came.
 */
export function compressText(text: string): Buffer {
  return deflateRawSync(Buffer.from(text, 'utf8'), { level: 3 });
}

export function decompressText(blob: Buffer | Uint8Array): string {
  return inflateRawSync(blob).toString('utf8');
}

/**
 * The first `chars` characters of a compressed text, inflating only the start of it: deflate never
 * makes data much larger, so the first 4 × chars compressed bytes hold at least 4 × chars bytes of
 * UTF-8, which is at least `chars` characters.
 */
export function decompressTextStart(blob: Buffer | Uint8Array, chars: number): string {
  const head = blob.subarray(0, chars * 4 + 64);
  if (head.length === blob.length) return decompressText(blob).slice(0, chars);
  const text = inflateRawSync(head, { finishFlush: zlibConstants.Z_SYNC_FLUSH }).toString('utf8').slice(0, chars);
  // A cut between the two halves of a surrogate pair leaves half a character: drop it.
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}
