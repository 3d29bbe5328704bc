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
}

/** Publishes process updates; the implementation gives each one a strictly increasing sequence. */
export interface ProcessUpdates {
  publish(update: ProcessUpdate): Promise<void>;
}
