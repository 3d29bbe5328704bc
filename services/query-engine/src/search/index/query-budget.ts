import { InputError, UnavailableError } from '@docket/errors';

/**
 * How long one search or question may work, and whether its caller still waits. The gRPC handler
 * makes it from the service's time budget and the caller's deadline (the earlier wins) and the
 * call's cancellation; the index stops its work when either ends (see search-threads/).
 */
export interface QueryBudget {
  /** Epoch milliseconds by which the work must end. */
  deadline: number;
  /** The budget as granted, for the message that says it was spent. */
  grantedMs: number;
  /** Aborted when the caller has gone (a cancelled or expired gRPC call). */
  signal?: AbortSignal | undefined;
  /**
   * Who asks (a user id): one caller's searches never take every search thread at once, so a user
   * running costly queries cannot hold up the others (see SearchThreads).
   */
  caller?: string | undefined;
  /**
   * Background work nobody waits for (the vector indexer reading texts to embed): it runs only when no
   * user's read is queued, and never on the last free search thread (see SearchThreads).
   */
  background?: boolean | undefined;
}

/** A budget of `budgetMs` from now, cut short by the caller's own deadline if that comes first. */
export function queryBudget(
  budgetMs: number,
  options: {
    callerDeadline?: number | undefined;
    signal?: AbortSignal | undefined;
    caller?: string | undefined;
    background?: boolean | undefined;
  } = {},
): QueryBudget {
  const now = Date.now();
  const ownDeadline = now + budgetMs;
  const callerDeadline =
    options.callerDeadline !== undefined && Number.isFinite(options.callerDeadline) ? options.callerDeadline : Infinity;
  const deadline = Math.min(ownDeadline, callerDeadline);
  return {
    deadline,
    grantedMs: Math.max(0, Math.round(deadline - now)),
    signal: options.signal,
    caller: options.caller,
    background: options.background,
  };
}

export function remainingMs(budget: QueryBudget): number {
  return budget.deadline - Date.now();
}

/**
 * The work did not finish within its budget: the query is too costly for this index as it stands.
 * A client error (400): the same query would cost as much again; a narrower one will not.
 */
export function budgetSpentError(budget: QueryBudget): InputError {
  const message =
    `the search index needed more than this request's time budget of ${formatMs(budget.grantedMs)} and stopped; ` +
    'narrow the query: fewer OR alternatives or prefixes, more words, a filter or a date range';
  return new InputError(message, [{ path: 'query', message }]);
}

/** The caller went away (cancelled, or its own deadline passed): nobody reads the answer. */
export function cancelledError(): UnavailableError {
  return new UnavailableError('the search was stopped: its caller cancelled it or stopped waiting');
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s` : `${ms} ms`;
}
