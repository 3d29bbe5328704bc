import type { UserActivity } from '@docket/service-kit';
import {
  BGE_SMALL_DIMENSIONS,
  BGE_SMALL_MODEL_ID,
  BGE_SMALL_OUTPUT,
  BGE_SMALL_SESSION_OPTIONS,
  bgeSmallFiles,
  bgeSmallInput,
  bgeSmallMaxTokens,
  bgeSmallModelDir,
} from './bge-small.embedder';
import type { Embedder, EmbedOptions } from './embedder';
import { startEmbeddingWorker, type EmbeddingReply, type EmbeddingWorker } from './embedding-worker';

interface Job {
  id: number;
  texts: string[];
  maxTokens: number;
  background: boolean;
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: EmbeddingWorker;
  job: Job | undefined;
  /** Takes only a user's requests (questions), never backlog work, so a question never waits behind it. */
  forQuestions: boolean;
  /** Ends the worker once it has had no work for a while (see endIdleWorkersAfterMs). */
  idleTimer: NodeJS.Timeout | undefined;
  /** Terminated by the pool (idle or closed): its exit is not a failure. */
  ending: boolean;
}

export interface ThreadedEmbedderOptions {
  /** Where the model's files are; default bgeSmallModelDir(). */
  modelDir?: string;
  /** One more worker kept for requests a user waits for (costs one more model in memory, ~120 MB). */
  questionThread?: boolean;
  /** Nice value (0-19) of the workers that do background work; 0 leaves their priority alone. */
  backgroundNice?: number;
  /**
   * Where background workers run: threads of this process (default), or processes of their own, each
   * in its own session with that nice value, so a busy backlog yields to every other service too.
   */
  backgroundIn?: 'thread' | 'process';
  /**
   * Where the question worker runs: a thread of this process (default), or a process of its own (at
   * this process's priority). A thread's model, once the thread ended, left 20-50 MB in this process
   * (onnxruntime's library and its process-wide state stay loaded); a process gives all of it back.
   */
  questionsIn?: 'thread' | 'process';
  /**
   * Users' requests under way: background work is handed to a worker only while there is none (or
   * after MAX_WAIT_FOR_USERS_MS), so a question never shares the cores with the backlog's next piece.
   */
  users?: Pick<UserActivity, 'busy' | 'whenQuiet'> | undefined;
  /**
   * Workers other than the question worker start when work comes and end after this many ms without
   * any, giving back their model's memory (~120 MB each; ~200 MB for a process of its own) while the
   * backlog is empty; a restart costs a model load (~0.3 CPU-s). Unset: they start at once and stay.
   * Only with a question worker, or a user's request could wait for that load.
   */
  endIdleWorkersAfterMs?: number;
  /**
   * The question worker too ends after this many ms without a question, giving back its model's
   * memory on an idle stack; the next question starts it again and waits for its model (~0.3 s).
   * Unset: it stays.
   */
  endQuestionWorkerAfterMs?: number;
  /**
   * The question worker starts on the first question or warm() (a user about), not at once: an idle
   * service then holds no model. Default: at once.
   */
  questionWorkerOnDemand?: boolean;
}

/** Longest a background piece waits for users to pause, so the backlog still moves under constant use. */
const MAX_WAIT_FOR_USERS_MS = 10_000;

/**
 * bge-small-en-v1.5 (bge-small.embedder.ts) in workers (embedding-worker.ts): a model call takes up to
 * ~50 ms of CPU per passage, which must not stall the service's event loop (gRPC, Kafka heartbeats).
 * Each worker loads its own model (~120 MB of RSS each in a thread, measured: weights, the runtime's
 * buffers, an isolate); batches go to whichever worker is free. Background workers may start on demand
 * and end when idle, so an idle service keeps only the question worker's model; they may run as
 * processes of their own (backgroundIn: 'process') so that their lower priority weighs against the
 * whole machine.
 */
export class ThreadedEmbedder implements Embedder {
  readonly modelId = BGE_SMALL_MODEL_ID;
  readonly dimensions = BGE_SMALL_DIMENSIONS;
  private readonly slots: Slot[] = [];
  /** Requests users wait for; served before any background job. */
  private readonly queue: Job[] = [];
  private readonly backgroundQueue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly users: ThreadedEmbedderOptions['users'];
  /** Since when (epoch ms) background work has been held back for users. */
  private heldSince: number | undefined;
  private waitingForQuiet = false;
  /** How many workers besides the question worker may run; one less for each that failed. */
  private generalCapacity: number;
  private readonly endIdleWorkersAfterMs: number | undefined;
  private readonly endQuestionWorkerAfterMs: number | undefined;
  /** Whether users' requests have a worker of their own (started again when it ended idle). */
  private questionWorker: boolean;
  private readonly spawn: (forQuestions: boolean) => Slot;

  /**
   * `threads` workers (at least 1); `chunk` texts per message, so one big call spreads over the workers
   * and a background call is cut into pieces a user's request can get in between.
   */
  constructor(
    threads: number,
    private readonly chunk = 16,
    options: ThreadedEmbedderOptions = {},
  ) {
    this.users = options.users;
    this.generalCapacity = Math.max(1, threads);
    this.endIdleWorkersAfterMs = options.questionThread ? options.endIdleWorkersAfterMs : undefined;
    this.endQuestionWorkerAfterMs = options.questionThread ? options.endQuestionWorkerAfterMs : undefined;
    this.questionWorker = options.questionThread ?? false;
    // Missing files fail here, not in every worker later.
    const files = bgeSmallFiles(options.modelDir ?? bgeSmallModelDir());
    const workerData = {
      ortPath: require.resolve('onnxruntime-node'),
      tokenizersPath: require.resolve('@huggingface/tokenizers'),
      modelFile: files.model,
      tokenizerFile: files.tokenizer,
      sessionOptions: BGE_SMALL_SESSION_OPTIONS,
      output: BGE_SMALL_OUTPUT,
      dimensions: BGE_SMALL_DIMENSIONS,
    };
    this.spawn = (forQuestions: boolean): Slot => {
      const nice = forQuestions ? 0 : Math.max(0, Math.min(19, options.backgroundNice ?? 0));
      const worker = startEmbeddingWorker(
        { ...workerData, nice },
        forQuestions ? (options.questionsIn ?? 'thread') : (options.backgroundIn ?? 'thread'),
      );
      const slot: Slot = { worker, job: undefined, forQuestions, idleTimer: undefined, ending: false };
      worker.onReply((reply) => this.settle(slot, reply));
      worker.onGone((error) => {
        if (!this.closed && !slot.ending) this.fail(slot, error);
      });
      // An idle pool must not keep the process alive.
      worker.unref();
      this.slots.push(slot);
      return slot;
    };
    if (options.questionThread && !options.questionWorkerOnDemand) this.endWhenIdle(this.spawn(true));
    if (this.endIdleWorkersAfterMs === undefined) for (let i = 0; i < this.generalCapacity; i++) this.spawn(false);
  }

  /**
   * A user is about and may ask: starts the question worker if it is not running (its model loads
   * while they read), and keeps an idle one for endQuestionWorkerAfterMs more.
   */
  warm(): void {
    if (this.closed || !this.questionWorker) return;
    const slot = this.slots.find((candidate) => candidate.forQuestions) ?? this.spawn(true);
    this.endWhenIdle(slot);
  }

  /** Embedding workers running now (the question worker and any background worker started and not yet ended). */
  get liveWorkers(): number {
    return this.slots.length;
  }

  /** The pids of background workers running as processes of their own (backgroundIn: 'process'). */
  get workerPids(): number[] {
    return this.slots.flatMap((slot) => (slot.forQuestions || slot.worker.pid === undefined ? [] : [slot.worker.pid]));
  }

  /** The question worker's pid while it runs as a process of its own (questionsIn: 'process'). */
  get questionWorkerPid(): number | undefined {
    return this.slots.find((slot) => slot.forQuestions)?.worker.pid;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (this.closed) throw new Error('the embedder is closed');
    const background = options.background ?? false;
    const maxTokens = bgeSmallMaxTokens(options.purpose);
    const queue = background ? this.backgroundQueue : this.queue;
    const parts: Array<Promise<Float32Array[]>> = [];
    for (let start = 0; start < texts.length; start += this.chunk) {
      const part = texts.slice(start, start + this.chunk).map((text) => bgeSmallInput(text, options.purpose));
      parts.push(
        new Promise((resolve, reject) => {
          queue.push({ id: this.nextId++, texts: part, maxTokens, background, resolve, reject });
        }),
      );
    }
    this.dispatch();
    return (await Promise.all(parts)).flat();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.queue.splice(0), ...this.backgroundQueue.splice(0)])
      job.reject(new Error('the embedder was closed'));
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        clearTimeout(slot.idleTimer);
        slot.job?.reject(new Error('the embedder was closed'));
        slot.job = undefined;
        await slot.worker.terminate();
      }),
    );
  }

  /**
   * Users' requests first (to the question worker if it is free, else any free one); background work
   * only to background workers, started here if fewer run than allowed.
   */
  private dispatch(): void {
    if (this.questionWorker && this.queue.length > 0 && !this.slots.some((slot) => slot.forQuestions)) this.spawn(true);
    const free = this.slots.filter((slot) => !slot.job).sort((a, b) => Number(b.forQuestions) - Number(a.forQuestions));
    const background = this.backgroundAllowed();
    for (const slot of free) {
      const job = slot.forQuestions ? this.queue.shift() : this.nextGeneralJob(background);
      if (job) this.assign(slot, job);
    }
    while (this.slots.filter((slot) => !slot.forQuestions).length < this.generalCapacity) {
      const job = this.nextGeneralJob(background);
      if (!job) break;
      this.assign(this.spawn(false), job); // the worker takes the message once its model is loaded
    }
  }

  private nextGeneralJob(backgroundAllowed: boolean): Job | undefined {
    return this.queue.shift() ?? (backgroundAllowed ? this.backgroundQueue.shift() : undefined);
  }

  private assign(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.job = job;
    slot.worker.ref(); // busy: keep the process alive until the answer arrives
    slot.worker.send({ id: job.id, texts: job.texts, maxTokens: job.maxTokens });
  }

  /** A worker with nothing to do ends after endIdleWorkersAfterMs (the question worker: endQuestionWorkerAfterMs). */
  private endWhenIdle(slot: Slot): void {
    const afterMs = slot.forQuestions ? this.endQuestionWorkerAfterMs : this.endIdleWorkersAfterMs;
    if (slot.job || afterMs === undefined) return;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.job || this.closed) return;
      slot.ending = true;
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      void slot.worker.terminate();
    }, afterMs);
    slot.idleTimer.unref();
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

  private settle(slot: Slot, message: EmbeddingReply): void {
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    slot.job = undefined;
    slot.worker.unref();
    if (message.error !== undefined || !message.vectors)
      job.reject(new Error(`embedding failed: ${message.error ?? 'no vectors'}`));
    else {
      const all = message.vectors;
      job.resolve(job.texts.map((_, i) => all.subarray(i * this.dimensions, (i + 1) * this.dimensions)));
    }
    this.dispatch();
    this.endWhenIdle(slot);
  }

  private fail(slot: Slot, error: Error): void {
    clearTimeout(slot.idleTimer);
    slot.job?.reject(error);
    slot.job = undefined;
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // already counted
    this.slots.splice(index, 1);
    slot.ending = true;
    // An error may leave it running: it gets no more work, so it goes.
    void slot.worker.terminate().catch(() => undefined);
    // A failed worker is not started again: one less may run.
    if (!slot.forQuestions) this.generalCapacity -= 1;
    if (this.generalCapacity === 0) {
      const questionSlot = this.slots.find((s) => s.forQuestions);
      // With no worker left nothing would ever answer: fail what waits instead of hanging.
      if (!questionSlot)
        for (const job of [...this.queue.splice(0), ...this.backgroundQueue.splice(0)]) job.reject(error);
      // Background work needs a background worker: if only the question worker is left, it takes that work too.
      else {
        questionSlot.forQuestions = false;
        this.questionWorker = false;
        this.generalCapacity = 1;
      }
    }
    this.dispatch();
  }
}
