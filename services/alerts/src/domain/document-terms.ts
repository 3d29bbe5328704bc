/**
 * One document read once for all the alerts it is tested against: which known keys it has (stamps
 * by key number), where each known word occurs (a chain of positions per word, for phrases), and its
 * parties', entities' and filing date's forms. The same object is reused document after document
 * (a generation number voids the previous document's stamps), so matching allocates almost nothing.
 *
 * It yields exactly the keys documentKeys does, restricted to those the dictionary knows; words come
 * from the same folding as @docket/query-language (an all-ASCII text is folded by lower-casing alone,
 * which the scan below does letter by letter; any other text goes through foldedWords).
 */
import { Buffer } from 'node:buffer';
import { foldedWords, nameKey, normalizeDocketNumber } from '@docket/query-language';
import { MAX_PREFIX_KEY, MIN_PREFIX_KEY, type PercolationDocument } from './alert-matcher';
import { asciiWordClass, extendHash, type TermDictionary } from './term-dictionary';

// Bound here once: an imported name is read from the other module's exports at every use (through a
// getter in esbuild's and swc's CommonJS output: tsx, jest), which was most of the letter-by-letter scan.
const hashStep = extendHash;
const wordClass = asciiWordClass;
const MIN_PREFIX = MIN_PREFIX_KEY;
const MAX_PREFIX = MAX_PREFIX_KEY;

/** The test text-normalize applies: such text needs none of the Unicode folding. */
const FOLDS_BY_LOWER_CASE = /^[\x20-\x7e\t\n\r]*$/;
const NO_KEY = -1;
/** filedDayNumber without a valid filing date. */
export const NO_DAY = -2;
/** filedDayNumber of a year outside 0000-9999: its ISO string ("+010000-…") sorts before every YYYY-MM-DD. */
const BEFORE_EVERY_DAY = -1;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/u;

/** YYYY-MM-DD as the number YYYYMMDD, which orders as the string does. */
export function dayNumber(day: string): number {
  return Number(day.slice(0, 4)) * 10_000 + Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));
}

export class DocumentTerms {
  /** The keys of the current document that the dictionary knows, each once. */
  readonly present: number[] = [];
  private generation = 0;
  private stamps = new Uint32Array(1024);
  /** First and last position of each known word in the current document (valid where stamped). */
  private heads = new Int32Array(1024);
  private tails = new Int32Array(1024);
  /** Each position's word number (-1: a word no alert uses, or the title/text separator). */
  private tokens = new Int32Array(4096);
  /** The next position of the same word, or -1. */
  private nextSame = new Int32Array(4096);
  private tokenCount = 0;
  private bytes = Buffer.alloc(1 << 16);
  private current: PercolationDocument | undefined;
  private partyWords: string[][] = [];
  private entityWords: string[][] = [];
  private day: string | null | undefined;
  /** Names seen lately, folded and keyed (a docket's parties come back with each of its filings). */
  private readonly partyNames = new NameKeys('y');
  private readonly entityNames = new NameKeys('e');
  private dayAsNumber: number | undefined;

  constructor(private readonly dictionary: TermDictionary) {}

  /** The document read last. */
  get document(): PercolationDocument {
    if (!this.current) throw new Error('no document read');
    return this.current;
  }

  /** Folded words of each party's name. */
  get parties(): string[][] {
    return this.partyWords;
  }

  /** Folded words of each entity's name. */
  get entities(): string[][] {
    return this.entityWords;
  }

  /** The UTC day of filing (YYYY-MM-DD), or null without a valid date. */
  get filedDay(): string | null {
    if (this.day === undefined) {
      const time = this.current?.filedAt?.getTime() ?? Number.NaN;
      this.day = Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
    }
    return this.day;
  }

  /** The filing day as dayNumber orders it (NO_DAY without one). */
  get filedDayNumber(): number {
    if (this.dayAsNumber === undefined) {
      const day = this.filedDay;
      this.dayAsNumber = day === null ? NO_DAY : ISO_DAY.test(day) ? dayNumber(day) : BEFORE_EVERY_DAY;
    }
    return this.dayAsNumber;
  }

  /** Forgets the previous document and reads this one. */
  read(doc: PercolationDocument): void {
    // Most texts are plain ASCII: scanned as such at once; a text that turns out not to be is read
    // again from the start, each part folded the way text-normalize folds it.
    if (!this.readWords(doc, true)) this.readWords(doc, false);
    const { dictionary } = this;
    const docket = normalizeDocketNumber(doc.docketNumber);
    if (docket) this.mark(dictionary.find(`d:${docket}`));
    if (doc.docketId) this.mark(dictionary.find(`i:${doc.docketId}`));
    this.mark(dictionary.find(`a:${nameKey(doc.sourceId)}`));
    for (const agency of doc.agencies ?? []) this.mark(dictionary.find(`a:${nameKey(agency)}`));
    this.mark(dictionary.find(`t:${nameKey(doc.filingType)}`));
    this.mark(dictionary.find(`t:${nameKey(doc.filingCategory)}`));
    this.partyWords = this.readNames(doc.parties, this.partyNames);
    this.entityWords = this.readNames(doc.entities ?? [], this.entityNames);
  }

  /** Each name's folded words; marks the keys of those words. */
  private readNames(names: string[], known: NameKeys): string[][] {
    const result: string[][] = [];
    for (const name of names) {
      const folded = known.of(name, this.dictionary);
      result.push(folded.words);
      for (let at = 0; at < folded.keys.length; at += 1) this.mark(folded.keys[at] as number);
    }
    return result;
  }

  /** Whether the current document has the key. */
  has(id: number): boolean {
    return this.stamps[id] === this.generation;
  }

  /**
   * Whether the words numbered `ids[from, from + count)` (count >= 1) occur next to each other, in
   * this order, in title or text.
   */
  hasSequence(ids: Int32Array, from: number, count: number): boolean {
    const first = ids[from] as number;
    if (this.stamps[first] !== this.generation) return false;
    const { tokens, nextSame } = this;
    for (let start = this.heads[first] as number; start >= 0; start = nextSame[start] as number) {
      if (start + count > this.tokenCount) return false;
      let at = 1;
      while (at < count && tokens[start + at] === ids[from + at]) at += 1;
      if (at === count) return true;
    }
    return false;
  }

  private startDocument(doc: PercolationDocument): void {
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    const keys = this.dictionary.size;
    if (keys > this.stamps.length) {
      const length = Math.max(keys, this.stamps.length * 2);
      const stamps = new Uint32Array(length);
      stamps.set(this.stamps);
      this.stamps = stamps;
      this.heads = new Int32Array(length);
      this.tails = new Int32Array(length);
    }
    this.present.length = 0;
    this.tokenCount = 0;
    this.current = doc;
    this.day = undefined;
    this.dayAsNumber = undefined;
  }

  /** Title and text; with `assumeAscii`, false (and half a document) as soon as a letter needs Unicode folding. */
  private readWords(doc: PercolationDocument, assumeAscii: boolean): boolean {
    this.startDocument(doc);
    if (assumeAscii ? !this.readAscii(doc.title) : !this.readText(doc.title)) return false;
    this.addToken(NO_KEY); // no phrase spans title and text
    return assumeAscii ? this.readAscii(doc.text) : this.readText(doc.text);
  }

  private readText(text: string): boolean {
    if (FOLDS_BY_LOWER_CASE.test(text)) return this.readAscii(text);
    this.readFolded(text);
    return true;
  }

  /**
   * Text that folds by lower-casing alone: words are runs of ASCII letters and digits, compared
   * without case (what foldedWords yields for it). Each word is hashed as it is scanned and looked
   * up once it ends; a known word seen before in this document has had its prefixes marked, any
   * other steps through the prefix trie. False at the first character such text cannot have.
   */
  private readAscii(text: string): boolean {
    const bytes = this.asciiBytes(text);
    if (!bytes) return false;
    const { dictionary } = this;
    let start = -1;
    let hash = 0;
    for (let at = 0; at <= text.length; at += 1) {
      let code = at < text.length ? (bytes[at] as number) : 32;
      if (code >= 65 && code <= 90) code += 32;
      if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
        if (start < 0) {
          start = at;
          hash = 0;
        }
        hash = hashStep(hash, code);
        continue;
      }
      if (code > 126 || (code < 32 && code !== 9 && code !== 10 && code !== 13)) return false;
      if (start < 0) continue;
      const id = dictionary.findWord(bytes, start, at, hash);
      if (id < 0 || this.stamps[id] !== this.generation) this.markPrefixes(bytes, start, at);
      this.addToken(id);
      start = -1;
    }
    return true;
  }

  /**
   * The text's characters as bytes in a reused buffer, or null when one of them is not ASCII (its
   * UTF-8 form is then longer than the text). Reading bytes is much cheaper than reading a string
   * char by char, above all a string built by concatenation, as filings are.
   */
  private asciiBytes(text: string): Uint8Array | null {
    if (this.bytes.length < text.length * 3)
      this.bytes = Buffer.alloc(Math.max(text.length * 3, this.bytes.length * 2));
    return this.bytes.write(text, 0, 'utf8') === text.length ? this.bytes : null;
  }

  /** The p: keys of the ASCII word `bytes[start, end)`: its first 3 to 6 letters, through the trie. */
  private markPrefixes(bytes: Uint8Array, start: number, end: number): void {
    const { dictionary } = this;
    let state = 0;
    for (let at = start; at < end && at - start < MAX_PREFIX; at += 1) {
      let code = bytes[at] as number;
      if (code >= 65 && code <= 90) code += 32;
      state = dictionary.prefixStep(state, wordClass(code));
      if (state === 0) return;
      if (at + 1 - start >= MIN_PREFIX) this.mark(dictionary.prefixKeyOf(state));
    }
  }

  /** Any other text: foldedWords' words, looked up by name; prefixes count code points, as documentKeys does. */
  private readFolded(text: string): void {
    const { dictionary } = this;
    for (const word of foldedWords(text)) {
      const letters = [...word];
      for (let length = MIN_PREFIX; length <= Math.min(MAX_PREFIX, letters.length); length += 1)
        this.mark(dictionary.find(`p:${letters.slice(0, length).join('')}`));
      this.addToken(dictionary.find(`w:${word}`));
    }
  }

  /** Appends a word (by number) at the next position, chaining it to its previous occurrence. */
  private addToken(id: number): void {
    const position = this.tokenCount;
    if (position === this.tokens.length) this.growTokens();
    this.tokenCount += 1;
    this.tokens[position] = id;
    if (id < 0) return;
    this.nextSame[position] = -1;
    if (this.stamps[id] !== this.generation) {
      this.stamps[id] = this.generation;
      this.present.push(id);
      this.heads[id] = position;
    } else {
      this.nextSame[this.tails[id] as number] = position;
    }
    this.tails[id] = position;
  }

  private mark(id: number): void {
    if (id < 0 || this.stamps[id] === this.generation) return;
    this.stamps[id] = this.generation;
    this.present.push(id);
  }

  private growTokens(): void {
    const tokens = new Int32Array(this.tokens.length * 2);
    tokens.set(this.tokens);
    this.tokens = tokens;
    const nextSame = new Int32Array(this.nextSame.length * 2);
    nextSame.set(this.nextSame);
    this.nextSame = nextSame;
  }
}

interface FoldedName {
  words: string[];
  /** The key numbers of the words (-1: unknown), as of `dictionarySize`. */
  keys: Int32Array;
  dictionarySize: number;
}

/** Names of one kind (party y:, entity e:) folded and keyed once, while the dictionary stays the same. */
class NameKeys {
  private static readonly LIMIT = 20_000;
  private readonly names = new Map<string, FoldedName>();

  constructor(private readonly kind: 'y' | 'e') {}

  of(name: string, dictionary: TermDictionary): FoldedName {
    const known = this.names.get(name);
    // A key only gains a number when an alert is filed: a name keyed before that is keyed again.
    if (known && known.dictionarySize === dictionary.size) return known;
    if (this.names.size >= NameKeys.LIMIT) this.names.clear();
    const words = known?.words ?? foldedWords(name);
    const folded = {
      words,
      keys: Int32Array.from(words, (word) => dictionary.find(`${this.kind}:${word}`)),
      dictionarySize: dictionary.size,
    };
    this.names.set(name, folded);
    return folded;
  }
}
