import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentPage } from '../../src/domain/document-source';
import type { IndexedDocument } from '../../src/domain/indexed-document';
import {
  indexerHasCommitted,
  REFILL_REQUESTED_BY,
  refillCreatedIndex,
  type OffsetsAdmin,
} from '../../src/indexing/refill-created-index';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';

const directories: string[] = [];
afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

const logged: { level: string; message: string }[] = [];
const logger = {
  warn: (_fields: unknown, message: string) => logged.push({ level: 'warn', message }),
  info: (message: string) => logged.push({ level: 'info', message }),
  debug: (_fields: unknown, message: string) => logged.push({ level: 'debug', message }),
} as never;
beforeEach(() => {
  logged.length = 0;
});

const aDocument = { id: 'd1' } as IndexedDocument;

/** A documents service answering the given pages (a thrown error: unreachable), then the last one forever. */
function documentsService(...answers: (DocumentPage | Error)[]) {
  const asked: { pageSize: number; pageToken: string }[] = [];
  return {
    asked,
    listDocuments: async (request: { pageSize: number; pageToken: string }): Promise<DocumentPage> => {
      asked.push(request);
      const answer = answers[Math.min(asked.length, answers.length) - 1] as DocumentPage | Error;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

const empty: DocumentPage = { documents: [], nextPageToken: '', totalSize: 0 };
const holding: DocumentPage = { documents: [aDocument], nextPageToken: '1', totalSize: 20_000 };

describe('the index reports whether opening created it', () => {
  it('is created on a fresh path, and not when reopened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qe-created-'));
    directories.push(dir);
    const path = join(dir, 'query-engine', 'index.sqlite');
    const fresh = SqliteFts5Backend.open(path);
    expect({ created: fresh.wasCreated, reset: fresh.wasReset }).toEqual({ created: true, reset: false });
    await fresh.close();
    const reopened = SqliteFts5Backend.open(path);
    expect({ created: reopened.wasCreated, reset: reopened.wasReset }).toEqual({ created: false, reset: false });
    await reopened.close();
    // A lost volume: the file is gone, and the next start creates it again.
    rmSync(join(dir, 'query-engine'), { recursive: true, force: true });
    const recreated = SqliteFts5Backend.open(path);
    expect(recreated.wasCreated).toBe(true);
    await recreated.close();
  });
});

describe('refillCreatedIndex', () => {
  it('queues a re-index when the documents service has documents (a lost volume)', async () => {
    const source = documentsService(holding);
    const started: string[] = [];
    const outcome = await refillCreatedIndex({
      source,
      logger,
      signal: new AbortController().signal,
      startReindex: async (by) => started.push(by),
    });
    expect(outcome).toBe('queued');
    expect(started).toEqual([REFILL_REQUESTED_BY]);
    expect(source.asked).toEqual([{ pageSize: 1, pageToken: '' }]);
    expect(logged.map((l) => l.level)).toEqual(['warn']);
  });

  it('queues nothing when the documents service is empty', async () => {
    const started: string[] = [];
    const outcome = await refillCreatedIndex({
      source: documentsService(empty),
      logger,
      signal: new AbortController().signal,
      startReindex: async (by) => started.push(by),
    });
    expect(outcome).toBe('nothing-to-index');
    expect(started).toEqual([]);
  });

  it('waits for a documents service that starts later, with back-off, warning once', async () => {
    const source = documentsService(
      new Error('UNAVAILABLE'),
      new Error('UNAVAILABLE'),
      new Error('UNAVAILABLE'),
      holding,
    );
    const started: string[] = [];
    const outcome = await refillCreatedIndex({
      source,
      logger,
      signal: new AbortController().signal,
      startReindex: async (by) => started.push(by),
      retry: { firstMs: 1, maxMs: 2 },
    });
    expect(outcome).toBe('queued');
    expect(source.asked).toHaveLength(4);
    expect(started).toEqual([REFILL_REQUESTED_BY]);
    expect(logged.map((l) => l.level)).toEqual(['warn', 'debug', 'debug', 'warn']);
  });

  it('stops waiting when the service stops, and queues nothing', async () => {
    const controller = new AbortController();
    let calls = 0;
    const source = {
      listDocuments: async (): Promise<DocumentPage> => {
        calls += 1;
        if (calls === 2) controller.abort(); // the service stops while the documents service is still down
        throw new Error('UNAVAILABLE');
      },
    };
    const started: string[] = [];
    const outcome = await refillCreatedIndex({
      source,
      logger,
      signal: controller.signal,
      startReindex: async (by) => started.push(by),
      retry: { firstMs: 1, maxMs: 1 },
    });
    expect(outcome).toBe('stopped');
    expect(calls).toBe(2);
    expect(started).toEqual([]);
  });

  it('does not queue when the service stopped while the documents service was answering', async () => {
    const controller = new AbortController();
    const source = {
      listDocuments: async (): Promise<DocumentPage> => {
        controller.abort();
        return holding;
      },
    };
    const started: string[] = [];
    expect(
      await refillCreatedIndex({
        source,
        logger,
        signal: controller.signal,
        startReindex: async (by) => started.push(by),
      }),
    ).toBe('stopped');
    expect(started).toEqual([]);
  });
});

describe('indexerHasCommitted', () => {
  type Offsets = { topic: string; partitions: { offset: string }[] }[];
  /** An admin client answering each fetch in turn (the last answer forever). */
  function admin(...answers: (Offsets | Error)[]) {
    const calls: string[] = [];
    let fetches = 0;
    const client: OffsetsAdmin = {
      connect: async () => void calls.push('connect'),
      disconnect: async () => void calls.push('disconnect'),
      fetchOffsets: async ({ groupId, topics }) => {
        calls.push(`fetch ${groupId} ${topics.join(',')}`);
        const answer = answers[Math.min(fetches++, answers.length - 1)] as Offsets | Error;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    return { client, calls };
  }
  /** What kafkajs throws while a group's coordinator is still loading. */
  const notCoordinator = () =>
    Object.assign(new Error('This is not the correct coordinator for this group'), { retriable: true });
  const noOffsets = (): Offsets => topics.map((topic) => ({ topic, partitions: [{ offset: '-1' }] }));
  const topics = ['documents.ingested.v1', 'documents.updated.v1'];

  it('is false for a new group (fresh install: it reads every topic from the beginning)', async () => {
    const { client, calls } = admin(
      topics.map((topic) => ({ topic, partitions: [{ offset: '-1' }, { offset: '-1' }, { offset: '-1' }] })),
    );
    expect(await indexerHasCommitted(client, 'query-engine.indexer', topics, logger)).toBe(false);
    expect(calls).toEqual([
      'connect',
      'fetch query-engine.indexer documents.ingested.v1,documents.updated.v1',
      'disconnect',
    ]);
  });

  it('is true once any partition has a committed offset (the index was lost, not new)', async () => {
    const { client } = admin([
      { topic: topics[0] as string, partitions: [{ offset: '-1' }, { offset: '42' }] },
      { topic: topics[1] as string, partitions: [{ offset: '-1' }] },
    ]);
    expect(await indexerHasCommitted(client, 'query-engine.indexer', topics, logger)).toBe(true);
  });

  it('says yes, with a warning, when Kafka cannot answer (a needless re-index beats a lost one)', async () => {
    const { client, calls } = admin(new Error('broker down'));
    expect(await indexerHasCommitted(client, 'query-engine.indexer', topics, logger)).toBe(true);
    expect(logged.map((l) => l.level)).toEqual(['warn']);
    expect(calls.at(-1)).toBe('disconnect');
  });

  it('asks again while Kafka says to retry (a coordinator still loading on a new install), then answers', async () => {
    const { client, calls } = admin(notCoordinator(), notCoordinator(), noOffsets());
    expect(await indexerHasCommitted(client, 'query-engine.indexer', topics, logger, 1)).toBe(false);
    expect(calls.filter((call) => call.startsWith('fetch'))).toHaveLength(3);
    expect(logged).toEqual([]);
  });

  it('gives up asking after a bound and says yes', async () => {
    const { client, calls } = admin(notCoordinator());
    expect(await indexerHasCommitted(client, 'query-engine.indexer', topics, logger, 1)).toBe(true);
    expect(calls.filter((call) => call.startsWith('fetch')).length).toBeGreaterThan(1);
    expect(logged.map((l) => l.level)).toEqual(['warn']);
  });
});
