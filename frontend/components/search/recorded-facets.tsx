import type { WorkspaceRequest } from '@/lib/query-types';
import styles from './recorded-facets.module.css';
import { FacetsPanel } from './search-filters';
import type { SearchSort, SearchState } from './search-params';

const SORTS: Record<WorkspaceRequest['sort'], SearchSort> = {
  relevance: 'relevance',
  filed_newest: 'newest',
  filed_oldest: 'oldest',
};

/** The search a log entry ran, as the search page's state (its filters as the user's own). */
export function loggedSearchState(request: WorkspaceRequest): SearchState {
  const f = request.filters;
  return {
    q: request.text,
    filters: {
      agencies: f.agencies,
      filingTypes: f.filingTypes,
      dockets: f.dockets,
      parties: f.parties,
      from: f.filedFrom ?? '',
      to: f.filedTo ?? '',
    },
    sort: SORTS[request.sort],
    own: true,
  };
}

/**
 * A logged search's facets as they were counted when it ran (the search page's own panel, laid out
 * across); each value opens the search again, narrowed by it. Nothing for a question or a search
 * logged without facets.
 */
export function RecordedFacets({ workspaceId, request }: { workspaceId: string; request: WorkspaceRequest }) {
  if (request.kind !== 'search' || request.facets.length === 0) return null;
  return (
    <details className={styles.recorded} open data-testid="recorded-facets">
      <summary className={styles.summary}>Facets of this search, as counted when it ran</summary>
      <FacetsPanel
        workspaceId={workspaceId}
        state={loggedSearchState(request)}
        facets={request.facets}
        counted={request.resultCount}
        totalIsLowerBound={request.resultCountIsLowerBound}
      />
    </details>
  );
}
