import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '@docket/service-kit';
import { ExtractionError, type ExtractedContent } from '../extraction.types';
import type { PdfReply, PdfRequest } from './thread-messages';

interface Job {
  request: PdfRequest;
  signal: AbortSignal;
  resolve: (content: ExtractedContent) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

interface PdfThread {
  worker: Worker;
  ready: boolean;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

/**
 * PDF threads: PDFium reads PDFs synchronously, so it runs here and never on the service's event
 * loop (a 500-page filing takes seconds). A thread starts when a PDF finds none free (up to `size`)
 * and ends after `idleMs` without one, giving back PDFium's WebAssembly memory, which never shrinks.
 * A PDF whose deadline passes has its thread ended: unlike a parse on the event loop, it is truly
 * stopped.
 */
export class PdfThreads {
  private readonly threads = new Set<PdfThread>();
  private readonly queue: Job[] = [];

  constructor(private readonly options: { size: number; idleMs: number }) {}

  /** The content of one PDF; rejects with ExtractionError for a file that cannot be used, or `timeout` once `signal` aborts. */
  read(bytes: Uint8Array, maxPages: number, signal: AbortSignal): Promise<ExtractedContent> {
    if (signal.aborted) return Promise.reject(stopped());
    return new Promise((resolve, reject) => {
      const job: Job = { request: { bytes, maxPages }, signal, resolve, reject, onAbort: () => this.abort(job) };
      signal.addEventListener('abort', job.onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Threads running now (starting, busy or idle). */
  get running(): number {
    return this.threads.size;
  }

  /** Threads reading a PDF now. */
  get busy(): number {
    return [...this.threads].filter((thread) => thread.job).length;
  }

  /** Ends every thread; PDFs in flight fail. */
  async close(): Promise<void> {
    const threads = [...this.threads];
    this.threads.clear();
    const unanswered = [...this.queue.splice(0), ...threads.flatMap((thread) => (thread.job ? [thread.job] : []))];
    for (const job of unanswered) settle(job, () => job.reject(new Error('the PDF threads were closed')));
    await Promise.all(threads.map((thread) => this.end(thread)));
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (thread.ready && !thread.job) this.give(thread, this.queue.shift() as Job);
    }
    const starting = [...this.threads].filter((thread) => !thread.ready).length;
    for (let waiting = this.queue.length - starting; waiting > 0 && this.threads.size < this.options.size; waiting--) this.spawn();
  }

  private spawn(): void {
    const worker = startWorker(__dirname, 'pdf-thread.worker', __filename, {});
    const thread: PdfThread = { worker, ready: false };
    this.threads.add(thread);
    worker.on('message', (reply: PdfReply) => this.onReply(thread, reply));
    worker.on('error', (error) => this.onGone(thread, error));
    worker.on('exit', (code) => this.onGone(thread, new Error(`the PDF thread exited with code ${code}`)));
  }

  private give(thread: PdfThread, job: Job): void {
    clearTimeout(thread.idleTimer);
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage(job.request, [job.request.bytes.buffer as ArrayBuffer]);
  }

  private onReply(thread: PdfThread, reply: PdfReply): void {
    if (reply.type === 'ready') thread.ready = true;
    const job = thread.job;
    if (job && reply.type !== 'ready') {
      thread.job = undefined;
      settle(job, () => (reply.type === 'read' ? job.resolve(reply.content) : job.reject(new ExtractionError(reply.reason, reply.message))));
    }
    this.dispatch();
    if (!thread.job && this.threads.has(thread)) this.idle(thread);
  }

  /** An idle thread does not keep the process alive, and ends after idleMs. */
  private idle(thread: PdfThread): void {
    thread.worker.unref();
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (thread.job || !this.threads.delete(thread)) return;
      void this.end(thread);
    }, this.options.idleMs);
    thread.idleTimer.unref();
  }

  /** A deadline passed: a waiting PDF leaves the queue; a PDF being read has its thread ended. */
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

  /** The thread died: its PDF is reported unreadable; if it died starting, the waiting PDFs fail with it rather than start it again and again. */
  private onGone(thread: PdfThread, error: Error): void {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.idleTimer);
    const job = thread.job;
    if (job) settle(job, () => job.reject(new ExtractionError('corrupt', `the PDF could not be read: its reader failed (${error.message})`)));
    if (!thread.ready) {
      for (const waiting of this.queue.splice(0)) settle(waiting, () => waiting.reject(new Error(`the PDF reader could not start: ${error.message}`)));
    }
    this.dispatch();
  }

  private async end(thread: PdfThread): Promise<void> {
    clearTimeout(thread.idleTimer);
    thread.worker.removeAllListeners();
    thread.worker.on('error', () => undefined); // an error while ending is of no interest
    await thread.worker.terminate();
  }
}

function settle(job: Job, answer: () => void): void {
  job.signal.removeEventListener('abort', job.onAbort);
  answer();
}

function stopped(): ExtractionError {
  return new ExtractionError('timeout', 'stopped: parsing took too long');
}

/** One PDF thread per core beyond the first (the event loop's), at least one. */
export const DEFAULT_PDF_THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));
/** An idle thread keeps PDFium's memory (tens of MB after a large PDF); a minute is longer than the gaps within an import. */
export const PDF_THREAD_IDLE_MS = 60_000;
