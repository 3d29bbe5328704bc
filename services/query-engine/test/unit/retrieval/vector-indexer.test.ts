import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorIndex } from '../../../src/embeddings/vector-index';
import { VectorIndexer, vectorScheme } from '../../../src/embeddings/vector-indexer';
import { indexedDocument, MapDocumentReader } from './documents';
import { HashingEmbedder, hashVector } from './hashing-embedder';

describe('VectorIndexer', () => {
  let dir: string;
  let path: string;
  let embedder: HashingEmbedder;
  let reader: MapDocumentReader;
  const open = () => VectorIndex.open(path, vectorScheme(embedder));
  const indexerFor = (index: VectorIndex) =>
    new VectorIndexer({ index, embedder, documents: reader, batchSize: 4, retryDelayMs: 1 });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vector-indexer-'));
    path = join(dir, 'vectors.sqlite');
    embedder = new HashingEmbedder();
    reader = new MapDocumentReader();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('embeds upserted documents in batches and finds them by similarity', async () => {
    const index = open();
    const indexer = indexerFor(index);
    const words = [
      'tariff',
      'pipeline',
      'storage',
      'merger',
      'license',
      'outage',
      'refund',
      'audit',
      'rehearing',
      'complaint',
    ];
    for (let i = 0; i < 10; i++)
      indexer.enqueueUpsert(
        reader.put(indexedDocument(`d${i}`, words[i] as string, `${words[i]} ${words[(i + 1) % 10]}`)),
      );
    expect(indexer.pending()).toBe(10);
    expect(index.documentCount).toBe(0);
    await indexer.drain();
    expect(indexer.pending()).toBe(0);
    expect(index.documentCount).toBe(10);
    expect(embedder.calls).toBe(3); // 4 + 4 + 2 documents
    expect(index.search(hashVector('audit. audit rehearing'), 1)[0]?.documentId).toBe('d7');
    index.close();
  });

  it('re-embeds only when the text changed, but always refreshes the filter metadata', async () => {
    const index = open();
    const indexer = indexerFor(index);
    const original = reader.put(indexedDocument('d1', 'title', 'text'));
    indexer.enqueueUpsert(original);
    await indexer.drain();
    const texts = embedder.texts.length;
    const moved = reader.put({ ...original, sourceId: 'cpuc' });
    indexer.enqueueUpsert(moved);
    expect(indexer.pending()).toBe(0);
    expect(index.stored('d1')?.metadata.sourceId).toBe('cpuc');
    indexer.enqueueUpsert(reader.put(indexedDocument('d1', 'title', 'new text')));
    await indexer.drain();
    expect(embedder.texts.slice(texts)).toEqual(['title. new text']);
    index.close();
  });

  it('removes vectors, and treats a document the search index no longer has as removed', async () => {
    const index = open();
    const indexer = indexerFor(index);
    indexer.enqueueUpsert(reader.put(indexedDocument('d1', 'one', 'text')));
    indexer.enqueueUpsert(reader.put(indexedDocument('d2', 'two', 'text')));
    await indexer.drain();
    indexer.enqueueRemove('d1');
    const gone = indexedDocument('d3', 'three', 'text'); // enqueued but deleted from the index before its turn
    indexer.enqueueUpsert(gone);
    await indexer.drain();
    expect(index.stored('d1')).toBeUndefined();
    expect(index.stored('d3')).toBeUndefined();
    expect(index.search(hashVector('one text'), 10).map((h) => h.documentId)).toEqual(['d2']);
    index.close();
  });

  it('does not sleep through work enqueued between its loop reading an empty backlog and going to sleep', async () => {
    const index = open();
    const indexer = indexerFor(index);
    // start() reads the (empty) backlog at once and goes to sleep a few microtasks later: this enqueue
    // lands in between, when there is no wake-up to call yet.
    indexer.start();
    indexer.enqueueUpsert(reader.put(indexedDocument('d1', 'late', 'arrival')));
    await indexer.whenIdle();
    expect(indexer.pending()).toBe(0);
    expect(index.stored('d1')).toBeDefined();
    await indexer.stop();
    index.close();
  });

  it('waits for users to pause before each background step, and stops without waiting for them', async () => {
    const index = open();
    let busy = true;
    let quiet = () => undefined as void;
    let asked!: () => void;
    const askedForQuiet = new Promise<void>((resolve) => {
      asked = resolve;
    });
    // A user's request is under way while `busy`; `quiet` ends it.
    const users = {
      whenQuiet: () => {
        asked();
        return busy
          ? new Promise<void>((resolve) => {
              quiet = resolve;
            })
          : Promise.resolve();
      },
    };
    const indexer = new VectorIndexer({ index, embedder, documents: reader, batchSize: 4, users });
    indexer.enqueueUpsert(reader.put(indexedDocument('d1', 'tariff', 'rate case')));
    indexer.start();
    await askedForQuiet;
    expect(embedder.calls).toBe(0); // nothing read or embedded while the user waits
    busy = false;
    quiet();
    await indexer.whenIdle();
    expect(embedder.calls).toBe(1);
    expect(index.stored('d1')).toBeDefined();
    // Users busy again: the new work waits, and stop does not wait for them.
    busy = true;
    indexer.enqueueUpsert(reader.put(indexedDocument('d2', 'pipeline', 'safety')));
    await indexer.stop();
    expect(embedder.calls).toBe(1);
    expect(indexer.pending()).toBe(1);
    index.close();
  });

  it('waits while documents keep arriving, embeds once they pause, stops without waiting for the pause', async () => {
    const index = open();
    const indexer = new VectorIndexer({ index, embedder, documents: reader, batchSize: 4, writesQuietMs: 1_000 });
    for (let i = 0; i < 6; i++) {
      indexer.enqueueUpsert(reader.put(indexedDocument(`d${i}`, 'tariff', `rate case ${i}`)));
      if (i === 0) indexer.start();
      await new Promise((resolve) => setTimeout(resolve, 100)); // an import's documents, a tenth of a second apart
      expect(embedder.calls).toBe(0);
    }
    await indexer.whenIdle();
    expect(embedder.calls).toBe(2); // 4 + 2 documents, once they stopped coming
    expect(index.documentCount).toBe(6);
    indexer.enqueueUpsert(reader.put(indexedDocument('d6', 'pipeline', 'safety')));
    await indexer.stop();
    expect(indexer.pending()).toBe(1);
    index.close();
  });

  it('keeps the backlog across a restart: nothing enqueued is lost', async () => {
    const first = open();
    const indexer = indexerFor(first);
    for (let i = 0; i < 6; i++) indexer.enqueueUpsert(reader.put(indexedDocument(`d${i}`, `t${i}`, 'x')));
    first.close(); // the process dies before embedding anything
    const second = open();
    const restarted = indexerFor(second);
    expect(restarted.pending()).toBe(6);
    restarted.start();
    await restarted.whenIdle();
    await restarted.stop();
    expect(second.documentCount).toBe(6);
    second.close();
  });

  it('lets a newer event win over the batch that was embedding when it arrived', async () => {
    const index = open();
    const indexer = indexerFor(index);
    indexer.enqueueUpsert(reader.put(indexedDocument('d1', 'old', 'old')));
    let release!: () => void;
    embedder.gate = new Promise((resolve) => {
      release = resolve;
    });
    const draining = indexer.drain();
    await new Promise((resolve) => setImmediate(resolve));
    expect(embedder.calls).toBe(1);
    indexer.enqueueRemove('d1'); // arrives while the batch embeds
    embedder.gate = undefined;
    release();
    await draining;
    expect(index.stored('d1')).toBeUndefined();
    expect(indexer.pending()).toBe(0);
    index.close();
  });

  it('retries a batch whose embedding failed', async () => {
    const index = open();
    const indexer = indexerFor(index);
    indexer.enqueueUpsert(reader.put(indexedDocument('d1', 'a', 'b')));
    embedder.failNext = 2;
    indexer.start();
    await indexer.whenIdle();
    await indexer.stop();
    expect(embedder.calls).toBe(3);
    expect(index.stored('d1')).toBeDefined();
    index.close();
  });

  it('reconciles with a rebuilt search index: removes what it lost, embeds what changed, skips the rest', async () => {
    const index = open();
    const indexer = indexerFor(index);
    const keep = reader.put(indexedDocument('keep', 'kept', 'same'));
    const change = reader.put(indexedDocument('change', 'changed', 'before'));
    const lose = reader.put(indexedDocument('lose', 'lost', 'gone'));
    for (const d of [keep, change, lose]) indexer.enqueueUpsert(d);
    await indexer.drain();
    const calls = embedder.calls;

    reader.documents.delete('lose');
    const changed = reader.put(indexedDocument('change', 'changed', 'after'));
    const added = reader.put(indexedDocument('added', 'new', 'doc'));
    indexer.beginBuild();
    indexer.addToBuild([{ ...keep, sourceId: 'cpuc' }, changed]);
    const live = reader.put(indexedDocument('live', 'live', 'event')); // a live event during the build
    indexer.enqueueUpsert(live);
    indexer.addToBuild([added, indexedDocument('live', 'live', 'stale page')]); // an older page must not win
    indexer.commitBuild();
    await indexer.drain();

    expect([...index.documentIds()].sort()).toEqual(['added', 'change', 'keep', 'live']);
    expect(index.stored('keep')?.metadata.sourceId).toBe('cpuc');
    expect(index.stored('change')?.sha256).toBe(changed.sha256);
    expect(index.stored('live')?.sha256).toBe(live.sha256);
    expect(embedder.texts.slice(-3).sort()).toEqual(['changed. after', 'live. event', 'new. doc']);
    expect(embedder.calls - calls).toBeGreaterThan(0);
    index.close();
  });

  it('refuses to add vectors made differently from those the index holds', () => {
    const index = VectorIndex.open(path, { modelId: 'other', dimensions: 64 });
    expect(() => indexerFor(index)).toThrow(
      'holds other/64 vectors, this indexer makes test-hashing-v1|passages:4x600/64',
    );
    index.close();
  });
});
