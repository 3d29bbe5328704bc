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
 * once into stamps and word positions (DocumentTerms), postings list slot numbers, and each alert's
 * required keys and condition are compiled against the key numbers (AlertPrograms), so no candidate
 * re-reads the text.
 */
import { GUESSED_KEY_COST, type CompiledAlert, type PercolationDocument } from './alert-matcher';
import { AlertPrograms } from './alert-programs';
import { DocumentTerms } from './document-terms';
import { TermDictionary } from './term-dictionary';

const FIRST_REFILE = 64;
const MAX_REFILE_INTERVAL = 65_536;
const REFILE_STEP = 4_096;

export class PercolationIndex {
  private readonly dictionary = new TermDictionary();
  private readonly terms = new DocumentTerms(this.dictionary);
  private readonly slots: (CompiledAlert | undefined)[] = [];
  private readonly programs = new AlertPrograms(this.dictionary);
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  /** The keys each slot is filed under (null: tested against every document). */
  private readonly filed: (string[] | null)[] = [];
  /** The slots filed under each key, by key number. */
  private readonly postings: (number[] | undefined)[] = [];
  /** How many documents had each key, by key number. */
  private seen = new Uint32Array(1024);
  /** Slots of alerts with no covering keys: tested against every document. */
  private readonly unkeyed = new Set<number>();
  private slotStamps: Uint32Array = new Uint32Array(1024);
  private generation = 0;
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

  /** The alerts filed under the document's keys (a superset of those that match it). */
  candidates(doc: PercolationDocument): CompiledAlert[] {
    this.terms.read(doc);
    return this.collect(false);
  }

  /**
   * The alerts the document matches: candidates with every required key, then their condition. The
   * document's keys are counted (what refiling goes by).
   */
  match(doc: PercolationDocument): CompiledAlert[] {
    this.observed += 1;
    this.terms.read(doc);
    this.count(this.terms.present);
    const result = this.collect(true);
    if (this.refileCursor < 0 && this.observed >= this.nextRefile) {
      this.refileCursor = 0;
      this.nextRefile = this.observed + Math.min(this.observed, MAX_REFILE_INTERVAL);
    }
    if (this.refileCursor >= 0) this.refileSome();
    return result;
  }

  /** Every alert, for comparison with the index (benchmarks, tests). */
  *all(): IterableIterator<CompiledAlert> {
    for (const alert of this.slots) if (alert) yield alert;
  }

  /** Each candidate slot of the document just read, once; with `test`, only those that match. */
  private collect(test: boolean): CompiledAlert[] {
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.slotStamps.fill(0);
      this.generation = 1;
    }
    const { generation, slotStamps, slots, terms, programs, postings } = this;
    const result: CompiledAlert[] = [];
    const take = (slot: number): void => {
      if (slotStamps[slot] === generation) return;
      slotStamps[slot] = generation;
      const alert = slots[slot];
      // Compared, not tested for truth: that would read the alert object itself (a cache miss per candidate).
      if (alert === undefined) return;
      if (!test || programs.matches(slot, terms)) result.push(alert);
    };
    for (const slot of this.unkeyed) take(slot);
    for (const id of terms.present) {
      const filed = postings[id];
      if (filed) for (let at = 0; at < filed.length; at += 1) take(filed[at] as number);
    }
    return result;
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
    if (keys === null) {
      this.unkeyed.add(slot);
      return;
    }
    for (const key of keys) (this.postings[this.dictionary.idOf(key)] ??= []).push(slot);
  }

  private unfile(slot: number): void {
    this.unkeyed.delete(slot);
    for (const key of this.filed[slot] ?? []) {
      const slots = this.postings[this.dictionary.find(key)];
      const at = slots?.indexOf(slot) ?? -1;
      if (slots && at >= 0) slots.splice(at, 1);
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
