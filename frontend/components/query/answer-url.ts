// An answer's own address: the workspace's question page with `?answer=<queryId>`. It is put in the
// address bar as soon as the answer starts, so reload, Back and sharing show the stored answer. Pure.

export const ANSWER_PARAM = 'answer';

export function answerHref(workspaceId: string, queryId: string): string {
  return `/workspaces/${encodeURIComponent(workspaceId)}/query?${ANSWER_PARAM}=${encodeURIComponent(queryId)}`;
}

/** `?answer=` of the question page, if it names one. */
export function answerIdOf(value: string | string[] | null | undefined): string {
  const id = ((Array.isArray(value) ? value[0] : value) ?? '').trim();
  return id.length <= 200 ? id : '';
}

/** How long to wait before asking again for an answer still being written: 0.5 s, growing to 3 s. */
export function pendingAnswerDelay(attempt: number): number {
  return Math.min(500 + attempt * 250, 3000);
}

/** How many times to ask (about two minutes in all) before saying the answer was not saved. */
export const PENDING_ANSWER_ATTEMPTS = 45;
