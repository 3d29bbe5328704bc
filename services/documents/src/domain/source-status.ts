/** How a source's health is judged on /catalog-status. */
export type SourceHealth = 'healthy' | 'lagging' | 'failing' | 'idle';

export interface RunSummary {
  status: 'running' | 'succeeded' | 'failed' | 'interrupted';
  startedAt: Date;
  finishedAt?: Date;
  seen: number;
  failed: number;
}

/** A run older than this, or a newest filing older than this, makes a source "lagging". */
export const LAG_THRESHOLD_MS = 3 * 24 * 3_600_000;
/** More than this share of failed items over the recent runs makes a source "failing". */
export const FAILING_ERROR_RATE = 0.25;

export interface SourceHealthInput {
  /** Newest first. */
  runs: RunSummary[];
  lastFiledAt?: Date;
  now: Date;
}

export interface SourceHealthResult {
  status: SourceHealth;
  lastSuccessAt?: Date;
  lagMs?: number;
  errorRate: number;
}

/**
 * failing: the latest finished run failed, or too many items failed lately; lagging: no success
 * within the threshold, or nothing new filed within it; idle: never ingested; healthy otherwise.
 */
export function judgeSource(input: SourceHealthInput): SourceHealthResult {
  const { runs, lastFiledAt, now } = input;
  const seen = runs.reduce((sum, run) => sum + run.seen, 0);
  const failed = runs.reduce((sum, run) => sum + run.failed, 0);
  const errorRate = seen === 0 ? 0 : failed / seen;
  const lastSuccessAt = runs.find((run) => run.status === 'succeeded')?.finishedAt;
  const lagMs = lastFiledAt ? Math.max(0, now.getTime() - lastFiledAt.getTime()) : undefined;
  const latestFinished = runs.find((run) => run.status !== 'running');

  let status: SourceHealth;
  if (runs.length === 0) status = 'idle';
  else if (latestFinished?.status === 'failed' || errorRate > FAILING_ERROR_RATE) status = 'failing';
  else if (
    !lastSuccessAt ||
    now.getTime() - lastSuccessAt.getTime() > LAG_THRESHOLD_MS ||
    (lagMs ?? 0) > LAG_THRESHOLD_MS
  )
    status = 'lagging';
  else status = 'healthy';
  return { status, lastSuccessAt, lagMs, errorRate };
}
