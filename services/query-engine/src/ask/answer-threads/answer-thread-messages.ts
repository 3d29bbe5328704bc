import { deserializeError, serializeError, type SerializedError } from '../../search';
import type { AnswerJob, ComposedAnswer } from './answer-job';

export type ToAnswerThread = { id: number; job: AnswerJob };

export type FromAnswerThread =
  /** The thread has loaded its modules: jobs may come (their time counts from then). */
  | { type: 'ready' }
  | { type: 'done'; id: number; result: ComposedAnswer }
  | { type: 'failed'; id: number; error: SerializedError };

export const serializeJobError = serializeError;

/** The house errors keep their kind; any other says it came from an answer thread. */
export function deserializeJobError(error: SerializedError): Error {
  const restored = deserializeError(error);
  if (error.kind) return restored;
  const plain = new Error(`answer thread: ${error.message}`);
  if (error.stack) plain.stack = `answer thread: ${error.stack}`;
  return plain;
}
