import pino from 'pino';
import { AlertChangeMark } from '../../src/alerts/alert-change-mark';
import type { AlertRepository } from '../../src/alerts/alert.repository';
import type { AlertRecord } from '../../src/domain/alert';
import type { PercolationDocument } from '../../src/domain/alert-matcher';
import { AlertIndex } from '../../src/matching/alert-index';
import { searchAlertRecord } from './alert-records';

const logger = pino({ level: 'silent' });

function alert(id: string, query: string, over: Partial<AlertRecord> = {}): AlertRecord {
  const record = searchAlertRecord(id, { updatedAt: new Date(1_000), ...over });
  return { ...record, definition: { ...record.definition, query } };
}

/** The two reads the index makes of the store, over an in-memory list. */
class FakeAlerts {
  constructor(public rows: AlertRecord[]) {}
  async *active(): AsyncIterable<AlertRecord> {
    for (const row of this.rows) if (!row.paused && !row.deletedAt) yield row;
  }
  async changedSince(since: Date): Promise<AlertRecord[]> {
    return this.rows.filter((row) => row.updatedAt > since);
  }
}

const doc: PercolationDocument = {
  id: 'd1',
  title: 'Order',
  text: 'The merger of two pipelines is approved.',
  sourceId: 'ferc',
  sourceName: 'FERC',
  docketNumber: 'RP24-1-000',
  docketId: '',
  filingType: 'Order',
  filingCategory: 'Order',
  parties: [],
};
const matched = async (index: AlertIndex) => (await index.match({ ...doc })).map((a) => a.alertId).sort();

const started: AlertIndex[] = [];
function alertIndex(store: FakeAlerts, threads: number, changes?: AlertChangeMark): AlertIndex {
  const index = new AlertIndex(store as unknown as AlertRepository, logger, 60_000, { threads, changes });
  started.push(index);
  return index;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((index) => index.stop()));
});

// On this thread (the default) and over two worker threads.
describe.each([1, 2])('alert index (%i threads)', (threads) => {
  it('loads the active alerts, and follows edits, pauses and deletions read from the store', async () => {
    const store = new FakeAlerts([
      alert('a', 'merger'),
      alert('b', 'pipelines'),
      alert('c', 'merger', { paused: true }),
    ]);
    const index = alertIndex(store, threads);
    await index.load();
    expect(await matched(index)).toEqual(['a', 'b']);

    // Another process pauses a, resumes c and deletes b (each an update with a newer updatedAt).
    store.rows = [
      alert('a', 'merger', { paused: true, updatedAt: new Date(50_000) }),
      alert('b', 'pipelines', { deletedAt: new Date(50_000), updatedAt: new Date(50_000) }),
      alert('c', 'merger', { updatedAt: new Date(50_000) }),
      alert('d', 'approved', { updatedAt: new Date(50_000) }),
    ];
    await index.refresh();
    expect(await matched(index)).toEqual(['c', 'd']);
  });

  it('leaves out an alert whose stored query no longer parses, and keeps the rest', async () => {
    const index = alertIndex(new FakeAlerts([alert('bad', 'merger AND (pipelines'), alert('good', 'merger')]), threads);
    await index.load();
    expect(await matched(index)).toEqual(['good']);
  });

  it('reads the store again before matching a document filed after its last read (alert saved elsewhere)', async () => {
    const store = new FakeAlerts([alert('a', 'merger')]);
    let reads = 0;
    const changedSince = store.changedSince.bind(store);
    store.changedSince = async (since: Date) => {
      reads += 1;
      return changedSince(since);
    };
    const index = alertIndex(store, threads);
    await index.load();
    const loadedAt = new Date();

    // Filed before the load began: nothing to read.
    await index.currentAsOf(new Date(loadedAt.getTime() - 60_000));
    expect(reads).toBe(0);

    // Saved by another process, then a document filed: it meets the new alert at once.
    store.rows = [...store.rows, alert('b', 'pipelines', { updatedAt: new Date() })];
    await index.currentAsOf(new Date(Date.now() + 1));
    expect(reads).toBeGreaterThan(0);
    expect(await matched(index)).toEqual(['a', 'b']);
  });

  it('with a change mark, reads the store before a document only if an alert was written since', async () => {
    const redis = new FakeRedis();
    const mark = new AlertChangeMark(redis, 'test');
    const store = new FakeAlerts([alert('a', 'merger')]);
    let reads = 0;
    const changedSince = store.changedSince.bind(store);
    store.changedSince = async (since) => {
      reads += 1;
      return changedSince(since);
    };
    const index = alertIndex(store, threads, mark);
    await index.load();

    // Documents filed after the load, with no alert written since: one GET each, no read of the store.
    for (let i = 0; i < 5; i++) await index.currentAsOf(new Date(Date.now() + 1));
    expect(reads).toBe(0);
    expect(redis.gets).toBeGreaterThanOrEqual(5);

    // Another process saves an alert (its write changes the mark): the next document reads it first.
    store.rows = [...store.rows, alert('b', 'pipelines', { updatedAt: new Date() })];
    await mark.bump();
    // (A read may begin in the millisecond the document was filed: then one more, as without a mark.)
    await index.currentAsOf(new Date(Date.now() + 1));
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(await matched(index)).toEqual(['a', 'b']);

    // Redis restarted without the mark: a new one never equals the one read, so the store is read.
    let before = reads;
    redis.values.clear();
    await index.currentAsOf(new Date(Date.now() + 1));
    expect(reads).toBeGreaterThan(before);

    // The mark cannot be read: the store is read instead.
    before = reads;
    redis.failing = true;
    store.rows = [...store.rows, alert('c', 'approved', { updatedAt: new Date() })];
    await index.currentAsOf(new Date(Date.now() + 1));
    expect(reads).toBeGreaterThan(before);
    expect(await matched(index)).toEqual(['a', 'b', 'c']);
  });
});

/** The two Redis calls the change mark makes, over a map; `failing` makes them throw. */
class FakeRedis {
  readonly values = new Map<string, string>();
  gets = 0;
  failing = false;
  async get(key: string): Promise<string | null> {
    this.check();
    this.gets += 1;
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string, nx?: 'NX'): Promise<'OK' | null> {
    this.check();
    if (nx && this.values.has(key)) return null;
    this.values.set(key, value);
    return 'OK';
  }
  private check(): void {
    if (this.failing) throw new Error('Redis is away');
  }
}
