import { InputError } from '@docket/errors';
import { MAX_REPORTED_FAILURES, newProcessId, type ProcessUpdates } from '@docket/processes';
import type { PublishOutcome } from './release.publisher';

export const PUBLISH_RELEASE_KIND = 'data-product-release';

/**
 * Publishing a release as a process its publisher (and administrators) follow at /processes/{id}:
 * running while the file is checked and compared, then what came of it — the change summary, or
 * each refused row by line and column. A process update that cannot be sent never fails the publish.
 */
export async function publishAsProcess(
  processes: ProcessUpdates,
  request: { productId: string; version?: string | undefined; publishedBy: string },
  publish: () => Promise<PublishOutcome>,
): Promise<PublishOutcome & { processId: string }> {
  const processId = newProcessId();
  const base = {
    processId,
    kind: PUBLISH_RELEASE_KIND,
    title: `Publish ${request.version ? `release ${request.version}` : 'a release'} of ${request.productId}`,
    ownerId: request.publishedBy,
  };
  const tell = (update: Omit<Parameters<ProcessUpdates['publish']>[0], keyof typeof base>) =>
    processes.publish({ ...base, ...update }).catch(() => undefined);
  await tell({ status: 'running', total: 0, done: 0, message: 'checking the file against the schema' });
  try {
    const outcome = await publish();
    const { release } = outcome;
    await tell({
      status: 'succeeded',
      total: release.rows,
      done: release.rows,
      message:
        outcome.outcome === 'unchanged'
          ? `the same file was published before as release ${release.version}: nothing new`
          : `release ${release.version}: ${release.rows} rows; ${release.changeLog?.summary ?? 'the first release'}`,
    });
    return { ...outcome, processId };
  } catch (error) {
    const issues = error instanceof InputError ? error.issues : [];
    await tell({
      status: 'failed',
      total: 0,
      done: 0,
      message: (error as Error).message,
      failed: issues.length,
      failures: issues
        .slice(0, MAX_REPORTED_FAILURES)
        .map((issue) => ({ item: issue.path, reason: 'invalid', message: issue.message })),
    });
    throw error;
  }
}
