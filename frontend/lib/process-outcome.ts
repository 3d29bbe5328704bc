import type { Process, ProcessStatus } from './types';

/** How a process ended or stands, for people: a success with items that failed is not a plain success. */
export type ProcessOutcome = ProcessStatus | 'succeeded_with_failures';

export function processOutcome(process: Pick<Process, 'status' | 'failed'>): ProcessOutcome {
  return process.status === 'succeeded' && process.failed > 0 ? 'succeeded_with_failures' : process.status;
}
