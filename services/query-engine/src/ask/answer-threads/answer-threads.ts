import type { Worker } from 'node:worker_threads';
import { UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { startWorker } from '@docket/service-kit';
import type { AnswerJob, ComposedAnswer } from './answer-job';
import { deserializeJobError, type FromAnswerThread, type ToAnswerThread } from './answer-thread-messages';

/**
 * A job still running this long is stuck (an analysis takes tens to hundreds of ms): its question
 * fails and its thread is replaced, so the questions behind it are answered.
 */
export const STUCK_AFTER_MS = 30_000;

/**
 * The thread's young generation, in MB (V8 sizes it by the machine, up to 16 MB a semi-space): a job's
 * garbage is short-lived. Over 20 analyses the thread added 41-43 MB of RSS with this limit and 56-59
 * MB without (its isolate and modules alone: 13 MB), at no measurable cost in time (load 10-20).
 */
const YOUNG_GENERATION_MB = 4;

interface Job {
  id: number;
  job: AnswerJob;
  resolve: (result: ComposedAnswer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** Its modules are loaded (jobs wait for a ready thread, so a job's time is its own). */
  ready: boolean;
  job: Job | undefined;
  /** Replaces the thread if its job does not answer within stuckAfterMs. */
  stuck: NodeJS.Timeout | undefined;
  /** Ends the thread once it has had no job for endIdleAfterMs. */
  idle: NodeJS.Timeout | undefined;
}

export interface AnswerThreadsOptions {
  /** How many threads (1 on a small machine: the others' work needs the remaining cores). */
  threads: number;
  logger?: Logger | undefined;
  /** The worker's module (a directory and a name without extension); tests start another. */
  entry?: { dir: string; name: string; callerFile: string } | undefined;
  /** Default STUCK_AFTER_MS. */
  stuckAfterMs?: number | undefined;
  /**
   * A thread with no question for this long ends, giving back its memory (~40 MB warm); the next
   * question starts one again and waits for its modules to load. Unset: threads stay.
   */
  endIdleAfterMs?: number | undefined;
  /**
   * No thread until the first question or warm() (a user about): an idle service then holds none.
   * Default: one at once.
   */
  startOnDemand?: boolean | undefined;
}

/**
 * The CPU-heavy, pure part of answering questions (the extractive analysis, the proceeding's record
 * composed into the answer, the figures: tens to hundreds of ms each) on a small pool of worker
 * threads, so that the query-engine's event loop keeps serving searches, gRPC calls and Kafka batches
 * meanwhile, and a question never waits behind another's analysis on the main thread.
 *
 * Only users' questions run here (first come, first served; no background work is ever queued on
 * these threads). Jobs and results are plain data, copied (structured clone) both ways. A thread
 * that dies, or is stuck on one job, fails only the question it was answering; another is started
 * for the next.
 */
export class AnswerThreads {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** A thread stopped before it was ready: its module cannot load, so none is started again. */
  private broken: Error | undefined;

  constructor(private readonly options: AnswerThreadsOptions) {
    if (!options.startOnDemand) this.startMissing();
  }

  /**
   * A user is about and may ask: starts the threads that are not running, so a question need not wait
   * for their modules, and keeps idle ones for endIdleAfterMs more.
   */
  warm(): void {
    if (this.closed || this.broken) return;
    this.startMissing();
    for (const thread of this.threads) {
      if (!thread.idle) continue;
      clearTimeout(thread.idle);
      thread.idle = undefined;
      this.endWhenIdle(thread);
    }
  }

  /** Threads running now (they end when idle with endIdleAfterMs, and start again for the next question). */
  get liveThreads(): number {
    return this.threads.length;
  }

  /** Composes one question's answer on a free thread (queued first come, first served). */
  compose(job: AnswerJob): Promise<ComposedAnswer> {
    if (this.closed) return Promise.reject(new UnavailableError('the answer threads are closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<ComposedAnswer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.startMissing();
      this.dispatch();
    });
  }

  /** How many jobs wait for a thread (not counting those running). */
  get queued(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new UnavailableError('the answer threads were closed'));
    await Promise.all(
      this.threads.splice(0).map(async (thread) => {
        clearTimeout(thread.idle);
        const job = thread.job;
        this.finish(thread);
        job?.reject(new UnavailableError('the answer threads were closed'));
        await thread.worker.terminate();
      }),
    );
  }

  private spawn(): Thread {
    const entry = this.options.entry ?? { dir: __dirname, name: 'answer-thread.worker', callerFile: __filename };
    const worker = startWorker(
      entry.dir,
      entry.name,
      entry.callerFile,
      {},
      { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } },
    );
    const thread: Thread = { worker, ready: false, job: undefined, stuck: undefined, idle: undefined };
    worker.on('message', (message: FromAnswerThread) => this.onMessage(thread, message));
    worker.on('error', (error) => this.onExit(thread, error));
    worker.on('exit', (code) => this.onExit(thread, new Error(`answer thread exited with code ${code}`)));
    // An idle pool must not keep the process alive.
    worker.unref();
    return thread;
  }

  private startMissing(): void {
    while (this.threads.length < Math.max(1, this.options.threads)) this.threads.push(this.spawn());
  }

  private dispatch(): void {
    for (let thread = this.free(); thread && this.queue.length > 0; thread = this.free()) {
      const job = this.queue.shift() as Job;
      clearTimeout(thread.idle);
      thread.idle = undefined;
      thread.job = job;
      thread.stuck = setTimeout(
        () => this.onExit(thread, new Error('answer thread stuck on one job')),
        this.options.stuckAfterMs ?? STUCK_AFTER_MS,
      );
      try {
        thread.worker.postMessage({ id: job.id, job: job.job } satisfies ToAnswerThread);
      } catch (error) {
        // Not cloneable: this job's fault, not the thread's.
        this.finish(thread);
        job.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    // A busy thread, or one starting while questions wait for it, keeps the process alive until they
    // are answered; an idle pool does not.
    for (const thread of this.threads) {
      if (thread.job || (!thread.ready && this.queue.length > 0)) thread.worker.ref();
      else thread.worker.unref();
      if (thread.ready && !thread.job) this.endWhenIdle(thread);
    }
  }

  private endWhenIdle(thread: Thread): void {
    const afterMs = this.options.endIdleAfterMs;
    if (afterMs === undefined || thread.idle) return;
    thread.idle = setTimeout(() => {
      const at = this.threads.indexOf(thread);
      if (thread.job || at < 0) return;
      this.threads.splice(at, 1); // gone from the pool first: its exit is then no failure (onExit)
      void thread.worker.terminate();
    }, afterMs);
    thread.idle.unref();
  }

  private free(): Thread | undefined {
    return this.closed ? undefined : this.threads.find((thread) => thread.ready && !thread.job);
  }

  private onMessage(thread: Thread, message: FromAnswerThread): void {
    if (message.type === 'ready') {
      thread.ready = true;
      this.dispatch();
      return;
    }
    const job = thread.job;
    if (!job || job.id !== message.id) return;
    this.finish(thread);
    if (message.type === 'done') job.resolve(message.result);
    else job.reject(deserializeJobError(message.error));
    this.dispatch();
  }

  private finish(thread: Thread): void {
    clearTimeout(thread.stuck);
    thread.stuck = undefined;
    thread.job = undefined;
  }

  /** A thread that stopped (or is stuck) fails its question only; another takes its place for the next. */
  private onExit(thread: Thread, error: Error): void {
    const at = this.threads.indexOf(thread);
    if (this.closed || at < 0) return;
    this.threads.splice(at, 1);
    this.options.logger?.error({ error: error.message }, 'an answer thread stopped; starting another');
    const job = thread.job;
    this.finish(thread);
    job?.reject(new UnavailableError('the thread writing this answer stopped; ask again'));
    void thread.worker.terminate();
    if (!thread.ready) {
      this.broken = new UnavailableError(`the answer threads could not start: ${error.message}`);
      for (const queued of this.queue.splice(0)) queued.reject(this.broken);
      return;
    }
    this.threads.push(this.spawn());
    this.dispatch();
  }
}
