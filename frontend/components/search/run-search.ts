import { toApiError } from '@/lib/api-error';
import { searchWorkspace } from '@/lib/bff.server';
import { apiParams, type SearchState } from './search-params';
import type { SearchPage } from './types';

/**
 * The first page of a search page's results, with facets (inside the workspace, or across every
 * filing for ''). A refused query comes back as the message and the field at fault, for the page to show.
 */
export async function runSearch(
  workspaceId: string,
  state: SearchState,
  pageSize: number,
): Promise<{ page: SearchPage | null; failure: { message: string; field: string | null } | null }> {
  const result = await searchWorkspace(apiParams(workspaceId, state, { facets: 'true', limit: String(pageSize) }));
  if (result.ok) return { page: result.body, failure: null };
  const error = toApiError(result.status, result.body);
  const [issue] = error.issues;
  return { page: null, failure: { message: issue?.message ?? error.message, field: issue?.path ?? null } };
}
