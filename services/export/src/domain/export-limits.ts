import { ConflictError } from '@docket/errors';

export interface ExportLimits {
  maxConcurrent: number;
  maxStored: number;
}

export interface ExportUsage {
  /** Queued or running. */
  running: number;
  /** Succeeded and not expired: files kept for the user. */
  stored: number;
}

/** Refuses a new (or retried) export past either per-user limit, saying which and how to get under it. */
export function checkLimits(usage: ExportUsage, limits: ExportLimits): void {
  if (usage.running >= limits.maxConcurrent) {
    throw new ConflictError(
      `you already have ${usage.running} exports running (the limit is ${limits.maxConcurrent}): ` +
        `wait for one to finish or cancel one`,
    );
  }
  if (usage.stored >= limits.maxStored) {
    throw new ConflictError(
      `you already keep ${usage.stored} exported files (the limit is ${limits.maxStored}): ` +
        `delete one or wait for one to expire`,
    );
  }
}
