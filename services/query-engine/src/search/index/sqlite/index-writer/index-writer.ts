import type { Worker } from 'node:worker_threads';
import { UnavailableError } from '@docket/errors';
import { trimMallocHeap } from '@docket/idle-release';
import type { Logger } from '@docket/observability';
import { BacklogSchedule, startWorker, type BacklogTiming } from '@docket/service-kit';
import type { IndexedDocument } from '../../../../domain/indexed-document';
import type { UpsertOutcome, WriteCost } from '../../search-backend';
import { deserializeError } from '../search-threads/thread-messages';
import type { FacetChange } from '../sqlite-index-file';
import { WORD_PAIR_TIMING } from './word-pair-timing';
import type { FromWriter, WriterCalls, WriterData, WriterMethod } from './writer-messages';

export interface IndexWriterOptions {
  /** Told of every committed transaction's facet changes before the write's promise settles. */
  onFacetChanges: (changes: FacetChange[]) => void;
  /** Nice value of the writer thread (0 leaves it alone). */
  nice: number;
  /** Documents per transaction in upsertMany. */
  chunk: number;
  /**
   * The thread ends once no write has come for this long (the next write starts another); 0 keeps it.
   * An idle thread still holds its V8 heap and SQLite's memory: about 20 MB of an idle stack.
   */
  endIdleAfterMs?: number;
  /** When documents written without their word pairs get them (default WORD_PAIR_TIMING). */
  wordPairs?: BacklogTiming;
  logger?: Logger | undefined;
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * The live index file's writes on a thread of their own (index-writer.worker.ts), one at a time in
 * the order asked. A write's promise settles once it has committed and its facet changes have gone to
 * `onFacetChanges` (the search threads), so a search that follows sees it. If the thread dies, the
 * writes waiting fail and a new thread takes the next ones. An idle thread ends (endIdleAfterMs) and
 * the next write starts a new one, except while the file is closed for a swap (whileClosed) or
 * documents wait for their word pairs, which the thread adds in the background (BacklogSchedule, WORD_PAIR_TIMING).
 */
export class IndexWriter {
  /** The thread, or none since it ended idle. */
  private worker: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Inside whileClosed: the thread holds the file closed and must live to reopen it. */
  private swapping = false;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private fatal: Error | undefined;
  /** The latest thread's counts, plus those of threads that died before it. */
  private latest: WriteCost = { documents: 0, cpuMs: 0 };
  private before: WriteCost = { documents: 0, cpuMs: 0 };
  private readonly wordPairs: BacklogSchedule;

  constructor(
    private readonly indexPath: string,
    private readonly options: IndexWriterOptions,
  ) {
    this.wordPairs = new BacklogSchedule(options.wordPairs ?? WORD_PAIR_TIMING, (limit) =>
      this.call('addWordPairs', [limit]).catch((error: unknown) => {
        options.logger?.warn(
          { indexPath, error: (error as Error).message },
          'adding word pairs failed; the documents stay searchable by their words and are tried again',
        );
        throw error;
      }),
    );
    this.worker = this.spawn();
    this.endWhenIdle();
  }

  upsert(document: IndexedDocument): Promise<UpsertOutcome> {
    this.wordPairs.wrote(1);
    return this.call('upsert', [document]);
  }

  async upsertMany(documents: IndexedDocument[]): Promise<void> {
    this.wordPairs.wrote(documents.length);
    await this.call('upsertMany', [documents]);
  }

  remove(documentId: string): Promise<boolean> {
    this.wordPairs.wrote(0);
    return this.call('remove', [documentId]);
  }

  /** Whether documents wait for their word pairs (searchable meanwhile, by their words). */
  wordPairsPending(): boolean {
    return this.wordPairs.waiting();
  }

  /**
   * Runs `replace` while the writer has the file closed (a rebuilt file is renamed over it). Writes
   * asked meanwhile queue behind the reopening, in order.
   */
  async whileClosed(replace: () => Promise<void>): Promise<void> {
    this.swapping = true;
    try {
      await this.call('close', []);
      try {
        await replace();
      } finally {
        await this.call('open', []);
      }
    } finally {
      this.swapping = false;
      this.endWhenIdle();
    }
  }

  /** Whether a thread is running (false once it ended idle, until the next write). */
  running(): boolean {
    return this.worker !== undefined;
  }

  /** Documents written and the writer threads' CPU milliseconds, since this writer started. */
  cost(): WriteCost {
    return { documents: this.before.documents + this.latest.documents, cpuMs: this.before.cpuMs + this.latest.cpuMs };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.wordPairs.stop();
    const worker = this.worker;
    if (!worker) return;
    await this.call('close', [], true).catch(() => undefined);
    await worker.terminate();
    for (const pending of this.pending.values()) pending.reject(new UnavailableError('the search index was closed'));
    this.pending.clear();
  }

  private call<M extends WriterMethod>(
    method: M,
    args: WriterCalls[M]['args'],
    closing = false,
  ): Promise<WriterCalls[M]['result']> {
    if (this.closed && !closing) return Promise.reject(new UnavailableError('the search index is closed'));
    if (this.fatal) return Promise.reject(this.fatal);
    const id = this.nextId++;
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.spawn());
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.ref(); // a write under way keeps the process alive until it answers
      worker.postMessage({ id, method, args });
    });
  }

  /**
   * Ends the thread after endIdleAfterMs without a write, unless a write or a swap comes first, or
   * documents still wait for their word pairs (the last batch's answer calls this again).
   */
  private endWhenIdle(): void {
    const idleMs = this.options.endIdleAfterMs ?? 0;
    if (idleMs <= 0 || this.closed || this.swapping || this.pending.size > 0 || !this.worker) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const worker = this.worker;
      if (!worker || this.closed || this.swapping || this.pending.size > 0 || this.wordPairs.waiting()) return;
      this.worker = undefined;
      this.before = this.cost();
      this.latest = { documents: 0, cpuMs: 0 };
      // Ending the thread closes its connection (better-sqlite3's cleanup); glibc keeps what it freed unless trimmed.
      void worker.terminate().then(() => trimMallocHeap());
    }, idleMs).unref();
  }

  private spawn(): Worker {
    const data: WriterData = { indexPath: this.indexPath, nice: this.options.nice, chunk: this.options.chunk };
    const worker = startWorker(__dirname, 'index-writer.worker', __filename, data);
    worker.on('message', (message: FromWriter) => this.onMessage(worker, message));
    worker.on('error', (error) => this.onExit(worker, error));
    worker.on('exit', (code) => this.onExit(worker, new Error(`the index writer thread exited with code ${code}`)));
    worker.unref();
    return worker;
  }

  private onMessage(worker: Worker, message: FromWriter): void {
    if (message.type === 'fatal') {
      this.fatal = new UnavailableError(`the search index could not be opened for writing: ${message.error.message}`);
      this.options.logger?.error(
        { indexPath: this.indexPath, error: message.error.message },
        'the index writer thread could not open the index',
      );
      this.failAll(this.fatal);
      return;
    }
    if (message.type === 'opened') {
      this.wordPairs.backlog(message.pairsPendingSince);
      return;
    }
    this.latest = message.cost;
    if (message.facets.length > 0) this.options.onFacetChanges(message.facets);
    if (!this.closed) this.wordPairs.backlog(message.pairsPendingSince);
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) {
      worker.unref();
      this.endWhenIdle();
    }
    if (message.type === 'done') pending.resolve(message.result);
    else
      pending.reject(
        message.error.kind
          ? deserializeError(message.error)
          : Object.assign(new Error(`index writer thread: ${message.error.message}`), { stack: message.error.stack }),
      );
  }

  private onExit(worker: Worker, error: Error): void {
    if (this.closed || worker !== this.worker) return;
    this.options.logger?.error({ error: error.message }, 'the index writer thread stopped; starting another');
    this.failAll(new UnavailableError(`the index writer thread stopped (${error.message}); the write may be retried`));
    this.before = this.cost();
    this.latest = { documents: 0, cpuMs: 0 };
    this.worker = this.spawn();
    this.endWhenIdle();
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    this.worker?.unref();
  }
}
