/**
 * An answer named by its id while it is written (a reload, Back then Forward): a watcher gets its
 * updates so far and then the rest; a stored one at once; an id that names neither is NotFound at
 * once, as is an answer that failed (it was never stored) or one the user may not read.
 */
import { NotFoundError, UnavailableError } from '@docket/errors';
import type { AskInput, AskService, AskUpdate } from '../../src/ask/ask.service';
import { LiveAnswers } from '../../src/ask/live-answers.service';
import { emptyAnalysis } from '../../src/domain/analysis';
import type { StoredQuery } from '../../src/domain/query';
import { emptySearchFilters } from '../../src/domain/search-filters';

const QUESTION = 'What rate increase did Ameren Illinois request?';

function storedQuery(id: string, input: AskInput): StoredQuery {
  return {
    id,
    origin: 'question',
    question: input.question,
    filters: input.filters,
    userId: input.userId,
    workspaceId: input.workspaceId,
    requestId: 'req-1',
    createdAt: new Date(),
    timings: { retrievalMs: 1, analysisMs: 1, figuresMs: 1, totalMs: 3 },
    mode: 'extractive',
    resultIds: [],
    analysis: emptyAnalysis('extractive'),
    documents: [],
    figures: {
      resultCount: 0,
      filingsByMonth: [],
      byAgency: [],
      byFilingType: [],
      byParty: [],
      byDocket: [],
      numbers: [],
    },
  };
}

/** An asker whose answer waits at `gate` after its documents, then ends as `ending` says. */
function gatedAsker() {
  const stored = new Map<string, StoredQuery>();
  let open: (ending: 'complete' | 'fail') => void = () => undefined;
  const gate = new Promise<'complete' | 'fail'>((resolve) => (open = resolve));
  const asker: Pick<AskService, 'ask' | 'get'> = {
    ask: async (input, report) => {
      const id = '65f000000000000000000001';
      report({ kind: 'started', queryId: id, question: input.question });
      report({ kind: 'documents', documents: [] });
      if ((await gate) === 'fail') throw new UnavailableError('the model went away');
      report({ kind: 'section', section: { heading: 'Answer', sentences: [] } });
      const query = storedQuery(id, input);
      stored.set(id, query);
      report({ kind: 'completed', query });
      return query;
    },
    get: async (queryId, userId, asAdmin) => {
      const query = stored.get(queryId);
      if (!query || !(asAdmin || query.userId === userId)) throw new NotFoundError(`query ${queryId} not found`);
      return query;
    },
  };
  return { asker, open: (ending: 'complete' | 'fail') => open(ending) };
}

const members = {
  isMember: async (userId: string, workspaceId: string) =>
    workspaceId === 'ws-rates' && ['alice', 'bob'].includes(userId),
};
const input: AskInput = { question: QUESTION, filters: emptySearchFilters(), userId: 'alice', workspaceId: 'ws-rates' };
const kinds = (updates: AskUpdate[]) => updates.map((u) => u.kind);

describe('answers being written, watched by id', () => {
  it('replays what was written so far to a late watcher, then follows it to the stored answer', async () => {
    const { asker, open } = gatedAsker();
    const live = new LiveAnswers({ asker, workspaces: members });
    const asked: AskUpdate[] = [];
    const answering = live.ask(input, (u) => asked.push(u));
    await new Promise((resolve) => setImmediate(resolve));
    expect(kinds(asked)).toEqual(['started', 'documents']);
    expect(live.size).toBe(1);

    const seen: AskUpdate[] = [];
    const bobSaw: AskUpdate[] = [];
    const watching = live.watch('65f000000000000000000001', 'alice', false, (u) => seen.push(u));
    const bobWatching = live.watch('65f000000000000000000001', 'bob', false, (u) => bobSaw.push(u));
    await new Promise((resolve) => setImmediate(resolve));
    expect(kinds(seen)).toEqual(['started', 'documents']);
    expect(seen[0]).toEqual({ kind: 'started', queryId: '65f000000000000000000001', question: QUESTION });

    open('complete');
    await Promise.all([answering, watching, bobWatching]);
    expect(kinds(seen)).toEqual(['started', 'documents', 'section', 'completed']);
    expect(kinds(bobSaw)).toEqual(kinds(seen));
    expect(live.size).toBe(0);

    // Stored now: started and completed at once.
    const after: AskUpdate[] = [];
    await live.watch('65f000000000000000000001', 'alice', false, (u) => after.push(u));
    expect(after).toEqual([
      { kind: 'started', queryId: '65f000000000000000000001', question: QUESTION },
      { kind: 'completed', query: expect.objectContaining({ id: '65f000000000000000000001' }) },
    ]);
  });

  it('says NotFound at once for an id naming no answer, and to a user who may not read one being written', async () => {
    const { asker, open } = gatedAsker();
    const live = new LiveAnswers({ asker, workspaces: members });
    await expect(live.watch('65f0c0ffee0000000000dead', 'alice', false, () => undefined)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(live.watch('not an id', 'alice', false, () => undefined)).rejects.toBeInstanceOf(NotFoundError);

    const answering = live.ask(input, () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    const seen: AskUpdate[] = [];
    await expect(live.watch('65f000000000000000000001', 'carol', false, (u) => seen.push(u))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(seen).toEqual([]);
    // Administrators may watch any.
    const admin = live.watch('65f000000000000000000001', 'root', true, (u) => seen.push(u));
    open('complete');
    await Promise.all([answering, admin]);
    expect(kinds(seen)).toEqual(['started', 'documents', 'section', 'completed']);
  });

  it('passes an answer’s failure to its watchers, after which its id is NotFound (it was never stored)', async () => {
    const { asker, open } = gatedAsker();
    const live = new LiveAnswers({ asker, workspaces: members });
    const answering = live.ask(input, () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    const watching = live.watch('65f000000000000000000001', 'alice', false, () => undefined);
    open('fail');
    await expect(answering).rejects.toBeInstanceOf(UnavailableError);
    await expect(watching).rejects.toBeInstanceOf(UnavailableError);
    expect(live.size).toBe(0);
    await expect(live.watch('65f000000000000000000001', 'alice', false, () => undefined)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('stops following when the watcher goes away', async () => {
    const { asker, open } = gatedAsker();
    const live = new LiveAnswers({ asker, workspaces: members });
    const answering = live.ask(input, () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    const gone = new AbortController();
    const seen: AskUpdate[] = [];
    const watching = live.watch('65f000000000000000000001', 'alice', false, (u) => seen.push(u), gone.signal);
    await new Promise((resolve) => setImmediate(resolve));
    gone.abort();
    await watching;
    open('complete');
    await answering;
    expect(kinds(seen)).toEqual(['started', 'documents']);
  });
});
