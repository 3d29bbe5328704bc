import type { ServerUnaryCall } from '@grpc/grpc-js';
import { queryBudget, type QueryBudget } from './index/query-budget';

/**
 * The budget of the work a call asks for: the service's own time budget, cut short by the caller's
 * gRPC deadline, and aborted when the caller cancels (the BFF cancels when its HTTP client goes away,
 * grpc-js cancels when the deadline passes), so abandoned searches stop instead of running on;
 * `caller` (the user) keeps one user's searches from taking every search thread.
 */
export function callBudget(
  call: Pick<ServerUnaryCall<unknown, unknown>, 'getDeadline' | 'on' | 'cancelled'>,
  budgetMs: number,
  caller: string | undefined,
): QueryBudget {
  const cancelled = new AbortController();
  if (call.cancelled) cancelled.abort();
  else call.on('cancelled', () => cancelled.abort());
  return queryBudget(budgetMs, { callerDeadline: deadlineMs(call.getDeadline()), signal: cancelled.signal, caller });
}

function deadlineMs(deadline: Date | number): number {
  return deadline instanceof Date ? deadline.getTime() : deadline;
}
