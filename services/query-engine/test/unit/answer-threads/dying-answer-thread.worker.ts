/**
 * An answer thread that ends (as a crash would) when a job asks `DIE`, never answers (busy forever)
 * when one asks `HANG`, and answers any other job as the real one does.
 */
import { parentPort } from 'node:worker_threads';
import { composeJob } from '../../../src/ask/answer-threads/answer-job';
import type { ToAnswerThread } from '../../../src/ask/answer-threads/answer-thread-messages';
import { AnalysisWriter } from '../../../src/ask/llm/analysis-writer';
import { FiguresBuilder } from '../../../src/domain/figures';

const parts = { writer: new AnalysisWriter(), figures: new FiguresBuilder() };
parentPort?.on('message', (message: ToAnswerThread) => {
  if (message.job.question === 'DIE') process.exit(3);
  if (message.job.question === 'HANG') for (;;);
  void composeJob(message.job, parts).then((result) =>
    parentPort?.postMessage({ type: 'done', id: message.id, result }),
  );
});
parentPort?.postMessage({ type: 'ready' });
