import type { Worker } from 'node:worker_threads';
import Database, { type Database as Db, type Statement } from 'better-sqlite3';
import { UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { startWorker } from '@docket/service-kit';
import { budgetSpentError, cancelledError, remainingMs, type QueryBudget } from '../../query-budget';
import { BUDGET_EXTENSION, loadExtension } from '../native-extensions';
import type { FacetChange } from '../sqlite-index-file';
import type { SearchTuning } from '../sqlite-searcher';
import {
  deserializeError,
  type FromThread,
  type SerializedError,
  type ThreadCalls,
  type ThreadData,
  type ThreadMethod,
  type ToThread,
} from './thread-messages';

/** A thread still busy this long after its budget ran out is stuck outside SQLite: it is replaced. */
const STUCK_GRACE_MS = 1_000;
/**
 * An interrupt that lands between two statements of a call is lost (SQLite clears it when the next
 * starts), so a call past its budget is interrupted again this often until it answers.
 */
const INTERRUPT_EVERY_MS = 10;

interface Job {
  id: number;
  method: ThreadMethod;
  args: unknown[];
  budget: QueryBudget;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  /** Detaches the job from its caller's signal. */
  release: () => void;
}

interface Thread {
  slot: number;
  worker: Worker;
  job: Job | undefined;
  /** Interrupts the call when its budget ends, then replaces the thread if it still does not answer. */
  timers: NodeJS.Timeout[];
  /** Replies to close/open requests, by id. */
  pending: Map<number, { resolve: () => void; reject: (error: Error) => void }>;
  /** Ends this thread if it stays without work (only while another thread remains). */
  idleTimer: NodeJS.Timeout | undefined;
  /**
   * Still opening the file and loading the facets (seconds at a million filings): it takes no call
   * until it is ready, so a call waits for whichever running thread frees up first.
   */
  starting: boolean;
}

export interface SearchThreadsOptions {
  /** Threads at most; at least one always runs. */
  threads: number;
  tuning: Partial<SearchTuning>;
  /**
   * A thread beyond the first ends after this long without work (0: never); a call that finds every
   * running thread busy starts one again. Each idle thread holds a V8 heap, a connection and a copy of
   * the facets: about 20 MB of an idle stack.
   */
  endIdleAfterMs?: number;
  logger?: Logger | undefined;
}

/**
 * Reads of the SQLite index (searches, question rankings, document fetches) on a pool of worker
 * threads, so that a slow one never holds up the service's event loop (gRPC, health checks, Kafka
 * heartbeats, indexing) or the other threads' callers. The writer stays on the main thread and tells
 * the threads what each transaction changed (`changes`).
 *
 * Every call has a budget: it waits in a queue for a free thread (first come, first served, except
 * that one caller never holds more than all threads but one while others wait, and background reads
 * come after users' and never take the last free thread: see nextRunnable),
 * and its SQL is interrupted
 * when the budget is spent or the caller cancels: from this thread, whose event loop stays free,
 * through `control`, a connection of its own with the query_budget extension (native/query_budget.c),
 * which calls sqlite3_interrupt() on the search thread's connection. A call still running
 * STUCK_GRACE_MS after its budget (busy in JavaScript) gets its thread terminated and replaced.
 */
export class SearchThreads {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private readonly control: Db;
  private readonly interruptSlot: Statement;
  private nextId = 1;
  private closed = false;
  /** Set while the index file is being replaced: nothing is dispatched. */
  private paused = false;
  private idleWaiters: (() => void)[] = [];
  private broken: Error | undefined;
  /** Threads being replaced: their SQL is interrupted until they have stopped. */
  private readonly retiring = new Set<NodeJS.Timeout>();

  /** Threads at most (the running ones are `threads`). */
  private readonly size: number;

  constructor(
    private readonly indexPath: string,
    private readonly options: SearchThreadsOptions,
  ) {
    this.size = Math.max(1, options.threads);
    this.control = new Database(':memory:');
    loadExtension(this.control, BUDGET_EXTENSION);
    this.interruptSlot = this.control.prepare('SELECT query_budget_interrupt(?)');
    for (let i = 0; i < this.size; i += 1) this.threads.push(this.spawn(takeSlot()));
  }

  /** Threads running now (fewer than asked once extra ones have ended idle). */
  running(): number {
    return this.threads.length;
  }

  /** Runs one read on a free thread within its budget; rejects with the budget or cancellation error. */
  run<M extends ThreadMethod, R>(method: M, args: ThreadCalls[M], budget: QueryBudget): Promise<R> {
    if (this.closed) return Promise.reject(new UnavailableError('the search index is closed'));
    if (this.broken) return Promise.reject(this.broken);
    if (budget.signal?.aborted) return Promise.reject(cancelledError());
    return new Promise<R>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        method,
        args,
        budget,
        resolve: resolve as (result: unknown) => void,
        reject,
        release: () => undefined,
      };
      const onAbort = () => this.cancel(job);
      budget.signal?.addEventListener('abort', onAbort, { once: true });
      // A call still queued when its budget ends is refused then, not when a thread frees up.
      const expiry = setTimeout(() => this.expireQueued(job), Math.max(0, remainingMs(budget)));
      job.release = () => {
        clearTimeout(expiry);
        budget.signal?.removeEventListener('abort', onAbort);
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Committed writes reach every thread (facets to apply, IDFs to recount) before any later call. */
  broadcast(facets: FacetChange[]): void {
    const message: ToThread = { type: 'changes', facets };
    for (const thread of this.threads) thread.worker.postMessage(message);
  }

  /**
   * Runs `replace` while no thread has the index file open (a rebuilt file is renamed over it):
   * dispatching pauses, running calls finish, the threads close the file, and reopen it afterwards.
   */
  async whileClosed(replace: () => void): Promise<void> {
    this.paused = true;
    try {
      await this.allIdle();
      await Promise.all(this.threads.map((thread) => this.request(thread, 'close')));
      try {
        replace();
      } finally {
        await Promise.all(this.threads.map((thread) => this.request(thread, 'open')));
      }
    } finally {
      this.paused = false;
      this.dispatch();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new UnavailableError('the search index was closed'));
    await Promise.all(
      this.threads.map(async (thread) => {
        clearTimeout(thread.idleTimer);
        if (thread.job) {
          this.interruptSlot.get(thread.slot);
          this.settle(thread.job, new UnavailableError('the search index was closed'));
        }
        this.finish(thread);
        await thread.worker.terminate();
        releaseSlot(thread.slot);
      }),
    );
    this.threads.splice(0);
    for (const interrupting of this.retiring) clearInterval(interrupting);
    this.control.close();
  }

  private spawn(slot: number): Thread {
    const data: ThreadData = { indexPath: this.indexPath, slot, tuning: this.options.tuning };
    const worker = startWorker(__dirname, 'search-thread.worker', __filename, data);
    const thread: Thread = {
      slot,
      worker,
      job: undefined,
      timers: [],
      pending: new Map(),
      idleTimer: undefined,
      starting: true,
    };
    worker.on('message', (message: FromThread) => this.onMessage(thread, message));
    worker.on('error', (error) => this.onExit(thread, error));
    worker.on('exit', (code) => this.onExit(thread, new Error(`search thread exited with code ${code}`)));
    // An idle pool must not keep the process alive.
    worker.unref();
    return thread;
  }

  private dispatch(): void {
    this.assignJobs();
    // Every running thread is busy and calls wait: start one of those that ended idle.
    if (
      !this.paused &&
      !this.closed &&
      this.queue.length > 0 &&
      this.threads.length < this.size &&
      this.threads.every((thread) => thread.job || thread.starting)
    ) {
      this.threads.push(this.spawn(takeSlot()));
    }
    if (this.threads.every((thread) => !thread.job)) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private assignJobs(): void {
    for (const thread of this.paused || this.closed ? [] : this.threads) {
      if (thread.job || thread.starting) continue;
      const job = this.nextRunnable();
      if (!job) break;
      clearTimeout(thread.idleTimer);
      thread.job = job;
      const left = remainingMs(job.budget);
      thread.worker.ref(); // busy: keep the process alive until the answer arrives
      thread.worker.postMessage({ type: 'call', id: job.id, method: job.method, args: job.args } satisfies ToThread);
      thread.timers.push(
        setTimeout(() => this.interrupt(thread, job), left),
        setTimeout(() => this.replaceStuck(thread, job), left + STUCK_GRACE_MS),
      );
    }
  }

  /** Ends `thread` after endIdleAfterMs unless it gets work first or is the last one ready. */
  private endWhenIdle(thread: Thread): void {
    const idleMs = this.options.endIdleAfterMs ?? 0;
    if (idleMs <= 0 || this.closed) return;
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      thread.idleTimer = undefined;
      const at = this.threads.indexOf(thread);
      // Another thread must remain that is ready, not one still loading the facets.
      const another = this.threads.some((other) => other !== thread && !other.starting);
      if (at < 0 || thread.job || thread.pending.size > 0 || !another || this.paused || this.closed) return;
      this.threads.splice(at, 1);
      void thread.worker.terminate().finally(() => releaseSlot(thread.slot));
    }, idleMs).unref();
  }

  /**
   * The first queued user job with budget left whose caller holds fewer than all threads but one (with
   * one thread, fewer than one); else the first background job, if background jobs hold fewer than
   * all threads but one (so, with two threads or more, a user's read arriving next finds one free).
   * Jobs whose budget ran out meanwhile are refused on the spot.
   */
  private nextRunnable(): Job | undefined {
    const perCaller = Math.max(1, this.size - 1);
    const running = new Map<string, number>();
    let background = 0;
    for (const thread of this.threads) {
      if (thread.job?.budget.background) background += 1;
      const caller = thread.job?.budget.caller;
      if (caller !== undefined) running.set(caller, (running.get(caller) ?? 0) + 1);
    }
    let firstBackground: number | undefined;
    for (let at = 0; at < this.queue.length;) {
      const job = this.queue[at] as Job;
      if (remainingMs(job.budget) <= 0) {
        this.queue.splice(at, 1);
        this.settle(job, budgetSpentError(job.budget));
        continue;
      }
      if (job.budget.background) {
        if (firstBackground === undefined && background < perCaller) firstBackground = at;
        at += 1;
        continue;
      }
      const caller = job.budget.caller;
      if (caller === undefined || (running.get(caller) ?? 0) < perCaller) {
        this.queue.splice(at, 1);
        return job;
      }
      at += 1;
    }
    // Only entries after it were removed above, so its index still holds.
    return firstBackground === undefined ? undefined : this.queue.splice(firstBackground, 1)[0];
  }

  private expireQueued(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued < 0) return;
    this.queue.splice(queued, 1);
    this.settle(job, budgetSpentError(job.budget));
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, cancelledError());
      return;
    }
    // Running: interrupt its SQL now; the thread answers "interrupted", settled as a cancellation.
    const thread = this.threads.find((candidate) => candidate.job === job);
    if (thread) this.interrupt(thread, job);
  }

  /** Interrupts the thread's SQL, again every INTERRUPT_EVERY_MS until the call answers. */
  private interrupt(thread: Thread, job: Job): void {
    if (thread.job !== job) return;
    this.interruptSlot.get(thread.slot);
    thread.timers.push(setTimeout(() => this.interrupt(thread, job), INTERRUPT_EVERY_MS));
  }

  private onMessage(thread: Thread, message: FromThread): void {
    if (message.type === 'ready') {
      thread.starting = false;
      this.dispatch();
      if (!thread.job) this.endWhenIdle(thread);
      return;
    }
    if (message.type === 'fatal') {
      this.broken = new UnavailableError(`the search index could not be opened: ${message.error.message}`);
      this.options.logger?.error(
        { indexPath: this.indexPath, error: message.error.message },
        'a search thread could not open the index',
      );
      for (const job of this.queue.splice(0)) this.settle(job, this.broken);
      return;
    }
    const pending = thread.pending.get(message.id);
    if (pending) {
      thread.pending.delete(message.id);
      if (message.type === 'done') pending.resolve();
      else pending.reject(deserializeError(message.error));
      return;
    }
    const job = thread.job;
    if (!job || job.id !== message.id) return;
    this.finish(thread);
    if (message.type === 'done') this.settle(job, undefined, message.result);
    else this.settle(job, this.errorOf(job, message.error));
    this.dispatch();
    if (!thread.job) this.endWhenIdle(thread);
  }

  private errorOf(job: Job, error: SerializedError): Error {
    if (!error.interrupted) return deserializeError(error);
    return job.budget.signal?.aborted ? cancelledError() : budgetSpentError(job.budget);
  }

  /** A thread past its budget and grace is busy in JavaScript: end it, answer its caller, start another. */
  private replaceStuck(thread: Thread, job: Job): void {
    if (thread.job !== job) return;
    this.options.logger?.warn(
      { method: job.method, budgetMs: job.budget.grantedMs },
      'a search thread overran its budget and is replaced',
    );
    this.settle(job, job.budget.signal?.aborted ? cancelledError() : budgetSpentError(job.budget));
    this.retire(thread);
  }

  private onExit(thread: Thread, error: Error): void {
    if (this.closed || !this.threads.includes(thread)) return;
    this.options.logger?.error({ error: error.message }, 'a search thread stopped; starting another');
    if (thread.job)
      this.settle(thread.job, new UnavailableError('the search thread running this search stopped; try again'));
    this.retire(thread);
  }

  /**
   * Replaces a thread by a new one on the same slot once the old one has stopped; until then its SQL
   * keeps being interrupted (the slot still names its connection).
   */
  private retire(thread: Thread): void {
    this.finish(thread);
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    for (const pending of thread.pending.values()) pending.reject(new UnavailableError('the search thread stopped'));
    this.interruptSlot.get(thread.slot);
    const interrupting = setInterval(() => this.interruptSlot.get(thread.slot), INTERRUPT_EVERY_MS);
    this.retiring.add(interrupting);
    void thread.worker.terminate().finally(() => {
      clearInterval(interrupting);
      this.retiring.delete(interrupting);
      // A call that found every thread busy meanwhile may have started one in its place already.
      if (this.closed || this.threads.length >= this.size) {
        releaseSlot(thread.slot);
        return;
      }
      this.threads.push(this.spawn(thread.slot));
      this.dispatch();
    });
  }

  private finish(thread: Thread): void {
    for (const timer of thread.timers.splice(0)) clearTimeout(timer);
    thread.job = undefined;
    if (thread.pending.size === 0) thread.worker.unref();
  }

  private settle(job: Job, error: Error | undefined, result?: unknown): void {
    job.release();
    if (error) job.reject(error);
    else job.resolve(result);
  }

  private request(thread: Thread, type: 'close' | 'open'): Promise<void> {
    const id = this.nextId++;
    thread.worker.ref(); // awaited: keep the process alive until the answer arrives
    return new Promise<void>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ type, id } satisfies ToThread);
    }).finally(() => {
      if (!thread.job && thread.pending.size === 0) thread.worker.unref();
    });
  }

  private allIdle(): Promise<void> {
    if (this.threads.every((thread) => !thread.job)) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

/** query_budget has 256 slots per process (several indexes may be open, as in tests). */
const freeSlots = Array.from({ length: 256 }, (_, slot) => slot);

function takeSlot(): number {
  const slot = freeSlots.shift();
  if (slot === undefined) throw new Error('no query_budget slot is free: more than 256 search threads in one process');
  return slot;
}

function releaseSlot(slot: number): void {
  freeSlots.push(slot);
}
