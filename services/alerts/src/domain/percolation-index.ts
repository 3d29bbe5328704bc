/**
 * An inverted index over compiled alerts: each alert is filed under the keys a matching document
 * must have (one of), so a document is tested only against the alerts filed under its own keys,
 * plus the few that no key covers. A candidate is then refused cheaply when the document lacks one
 * of the keys the alert requires (every word of a phrase, every filter), and only the rest run
 * their matcher. Kept in memory; the caller keeps it in step with the store.
 *
 * Which keys an alert is filed under is first guessed (longer words are rarer); the index then
 * counts how many of the documents it matched had each key an alert could use, and refiles every
 * alert under its least common keys after 64, 128, 256 … documents (every 65,536 after that), a
 * few thousand alerts after each document so that no one document waits for all of them.
 *
 * Alerts live in numbered slots, keys have numbers, and postings list slot numbers: collecting a
 * document's candidates and checking their required keys is integer work on stamp arrays (a slot
 * or key whose stamp is this document's generation was seen), not string hashing.
 */
import { documentKeys, GUESSED_KEY_COST, type CompiledAlert, type PercolationDocument } from './alert-matcher';

/** A key alerts can be filed under or require: its number, the slots filed under it, how many documents had it. */
interface KeyEntry {
  id: number;
  slots: number[];
  seen: number;
}

const FIRST_REFILE = 64;
const MAX_REFILE_INTERVAL = 65_536;
const REFILE_STEP = 4_096;
const NO_KEYS = new Int32Array(0);

export class PercolationIndex {
  private readonly slots: (CompiledAlert | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  /** The keys each slot is filed under (null: tested against every document). */
  private readonly filed: (string[] | null)[] = [];
  /** The numbers of the keys each slot requires. */
  private readonly requiredIds: Int32Array[] = [];
  private readonly entries = new Map<string, KeyEntry>();
  /** Slots of alerts with no covering keys: tested against every document. */
  private readonly unkeyed = new Set<number>();
  private slotStamps: Uint32Array = new Uint32Array(1024);
  private keyStamps: Uint32Array = new Uint32Array(1024);
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
    this.slotOf.set(alert.alertId, slot);
    this.slotStamps = grown(this.slotStamps, slot);
    for (const key of alert.candidateKeys) this.entryOf(key);
    this.requiredIds[slot] =
      alert.required.length === 0 ? NO_KEYS : Int32Array.from(alert.required, (key) => this.entryOf(key).id);
    this.file(slot, this.observed >= FIRST_REFILE ? alert.coverWith(this.learnedCost) : alert.keys);
  }

  remove(alertId: string): void {
    const slot = this.slotOf.get(alertId);
    if (slot === undefined) return;
    this.slotOf.delete(alertId);
    this.slots[slot] = undefined;
    this.requiredIds[slot] = NO_KEYS;
    this.freeSlots.push(slot);
    this.unfile(slot);
  }

  has(alertId: string): boolean {
    return this.slotOf.has(alertId);
  }

  /** The alerts filed under the document's keys (a superset of those that match it). */
  candidates(doc: PercolationDocument): CompiledAlert[] {
    const result: CompiledAlert[] = [];
    this.forEachCandidate(documentKeys(doc), false, (alert) => result.push(alert));
    return result;
  }

  /**
   * The alerts the document matches: candidates with every required key, then their matcher. The
   * document's keys are counted (what refiling goes by).
   */
  match(doc: PercolationDocument): CompiledAlert[] {
    const result: CompiledAlert[] = [];
    this.observed += 1;
    this.forEachCandidate(documentKeys(doc), true, (alert, slot) => {
      const required = this.requiredIds[slot] ?? NO_KEYS;
      for (let at = 0; at < required.length; at += 1)
        if (this.keyStamps[required[at] as number] !== this.generation) return;
      if (alert.matches(doc)) result.push(alert);
    });
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

  /** Stamps the document's known keys, then visits each candidate slot once. */
  private forEachCandidate(
    keys: Set<string>,
    count: boolean,
    visit: (alert: CompiledAlert, slot: number) => void,
  ): void {
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.slotStamps.fill(0);
      this.keyStamps.fill(0);
      this.generation = 1;
    }
    const { generation, keyStamps, slotStamps, slots } = this;
    const present: KeyEntry[] = [];
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      keyStamps[entry.id] = generation;
      if (count) entry.seen += 1;
      if (entry.slots.length > 0) present.push(entry);
    }
    const take = (slot: number): void => {
      if (slotStamps[slot] === generation) return;
      slotStamps[slot] = generation;
      const alert = slots[slot];
      if (alert) visit(alert, slot);
    };
    for (const slot of this.unkeyed) take(slot);
    for (const entry of present) for (const slot of entry.slots) take(slot);
  }

  /** The share of documents seen that had the key; the guess breaks ties (and decides for unseen keys). */
  private readonly learnedCost = (key: string): number =>
    (this.entries.get(key)?.seen ?? 0) / Math.max(1, this.observed) + GUESSED_KEY_COST(key) * 1e-6;

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

  private entryOf(key: string): KeyEntry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { id: this.entries.size, slots: [], seen: 0 };
      this.entries.set(key, entry);
      this.keyStamps = grown(this.keyStamps, entry.id);
    }
    return entry;
  }

  private file(slot: number, keys: string[] | null): void {
    this.filed[slot] = keys;
    if (keys === null) {
      this.unkeyed.add(slot);
      return;
    }
    for (const key of keys) this.entryOf(key).slots.push(slot);
  }

  private unfile(slot: number): void {
    this.unkeyed.delete(slot);
    for (const key of this.filed[slot] ?? []) {
      const slots = this.entries.get(key)?.slots;
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
