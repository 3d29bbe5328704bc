import { RecentDocumentViews } from '../../src/documents/recent-document-views';

interface View {
  document: { id: string; text: string };
  docket: { id: string } | null;
  source: { id: string } | null;
}
const view = (id: string, text = `text of ${id}`, docketId = 'k1', sourceId = 's1'): View => ({
  document: { id, text },
  docket: { id: docketId },
  source: { id: sourceId },
});

/** Turns the event loop until `ms` of real time have passed (the LRU's own clock expires entries). */
async function untilPassed(ms: number): Promise<void> {
  const from = Date.now();
  while (Date.now() - from < ms) await new Promise((resolve) => setImmediate(resolve));
}

/** A fetch that counts its calls and answers what `answer` says at the time. */
function countingFetch(answer: () => View) {
  return jest.fn(async () => answer());
}

describe('RecentDocumentViews', () => {
  it('calls once per document and page range while fresh', async () => {
    const recent = new RecentDocumentViews<View>({ ttlMs: 60_000 });
    const fetch = countingFetch(() => view('d1'));
    await recent.get('d1', 1, 5, fetch);
    await recent.get('d1', 1, 5, fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    await recent.get('d1', 2, 5, fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shares one call between concurrent readers', async () => {
    const recent = new RecentDocumentViews<View>({ ttlMs: 60_000 });
    const fetch = countingFetch(() => view('d1'));
    const answers = await Promise.all([
      recent.get('d1', 1, 5, fetch),
      recent.get('d1', 1, 5, fetch),
      recent.get('d1', 1, 5, fetch),
    ]);
    expect(answers.map((a) => a.document.id)).toEqual(['d1', 'd1', 'd1']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('calls again once the time to live has passed', async () => {
    const recent = new RecentDocumentViews<View>({ ttlMs: 1 });
    const fetch = countingFetch(() => view('d1'));
    await recent.get('d1', 1, 5, fetch);
    await untilPassed(5);
    await recent.get('d1', 1, 5, fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure: the next reader calls again', async () => {
    const recent = new RecentDocumentViews<View>({ ttlMs: 60_000 });
    const failing = jest.fn(async (): Promise<View> => {
      throw new Error('not found');
    });
    await expect(recent.get('d1', 1, 5, failing)).rejects.toThrow('not found');
    const fetch = countingFetch(() => view('d1'));
    expect((await recent.get('d1', 1, 5, fetch)).document.id).toBe('d1');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('forget drops every page range of that document only', async () => {
    const recent = new RecentDocumentViews<View>({ ttlMs: 60_000 });
    let text = 'old';
    const fetch = countingFetch(() => view('d1', text));
    const other = countingFetch(() => view('d10'));
    await recent.get('d1', 1, 5, fetch);
    await recent.get('d1', 6, 5, fetch);
    await recent.get('d10', 1, 5, other);
    text = 'new';
    recent.forget('d1');
    expect((await recent.get('d1', 1, 5, fetch)).document.text).toBe('new');
    expect((await recent.get('d1', 6, 5, fetch)).document.text).toBe('new');
    await recent.get('d10', 1, 5, other);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('does not keep what a call started before a forget answers', async () => {
    const recent = new RecentDocumentViews<View>({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = jest.fn(() => new Promise<View>((resolve) => (release = () => resolve(view('d1', 'old')))));
    const reading = recent.get('d1', 1, 5, slow);
    recent.forget('d1');
    release();
    expect((await reading).document.text).toBe('old'); // its own reader gets it
    const fresh = countingFetch(() => view('d1', 'new'));
    expect((await recent.get('d1', 1, 5, fresh)).document.text).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  describe("while the documents service's changes are heard", () => {
    const TTL_MS = 2_000;
    const CHANGED_TTL_MS = 10_000;
    const KEEP_MS = 60_000;
    let clock: number;
    let recent: RecentDocumentViews<View>;
    beforeEach(() => {
      clock = 1_000_000;
      recent = new RecentDocumentViews<View>({
        ttlMs: TTL_MS,
        changedTtlMs: CHANGED_TTL_MS,
        keepMs: KEEP_MS,
        now: () => clock,
      });
    });
    /** Changes are heard from now on (a view read from the next millisecond on is vouched for). */
    function listen(): void {
      recent.listening(true);
      clock += 1;
    }
    /** Reads d1 (docket k1, source s1) and says whether that took a call. */
    async function readCalls(fetch = countingFetch(() => view('d1'))): Promise<number> {
      await recent.get('d1', 1, 5, fetch);
      return fetch.mock.calls.length;
    }

    it('keeps a view nothing changed past the short time to live, up to the longest keep', async () => {
      listen();
      expect(await readCalls()).toBe(1);
      clock += TTL_MS * 10;
      expect(await readCalls()).toBe(0);
    });

    it('keeps a view only the short time when nothing is heard', async () => {
      expect(await readCalls()).toBe(1);
      clock += TTL_MS + 1;
      expect(await readCalls()).toBe(1);
    });

    it('does not vouch for a view read before listening began, nor after it stopped', async () => {
      await readCalls();
      listen();
      clock += TTL_MS + 1;
      expect(await readCalls()).toBe(1); // read before: may have missed a change
      clock += TTL_MS + 1;
      expect(await readCalls()).toBe(0); // read while listening
      recent.listening(false);
      expect(await readCalls()).toBe(1);
    });

    it.each([
      ['its docket', { docketId: 'k1' }],
      ['its source', { sourceId: 's1' }],
    ])('rereads a view once the time a changed view lives has passed when %s changed', async (_what, change) => {
      listen();
      await readCalls();
      recent.heard(change);
      clock += CHANGED_TTL_MS - 1;
      expect(await readCalls()).toBe(0); // its counts at most that far behind
      clock += 2;
      expect(await readCalls()).toBe(1);
      clock += KEEP_MS - 1;
      expect(await readCalls()).toBe(0); // read once the change settled: kept again

      recent.heard(change);
      clock += 1;
      expect(await readCalls()).toBe(1); // read long before this change
      clock += CHANGED_TTL_MS + 1;
      // Read when its counters may still have lagged (within DOCUMENT_CHANGE_SETTLE_MS of it): not vouched for.
      expect(await readCalls()).toBe(1);
      clock += TTL_MS * 10;
      expect(await readCalls()).toBe(0);
    });

    it('is not fooled by changes elsewhere', async () => {
      listen();
      await readCalls();
      recent.heard({ docketId: 'k2', sourceId: 's2' });
      clock += TTL_MS * 10;
      expect(await readCalls()).toBe(0);
    });

    it('rereads every view after a change everywhere (a delete moves counts)', async () => {
      listen();
      await readCalls();
      recent.heardChangeEverywhere();
      clock += CHANGED_TTL_MS + 1;
      expect(await readCalls()).toBe(1);
    });

    it('counts a change heard while the call was on its way as after it', async () => {
      listen();
      let release!: () => void;
      const slow = jest.fn(() => new Promise<View>((resolve) => (release = () => resolve(view('d1', 'old')))));
      const reading = recent.get('d1', 1, 5, slow);
      recent.heard({ docketId: 'k1' });
      release();
      await reading;
      clock += CHANGED_TTL_MS + 1;
      expect(await readCalls()).toBe(1);
    });

    it('drops a view after the longest keep even when nothing changed', async () => {
      const keepless = new RecentDocumentViews<View>({ ttlMs: 1, keepMs: 5 });
      keepless.listening(true);
      const fetch = countingFetch(() => view('d1'));
      await keepless.get('d1', 1, 5, fetch);
      await untilPassed(10);
      await keepless.get('d1', 1, 5, fetch);
      expect(fetch).toHaveBeenCalledTimes(2);
    });
  });
});
