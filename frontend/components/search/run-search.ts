import { toApiError } from '@/lib/api-error';
import { searchAndLog, searchWorkspace, type Outcome } from '@/lib/bff.server';
import type { SearchPage } from '@/lib/search-types';
import { apiParams, recordBody, type SearchState } from './search-params';

type SearchOutcome = { page: SearchPage | null; failure: { message: string; field: string | null } | null };

/**
 * The first page of a search page's results, with facets (inside the workspace, or across every
 * filing for ''): a read, nothing logged. A refused query comes back as the message and the field at
 * fault, for the page to show.
 */
export async function runSearch(workspaceId: string, state: SearchState, pageSize: number): Promise<SearchOutcome> {
  return shown(await searchWorkspace(apiParams(workspaceId, state, { facets: 'true', limit: String(pageSize) })));
}

/**
 * The same first page, run and added to the workspace's log in the one request that serves it; its
 * `requestId` names the entry.
 */
export async function runLoggedSearch(
  workspaceId: string,
  state: SearchState,
  pageSize: number,
): Promise<SearchOutcome> {
  return shown(await searchAndLog(recordBody(workspaceId, state, pageSize)));
}

function shown(result: Outcome<SearchPage>): SearchOutcome {
  if (result.ok) return { page: result.body, failure: null };
  const error = toApiError(result.status, result.body);
  const [issue] = error.issues;
  return { page: null, failure: { message: issue?.message ?? error.message, field: issue?.path ?? null } };
}
