/**
 * The index writer thread: every write of the live index file (Kafka's documents, uploads) runs here,
 * on its own connection and at a lower OS priority, so a long FTS5 transaction never holds up the
 * service's event loop (gRPC requests, questions) and yields the CPU to the search threads. It writes
 * documents without their word pairs and adds them when asked (addWordPairs, see word-pair-timing.ts).
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { IdleCacheRelease } from '../idle-cache-release';
import { serializeError } from '../search-threads/thread-messages';
import { SqliteIndexFile, type FacetChange } from '../sqlite-index-file';
import { threadCpuMs } from './thread-cpu';
import type { FromWriter, ToWriter, WriterCalls, WriterData } from './writer-messages';

const data = workerData as WriterData;
const port = parentPort;
if (!port) throw new Error('index-writer.worker.ts runs as a worker thread');
const send = (message: FromWriter) => port.postMessage(message);

// Linux keeps a nice value per thread (pid 0: this thread);
// elsewhere the call may be refused, which only costs priority.
if (data.nice > 0) {
  try {
    setPriority(0, data.nice);
  } catch {
    // not allowed here: writes run at the process's priority
  }
}

/** Documents written since the thread started, and the CPU the word-pair pass took meanwhile. */
let written = 0;
let pairingCpuMs = 0;
const cost = () => ({ documents: written, cpuMs: threadCpuMs() - pairingCpuMs });

/** Facet changes of the transactions committed by the call under way. */
let committed: FacetChange[] = [];
const open = () =>
  SqliteIndexFile.open(data.indexPath, {
    onFacetChanges: (changes) => committed.push(...changes),
    deferWordPairs: true,
  });
let file: SqliteIndexFile | undefined;
try {
  file = open();
  send({ type: 'opened', pairsPendingSince: file.pairsPendingSince() });
} catch (error) {
  send({ type: 'fatal', error: serializeError(error) });
}
const pairsPendingSince = () => file?.pairsPendingSince() ?? null;

const cacheRelease = new IdleCacheRelease(() => file?.db);

/** Writes that arrived while the file was closed for a swap: run, in order, once it is open again. */
let deferred: ToWriter[] = [];

function run(message: ToWriter): unknown {
  if (!file) throw new Error('the index file is not open');
  switch (message.method) {
    case 'upsert': {
      const outcome = file.upsert(...(message.args as WriterCalls['upsert']['args']));
      written += 1;
      return outcome;
    }
    case 'remove':
      return file.remove(...(message.args as WriterCalls['remove']['args']));
    case 'addWordPairs': {
      const [limit] = message.args as WriterCalls['addWordPairs']['args'];
      const started = threadCpuMs();
      try {
        return file.addPendingWordPairs(limit, threadCpuMs);
      } finally {
        pairingCpuMs += threadCpuMs() - started;
      }
    }
    case 'upsertMany': {
      const [documents] = message.args as WriterCalls['upsertMany']['args'];
      for (let start = 0; start < documents.length; start += data.chunk)
        written += file.upsertMany(documents.slice(start, start + data.chunk));
      return null;
    }
    default:
      throw new Error(`unknown index writer method ${String(message.method)}`);
  }
}

port.on('message', (message: ToWriter) => {
  if (message.method === 'close') {
    file?.close();
    file = undefined;
    send({ type: 'done', id: message.id, result: null, facets: [], cost: cost(), pairsPendingSince: null });
    return;
  }
  if (message.method === 'open') {
    try {
      file ??= open();
      send({
        type: 'done',
        id: message.id,
        result: null,
        facets: [],
        cost: cost(),
        pairsPendingSince: pairsPendingSince(),
      });
    } catch (error) {
      send({
        type: 'failed',
        id: message.id,
        error: serializeError(error),
        facets: [],
        cost: cost(),
        pairsPendingSince: null,
      });
      return;
    }
    const waiting = deferred;
    deferred = [];
    for (const write of waiting) answer(write);
    return;
  }
  if (!file) {
    deferred.push(message);
    return;
  }
  answer(message);
});

function answer(message: ToWriter): void {
  committed = [];
  try {
    const result = run(message);
    send({
      type: 'done',
      id: message.id,
      result,
      facets: committed,
      cost: cost(),
      pairsPendingSince: pairsPendingSince(),
    });
  } catch (error) {
    // Chunks committed before the failure stay written: their facet changes go out all the same.
    send({
      type: 'failed',
      id: message.id,
      error: serializeError(error),
      facets: committed,
      cost: cost(),
      pairsPendingSince: pairsPendingSince(),
    });
  } finally {
    committed = [];
    cacheRelease.used();
  }
}
