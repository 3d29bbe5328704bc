import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseQuery } from '@docket/query-language';
import { UserActivity } from '@docket/service-kit';
import { printedPid } from '@docket/testkit';
import { bm25Retrieve, hybridRetrieve, vectorRetrieve } from '../../src/ask/retrieve';
import type { IndexedDocument } from '../../src/domain/indexed-document';
import { BGE_SMALL_DIMENSIONS } from '../../src/embeddings/bge-small.embedder';
import { dot, type EmbedOptions } from '../../src/embeddings/embedder';
import { ThreadedEmbedder } from '../../src/embeddings/threaded.embedder';
import { VectorIndex } from '../../src/embeddings/vector-index';
import { VectorIndexer, vectorScheme } from '../../src/embeddings/vector-indexer';
import { VectorIndexingBackend } from '../../src/embeddings/vector-indexing.backend';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';

jest.setTimeout(180_000);

/**
 * BgeSmallEmbedder on the main thread of a process of its own (through tsx), one call per entry: in
 * jest's sandbox the runtime's output arrays fail onnxruntime's own Float32Array check (another realm).
 */
async function embedApart(calls: Array<{ texts: string[]; options?: EmbedOptions }>): Promise<Float32Array[][]> {
  const embedder = JSON.stringify(require.resolve('../../src/embeddings/bge-small.embedder'));
  const script = `
    const { BgeSmallEmbedder } = require(${embedder});
    void (async () => {
      const single = await BgeSmallEmbedder.load();
      const out = [];
      for (const call of ${JSON.stringify(calls)})
        out.push((await single.embed(call.texts, call.options)).map((v) => Array.from(v)));
      await single.close();
      process.stdout.write(JSON.stringify(out));
    })();
  `;
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--require',
    require.resolve('tsx/cjs'),
    '-e',
    script,
  ]);
  return (JSON.parse(stdout) as number[][][]).map((vectors) => vectors.map((v) => Float32Array.from(v)));
}

/**
 * The real model (bge-small-en-v1.5, unpacked into .cache by the launcher's prepare step) behind the
 * real SQLite FTS5 backend: semantic matches BM25 cannot make, filters, removal, restart.
 */
describe('vectors with the real model and the SQLite backend', () => {
  let dir: string;
  let embedder: ThreadedEmbedder;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vectors-it-'));
    embedder = new ThreadedEmbedder(2);
  });
  afterAll(async () => {
    await embedder.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function filing(id: string, sourceId: string, title: string, text: string): IndexedDocument {
    return {
      id,
      title,
      text,
      description: '',
      sourceId,
      sourceName: '',
      docketNumber: `D-${id}`,
      docketId: '',
      filingType: 'Order',
      filingCategory: 'Order',
      filedAt: new Date('2024-05-01T00:00:00Z'),
      parties: [],
      filers: [],
      entities: [],
      pages: [{ number: 1, start: 0, end: text.length }],
      sha256: createHash('sha256').update(title).update('\n').update(text).digest('hex'),
    };
  }

  const filings = [
    filing(
      'raise',
      'cpuc',
      'Decision on general rate case',
      'The commission authorizes the utility to increase electricity tariffs for ' +
        'residential customers starting next year.',
    ),
    filing(
      'raise-ferc',
      'ferc',
      'Order accepting revised transmission charges',
      'The commission accepts higher transmission charges proposed by the electric company.',
    ),
    filing(
      'pipeline',
      'ferc',
      'Pipeline safety inspection',
      'Inspectors found corrosion on a natural gas pipeline segment and ordered repairs.',
    ),
    filing(
      'wildlife',
      'nyps',
      'Environmental assessment',
      'The dam relicensing study reviews fish passage and wildlife habitat along the river.',
    ),
    filing(
      'merger',
      'cpuc',
      'Application for approval of merger',
      'Two water companies ask permission to combine their operations.',
    ),
  ];
  // No word of this question (after stopwords) appears in any filing: only vectors can answer.
  const question = 'Will my power bill go up?';

  it('embeds offline into unit vectors; the worker pool gives the in-thread ones; paraphrases are closer', async () => {
    const texts = [
      'Electricity prices for households will rise.',
      'The utility may charge customers more for power.',
      'Salmon migrate upstream to spawn.',
    ];
    const [[a, b, c] = [], [query] = []] = await embedApart([
      { texts },
      { texts: [question], options: { purpose: 'query' } },
    ]);
    const pooled = await embedder.embed(texts);
    expect(a).toHaveLength(BGE_SMALL_DIMENSIONS);
    expect(dot(a!, a!)).toBeCloseTo(1, 4);
    pooled.forEach((vector, i) => expect(dot(vector, [a, b, c][i]!)).toBeCloseTo(1, 4));
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!) + 0.1);
    // A query gets the model's search instruction, in the pool as in the thread.
    const [pooledQuery] = await embedder.embed([question], { purpose: 'query' });
    const [asPassage] = await embedder.embed([question]);
    expect(dot(pooledQuery!, query!)).toBeCloseTo(1, 4);
    expect(dot(asPassage!, query!)).toBeLessThan(0.99);
    expect(dot(query!, a!)).toBeGreaterThan(dot(query!, c!) + 0.1);
  });

  it('embeds a question ahead of background work queued before it, with or without a question worker', async () => {
    for (const options of [{}, { questionThread: true, backgroundNice: 5 }]) {
      const pool = new ThreadedEmbedder(1, 4, options);
      try {
        // Models loaded first: on a busy machine a question worker still loading its model could lose
        // the race to 48 passages, which is not what this test is about.
        await Promise.all([pool.embed(['warm up']), pool.embed(['warm up'], { background: true })]);
        const order: string[] = [];
        const backlog = pool
          .embed(
            Array.from({ length: 48 }, (_, i) => `backlog passage number ${i}`),
            { background: true },
          )
          .then(() => order.push('backlog'));
        const asked = pool.embed([question]).then(() => order.push('question'));
        await Promise.all([backlog, asked]);
        expect(order).toEqual(['question', 'backlog']);
      } finally {
        await pool.close();
      }
    }
  });

  it('holds background work back while users wait for a request, and lets it go once they pause', async () => {
    const users = new UserActivity(50);
    const pool = new ThreadedEmbedder(1, 4, { questionThread: true, backgroundNice: 5, users });
    try {
      let finish!: () => void;
      const request = users.during(
        () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      );
      let backlogDone = false;
      const backlog = pool
        .embed(['backlog passage one', 'backlog passage two'], { background: true })
        .then((vectors) => {
          backlogDone = true;
          return vectors;
        });
      // Twelve pieces on the workers: the backlog's one piece would long be done if it had gone to its worker.
      await pool.embed(Array.from({ length: 48 }, (_, i) => `${question} (${i})`));
      expect(backlogDone).toBe(false);
      finish();
      await request;
      expect(await backlog).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });

  it('starts a background worker for background work, ends it when idle, and starts one again for more', async () => {
    const pool = new ThreadedEmbedder(1, 4, { questionThread: true, backgroundNice: 5, endIdleWorkersAfterMs: 50 });
    const until = async (condition: () => boolean): Promise<void> => {
      while (!condition()) await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      expect(pool.liveWorkers).toBe(1); // the question worker only
      const [first] = await pool.embed(['backlog passage one'], { background: true });
      const [asked] = await pool.embed(['backlog passage one']);
      expect(dot(first!, asked!)).toBeCloseTo(1, 4);
      await until(() => pool.liveWorkers === 1);
      const [again] = await pool.embed(['backlog passage one'], { background: true });
      expect(dot(again!, asked!)).toBeCloseTo(1, 4);
    } finally {
      await pool.close();
    }
  });

  it('ends the question worker after a while without questions, and starts it again for the next one', async () => {
    const pool = new ThreadedEmbedder(1, 4, {
      questionThread: true,
      endIdleWorkersAfterMs: 60_000,
      endQuestionWorkerAfterMs: 50,
    });
    const until = async (condition: () => boolean): Promise<void> => {
      while (!condition()) await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      expect(pool.liveWorkers).toBe(1);
      await until(() => pool.liveWorkers === 0);
      const [asked] = await pool.embed([question]);
      expect(asked).toHaveLength(BGE_SMALL_DIMENSIONS);
      expect(pool.liveWorkers).toBe(1); // the question worker, not a background one
      await until(() => pool.liveWorkers === 0);
    } finally {
      await pool.close();
    }
  });

  it('starts the question worker on demand: none until a user is about (warm), then one for questions', async () => {
    const pool = new ThreadedEmbedder(1, 4, {
      questionThread: true,
      endIdleWorkersAfterMs: 60_000,
      endQuestionWorkerAfterMs: 60_000,
      questionWorkerOnDemand: true,
    });
    try {
      expect(pool.liveWorkers).toBe(0);
      pool.warm();
      pool.warm(); // once a worker runs, warming again starts no other
      expect(pool.liveWorkers).toBe(1);
      const [asked] = await pool.embed([question]);
      expect(asked).toHaveLength(BGE_SMALL_DIMENSIONS);
      expect(pool.liveWorkers).toBe(1); // the question worker took it
    } finally {
      await pool.close();
    }
  });

  it('closes threads still loading or running their model without aborting this process', async () => {
    // Worker.terminate() during a model call aborts the whole process: the pool asks its threads to end.
    for (const delayMs of [0, 50, 100, 150, 250]) {
      const pool = new ThreadedEmbedder(1, 4, { questionThread: true });
      const busy = pool.embed(Array.from({ length: 8 }, (_, i) => `backlog passage number ${i}`)).catch(() => []);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await pool.close();
      await busy;
      expect(pool.liveWorkers).toBe(0);
    }
  });

  it('runs background work in a process of its own session at its nice value, same vectors as a thread', async () => {
    const pool = new ThreadedEmbedder(1, 4, {
      questionThread: true,
      backgroundNice: 5,
      backgroundIn: 'process',
      endIdleWorkersAfterMs: 60_000,
    });
    try {
      const texts = ['backlog passage one', 'Electricity prices for households will rise.'];
      const inProcess = await pool.embed(texts, { background: true });
      const inThread = await pool.embed(texts);
      inProcess.forEach((vector, i) => expect(dot(vector, inThread[i]!)).toBeCloseTo(1, 4));

      const [pid] = pool.workerPids;
      expect(pid).toBeDefined();
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      expect(Number(fields[1])).toBe(process.pid); // parent: this process
      expect(Number(fields[3])).toBe(pid); // session: its own
      expect(Number(fields[16])).toBe(5); // nice
      if (existsSync(`/proc/${pid}/autogroup`))
        expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(/nice 5/);
    } finally {
      await pool.close();
    }
    expect(pool.workerPids).toEqual([]);
  });

  it('runs the question worker in a process of its own at this priority, gone once idle, same vectors', async () => {
    const pool = new ThreadedEmbedder(1, 4, {
      questionThread: true,
      questionsIn: 'process',
      endIdleWorkersAfterMs: 60_000,
      endQuestionWorkerAfterMs: 1_000,
      questionWorkerOnDemand: true,
    });
    const inThread = new ThreadedEmbedder(1, 4, { questionThread: true });
    const until = async (condition: () => boolean): Promise<void> => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    try {
      const [asked] = await pool.embed([question]);
      // Read before its idle end (a second later) comes.
      const pid = pool.questionWorkerPid;
      expect(pid).toBeDefined();
      expect(pool.workerPids).toEqual([]); // not counted as a background worker
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      expect(Number(fields[1])).toBe(process.pid); // parent: this process
      expect(Number(fields[16])).toBe(getPriority()); // a user's request: this process's priority, not the backlog's
      const [expected] = await inThread.embed([question]);
      expect(dot(asked!, expected!)).toBeCloseTo(1, 4);

      await until(() => pool.liveWorkers === 0);
      await until(() => !existsSync(`/proc/${pid}`)); // the process (and its model's memory) is gone
      const [again] = await pool.embed([question]);
      expect(dot(again!, expected!)).toBeCloseTo(1, 4);
      expect(pool.questionWorkerPid).not.toBe(pid);
    } finally {
      await Promise.all([pool.close(), inThread.close()]);
    }
  });

  it('fails only the jobs of a background process that dies, and a question still gets its answer', async () => {
    const pool = new ThreadedEmbedder(1, 4, {
      questionThread: true,
      backgroundNice: 5,
      backgroundIn: 'process',
      endIdleWorkersAfterMs: 60_000,
    });
    try {
      await pool.embed(['warm up'], { background: true });
      const [pid] = pool.workerPids;
      const backlog = pool.embed(
        Array.from({ length: 400 }, (_, i) => `backlog passage number ${i}`),
        { background: true },
      );
      process.kill(pid!, 'SIGKILL');
      await expect(backlog).rejects.toThrow(/embedding process exited with SIGKILL/);
      const [asked] = await pool.embed([question]);
      expect(asked).toHaveLength(BGE_SMALL_DIMENSIONS);
    } finally {
      await pool.close();
    }
  });

  it('ends a background process whose service died while it worked', async () => {
    // A service of its own (a Node process running the pool through tsx), killed with SIGKILL mid-backlog.
    const embedder = JSON.stringify(require.resolve('../../src/embeddings/threaded.embedder'));
    const options =
      "{ questionThread: true, backgroundNice: 5, backgroundIn: 'process', endIdleWorkersAfterMs: 60000 }";
    const script = `
      const { ThreadedEmbedder } = require(${embedder});
      const pool = new ThreadedEmbedder(1, 4, ${options});
      pool.embed(['warm up'], { background: true }).then(() => {
        console.log('PID ' + pool.workerPids[0]);
        void pool.embed(Array.from({ length: 4000 }, (_, i) => 'backlog passage number ' + i), { background: true });
      });
      setInterval(() => {}, 1000);
    `;
    const service = spawn(process.execPath, ['--require', require.resolve('tsx/cjs'), '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      // The model's library prints to stdout too (its process shares the service's): find our line.
      const childPid = await printedPid(service.stdout!);
      expect(childPid).toBeGreaterThan(0);
      service.kill('SIGKILL');
      const alive = () => {
        try {
          return !/^State:\s+Z/m.test(readFileSync(`/proc/${childPid}/status`, 'utf8')); // a zombie has ended
        } catch {
          return false;
        }
      };
      while (alive()) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(alive()).toBe(false);
    } finally {
      service.kill('SIGKILL'); // whatever failed, no process of this test outlives it
    }
  });

  it('follows the backend through the indexer, answers what BM25 cannot, and respects filters', async () => {
    const vectors = VectorIndex.open(join(dir, 'follow', 'vectors.sqlite'), vectorScheme(embedder));
    const sqlite = SqliteFts5Backend.open(join(dir, 'follow', 'index.sqlite'));
    const indexer = new VectorIndexer({ index: vectors, embedder, documents: sqlite, batchSize: 2 });
    const backend = new VectorIndexingBackend(sqlite, indexer);
    indexer.start();
    for (const f of filings) await backend.upsert(f);
    await indexer.whenIdle();
    expect(vectors.documentCount).toBe(filings.length);

    expect(await bm25Retrieve(backend, question, null, 10)).toEqual([]);
    const semantic = await vectorRetrieve({ vectors, embedder, backend }, question, null, 5);
    expect(['raise', 'raise-ferc']).toContain(semantic[0]?.documentId);
    const fused = await hybridRetrieve(backend, { vectors, embedder }, question, null, 3);
    expect(['raise', 'raise-ferc']).toContain(fused[0]?.documentId);

    const inCpuc = await hybridRetrieve(backend, { vectors, embedder }, question, parseQuery('agency:cpuc'), 5);
    expect(inCpuc.map((h) => h.documentId).sort()).toEqual(['merger', 'raise']);
    expect(inCpuc[0]?.documentId).toBe('raise');

    await backend.remove('raise');
    await indexer.whenIdle();
    const after = await vectorRetrieve({ vectors, embedder, backend }, question, parseQuery('agency:cpuc'), 5);
    expect(after.map((h) => h.documentId)).toEqual(['merger']);
    await indexer.stop();
    await backend.close();
    vectors.close();
  });

  it('finishes after a restart what was enqueued before it, and keeps the vectors it had', async () => {
    const vectorsPath = join(dir, 'restart', 'vectors.sqlite');
    const indexPath = join(dir, 'restart', 'index.sqlite');
    let vectors = VectorIndex.open(vectorsPath, vectorScheme(embedder));
    let sqlite = SqliteFts5Backend.open(indexPath);
    let indexer = new VectorIndexer({ index: vectors, embedder, documents: sqlite });
    let backend = new VectorIndexingBackend(sqlite, indexer);
    await backend.upsert(filings[0]!);
    await indexer.drain();
    await backend.upsert(filings[2]!); // enqueued, never embedded: the process "stops" here
    await backend.close();
    vectors.close();

    vectors = VectorIndex.open(vectorsPath, vectorScheme(embedder));
    sqlite = SqliteFts5Backend.open(indexPath);
    indexer = new VectorIndexer({ index: vectors, embedder, documents: sqlite });
    backend = new VectorIndexingBackend(sqlite, indexer);
    expect(vectors.documentCount).toBe(1);
    expect(indexer.pending()).toBe(1);
    indexer.start();
    await indexer.whenIdle();
    await indexer.stop();
    const hits = await vectorRetrieve({ vectors, embedder }, 'corroded gas line needs fixing', null, 2);
    expect(hits.map((h) => h.documentId)).toEqual(['pipeline', 'raise']);
    await backend.close();
    vectors.close();
  });
});
