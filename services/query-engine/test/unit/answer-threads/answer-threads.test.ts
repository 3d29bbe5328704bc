import { composeJob, type AnswerJob } from '../../../src/ask/answer-threads/answer-job';
import { AnswerThreads } from '../../../src/ask/answer-threads/answer-threads';
import { AnalysisWriter } from '../../../src/ask/llm/analysis-writer';
import { decideScope, readQuestion, type AnalysisModeName } from '../../../src/domain/analysis';
import { FiguresBuilder } from '../../../src/domain/figures';
import type { IndexedDocument } from '../../../src/domain/indexed-document';
import { allFilings, courtOpinion, fercNotice, rateCaseDecision } from '../analysis/fixtures/filings';

/** The fixtures as the index hands them out (the fields the analysis does not read, filled in). */
const documents: IndexedDocument[] = allFilings.map(
  (filing, rank) =>
    ({
      description: '',
      docketId: filing.docketNumber,
      filingType: filing.filingCategory,
      entities: [],
      sha256: `sha-${rank}`,
      ...filing,
    }) as IndexedDocument,
);

function jobFor(
  question: string,
  mode: AnalysisModeName = 'extractive',
  order: IndexedDocument[] = documents,
): AnswerJob {
  const ranked = order.map((document, rank) => ({ document, score: 1 / (61 + rank) }));
  const intent = readQuestion(question);
  const decision = decideScope(question, intent, order, []);
  return { question, mode, analysed: ranked, ranked, proceeding: [], intent, decision, notes: '' };
}

const inThread = { writer: new AnalysisWriter(), figures: new FiguresBuilder() };

describe('AnswerThreads', () => {
  let threads: AnswerThreads;
  beforeAll(() => {
    threads = new AnswerThreads({ threads: 1 });
  });
  afterAll(() => threads.close());

  test.each([
    ['What rate increase did the commission approve for Pacific Gas and Electric?', 'extractive'],
    ['When are comments due?', 'extractive'],
    ['Who are the parties?', 'extractive'],
    // No model on the thread: the extractive answer with the notice saying so, as here.
    ['What did the court decide?', 'generative'],
  ] as const)('answers %j (%s) exactly as this thread does', async (question, mode) => {
    const job = jobFor(question, mode);
    const [here, there] = await Promise.all([composeJob(job, inThread), threads.compose(job)]);
    expect(there.analysis.sections.length).toBeGreaterThan(0);
    expect(there.analysis).toEqual(here.analysis);
    expect(there.figures).toEqual(here.figures);
  });

  test('composes an analysis written already (generative: the model was asked on the main thread)', async () => {
    const base = (await composeJob(jobFor('What rate increase was approved?'), inThread)).analysis;
    const written = { ...base, mode: 'generative' as const, model: 'some-model', keyFacts: [] };
    const job = { ...jobFor('What rate increase was approved?', 'generative'), base: written };
    const [here, there] = await Promise.all([composeJob(job, inThread), threads.compose(job)]);
    expect(there.analysis.model).toBe('some-model');
    expect(there.analysis).toEqual(here.analysis);
    expect(there.figures).toEqual(here.figures);
  });

  test('a thread idle for endIdleAfterMs ends, and the next question starts one again', async () => {
    const idle = new AnswerThreads({ threads: 1, endIdleAfterMs: 50 });
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      const job = jobFor('When are comments due?');
      const first = await idle.compose(job);
      await until(() => idle.liveThreads === 0);
      const again = await idle.compose(job);
      expect(idle.liveThreads).toBe(1);
      expect(again.analysis).toEqual(first.analysis);
    } finally {
      await idle.close();
    }
  });

  test('started on demand: no thread until a user is about (warm) or asks, and warming keeps an idle one', async () => {
    const onDemand = new AnswerThreads({ threads: 1, endIdleAfterMs: 400, startOnDemand: true });
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    try {
      expect(onDemand.liveThreads).toBe(0);
      onDemand.warm();
      expect(onDemand.liveThreads).toBe(1);
      const job = jobFor('When are comments due?');
      const answered = await onDemand.compose(job); // the thread is idle from here, ending 400 ms on
      const idleSince = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 250));
      onDemand.warm(); // a user is about: the idle thread is kept 400 ms from now
      expect(onDemand.liveThreads).toBe(1);
      await until(() => onDemand.liveThreads === 0);
      expect(Date.now() - idleSince).toBeGreaterThanOrEqual(600);
      expect((await onDemand.compose(job)).analysis).toEqual(answered.analysis); // a question starts one too
    } finally {
      await onDemand.close();
    }
  });

  test('queued questions are answered in turn, each its own answer', async () => {
    const questions = ['When are comments due?', 'Who are the parties?', 'What did the court decide?'];
    const answers = await Promise.all(questions.map((q) => threads.compose(jobFor(q))));
    const expected = await Promise.all(questions.map((q) => composeJob(jobFor(q), inThread)));
    expect(answers.map((a) => a.analysis)).toEqual(expected.map((a) => a.analysis));
  });
});

describe('AnswerThreads when a thread dies', () => {
  const dying = new AnswerThreads({
    threads: 1,
    entry: { dir: __dirname, name: 'dying-answer-thread.worker', callerFile: __filename },
  });
  afterAll(() => dying.close());

  test('fails only the question it was answering; the next one is answered', async () => {
    const before = dying.compose(jobFor('Who are the parties?'));
    const dies = dying.compose(jobFor('DIE'));
    const after = dying.compose(jobFor('When are comments due?'));
    await expect(before).resolves.toMatchObject({ analysis: { questionKind: 'parties' } });
    await expect(dies).rejects.toThrow('the thread writing this answer stopped; ask again');
    const answered = await after;
    expect(answered.analysis).toEqual((await composeJob(jobFor('When are comments due?'), inThread)).analysis);
  });

  test('a thread stuck on one job fails that question only; the next one is answered', async () => {
    const stuck = new AnswerThreads({
      threads: 1,
      stuckAfterMs: 2_000,
      entry: { dir: __dirname, name: 'dying-answer-thread.worker', callerFile: __filename },
    });
    try {
      const hangs = stuck.compose(jobFor('HANG'));
      const after = stuck.compose(jobFor('Who are the parties?'));
      await expect(hangs).rejects.toThrow('the thread writing this answer stopped; ask again');
      expect((await after).analysis).toEqual((await composeJob(jobFor('Who are the parties?'), inThread)).analysis);
    } finally {
      await stuck.close();
    }
  });

  test('the event loop keeps turning while a thread works on an answer (on this thread it does not)', async () => {
    const turnsDuring = async (work: () => Promise<unknown>) => {
      let turns = 0;
      let done = false;
      const turn = () => {
        if (done) return;
        turns += 1;
        setImmediate(turn);
      };
      setImmediate(turn);
      await work();
      done = true;
      return turns;
    };
    const job = jobFor('What rate increase did the commission approve for Pacific Gas and Electric?', 'extractive', [
      rateCaseDecision,
      fercNotice,
      courtOpinion,
    ] as IndexedDocument[]);
    expect(await turnsDuring(() => composeJob(job, inThread))).toBe(0);
    // A job that keeps its thread busy until the pool gives up on it:
    // however fast or slow the machine, the loop turns meanwhile.
    const busy = new AnswerThreads({
      threads: 1,
      stuckAfterMs: 1_000,
      entry: { dir: __dirname, name: 'dying-answer-thread.worker', callerFile: __filename },
    });
    try {
      expect(await turnsDuring(() => busy.compose(jobFor('HANG')).catch(() => undefined))).toBeGreaterThan(0);
    } finally {
      await busy.close();
    }
  });

  test('a thread that cannot start fails questions at once (none waits for a thread that never comes)', async () => {
    const broken = new AnswerThreads({
      threads: 1,
      entry: { dir: __dirname, name: 'no-such.worker', callerFile: __filename },
    });
    try {
      await expect(broken.compose(jobFor('Who are the parties?'))).rejects.toThrow(
        'the answer threads could not start',
      );
      await expect(broken.compose(jobFor('Who are the parties?'))).rejects.toThrow(
        'the answer threads could not start',
      );
    } finally {
      await broken.close();
    }
  });

  test('a closed pool refuses work', async () => {
    const closed = new AnswerThreads({ threads: 1 });
    await closed.close();
    await expect(closed.compose(jobFor('Who are the parties?'))).rejects.toThrow('closed');
  });
});
