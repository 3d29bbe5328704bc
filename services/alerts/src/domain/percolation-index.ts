/**
 * An inverted index over compiled alerts: each alert is filed under the keys a matching document
 * must have (one of), so a document is tested only against the alerts filed under its own keys,
 * plus the few that no key covers. Kept in memory; the caller keeps it in step with the store.
 */
import { documentKeys, type CompiledAlert, type PercolationDocument } from './alert-matcher';

export class PercolationIndex {
  private readonly alerts = new Map<string, CompiledAlert>();
  private readonly postings = new Map<string, Set<string>>();
  /** Alerts with no covering keys: tested against every document. */
  private readonly unkeyed = new Set<string>();

  get size(): number {
    return this.alerts.size;
  }

  get unkeyedCount(): number {
    return this.unkeyed.size;
  }

  /** Adds or replaces an alert. */
  put(alert: CompiledAlert): void {
    this.remove(alert.alertId);
    this.alerts.set(alert.alertId, alert);
    if (alert.keys === null) {
      this.unkeyed.add(alert.alertId);
      return;
    }
    for (const key of alert.keys) {
      let ids = this.postings.get(key);
      if (!ids) this.postings.set(key, (ids = new Set()));
      ids.add(alert.alertId);
    }
  }

  remove(alertId: string): void {
    const alert = this.alerts.get(alertId);
    if (!alert) return;
    this.alerts.delete(alertId);
    this.unkeyed.delete(alertId);
    for (const key of alert.keys ?? []) {
      const ids = this.postings.get(key);
      ids?.delete(alertId);
      if (ids?.size === 0) this.postings.delete(key);
    }
  }

  has(alertId: string): boolean {
    return this.alerts.has(alertId);
  }

  /** The alerts that could match the document (a superset of those that do). */
  candidates(doc: PercolationDocument): CompiledAlert[] {
    const seen = new Set<string>(this.unkeyed);
    for (const key of documentKeys(doc)) {
      const ids = this.postings.get(key);
      if (ids) for (const id of ids) seen.add(id);
    }
    const result: CompiledAlert[] = [];
    for (const id of seen) {
      const alert = this.alerts.get(id);
      if (alert) result.push(alert);
    }
    return result;
  }

  /** The alerts the document matches. */
  match(doc: PercolationDocument): CompiledAlert[] {
    return this.candidates(doc).filter((alert) => alert.matches(doc));
  }

  /** Every alert, for comparison with the index (benchmarks, tests). */
  all(): IterableIterator<CompiledAlert> {
    return this.alerts.values();
  }
}
