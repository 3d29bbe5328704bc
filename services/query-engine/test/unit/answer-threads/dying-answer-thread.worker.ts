/**
 * An answer thread that ends (as a crash would) when a job asks `DIE`, never answers (busy forever)
 * when one asks `HANG`, and answers any other job as the real one does.
 */
import { parentPort } from 'node:worker_threads';
import { FiguresBuilder } from '../../../src/domain/figures';
import { AnalysisWriter } from '../../../src/llm/analysis-writer';
import { composeJob } from '../../../src/service/answer-threads/answer-job';
import type { ToAnswerThread } from '../../../src/service/answer-threads/answer-thread-messages';

const parts = { writer: new AnalysisWriter(), figures: new FiguresBuilder() };
parentPort?.on('message', (message: ToAnswerThread) => {
  if (message.job.question === 'DIE') process.exit(3);
  if (message.job.question === 'HANG') for (;;);
  void composeJob(message.job, parts).then((result) =>
    parentPort?.postMessage({ type: 'done', id: message.id, result }),
  );
});
parentPort?.postMessage({ type: 'ready' });
