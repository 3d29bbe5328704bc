import { InsertBatcher } from '../../../src/store/insert-batcher';

// Group commit: what arrives while a write is in flight goes out in the next one, and every caller
// hears about its own record.

function deferred() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

describe('InsertBatcher', () => {
  it('sends the first record at once and the ones that came meanwhile together', async () => {
    const writes: number[][] = [];
    const first = deferred();
    const batcher = new InsertBatcher<number>(async (records) => {
      writes.push(records);
      if (writes.length === 1) await first.gate;
    });
    const outcomes = [batcher.insert(1), batcher.insert(2), batcher.insert(3), batcher.insert(4)];
    expect(writes).toEqual([[1]]);
    first.release();
    expect(await Promise.all(outcomes)).toEqual([true, true, true, true]);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches within their limit', async () => {
    const writes: number[][] = [];
    const batcher = new InsertBatcher<number>(async (records) => {
      writes.push(records);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.insert(n)));
    expect(writes).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('answers false for a duplicate key, rejects a record that failed otherwise, and true for the rest', async () => {
    const first = deferred();
    let calls = 0;
    const batcher = new InsertBatcher<string>(async () => {
      calls += 1;
      if (calls === 1) return first.gate;
      throw Object.assign(new Error('bulk write failed'), {
        writeErrors: [
          { index: 0, code: 11000 },
          { index: 2, code: 121, errmsg: 'document failed validation' },
        ],
      });
    });
    const lead = batcher.insert('lead');
    const outcomes = ['dup', 'fine', 'invalid'].map((record) =>
      batcher.insert(record).catch((error: Error & { code?: number }) => `${error.message} (${error.code})`),
    );
    first.release();
    await lead;
    expect(await Promise.all(outcomes)).toEqual([false, true, 'document failed validation (121)']);
  });

  it('rejects every record of a write that failed as a whole, and goes on with the next', async () => {
    const first = deferred();
    let calls = 0;
    const batcher = new InsertBatcher<string>(async () => {
      calls += 1;
      if (calls === 1) {
        await first.gate;
        throw new Error('connection closed');
      }
    });
    const failing = [batcher.insert('a')];
    const meanwhile = batcher.insert('b');
    first.release();
    await expect(failing[0]).rejects.toThrow('connection closed');
    await expect(meanwhile).resolves.toBe(true);
  });
});
