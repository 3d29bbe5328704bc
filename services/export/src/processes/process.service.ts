import { InputError, NotFoundError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { isFinal, listLimitOf, type ProcessRecord, type ProcessUpdate } from '../domain/process';
import type { ProcessChanges } from './process-changes';
import type { ApplyOutcome, ProcessRepository } from './process.repository';

export interface WatchTimings {
  /** How often a watcher re-reads the store (changes made by other instances). */
  pollMs: number;
  /** How long a watcher waits for a process that does not exist yet before NOT_FOUND. */
  appearWithinMs: number;
}

export const DEFAULT_WATCH_TIMINGS: WatchTimings = { pollMs: 200, appearWithinMs: 30_000 };

/** Process tracking: latest state per process, listing, and live watching. */
export class ProcessService {
  private readonly closing = new AbortController();

  constructor(
    private readonly repository: ProcessRepository,
    private readonly changes: ProcessChanges,
    private readonly logger: Logger,
    private readonly timings: WatchTimings = DEFAULT_WATCH_TIMINGS,
  ) {}

  async apply(update: ProcessUpdate): Promise<ApplyOutcome> {
    const outcome = await this.repository.apply(update);
    if (outcome === 'applied') this.changes.notify(update.id);
    else this.logger.debug({ processId: update.id, sequence: update.sequence }, 'stale process update ignored');
    return outcome;
  }

  async get(id: string): Promise<ProcessRecord> {
    const process = id ? await this.repository.findById(id) : undefined;
    if (!process) throw new NotFoundError(`process ${id} not found`);
    return process;
  }

  list(ownerId: string, limit: number): Promise<ProcessRecord[]> {
    return this.repository.list({ ownerId: ownerId || undefined, limit: listLimitOf(limit) });
  }

  /**
   * Yields the current state, then every newer state, and returns after a final state or when
   * `signal` aborts. A process not known yet is waited for (it may be in flight on Kafka).
   */
  async *watch(id: string, cancelled: AbortSignal): AsyncGenerator<ProcessRecord> {
    const signal = AbortSignal.any([cancelled, this.closing.signal]);
    let finished = false;
    for await (const process of this.follow(id, signal)) {
      finished = isFinal(process.status);
      yield process;
    }
    // Shutting down with the process unfinished: UNAVAILABLE tells the caller to watch again elsewhere.
    if (!finished && this.closing.signal.aborted && !cancelled.aborted)
      throw new UnavailableError('export service is shutting down');
  }

  /** Ends every watch (the server is draining). */
  close(): void {
    this.closing.abort();
  }

  private async *follow(id: string, signal: AbortSignal): AsyncGenerator<ProcessRecord> {
    if (!id) throw new InputError('invalid process id', [{ path: 'id', message: 'must not be empty' }]);
    const appearBy = Date.now() + this.timings.appearWithinMs;
    let current = await this.repository.findById(id);
    while (!current) {
      if (signal.aborted) return;
      const left = appearBy - Date.now();
      if (left <= 0) throw new NotFoundError(`process ${id} not found`);
      await this.changes.next(id, Math.min(this.timings.pollMs, left), signal);
      current = await this.repository.findById(id);
    }
    yield current;
    let lastSequence = current.sequence;
    while (!isFinal(current.status) && !signal.aborted) {
      await this.changes.next(id, this.timings.pollMs, signal);
      if (signal.aborted) return;
      const latest = await this.repository.findById(id);
      if (latest && latest.sequence > lastSequence) {
        current = latest;
        lastSequence = latest.sequence;
        yield current;
      }
    }
  }
}
