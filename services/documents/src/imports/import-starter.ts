import path from 'node:path';
import { InputError } from '@docket/errors';
import { newProcessId, type ProcessUpdates } from '@docket/processes';
import { KNOWN_SOURCES_LISTED, UnknownSourceError, UPLOADS_SOURCE } from '../domain/known-sources';
import type { IngestionRunRepository } from '../store/ingestion-run.repository';
import type { SourceRepository } from '../store/source.repository';
import { listFiles } from './file-import.service';
import { IMPORT_KIND, type ImportQueue } from './import.queue';

/** Validates an import request, records its run and process, and queues the job. */
export class ImportStarter {
  constructor(
    private readonly deps: {
      queue: ImportQueue;
      runs: IngestionRunRepository;
      sources: SourceRepository;
      processes: ProcessUpdates;
    },
  ) {}

  async start(
    requestedPath: string,
    requestedSource: string,
    requestedBy: string,
  ): Promise<{ processId: string; runId: string }> {
    if (!path.isAbsolute(requestedPath))
      throw new InputError('invalid import', [{ path: 'path', message: 'must be an absolute directory path' }]);
    const root = path.resolve(requestedPath);
    const sourceId = requestedSource || UPLOADS_SOURCE.id;
    // Before the directory is walked (a large one takes a while): the built-in uploads source is defined by
    // the first file filed under it when it is missing.
    if (sourceId !== UPLOADS_SOURCE.id && !(await this.deps.sources.find(sourceId))) {
      throw new UnknownSourceError(sourceId, 'sourceId', await this.deps.sources.ids(KNOWN_SOURCES_LISTED));
    }
    await listFiles(root); // fails now, with a clear message, if it is not a readable directory
    const processId = newProcessId();
    const run = await this.deps.runs.start({ sourceId, connector: 'files', processId, target: root });
    await this.deps.processes.publish({
      processId,
      kind: IMPORT_KIND,
      title: `Import ${root}`,
      ownerId: requestedBy,
      status: 'queued',
      done: 0,
      total: 0,
      message: '',
    });
    await this.deps.queue.enqueue({ processId, runId: run.id, path: root, sourceId, requestedBy });
    return { processId, runId: run.id };
  }
}
