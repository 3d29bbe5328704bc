import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '@docket/service-kit';
import type { CourtRecord } from '../../domain/court-records';
import { ExtractionError, type ExtractedContent, type ExtractionLimits } from '../extraction.types';
import type { ExtractionReply, ExtractionRequest, ThreadedFormat, ThreadRequest } from './thread-messages';

interface Job {
  request: ThreadRequest;
  signal: AbortSignal;
  /** The content (a file read) or the record (a court record recognised), as the request asked. */
  resolve: (answer: ExtractedContent | CourtRecord | undefined) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

interface ExtractionThread {
  worker: Worker;
  ready: boolean;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Extraction threads: PDFium, mammoth and cheerio hold the CPU for as long as a file takes (seconds
 * for a 500-page PDF or a large HTML page), so they run here and never on the service's event loop.
 * A thread starts when a file finds none free (up to `size`) and ends after `idleMs` without one,
 * giving back what the parsers kept (PDFium's WebAssembly memory never shrinks). A file whose
 * deadline passes has its thread ended: unlike a parse on the event loop, it is truly stopped.
 */
export class ExtractionThreads {
  private readonly threads = new Set<ExtractionThread>();
  private readonly queue: Job[] = [];

  constructor(private readonly options: { size: number; idleMs: number }) {}

  /**
   * The content of one file; rejects with ExtractionError for a file that cannot be used (`timeout`
   * once `signal` aborts), or with the parser's own error.
   */
  read(
    format: ThreadedFormat,
    bytes: Uint8Array,
    limits: ExtractionLimits,
    signal: AbortSignal,
  ): Promise<ExtractedContent> {
    if (signal.aborted) return Promise.reject(stopped());
    const request: ExtractionRequest = {
      format,
      bytes,
      limits: { maxBytes: limits.maxBytes, maxPages: limits.maxPages },
    };
    return this.submit(request, signal) as Promise<ExtractedContent>;
  }

  /**
   * The court record the file holds (see recogniseCourtRecord), read in a thread;
   * undefined when no recogniser claims it.
   */
  recognise(bytes: Uint8Array, fileName: string, signal: AbortSignal): Promise<CourtRecord | undefined> {
    if (signal.aborted) return Promise.reject(stopped());
    return this.submit({ format: 'court-record', bytes, fileName }, signal) as Promise<CourtRecord | undefined>;
  }

  private submit(request: ThreadRequest, signal: AbortSignal): Promise<ExtractedContent | CourtRecord | undefined> {
    return new Promise((resolve, reject) => {
      const job: Job = { request, signal, resolve, reject, onAbort: () => this.abort(job) };
      signal.addEventListener('abort', job.onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Threads running now (starting, busy or idle). */
  get running(): number {
    return this.threads.size;
  }

  /** Threads reading a file now. */
  get busy(): number {
    return [...this.threads].filter((thread) => thread.job).length;
  }

  /** Ends every thread; files in flight fail. */
  async close(): Promise<void> {
    const threads = [...this.threads];
    this.threads.clear();
    const unanswered = [...this.queue.splice(0), ...threads.flatMap((thread) => (thread.job ? [thread.job] : []))];
    for (const job of unanswered) settle(job, () => job.reject(new Error('the extraction threads were closed')));
    await Promise.all(threads.map((thread) => this.end(thread)));
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (thread.ready && !thread.job) this.give(thread, this.queue.shift() as Job);
    }
    const starting = [...this.threads].filter((thread) => !thread.ready).length;
    for (let waiting = this.queue.length - starting; waiting > 0 && this.threads.size < this.options.size; waiting--)
      this.spawn();
  }

  private spawn(): void {
    const worker = startWorker(__dirname, 'extraction-thread.worker', __filename, {});
    const thread: ExtractionThread = { worker, ready: false };
    this.threads.add(thread);
    worker.on('message', (reply: ExtractionReply) => this.onReply(thread, reply));
    worker.on('error', (error) => this.onGone(thread, error));
    worker.on('exit', (code) => this.onGone(thread, new Error(`the extraction thread exited with code ${code}`)));
  }

  private give(thread: ExtractionThread, job: Job): void {
    clearTimeout(thread.idleTimer);
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage(job.request, [job.request.bytes.buffer as ArrayBuffer]);
  }

  private onReply(thread: ExtractionThread, reply: ExtractionReply): void {
    if (reply.type === 'ready') thread.ready = true;
    const job = thread.job;
    if (job && reply.type !== 'ready') {
      thread.job = undefined;
      settle(job, () => answer(job, reply));
    }
    this.dispatch();
    if (!thread.job && this.threads.has(thread)) this.idle(thread);
  }

  /** An idle thread does not keep the process alive, and ends after idleMs. */
  private idle(thread: ExtractionThread): void {
    thread.worker.unref();
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (thread.job || !this.threads.delete(thread)) return;
      void this.end(thread);
    }, this.options.idleMs);
    thread.idleTimer.unref();
  }

  /** A deadline passed: a waiting file leaves the queue; a file being read has its thread ended. */
  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const thread = [...this.threads].find((candidate) => candidate.job === job);
    if (thread) {
      this.threads.delete(thread);
      thread.job = undefined;
      void this.end(thread);
    }
    settle(job, () => job.reject(stopped()));
    this.dispatch();
  }

  /**
   * The thread died: its file is reported unreadable; if it died starting,
   * the waiting files fail with it rather than start it again and again.
   */
  private onGone(thread: ExtractionThread, error: Error): void {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.idleTimer);
    const job = thread.job;
    if (job)
      settle(job, () =>
        job.reject(new ExtractionError('corrupt', `the file could not be read: its parser failed (${error.message})`)),
      );
    if (!thread.ready) {
      for (const waiting of this.queue.splice(0))
        settle(waiting, () => waiting.reject(new Error(`the extraction thread could not start: ${error.message}`)));
    }
    this.dispatch();
  }

  private async end(thread: ExtractionThread): Promise<void> {
    clearTimeout(thread.idleTimer);
    thread.worker.removeAllListeners();
    thread.worker.on('error', () => undefined); // an error while ending is of no interest
    await thread.worker.terminate();
  }
}

function settle(job: Job, answerIt: () => void): void {
  job.signal.removeEventListener('abort', job.onAbort);
  answerIt();
}

function answer(job: Job, reply: Exclude<ExtractionReply, { type: 'ready' }>): void {
  if (reply.type === 'read') job.resolve(reply.content);
  else if (reply.type === 'recognised') job.resolve(reply.record ?? undefined);
  else if (reply.type === 'refused') job.reject(new ExtractionError(reply.reason, reply.message));
  else job.reject(new Error(reply.message));
}

function stopped(): ExtractionError {
  return new ExtractionError('timeout', 'stopped: parsing took too long');
}

/** One extraction thread per core beyond the first (the event loop's), at least one. */
export const DEFAULT_EXTRACTION_THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));
/**
 * An idle thread keeps its parsers' memory (PDFium's: tens of MB after a large PDF);
 * a minute is longer than the gaps within an import.
 */
export const EXTRACTION_THREAD_IDLE_MS = 60_000;
