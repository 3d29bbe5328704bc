import { spawn, type ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';

/**
 * Where the model runs: a worker thread of this process, or a process of its own. The code is plain
 * JavaScript given as a string, with the packages' resolved paths, so it runs the same under tsx,
 * jest's transform and compiled code (a .ts worker file would need a loader).
 *
 * A process of its own is for background work. Linux shares the CPU between sessions (autogroups)
 * before it shares it between threads, so a thread's nice value weighs only against the other threads
 * of this service: a backlog thread at nice 10 still took this service's whole share of the machine
 * (a core, beside a loading corpus) from the other services. A process started in a session of its own
 * sets that session's nice too (/proc/self/autogroup), and then gets only what nobody else wants.
 */
// In a process of its own, the worker's messages go over the IPC channel to the service.
const PROCESS_PORT =
  '{ on: (event, listener) => process.on(event, listener), postMessage: (message) => process.send(message) }';
const WORKER_SOURCE = `
const threads = require('node:worker_threads');
const inProcess = !threads.parentPort;
const port = inProcess ? ${PROCESS_PORT} : threads.parentPort;
const data = inProcess ? JSON.parse(process.env.EMBEDDING_WORKER_DATA) : threads.workerData;
if (inProcess) process.on('disconnect', () => process.exit(0)); // the service is gone: so is its work
if (data.nice > 0) {
  // Linux keeps a nice value per thread, and one per session (autogroup); a refusal only costs priority.
  try { require('node:os').setPriority(0, data.nice); } catch {}
  if (inProcess) { try { require('node:fs').writeFileSync('/proc/self/autogroup', String(data.nice)); } catch {} }
}
const { ready: backendReady } = require(data.corePath);
const { initModel } = require(data.embeddingsPath);
const { modelSource } = require(data.modelPath);
// The graph model keeps its loaded weight file (~27 MB) only to save() it again; the weights live on
// in the backend's tensors, so the file is dropped once they are made. The WebAssembly backend must be
// ready before the weights become tensors: initModel loads them beside its own ready(), not after it.
const ready = backendReady().then(() => initModel(async () => {
  const source = await modelSource();
  if (source.model.artifacts) source.model.artifacts.weightData = undefined;
  return source;
}));
port.on('message', async ({ id, texts }) => {
  try {
    const model = await ready;
    const out = new Float32Array(texts.length * data.dimensions);
    for (let start = 0; start < texts.length; start += data.batch) {
      // The model's async steps are all microtasks: without a turn of the event loop between batches
      // a busy process would never see that the service went away (its IPC channel closed).
      await new Promise((resolve) => setImmediate(resolve));
      if (inProcess && !process.connected) process.exit(0);
      const batch = texts.slice(start, start + data.batch).map((t) => t.slice(0, data.maxChars).trim() || '.');
      const vectors = await model.embed(batch);
      vectors.forEach((vector, i) => {
        let sum = 0;
        for (const x of vector) sum += x * x;
        const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
        const offset = (start + i) * data.dimensions;
        for (let d = 0; d < vector.length; d++) out[offset + d] = vector[d] * scale;
      });
    }
    if (inProcess) port.postMessage({ id, vectors: out });
    else port.postMessage({ id, vectors: out }, [out.buffer]);
  } catch (error) {
    port.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

/**
 * A smaller young generation than V8's default: the model's calls make short-lived arrays, and a
 * smaller nursery frees them (and their buffers) sooner. Measured on 20 batches of 8 long passages:
 * RSS 219 -> 197 MB, 487 -> 509 CPU-ms per batch (within noise).
 */
const YOUNG_GENERATION_MB = 8;

export interface EmbeddingWorkerData {
  /** @energetic-ai/core, whose ready() starts the WebAssembly backend. */
  corePath: string;
  embeddingsPath: string;
  modelPath: string;
  dimensions: number;
  maxChars: number;
  batch: number;
  /** 0-19; 0 leaves the priority alone. */
  nice: number;
}

export interface EmbeddingReply {
  id: number;
  vectors?: Float32Array;
  error?: string;
}

/** What the pool needs of a worker, thread or process alike. */
export interface EmbeddingWorker {
  /** The process's pid when it runs apart; undefined for a thread. */
  readonly pid: number | undefined;
  send(message: { id: number; texts: string[] }): void;
  onReply(listener: (reply: EmbeddingReply) => void): void;
  /** Called once, when the worker can no longer answer (an error, or it exited). */
  onGone(listener: (error: Error) => void): void;
  /** Keeps this process alive while a job is under way (ref) or not (unref). */
  ref(): void;
  unref(): void;
  terminate(): Promise<void>;
}

export function startEmbeddingWorker(data: EmbeddingWorkerData, where: 'thread' | 'process'): EmbeddingWorker {
  return where === 'process' ? new ProcessWorker(data) : new ThreadWorker(data);
}

class ThreadWorker implements EmbeddingWorker {
  readonly pid = undefined;
  private readonly worker: Worker;

  constructor(data: EmbeddingWorkerData) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: data,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
  }

  send(message: { id: number; texts: string[] }): void {
    this.worker.postMessage(message);
  }

  onReply(listener: (reply: EmbeddingReply) => void): void {
    this.worker.on('message', listener);
  }

  onGone(listener: (error: Error) => void): void {
    this.worker.on('error', listener);
    this.worker.on('exit', (code) => listener(new Error(`embedding worker exited with code ${code}`)));
  }

  ref(): void {
    this.worker.ref();
  }

  unref(): void {
    this.worker.unref();
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

class ProcessWorker implements EmbeddingWorker {
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(data: EmbeddingWorkerData) {
    // detached: a session (and so an autogroup) of its own; it still ends with this process (on 'disconnect').
    this.child = spawn(process.execPath, [`--max-semi-space-size=${YOUNG_GENERATION_MB / 2}`, '-e', WORKER_SOURCE], {
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced', // Float32Array replies arrive as Float32Array
      env: { ...process.env, EMBEDDING_WORKER_DATA: JSON.stringify(data) },
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(message: { id: number; texts: string[] }): void {
    this.child.send(message);
  }

  onReply(listener: (reply: EmbeddingReply) => void): void {
    this.child.on('message', (message) => listener(message as EmbeddingReply));
  }

  onGone(listener: (error: Error) => void): void {
    this.child.on('error', listener);
    this.child.on('exit', (code, signal) =>
      listener(new Error(`embedding process exited with ${signal ?? `code ${code}`}`)),
    );
  }

  ref(): void {
    this.child.ref();
    this.child.channel?.ref();
  }

  unref(): void {
    this.child.unref();
    this.child.channel?.unref();
  }

  async terminate(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}
