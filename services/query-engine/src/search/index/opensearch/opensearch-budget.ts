import { errors } from '@opensearch-project/opensearch';
import type { TransportRequestOptions, TransportRequestPromise } from '@opensearch-project/opensearch/lib/Transport';
import { budgetSpentError, cancelledError, queryBudget, remainingMs, type QueryBudget } from '../query-budget';
import { DEFAULT_READ_BUDGET_MS } from '../search-backend';

/**
 * A read under its caller's budget, as the SQLite backend honours it: the node itself stops a search
 * when the budget is spent (`cancel_after_time_interval` cancels its task on every shard), the client
 * stops waiting then too, and a caller who goes away aborts the HTTP request, which makes the node
 * cancel the search task that request started. `searchEndpoint` says whether the request is a _search
 * (only those take cancel_after_time_interval).
 */
export async function withinBudget<T>(
  budget: QueryBudget | undefined,
  searchEndpoint: boolean,
  send: (options: TransportRequestOptions) => TransportRequestPromise<T>,
): Promise<T> {
  const granted = budget ?? queryBudget(DEFAULT_READ_BUDGET_MS);
  if (granted.signal?.aborted) throw cancelledError();
  const remaining = Math.floor(remainingMs(granted));
  if (remaining <= 0) throw budgetSpentError(granted);
  const request = send({
    requestTimeout: remaining,
    // A retry would spend the same budget again; the caller decides whether to ask once more.
    maxRetries: 0,
    // A shard cut short fails the whole search rather than answer with part of the matches.
    ...(searchEndpoint
      ? { querystring: { cancel_after_time_interval: `${remaining}ms`, allow_partial_search_results: false } }
      : {}),
  });
  const abort = () => request.abort();
  granted.signal?.addEventListener('abort', abort, { once: true });
  let response: T;
  try {
    response = await request;
  } catch (error) {
    if (granted.signal?.aborted) throw cancelledError();
    if (error instanceof errors.TimeoutError || isTaskCancelled(error) || remainingMs(granted) <= 0)
      throw budgetSpentError(granted);
    throw error;
  } finally {
    granted.signal?.removeEventListener('abort', abort);
  }
  // An answer that came after the budget is late, as one the node stopped would be: a busy event
  // loop can read the response before the client's timer for it has fired.
  if (remainingMs(granted) <= 0) throw budgetSpentError(granted);
  return response;
}

/** The node cancelled the search (its cancel_after_time_interval ran out): a 4xx/5xx naming the cancellation. */
function isTaskCancelled(error: unknown): boolean {
  if (!(error instanceof errors.ResponseError)) return false;
  return /task_cancelled|TaskCancelledException|cancelled/i.test(JSON.stringify(error.body ?? error.message));
}
