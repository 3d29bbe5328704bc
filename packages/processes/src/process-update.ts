/** A long job's state as reported to the process tracker (export service) via processes.updated.v1. */
export type ProcessStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface ProcessUpdate {
  processId: string;
  kind: string;
  title: string;
  ownerId: string;
  status: ProcessStatus;
  total: number;
  done: number;
  message: string;
  /**
   * Items the job could not handle, all counted (0 when omitted);
   * a succeeded job with failures succeeded with failures.
   */
  failed?: number;
  /** The first of those items and why (at most MAX_REPORTED_FAILURES are sent). */
  failures?: ProcessItemFailure[];
}

/** One item a job could not handle (an import's file), and why. */
export interface ProcessItemFailure {
  item: string;
  reason: string;
  message: string;
}

/** How many failed items one update carries: enough to act on, small enough for one event. */
export const MAX_REPORTED_FAILURES = 100;

/** Publishes process updates; the implementation gives each one a strictly increasing sequence. */
export interface ProcessUpdates {
  publish(update: ProcessUpdate): Promise<void>;
}
