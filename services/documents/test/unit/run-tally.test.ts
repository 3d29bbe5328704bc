import type { IngestOutcomeKind } from '../../src/domain/ingest-item';
import type { IngestionRun, RunError } from '../../src/domain/ingestion-run.types';
import { RunTally } from '../../src/imports/run-tally';

/** The run record's counting, as IngestionRunRepository.advance does it: only while the cursor is still at `from`. */
class FakeRuns {
  cursor = '';
  counts: Record<string, number> = { seen: 0 };
  errors: RunError[] = [];
  writes = 0;

  async advance(
    _id: string,
    from: string,
    to: string,
    counts: Partial<Record<IngestOutcomeKind, number>>,
    errors: RunError[] = [],
  ): Promise<boolean> {
    if (this.cursor !== from) return false;
    this.writes += 1;
    for (const [outcome, n] of Object.entries(counts)) {
      this.counts[outcome] = (this.counts[outcome] ?? 0) + (n ?? 0);
      this.counts.seen = (this.counts.seen ?? 0) + (n ?? 0);
    }
    this.errors.push(...errors);
    this.cursor = to;
    return true;
  }

  async find(): Promise<IngestionRun> {
    return { cursor: this.cursor } as IngestionRun;
  }
}

const item = (position: string, outcome: IngestOutcomeKind = 'new') => ({ position, outcome });

it('counts items finished out of order only once every earlier one is in, moving the cursor with them', async () => {
  const runs = new FakeRuns();
  const tally = new RunTally(runs, 'run', '');
  await tally.record(2, item('c'));
  await tally.record(1, item('b', 'duplicate'));
  expect(runs).toMatchObject({ cursor: '', writes: 0 }); // 'a' is still in hand: nothing past it is counted
  await tally.record(0, item('a'));
  expect(runs).toMatchObject({ cursor: 'c', writes: 1, counts: { seen: 3, new: 2, duplicate: 1 } });
  await tally.record(3, { position: 'd', outcome: 'failed', error: { item: 'd', reason: 'corrupt', message: 'bad' } });
  expect(runs).toMatchObject({ cursor: 'd', counts: { seen: 4, failed: 1 }, errors: [{ item: 'd' }] });
});

it('an attempt that lost its job lock but still runs does not count again what the newer attempt counted', async () => {
  const runs = new FakeRuns();
  const stale = new RunTally(runs, 'run', '');
  const newer = new RunTally(runs, 'run', '');
  await newer.record(0, item('a'));
  await newer.record(1, item('b'));
  await stale.record(0, item('a')); // behind the cursor: dropped
  await stale.record(1, item('b'));
  await stale.record(2, item('c')); // after it: counted from where the newer attempt left the cursor
  await newer.record(2, item('c'));
  await newer.record(3, item('d'));
  expect(runs).toMatchObject({ cursor: 'd', counts: { seen: 4, new: 4 } });
});

it('items released while a write is on its way go together in the next write', async () => {
  const runs = new FakeRuns();
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let firstStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (firstStarted = resolve));
  const advance = runs.advance.bind(runs);
  runs.advance = async (...args) => {
    if (runs.writes === 0) {
      firstStarted();
      await gate; // the first write is slow
    }
    return advance(...args);
  };
  const tally = new RunTally(runs, 'run', '');
  const first = tally.record(0, item('a'));
  await started;
  const counted = [1, 2, 3, 4].map((index) => tally.record(index, item(String.fromCharCode(97 + index))));
  openGate();
  await Promise.all([first, ...counted]);
  expect(runs).toMatchObject({ cursor: 'e', writes: 2, counts: { seen: 5, new: 5 } });
});
