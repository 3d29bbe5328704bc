import { once } from 'node:events';
import type { ServerWritableStream } from '@grpc/grpc-js';
import type { SearchSort, StreamSearchRequest, StreamSearchResponse } from '@docket/proto/src/search';
import type { SearchSortOrder } from '../domain/search-request';
import { queryBudget } from './index/query-budget';
import type { SearchStreamService } from './search-stream.service';

/**
 * SearchService.StreamSearch: writes batch after batch, waiting for 'drain' when the caller reads
 * slower than the index (so only one batch is held), and stops reading the index when the caller
 * cancels. Each batch gets the service's per-search budget, never the whole stream.
 */
export async function streamSearchCall(
  call: ServerWritableStream<StreamSearchRequest, StreamSearchResponse>,
  stream: SearchStreamService,
  options: { budgetMs: number; sortOf: (sort: SearchSort) => SearchSortOrder },
): Promise<void> {
  const request = call.request;
  const cancelled = new AbortController();
  if (call.cancelled) cancelled.abort();
  else call.on('cancelled', () => cancelled.abort());
  const caller = request.userId.trim() || undefined;
  const batches = stream.batches(
    {
      query: request.query,
      filters: request.filters,
      sort: options.sortOf(request.sort),
      cursor: request.cursor,
      batchSize: request.batchSize,
      maxHits: Number(request.maxHits),
      workspaceId: request.workspaceId,
      userId: request.userId,
    },
    () => queryBudget(options.budgetMs, { signal: cancelled.signal, caller }),
    cancelled.signal,
  );

  for await (const batch of batches) {
    if (cancelled.signal.aborted) return;
    const flowing = call.write({
      hits: batch.hits,
      nextCursor: batch.nextCursor ?? '',
      total: String(batch.total),
      totalIsLowerBound: batch.totalIsLowerBound,
    });
    if (!flowing) await Promise.race([once(call, 'drain'), once(cancelled.signal, 'abort')]);
  }
}
