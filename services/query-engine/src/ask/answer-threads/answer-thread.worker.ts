/**
 * An answer thread (see answer-threads.ts): runs each job it is sent with the extractive writer
 * (no model: a generative job comes with its analysis written) and answers with the result.
 */
import { parentPort } from 'node:worker_threads';
import { FiguresBuilder } from '../../domain/figures';
import { AnalysisWriter } from '../llm/analysis-writer';
import { composeJob } from './answer-job';
import { serializeJobError, type FromAnswerThread, type ToAnswerThread } from './answer-thread-messages';

const port = parentPort;
if (!port) throw new Error('answer-thread.worker runs as a worker thread');
const parts = { writer: new AnalysisWriter(), figures: new FiguresBuilder() };

port.on('message', (message: ToAnswerThread) => {
  composeJob(message.job, parts).then(
    (result) => port.postMessage({ type: 'done', id: message.id, result } satisfies FromAnswerThread),
    (error: unknown) =>
      port.postMessage({ type: 'failed', id: message.id, error: serializeJobError(error) } satisfies FromAnswerThread),
  );
});
port.postMessage({ type: 'ready' } satisfies FromAnswerThread);
