import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@docket/testkit';
import { IndexWriter } from '../../src/search/index/sqlite/index-writer/index-writer';
import { SqliteIndexFile, type FacetChange } from '../../src/search/index/sqlite/sqlite-index-file';
import { filingDocument as doc } from '../shared/filing-document';

const directories: string[] = [];
afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

/** A created index file (as the backend's main connection makes it), kept open to count. */
function freshIndex(): SqliteIndexFile {
  const dir = mkdtempSync(join(tmpdir(), 'qe-writer-'));
  directories.push(dir);
  mkdirSync(join(dir, 'query-engine'));
  return SqliteIndexFile.open(join(dir, 'query-engine', 'index.sqlite'), { onFacetChanges: () => undefined });
}

/** Word pairs added as soon as the writer is free (the default waits for writes to pause for 2 s). */
const PAIRS_AT_ONCE = { quietMs: 0, maxWaitMs: 0, batch: 32, maxBatch: 32 };

describe('IndexWriter ending its idle thread', () => {
  it('ends the thread once idle, starts another for the next write, and keeps every write and its cost', async () => {
    const index = freshIndex();
    const changes: FacetChange[] = [];
    const writer = new IndexWriter(index.path, {
      onFacetChanges: (facets) => changes.push(...facets),
      nice: 0,
      chunk: 8,
      endIdleAfterMs: 50,
      wordPairs: PAIRS_AT_ONCE,
    });
    try {
      await writer.upsertMany([doc('a', 'tariff'), doc('b', 'pipeline')]);
      expect(writer.running()).toBe(true);
      await waitFor(() => !writer.running(), { description: 'the idle thread ended', intervalMs: 10 });

      expect(await writer.upsert(doc('c', 'tariff again'))).toBe('inserted');
      expect(await writer.upsert(doc('a', 'tariff changed'))).toBe('updated');
      expect(index.count()).toBe(3);
      // The new thread's facet changes still reach the search threads: one for each document inserted.
      expect(changes.filter(([, values]) => values !== null)).toHaveLength(3);
      expect(writer.cost().documents).toBe(4);

      await waitFor(() => !writer.running(), { description: 'the second thread ended', intervalMs: 10 });
      expect(await writer.remove('b')).toBe(true);
      expect(index.count()).toBe(2);
    } finally {
      await writer.close();
      index.close();
    }
  });

  it('swaps the file in after its thread ended idle, and keeps the thread without endIdleAfterMs', async () => {
    const index = freshIndex();
    const ending = new IndexWriter(index.path, {
      onFacetChanges: () => undefined,
      nice: 0,
      chunk: 8,
      endIdleAfterMs: 50,
      wordPairs: PAIRS_AT_ONCE,
    });
    const keeping = new IndexWriter(index.path, { onFacetChanges: () => undefined, nice: 0, chunk: 8 });
    try {
      await waitFor(() => !ending.running(), { description: 'the unused thread ended', intervalMs: 10 });
      let replaced = false;
      await ending.whileClosed(async () => {
        expect(ending.running()).toBe(true);
        replaced = true;
      });
      expect(replaced).toBe(true);
      await ending.upsert(doc('after-swap', 'written after the swap'));
      expect(index.count()).toBe(1);
      await waitFor(() => !ending.running(), { description: 'the thread ended after the swap', intervalMs: 10 });

      await keeping.upsert(doc('kept', 'kept thread'));
      expect(keeping.running()).toBe(true);
    } finally {
      await Promise.all([ending.close(), keeping.close()]);
      index.close();
    }
  });

  it('keeps its thread while documents wait for their word pairs, and ends it once they are added', async () => {
    const index = freshIndex();
    const writer = new IndexWriter(index.path, {
      onFacetChanges: () => undefined,
      nice: 0,
      chunk: 8,
      endIdleAfterMs: 50,
      wordPairs: { quietMs: 300, maxWaitMs: 60_000, batch: 1, maxBatch: 1 },
    });
    try {
      await writer.upsertMany([doc('a', 'public utilities'), doc('b', 'rate increase')]);
      expect(index.pairsPendingCount()).toBe(2);
      expect(writer.wordPairsPending()).toBe(true);
      await waitFor(() => !writer.running(), { description: 'the thread ended', intervalMs: 5 });
      // It ended only after the last batch: nothing is left waiting for a thread that is gone.
      expect(index.pairsPendingCount()).toBe(0);
      expect(writer.wordPairsPending()).toBe(false);
    } finally {
      await writer.close();
      index.close();
    }
  });
});
