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
const ort = require(data.ortPath);
const { Tokenizer } = require(data.tokenizersPath);
// As BgeSmallEmbedder (bge-small.embedder.ts) does it: one text per model call, its [CLS] vector normalised.
const ready = (async () => {
  const tokenizer = new Tokenizer(JSON.parse(require('node:fs').readFileSync(data.tokenizerFile, 'utf8')), {});
  const sepId = tokenizer.token_to_id('[SEP]');
  const session = await ort.InferenceSession.create(data.modelFile, data.sessionOptions);
  if (!session.outputNames.includes(data.output)) throw new Error(data.modelFile + ' lacks output ' + data.output);
  return { tokenizer, sepId, session };
})();
// A model that cannot load ends the worker, so the pool sends it no more work.
ready.catch((error) => setImmediate(() => { throw error; }));
let stopping = false;
port.on('message', async (message) => {
  if (message.stop) {
    // Ends itself between model calls: a thread terminated from outside during one (loading the model,
    // or running it) aborts the whole process ("terminate called after throwing ... Napi::Error").
    stopping = true;
    await ready.catch(() => {});
    process.exit(0);
  }
  const { id, texts, maxTokens } = message;
  try {
    const { tokenizer, sepId, session } = await ready;
    const out = new Float32Array(texts.length * data.dimensions);
    for (let i = 0; i < texts.length; i++) {
      // A model call is synchronous native work: without a turn of the event loop between texts
      // a busy process would never see that the service went away (its IPC channel closed).
      await new Promise((resolve) => setImmediate(resolve));
      if (stopping) return;
      if (inProcess && !process.connected) process.exit(0);
      let ids = tokenizer.encode(texts[i]).ids;
      if (ids.length > maxTokens) ids = [...ids.slice(0, maxTokens - 1), sepId];
      const shape = [1, ids.length];
      const result = await session.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.from(ids, (x) => BigInt(x)), shape),
        attention_mask: new ort.Tensor('int64', new BigInt64Array(ids.length).fill(1n), shape),
        token_type_ids: new ort.Tensor('int64', new BigInt64Array(ids.length), shape),
      });
      const hidden = result[data.output].data;
      let sum = 0;
      for (let d = 0; d < data.dimensions; d++) sum += hidden[d] * hidden[d];
      const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
      for (let d = 0; d < data.dimensions; d++) out[i * data.dimensions + d] = hidden[d] * scale;
    }
    if (inProcess) port.postMessage({ id, vectors: out });
    else port.postMessage({ id, vectors: out }, [out.buffer]);
  } catch (error) {
    port.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

export interface EmbeddingWorkerData {
  /** onnxruntime-node and @huggingface/tokenizers, resolved by the service. */
  ortPath: string;
  tokenizersPath: string;
  modelFile: string;
  tokenizerFile: string;
  sessionOptions: { intraOpNumThreads: number; interOpNumThreads: number };
  /** The model's output whose first token is the text's vector. */
  output: string;
  dimensions: number;
  /** 0-19; 0 leaves the priority alone. */
  nice: number;
}

/** Texts ready for the model (prefixed and cut by the pool), and how many tokens of each it keeps. */
export interface EmbeddingRequest {
  id: number;
  texts: string[];
  maxTokens: number;
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
  send(message: EmbeddingRequest): void;
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
  private running = true;
  private readonly exited: Promise<void>;

  constructor(data: EmbeddingWorkerData) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: data });
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        this.running = false;
        resolve();
      }),
    );
  }

  send(message: EmbeddingRequest): void {
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

  /** Asks the thread to end itself (Worker.terminate() during a model call would abort this process). */
  async terminate(): Promise<void> {
    if (!this.running) return;
    this.worker.ref(); // this process waits for it: exiting first would terminate it from outside
    this.worker.postMessage({ stop: true });
    await this.exited;
  }
}

class ProcessWorker implements EmbeddingWorker {
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(data: EmbeddingWorkerData) {
    // detached: a session (and so an autogroup) of its own; it still ends with this process (on 'disconnect').
    this.child = spawn(process.execPath, ['-e', WORKER_SOURCE], {
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

  send(message: EmbeddingRequest): void {
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
