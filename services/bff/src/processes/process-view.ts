import type { z } from 'zod';
import type { ProcessStatusName } from './process-statuses';
import type { Process } from './processes.schemas';

export { processStatuses, type ProcessStatusName } from './process-statuses';

/** The `process` object of the REST API and of the SSE relay. */
export type ProcessView = z.output<typeof Process>;

/** A process with what the BFF needs but does not show: who owns it and its change counter. */
export interface ProcessRecord {
  view: ProcessView;
  ownerId: string;
  sequence: bigint;
}

export function isFinal(status: ProcessStatusName): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** Owners see their processes; administrators see every process. Others get "not found", not "forbidden". */
export function canSeeProcess(process: ProcessRecord, viewer: { id: string; role: string }): boolean {
  return viewer.role === 'admin' || process.ownerId === viewer.id;
}
