/**
 * Numbers for the keys percolation knows (`w:tariff`, `p:revis`, `a:ferc`, … as documentKeys spells
 * them): every key an alert is filed under, requires or tests gets a small integer, so a document's
 * keys become stamps in typed arrays instead of strings in sets.
 *
 * Word (w:) and prefix (p:) keys can also be found straight from an ASCII text as it is scanned
 * (capitals read as lower case): a word from its stretch of the text and running hash (extendHash),
 * a prefix by stepping through a trie of the known prefixes letter by letter. So reading a document
 * builds no string per word or per prefix.
 */

/** The hash of a word so far, extended by one UTF-16 code unit (the caller lowers ASCII capitals first). */
export function extendHash(hash: number, codeUnit: number): number {
  return (Math.imul(hash, 31) + codeUnit) | 0;
}

/** The hash of a whole string, as extendHash builds it letter by letter. */
export function hashOf(text: string): number {
  let hash = 0;
  for (let at = 0; at < text.length; at += 1) hash = extendHash(hash, text.charCodeAt(at));
  return hash;
}

/** Spreads the polynomial hash's bits before it picks a slot (similar words would cluster). */
function slotHash(hash: number): number {
  let mixed = hash ^ (hash >>> 16);
  mixed = Math.imul(mixed, 0x85ebca6b);
  return mixed ^ (mixed >>> 13);
}

/**
 * An open-addressing table from a word to its key number, probed with a piece of an ASCII text's
 * bytes (capitals compared as lower case, as the text will be folded), so no substring is made.
 */
class HashedTerms {
  private ids = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  private count = 0;

  constructor(private readonly texts: string[]) {}

  add(text: string, id: number): void {
    if ((this.count + 1) * 2 > this.ids.length) this.resize(this.ids.length * 2);
    this.insert(hashOf(text), id);
    this.count += 1;
  }

  /** The number of the key spelled by `source[start, end)`, whose hash is `hash`; -1 when unknown. */
  find(source: Uint8Array, start: number, end: number, hash: number): number {
    const mask = this.ids.length - 1;
    for (let slot = slotHash(hash) & mask; ; slot = (slot + 1) & mask) {
      const stored = this.ids[slot] as number;
      if (stored === 0) return -1;
      if (this.hashes[slot] === hash && sameText(this.texts[stored - 1] as string, source, start, end))
        return stored - 1;
    }
  }

  private insert(hash: number, id: number): void {
    const mask = this.ids.length - 1;
    let slot = slotHash(hash) & mask;
    while (this.ids[slot] !== 0) slot = (slot + 1) & mask;
    this.ids[slot] = id + 1;
    this.hashes[slot] = hash;
  }

  private resize(length: number): void {
    const { ids, hashes } = this;
    this.ids = new Int32Array(length);
    this.hashes = new Int32Array(length);
    for (let slot = 0; slot < ids.length; slot += 1)
      if (ids[slot] !== 0) this.insert(hashes[slot] as number, (ids[slot] as number) - 1);
  }
}

/** Whether the ASCII `source[start, end)`, its capitals lowered, spells `text`. */
function sameText(text: string, source: Uint8Array, start: number, end: number): boolean {
  if (text.length !== end - start) return false;
  for (let at = 0; at < text.length; at += 1) {
    let code = source[start + at] as number;
    if (code >= 65 && code <= 90) code += 32;
    if (code !== text.charCodeAt(at)) return false;
  }
  return true;
}

/** Letters a-z and digits 0-9 as 0 to 35, anything else -1: the alphabet of folded ASCII words. */
export function asciiWordClass(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 22;
  return -1;
}

const CLASSES = 36;

/**
 * The known prefixes of ASCII letters and digits as a trie in two typed arrays: from the root (state
 * 0), each letter of a word leads to the next state or nowhere (0), and a state may end a prefix key.
 */
class PrefixTrie {
  private next = new Int32Array(CLASSES * 256);
  private keyAt = new Int32Array(256).fill(-1);
  private states = 1;

  add(text: string, id: number): void {
    let state = 0;
    for (let at = 0; at < text.length; at += 1) {
      const letter = asciiWordClass(text.charCodeAt(at));
      if (letter < 0) return; // never spelled by an ASCII text: found through the dictionary's map instead
      const edge = state * CLASSES + letter;
      if (this.next[edge] === 0) {
        this.grow();
        this.next[edge] = this.states;
        this.states += 1;
      }
      state = this.next[edge] as number;
    }
    this.keyAt[state] = id;
  }

  /** The state after `letter` (asciiWordClass) from `state`; 0 when no known prefix goes on so. */
  step(state: number, letter: number): number {
    return this.next[state * CLASSES + letter] as number;
  }

  /** The key number a state completes, or -1. */
  keyOf(state: number): number {
    return this.keyAt[state] as number;
  }

  private grow(): void {
    if (this.states < this.keyAt.length) return;
    const keyAt = new Int32Array(this.keyAt.length * 2).fill(-1);
    keyAt.set(this.keyAt);
    this.keyAt = keyAt;
    const next = new Int32Array(this.next.length * 2);
    next.set(this.next);
    this.next = next;
  }
}

export class TermDictionary {
  private readonly ids = new Map<string, number>();
  private readonly keys: string[] = [];
  /** The text after the kind (`tariff` of `w:tariff`), by number. */
  private readonly texts: string[] = [];
  private readonly words = new HashedTerms(this.texts);
  private readonly prefixes = new PrefixTrie();

  /** How many keys have numbers (numbers run from 0 to size - 1). */
  get size(): number {
    return this.keys.length;
  }

  /** The key's number, given one if it has none yet. */
  idOf(key: string): number {
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const id = this.keys.length;
    this.ids.set(key, id);
    this.keys.push(key);
    this.texts.push(key.slice(2));
    if (key.startsWith('w:')) this.words.add(key.slice(2), id);
    else if (key.startsWith('p:')) this.prefixes.add(key.slice(2), id);
    return id;
  }

  /** The key's number, or -1 when no alert uses it. */
  find(key: string): number {
    return this.ids.get(key) ?? -1;
  }

  keyOf(id: number): string {
    return this.keys[id] ?? '';
  }

  /** The w: key spelled by the ASCII bytes `source[start, end)` (hash as extendHash builds it), or -1. */
  findWord(source: Uint8Array, start: number, end: number, hash: number): number {
    return this.words.find(source, start, end, hash);
  }

  /** The prefix trie's state after one more letter (asciiWordClass); 0: no p: key starts so. */
  prefixStep(state: number, letter: number): number {
    return this.prefixes.step(state, letter);
  }

  /** The p: key a prefix trie state spells, or -1. */
  prefixKeyOf(state: number): number {
    return this.prefixes.keyOf(state);
  }
}
