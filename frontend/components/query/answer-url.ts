// An answer's own address: the workspace's question page with `?answer=<queryId>`. It is put in the
// address bar as soon as the answer starts, so reload, Back and Forward and sharing show the answer:
// stored, or followed from its start while it is still being written. Pure.

export const ANSWER_PARAM = 'answer';

export function answerHref(workspaceId: string, queryId: string): string {
  return `/workspaces/${encodeURIComponent(workspaceId)}/query?${ANSWER_PARAM}=${encodeURIComponent(queryId)}`;
}

/** The longest id the BFF takes for a query. */
const ANSWER_ID_MAX = 200;

function firstValue(value: string | string[] | null | undefined): string {
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

/** `?answer=` of the question page, if it names an id an answer could have ('' otherwise). */
export function answerIdOf(value: string | string[] | null | undefined): string {
  const id = firstValue(value);
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return id.length <= ANSWER_ID_MAX && !/[\u0000-\u001f\u007f]/.test(id) ? id : '';
}

/** `?answer=` is there but names nothing an answer could have: "not found" at once, without asking. */
export function answerIdIsMalformed(value: string | string[] | null | undefined): boolean {
  return firstValue(value) !== '' && answerIdOf(value) === '';
}
