import pino from 'pino';
import { StatsProjector, type CountedDocument } from '../../src/documents/stats.projector';

// How long new documents wait to be counted: a second when they come one by one, five while they
// come in bulk (each window's counters are a rewrite of every entity they touch in the stand-in).

type Deps = ConstructorParameters<typeof StatsProjector>[0];

function recordingDeps(): { deps: Deps; flagged: string[][] } {
  const flagged: string[][] = [];
  const done = async () => undefined;
  const deps = {
    documents: {
      markStatsApplied: async (ids: string[]) => {
        flagged.push(ids);
      },
      pullEvents: done,
    },
    sources: { applyIncrements: done },
    dockets: { addDocuments: done },
    entities: { applyIncrements: done },
    activity: { record: done },
    logger: pino({ level: 'silent' }),
  } as unknown as Deps;
  return { deps, flagged };
}

function documentNumber(n: number): CountedDocument {
  return {
    id: `doc-${n}`,
    sourceId: 'src',
    docketId: '',
    docketNumber: '',
    filingType: '',
    filedAt: new Date(0),
    createdAt: new Date(0),
    entities: [],
  };
}

/** Lets the flush that a timer started write its batch (its writes are promises, not timers). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('StatsProjector window', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts a lone document within a second, and documents in bulk every five seconds', async () => {
    const { deps, flagged } = recordingDeps();
    const projector = new StatsProjector(deps);

    projector.add(documentNumber(0));
    await jest.advanceTimersByTimeAsync(999);
    expect(flagged).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    await settle();
    expect(flagged).toEqual([['doc-0']]);

    // A bulk window: 20 documents within the second.
    for (let n = 1; n <= 20; n += 1) projector.add(documentNumber(n));
    await jest.advanceTimersByTimeAsync(1000);
    await settle();
    expect(flagged).toHaveLength(2);

    // The next window waits five seconds, gathering what arrives meanwhile.
    projector.add(documentNumber(21));
    await jest.advanceTimersByTimeAsync(4000);
    projector.add(documentNumber(22));
    expect(flagged).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1000);
    await settle();
    expect(flagged[2]).toEqual(['doc-21', 'doc-22']);

    // That window was small: the one after it is a second again.
    projector.add(documentNumber(23));
    await jest.advanceTimersByTimeAsync(1000);
    await settle();
    expect(flagged[3]).toEqual(['doc-23']);
  });

  it('counts a full batch at once, whatever the window', async () => {
    const { deps, flagged } = recordingDeps();
    const projector = new StatsProjector(deps, 3);
    for (let n = 0; n < 3; n += 1) projector.add(documentNumber(n));
    await settle();
    expect(flagged).toEqual([['doc-0', 'doc-1', 'doc-2']]);
  });
});
