import type { CompiledAlert, PercolationDocument } from '../domain/alert-matcher';
import { PercolationIndex } from '../domain/percolation-index';

/** The stored alerts a document is matched against: on this thread, or spread over worker threads. */
export interface PercolationShards {
  /** Threads matching (0: this one). */
  readonly threads: number;
  /** Alerts held. */
  readonly size: number;
  /** Adds or replaces an alert; a match asked for afterwards sees it. */
  put(alert: CompiledAlert): void;
  remove(alertId: string): void;
  /** The alerts the document matches. */
  match(doc: PercolationDocument): Promise<CompiledAlert[]>;
  /** Each document's matches, in the documents' order (one message per shard for them all). */
  matchMany(docs: PercolationDocument[]): Promise<CompiledAlert[][]>;
  /** Alerts held, and those no key covers (tested against every document). */
  stats(): Promise<{ alerts: number; unkeyed: number }>;
  close(): Promise<void>;
}

/** One PercolationIndex on the calling thread: matching a document blocks it for the whole match. */
export class InThreadPercolation implements PercolationShards {
  readonly threads = 0;
  private readonly index = new PercolationIndex();

  get size(): number {
    return this.index.size;
  }

  put(alert: CompiledAlert): void {
    this.index.put(alert);
  }

  remove(alertId: string): void {
    this.index.remove(alertId);
  }

  match(doc: PercolationDocument): Promise<CompiledAlert[]> {
    return Promise.resolve(this.index.match(doc));
  }

  matchMany(docs: PercolationDocument[]): Promise<CompiledAlert[][]> {
    return Promise.resolve(docs.map((doc) => this.index.match(doc)));
  }

  stats(): Promise<{ alerts: number; unkeyed: number }> {
    return Promise.resolve({ alerts: this.index.size, unkeyed: this.index.unkeyedCount });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
