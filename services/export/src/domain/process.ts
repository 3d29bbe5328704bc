import { InputError } from '@docket/errors';

export type ProcessStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A long-running job of some service, as last reported through processes.updated.v1. */
export interface ProcessRecord {
  id: string;
  kind: string;
  title: string;
  ownerId: string;
  status: ProcessStatus;
  total: number;
  done: number;
  message: string;
  /** Items the job could not handle, all counted; a succeeded process with failures succeeded with failures. */
  failed: number;
  /** The first of those items and why. */
  failures: ItemFailure[];
  sequence: number;
  createdAt: Date;
  updatedAt: Date;
  finishedAt?: Date | undefined;
}

/** One reported state; applied only when its sequence is newer than the stored one. */
export interface ProcessUpdate {
  id: string;
  kind: string;
  title: string;
  ownerId: string;
  status: ProcessStatus;
  total: number;
  done: number;
  message: string;
  failed: number;
  failures: ItemFailure[];
  sequence: number;
  at: Date;
}

/** One item a job could not handle (an import's file), and why. */
export interface ItemFailure {
  item: string;
  reason: string;
  message: string;
}

export function isFinal(status: ProcessStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** Validates an update as it arrives from an event; a malformed one is an InputError. */
export function validateUpdate(
  update: Omit<ProcessUpdate, 'sequence' | 'total' | 'done' | 'failed' | 'failures'> & {
    sequence: string;
    total: string;
    done: string;
    failed?: string;
    failures?: ItemFailure[];
  },
): ProcessUpdate {
  const sequence = Number(update.sequence);
  const total = Number(update.total);
  const done = Number(update.done);
  const failed = Number(update.failed ?? 0);
  const issues = [];
  if (!update.id) issues.push({ path: 'processId', message: 'must not be empty' });
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    issues.push({ path: 'sequence', message: 'must be a positive integer' });
  if (!Number.isSafeInteger(total) || total < 0)
    issues.push({ path: 'total', message: 'must be a non-negative integer' });
  if (!Number.isSafeInteger(done) || done < 0) issues.push({ path: 'done', message: 'must be a non-negative integer' });
  if (!Number.isSafeInteger(failed) || failed < 0)
    issues.push({ path: 'failed', message: 'must be a non-negative integer' });
  if (issues.length > 0) throw new InputError('invalid process update', issues);
  return { ...update, sequence, total, done, failed, failures: update.failures ?? [] };
}

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 100;

/** 0 means the default; larger than the maximum is coerced to the maximum. */
export function listLimitOf(requested: number): number {
  if (!Number.isInteger(requested) || requested < 0)
    throw new InputError('invalid limit', [{ path: 'limit', message: 'must be a non-negative integer' }]);
  return requested === 0 ? LIST_LIMIT_DEFAULT : Math.min(requested, LIST_LIMIT_MAX);
}
