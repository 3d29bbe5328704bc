/**
 * An inverted index over compiled alerts: each alert is filed under the keys a matching document
 * must have (one of), so a document is tested only against the alerts filed under its own keys,
 * plus the few that no key covers. A candidate is then refused cheaply when the document lacks one
 * of the keys the alert requires (every word of a phrase, every filter), and only the rest run
 * their condition. Kept in memory; the caller keeps it in step with the store.
 *
 * Which keys an alert is filed under is first guessed (longer words are rarer); the index then
 * counts how many of the documents it matched had each key an alert could use, and refiles every
 * alert under its least common keys after 64, 128, 256 … documents (every 65,536 after that), a
 * few thousand alerts after each document so that no one document waits for all of them.
 *
 * Everything per document is integer work: keys have numbers (TermDictionary), a document is read
 * once into stamps and word positions (DocumentTerms), each alert's required keys and condition are
 * compiled against the key numbers (AlertPrograms), and the posting list of a key carries the
 * programs of the alerts filed under it (PostingLists), so candidates are tested in memory order
 * and none re-reads the text.
 */
import { GUESSED_KEY_COST, type CompiledAlert, type PercolationDocument } from './alert-matcher';
import { AlertPrograms } from './alert-programs';
import { DocumentTerms } from './document-terms';
import { PostingLists } from './posting-lists';
import { TermDictionary } from './term-dictionary';

const FIRST_REFILE = 64;
const MAX_REFILE_INTERVAL = 65_536;
const REFILE_STEP = 4_096;
/** The posting list of alerts tested against every document; key number k's list is k + 1. */
const ALWAYS_LIST = 0;

export class PercolationIndex {
  private readonly dictionary = new TermDictionary();
  private readonly terms = new DocumentTerms(this.dictionary);
  private readonly slots: (CompiledAlert | undefined)[] = [];
  private readonly programs = new AlertPrograms(this.dictionary);
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  /** The keys each slot is filed under (null: tested against every document). */
  private readonly filed: (string[] | null)[] = [];
  private readonly postings = new PostingLists();
  /** How many documents had each key, by key number. */
  private seen = new Uint32Array(1024);
  /** Slots of alerts with no covering keys: tested against every document. */
  private readonly unkeyed = new Set<number>();
  private slotStamps: Uint32Array = new Uint32Array(1024);
  private generation = 0;
  /** The slots found for the current document (the first `found` of them). */
  private foundSlots: Uint32Array = new Uint32Array(1024);
  private found = 0;
  private observed = 0;
  private nextRefile = FIRST_REFILE;
  /** The next slot to refile while a refile is under way, else -1. */
  private refileCursor = -1;

  get size(): number {
    return this.slotOf.size;
  }

  get unkeyedCount(): number {
    return this.unkeyed.size;
  }

  /** Adds or replaces an alert. */
  put(alert: CompiledAlert): void {
    this.remove(alert.alertId);
    const slot = this.freeSlots.pop() ?? this.slots.length;
    this.slots[slot] = alert;
    this.programs.put(slot, alert.condition, alert.required);
    this.slotOf.set(alert.alertId, slot);
    this.slotStamps = grown(this.slotStamps, slot);
    // Known keys are counted in every document, which is what refiling costs them by.
    for (const key of alert.candidateKeys) this.dictionary.idOf(key);
    this.file(slot, this.observed >= FIRST_REFILE ? alert.coverWith(this.learnedCost) : alert.keys);
  }

  remove(alertId: string): void {
    const slot = this.slotOf.get(alertId);
    if (slot === undefined) return;
    this.slotOf.delete(alertId);
    this.slots[slot] = undefined;
    this.programs.remove(slot);
    this.freeSlots.push(slot);
    this.unfile(slot);
  }

  has(alertId: string): boolean {
    return this.slotOf.has(alertId);
  }

  /** The alert's slot (matchSlots names alerts by it; it stays until the alert is removed), or -1. */
  slotOfAlert(alertId: string): number {
    return this.slotOf.get(alertId) ?? -1;
  }

  /** The alerts filed under the document's keys (a superset of those that match it). */
  candidates(doc: PercolationDocument): CompiledAlert[] {
    this.terms.read(doc);
    return this.alertsIn(this.collect(false));
  }

  /**
   * The alerts the document matches: candidates with every required key, then their condition. The
   * document's keys are counted (what refiling goes by).
   */
  match(doc: PercolationDocument): CompiledAlert[] {
    return this.alertsIn(this.matchSlots(doc));
  }

  /**
   * match's alerts by slot (slotOfAlert), in slot order: a view of a buffer the next call reuses.
   * What a caller that names alerts otherwise (a worker thread answering with numbers) reads.
   */
  matchSlots(doc: PercolationDocument): Uint32Array {
    this.observed += 1;
    this.terms.read(doc);
    this.count(this.terms.present);
    const found = this.collect(true);
    if (this.refileCursor < 0 && this.observed >= this.nextRefile) {
      this.refileCursor = 0;
      this.nextRefile = this.observed + Math.min(this.observed, MAX_REFILE_INTERVAL);
    }
    if (this.refileCursor >= 0) this.refileSome();
    return found;
  }

  /** Every alert, for comparison with the index (benchmarks, tests). */
  *all(): IterableIterator<CompiledAlert> {
    for (const alert of this.slots) if (alert) yield alert;
  }

  /** Each candidate slot of the document just read, once, in slot order; with `test`, only those that match. */
  private collect(test: boolean): Uint32Array {
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.slotStamps.fill(0);
      this.generation = 1;
    }
    this.found = 0;
    this.collectList(ALWAYS_LIST, test);
    for (const id of this.terms.present) this.collectList(id + 1, test);
    // In slot order: the alerts are then read (here and by the caller) roughly in the order they were
    // stored, which the memory system serves much faster than jumps all over the heap.
    return this.foundSlots.subarray(0, this.found).sort();
  }

  private alertsIn(found: Uint32Array): CompiledAlert[] {
    const result: CompiledAlert[] = new Array(found.length);
    for (let at = 0; at < found.length; at += 1) result[at] = this.slots[found[at] as number] as CompiledAlert;
    return result;
  }

  private collectList(list: number, test: boolean): void {
    const entries = this.postings.entriesOf(list);
    if (!entries) return;
    const { generation, slotStamps, terms, programs } = this;
    const length = this.postings.lengthOf(list);
    for (let at = 0; at < length; at += 2 + (entries[at + 1] as number)) {
      let slot = entries[at] as number;
      if (slot < 0) {
        // Filed in several lists: only the first of them this document reaches tests it.
        slot = ~slot;
        if (slotStamps[slot] === generation) continue;
        slotStamps[slot] = generation;
      }
      if (!test || programs.run(entries, at + 2, slot, terms)) {
        if (this.found === this.foundSlots.length) this.foundSlots = grown(this.foundSlots, this.found);
        this.foundSlots[this.found] = slot;
        this.found += 1;
      }
    }
  }

  private count(present: number[]): void {
    if (this.seen.length < this.dictionary.size) {
      const seen = new Uint32Array(Math.max(this.dictionary.size, this.seen.length * 2));
      seen.set(this.seen);
      this.seen = seen;
    }
    for (const id of present) this.seen[id] = (this.seen[id] as number) + 1;
  }

  /** The share of documents seen that had the key; the guess breaks ties (and decides for unseen keys). */
  private readonly learnedCost = (key: string): number => {
    const id = this.dictionary.find(key);
    const seen = id >= 0 ? (this.seen[id] ?? 0) : 0;
    return seen / Math.max(1, this.observed) + GUESSED_KEY_COST(key) * 1e-6;
  };

  /** Refiles the next REFILE_STEP slots under the keys now least common. */
  private refileSome(): void {
    const end = Math.min(this.slots.length, this.refileCursor + REFILE_STEP);
    for (let slot = this.refileCursor; slot < end; slot += 1) {
      const alert = this.slots[slot];
      if (!alert) continue;
      const keys = alert.coverWith(this.learnedCost);
      const current = this.filed[slot];
      if (keys !== null && current && keys.length === current.length && keys.every((key, at) => key === current[at]))
        continue;
      this.unfile(slot);
      this.file(slot, keys);
    }
    this.refileCursor = end >= this.slots.length ? -1 : end;
  }

  private file(slot: number, keys: string[] | null): void {
    this.filed[slot] = keys;
    const program = this.programs.programOf(slot);
    if (!program) return;
    if (keys === null) {
      this.unkeyed.add(slot);
      this.postings.add(ALWAYS_LIST, slot, program);
      return;
    }
    const header = keys.length > 1 ? ~slot : slot;
    for (const key of keys) this.postings.add(this.dictionary.idOf(key) + 1, header, program);
  }

  private unfile(slot: number): void {
    const keys = this.filed[slot];
    if (keys === null || keys === undefined) {
      if (this.unkeyed.delete(slot)) this.postings.remove(ALWAYS_LIST, slot);
    } else {
      const header = keys.length > 1 ? ~slot : slot;
      for (const key of keys) this.postings.remove(this.dictionary.find(key) + 1, header);
    }
    this.filed[slot] = null;
  }
}

/** The array, or a copy twice as long when `index` is past its end. */
function grown(stamps: Uint32Array, index: number): Uint32Array {
  if (index < stamps.length) return stamps;
  const copy = new Uint32Array(Math.max(stamps.length * 2, index + 1));
  copy.set(stamps);
  return copy;
}
