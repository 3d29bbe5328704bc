import type { GrpcServiceBinding } from '@docket/service-kit';
import { createLogger } from '@docket/observability';
import { seedCorpusIfEmpty } from '../../../src/seed/corpus.seeder';
import { notingDemand, UserDemand } from '../../../src/seed/user-demand';

/** Resolves once `condition` holds, checking on every turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('UserDemand', () => {
  it('is busy from a request until none has come for quietAfterMs, and whenQuiet resolves then', async () => {
    let clock = 1_000;
    const demand = new UserDemand({ quietAfterMs: 500, now: () => clock });
    expect(demand.busy).toBe(false);
    await demand.whenQuiet();

    demand.noteRequest();
    expect(demand.busy).toBe(true);
    let quiet = false;
    const waiting = demand.whenQuiet().then(() => {
      quiet = true;
    });
    clock += 499;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(quiet).toBe(false);
    clock += 1;
    await waiting;
    expect(demand.busy).toBe(false);
  });

  it('release lets every waiter go while users are still busy (a stop does not wait for them)', async () => {
    const demand = new UserDemand({ quietAfterMs: 60_000 });
    demand.noteRequest();
    const waiters = [demand.whenQuiet(), demand.whenQuiet()];
    demand.release();
    await expect(Promise.all(waiters)).resolves.toEqual([undefined, undefined]);
    expect(demand.busy).toBe(true);
  });

  it('notingDemand notes every call but the ones named, and passes each call through unchanged', () => {
    const demand = new UserDemand({ quietAfterMs: 60_000 });
    const calls: string[] = [];
    const binding = {
      definition: {},
      implementation: {
        getDocument: (call: string) => calls.push(`getDocument ${call}`),
        getCatalogStatus: (call: string) => calls.push(`getCatalogStatus ${call}`),
      },
    } as unknown as GrpcServiceBinding;
    const noted = notingDemand(binding, demand, ['getCatalogStatus']).implementation as unknown as Record<string, (call: string) => void>;

    noted.getCatalogStatus!('a');
    expect(demand.busy).toBe(false);
    noted.getDocument!('b');
    expect(demand.busy).toBe(true);
    expect(calls).toEqual(['getCatalogStatus a', 'getDocument b']);
  });
});

describe('the default corpus load while users ask', () => {
  it('keeps one filing in flight while users ask, and up to sixteen once they are quiet', async () => {
    let clock = 0;
    const demand = new UserDemand({ quietAfterMs: 500, now: () => clock });
    let inFlight = 0;
    let stored = 0;
    let mostWhileBusy = 0;
    let mostWhenQuiet = 0;
    const ingest = {
      ingest: async () => {
        inFlight += 1;
        if (demand.busy) mostWhileBusy = Math.max(mostWhileBusy, inFlight);
        else mostWhenQuiet = Math.max(mostWhenQuiet, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        stored += 1;
        return { outcome: 'created', documentId: `d${stored}` };
      },
    };
    let runs = 0;
    const deps = {
      catalog: { defineSources: async () => undefined, defineDataProduct: async () => undefined, publishRelease: async () => undefined },
      runs: { recent: async () => [], start: async () => ({ id: `run-${++runs}` }), addCounts: async () => undefined, finish: async () => undefined },
      sources: {},
      documents: { count: async () => 0 },
      ingest,
    };

    demand.noteRequest();
    const loading = seedCorpusIfEmpty({
      ...(deps as unknown as Parameters<typeof seedCorpusIfEmpty>[0]),
      filings: 60, dockets: 10, signal: new AbortController().signal, logger: createLogger('test', 'silent'), demand,
    });
    await until(() => stored >= 3);
    expect(mostWhileBusy).toBe(1);
    expect(mostWhenQuiet).toBe(0);

    clock += 500; // users went quiet
    await loading;
    expect(stored).toBe(60);
    expect(mostWhileBusy).toBe(1);
    expect(mostWhenQuiet).toBeGreaterThan(1);
  });
});
