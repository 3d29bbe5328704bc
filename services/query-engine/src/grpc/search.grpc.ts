import { randomUUID } from 'node:crypto';
import { InputError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { unary, type GrpcServiceBinding } from '@docket/service-kit';
import {
  SearchServiceService,
  type GetIndexStatsRequest, type GetIndexStatsResponse, type SearchRequest, type SearchResponse,
  type StartReindexRequest, type StartReindexResponse,
} from '@docket/proto/src/gen/research/query_engine/v1/search';
import { validateSearchRequest } from '../domain/search-request';
import { REINDEX_KIND, REINDEX_TITLE, type ProcessUpdates } from '../domain/process-update';
import type { SearchBackend } from '../index/search-backend';

/** Where a re-index job goes once its process exists (the BullMQ queue in production). */
export interface ReindexJobs {
  enqueue(job: { processId: string; requestedBy: string }): Promise<void>;
}

/** research.query_engine.v1.SearchService */
export function searchServiceBinding(deps: {
  index: SearchBackend;
  processes: ProcessUpdates;
  jobs: ReindexJobs;
  logger: Logger;
}): GrpcServiceBinding {
  const { index, processes, jobs, logger } = deps;
  return {
    definition: SearchServiceService,
    implementation: {
      search: unary<SearchRequest, SearchResponse>(logger, async (request) => {
        const started = performance.now();
        const query = validateSearchRequest(request);
        const result = await index.search(query);
        return {
          hits: result.hits.map((hit) => ({ ...hit, sourceName: '', filingCategory: '', parties: [], titleHtml: '' })),
          total: String(result.total),
          tookMs: Math.round((performance.now() - started) * 1000) / 1000,
          facets: [],
          nextCursor: '',
          requestId: '',
          normalizedQuery: '',
        };
      }),

      startReindex: unary<StartReindexRequest, StartReindexResponse>(logger, async (request) => {
        // The owner decides who may see the process; an ownerless one would be visible to admins only.
        if (!request.requestedBy.trim()) throw new InputError('who requested the re-index is required', [{ path: 'requested_by', message: 'must not be empty' }]);
        const processId = randomUUID();
        const process = { processId, kind: REINDEX_KIND, title: REINDEX_TITLE, ownerId: request.requestedBy, total: 0, done: 0 };
        // Queued first, so the process exists for the tracker before the worker can report on it.
        await processes.publish({ ...process, status: 'queued', message: '' });
        try {
          await jobs.enqueue({ processId, requestedBy: request.requestedBy });
        } catch (error) {
          // Do not leave a process that stays "queued" forever.
          await processes.publish({ ...process, status: 'failed', message: 'could not queue the job' }).catch(() => undefined);
          throw new UnavailableError('the job queue is unavailable; try again', { cause: error });
        }
        logger.info({ processId, requestedBy: request.requestedBy }, 're-index queued');
        return { processId };
      }),

      getIndexStats: unary<GetIndexStatsRequest, GetIndexStatsResponse>(logger, async () => ({
        documents: String(await index.count()),
      })),
    },
  };
}
