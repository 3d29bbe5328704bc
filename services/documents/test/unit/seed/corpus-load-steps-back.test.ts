import { createLogger } from '@docket/observability';
import { UserActivity, type GrpcServiceBinding } from '@docket/service-kit';
import type { DocumentService } from '../../../src/documents/document.service';
import { documentHandlers } from '../../../src/documents/documents.grpc';
import { notingUserRequests } from '../../../src/documents/noting-user-requests.grpc';
import { seedCorpusIfEmpty } from '../../../src/seed/corpus.seeder';

/** Resolves once `condition` holds, checking on every turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** What the seeder needs besides ingestion, as an empty database: no earlier load, nothing stored. */
function emptyDatabase(
  ingest: { ingest: () => Promise<{ outcome: string; documentId: string }> },
  filings: number,
  signal: AbortSignal,
  users: UserActivity,
) {
  let runs = 0;
  const deps = {
    catalog: {
      defineSources: async () => undefined,
      defineDataProduct: async () => undefined,
      publishRelease: async () => undefined,
    },
    runs: {
      recent: async () => [],
      start: async () => ({ id: `run-${++runs}` }),
      addCounts: async () => undefined,
      finish: async () => undefined,
    },
    sources: {},
    documents: { count: async () => 0 },
    ingest,
  };
  return {
    ...(deps as unknown as Parameters<typeof seedCorpusIfEmpty>[0]),
    filings,
    dockets: 10,
    signal,
    logger: createLogger('test', 'silent'),
    users,
  };
}

describe('notingUserRequests', () => {
  it('notes every call but the ones named, and passes each call through unchanged', () => {
    const users = new UserActivity(60_000);
    const calls: string[] = [];
    const binding = {
      definition: {},
      implementation: {
        getDocument: (call: string) => calls.push(`getDocument ${call}`),
        getCatalogStatus: (call: string) => calls.push(`getCatalogStatus ${call}`),
      },
    } as unknown as GrpcServiceBinding;
    const noted = notingUserRequests(binding, users, ['getCatalogStatus']).implementation as unknown as Record<
      string,
      (call: string) => void
    >;

    noted.getCatalogStatus!('a');
    expect(users.busy).toBe(false);
    noted.getDocument!('b');
    expect(users.busy).toBe(true);
    expect(calls).toEqual(['getCatalogStatus a', 'getDocument b']);
  });

  it("counts the BFF's NoteUserActivity (users answered elsewhere) as users asking, and answers it", async () => {
    const users = new UserActivity(60_000);
    const binding = notingUserRequests(
      {
        definition: {},
        implementation: documentHandlers({ documents: {} as DocumentService, logger: createLogger('test', 'silent') }),
      } as unknown as GrpcServiceBinding,
      users,
      ['getCatalogStatus'],
    );
    const noteUserActivity = binding.implementation.noteUserActivity as (
      call: unknown,
      callback: (error: unknown, response: unknown) => void,
    ) => void;
    const answer = await new Promise((resolve, reject) =>
      noteUserActivity({ request: {} }, (error, response) => (error ? reject(error) : resolve(response))),
    );
    expect(answer).toEqual({});
    expect(users.busy).toBe(true);
  });
});

describe('the default corpus load while users ask', () => {
  it('keeps one filing in flight while users ask, and up to sixteen once they are quiet', async () => {
    let clock = 0;
    const users = new UserActivity(500, () => clock);
    let inFlight = 0;
    let stored = 0;
    let mostWhileBusy = 0;
    let mostWhenQuiet = 0;
    // Once users are quiet, a filing is held until a second one is in flight: otherwise the first
    // worker could store all the rest before the waiting ones wake (they look within a second), and
    // the test would depend on the machine's speed. A load that never runs two at once times out.
    let secondArrived = () => {};
    const twoInFlightWhenQuiet = new Promise<void>((resolve) => (secondArrived = resolve));
    const ingest = {
      ingest: async () => {
        inFlight += 1;
        if (users.busy) mostWhileBusy = Math.max(mostWhileBusy, inFlight);
        else {
          mostWhenQuiet = Math.max(mostWhenQuiet, inFlight);
          if (inFlight > 1) secondArrived();
          await twoInFlightWhenQuiet;
        }
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        stored += 1;
        return { outcome: 'created', documentId: `d${stored}` };
      },
    };
    users.noteRequest();
    const loading = seedCorpusIfEmpty(emptyDatabase(ingest, 60, new AbortController().signal, users));
    await until(() => stored >= 3);
    expect(mostWhileBusy).toBe(1);
    expect(mostWhenQuiet).toBe(0);

    clock += 500; // users went quiet (the waiting workers look again within a second)
    await loading;
    expect(stored).toBe(60);
    expect(mostWhileBusy).toBe(1);
    expect(mostWhenQuiet).toBeGreaterThan(1);
  });

  it('a stop while users ask ends the load within a second, not when they go quiet', async () => {
    const users = new UserActivity(60_000);
    users.noteRequest();
    const stop = new AbortController();
    let stored = 0;
    const ingest = { ingest: async () => ({ outcome: 'created', documentId: `d${++stored}` }) };
    const loading = seedCorpusIfEmpty(emptyDatabase(ingest, 1_000, stop.signal, users));
    await until(() => stored >= 1);
    stop.abort();
    await loading;
    expect(stored).toBeLessThan(1_000);
  });
});
