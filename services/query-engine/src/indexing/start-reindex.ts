import { UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { newProcessId } from '@docket/processes';
import { REINDEX_KIND, REINDEX_TITLE, type ProcessUpdates } from '../domain/process-update';

export interface ReindexJobs {
  enqueue(job: { processId: string; requestedBy: string }): Promise<void>;
}

export interface ReindexStarter {
  processes: ProcessUpdates;
  jobs: ReindexJobs;
  logger: Logger;
}

/**
 * Starts a re-index as a process: published as queued first (so the tracker knows it before the
 * worker reports on it), then queued. `ownerId` decides who may see it besides administrators
 * (empty: administrators only, as for the re-index the service starts itself).
 */
export async function startReindex(
  deps: ReindexStarter,
  request: { ownerId: string; requestedBy: string },
): Promise<string> {
  const processId = newProcessId();
  const process = { processId, kind: REINDEX_KIND, title: REINDEX_TITLE, ownerId: request.ownerId, total: 0, done: 0 };
  await deps.processes.publish({ ...process, status: 'queued', message: '' });
  try {
    await deps.jobs.enqueue({ processId, requestedBy: request.requestedBy });
  } catch (error) {
    // Do not leave a process that stays "queued" forever.
    await deps.processes
      .publish({ ...process, status: 'failed', message: 'could not queue the job' })
      .catch(() => undefined);
    throw new UnavailableError('the job queue is unavailable; try again', { cause: error });
  }
  deps.logger.info({ processId, requestedBy: request.requestedBy }, 're-index queued');
  return processId;
}
