export type RunStatus = 'running' | 'succeeded' | 'failed' | 'interrupted';

export interface RunError {
  item: string;
  reason: string;
  message: string;
}

/** One run of a connector or import, with its counts, first errors and resume cursor. */
export interface IngestionRun {
  id: string;
  sourceId: string;
  connector: string;
  startedAt: Date;
  finishedAt?: Date;
  status: RunStatus;
  seen: number;
  new: number;
  updated: number;
  duplicate: number;
  failed: number;
  errors: RunError[];
  processId: string;
  /** Where a resumed run picks up (connector-specific: a path, a page cursor). */
  cursor: string;
  /** What the run reads: a directory, a base URL. */
  target: string;
}
