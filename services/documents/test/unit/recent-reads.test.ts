import { waitFor } from '@docket/testkit';
import { RecentReads } from '../../src/store/recent-reads';

interface Counter {
  id: string;
  count: number;
}

/** A store of counters whose reads are counted. */
function store() {
  const records = new Map<string, Counter>([['d1', { id: 'd1', count: 1 }]]);
  const read = jest.fn(async (id: string) => (records.has(id) ? { ...records.get(id)! } : undefined));
  return { records, read };
}

describe('RecentReads', () => {
  it('reads a record once and reuses it while it is fresh; misses are read again', async () => {
    const { read } = store();
    const recent = new RecentReads(read, { max: 10, ttlMs: 60_000 });
    expect(await recent.get('d1')).toEqual({ id: 'd1', count: 1 });
    expect(await recent.get('d1')).toEqual({ id: 'd1', count: 1 });
    expect(await recent.get('nope')).toBeUndefined();
    expect(await recent.get('nope')).toBeUndefined();
    expect(read.mock.calls.map(([id]) => id)).toEqual(['d1', 'nope', 'nope']);
  });

  it('shares one read between concurrent callers', async () => {
    const { read } = store();
    const recent = new RecentReads(read, { max: 10, ttlMs: 60_000 });
    await Promise.all([recent.get('d1'), recent.get('d1'), recent.get('d1')]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('shows a write at once after forget, and reads again after the time to live', async () => {
    const { records, read } = store();
    const recent = new RecentReads(read, { max: 10, ttlMs: 60_000 });
    await recent.get('d1');
    records.set('d1', { id: 'd1', count: 2 });
    recent.forget(['d1']);
    expect(await recent.get('d1')).toEqual({ id: 'd1', count: 2 });

    const shortLived = new RecentReads(read, { max: 10, ttlMs: 1 });
    await shortLived.get('d1');
    records.set('d1', { id: 'd1', count: 3 });
    await waitFor(async () => (await shortLived.get('d1'))?.count === 3, {
      description: 'the new count after 1 ms',
      timeoutMs: 5_000,
    });
  });

  it('does not keep a read that began before a write', async () => {
    const { records } = store();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowRead = jest.fn(async (id: string) => {
      const before = { ...records.get(id)! };
      await gate;
      return before;
    });
    const recent = new RecentReads(slowRead, { max: 10, ttlMs: 60_000 });
    const pending = recent.get('d1');
    records.set('d1', { id: 'd1', count: 2 });
    recent.forget(['d1']);
    release();
    expect(await pending).toEqual({ id: 'd1', count: 1 });
    expect(await recent.get('d1')).toEqual({ id: 'd1', count: 2 });
  });
});

describe('RecentReads with a size budget', () => {
  it('keeps records within the budget and never one larger than all of it', async () => {
    const texts = new Map([
      ['small', 'x'.repeat(10)],
      ['big', 'x'.repeat(1_000)],
    ]);
    const read = jest.fn(async (id: string) => (texts.has(id) ? { id, text: texts.get(id)! } : undefined));
    const recent = new RecentReads(read, { max: 10, ttlMs: 60_000, maxSize: { total: 100, of: (r) => r.text.length } });
    await recent.get('small');
    await recent.get('small');
    expect((await recent.get('big'))?.text).toHaveLength(1_000); // answered, not kept
    await recent.get('big');
    expect(read.mock.calls.map(([id]) => id)).toEqual(['small', 'big', 'big']);
  });
});
