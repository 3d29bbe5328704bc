import { docketCandidatesIn } from '../domain/named-dockets';
import {
  emptySearchFilters,
  filtersToQuery,
  hasSearchFilters,
  restrictQuery,
  type SearchFilters,
} from '../domain/search-filters';
import type { QueryBudget, SearchBackend } from '../search';

export interface WidenedScope {
  /** The named docket alone, at its source. */
  filters: SearchFilters;
  /** Said with the answer: which docket, and that the filters in force leave it out. */
  notice: string;
}

/**
 * A docket the question names that the filters in force leave out (a workspace's default filter for
 * another agency, say). The question is then asked of that docket, not silently of another one, and
 * the answer says so. Undefined when the question names no docket the index holds, or the filters
 * hold it already.
 */
export async function widenToNamedDocket(
  index: SearchBackend,
  question: string,
  filters: SearchFilters,
  budget: () => QueryBudget,
): Promise<WidenedScope | undefined> {
  if (!hasSearchFilters(filters)) return undefined;
  for (const candidate of docketCandidatesIn(question)) {
    const named = { ...emptySearchFilters(), dockets: [candidate] };
    const anywhere = (
      await index.search({ query: filtersToQuery(named), sort: 'filed_newest', limit: 1, facets: false }, budget())
    ).hits[0];
    if (!anywhere) continue;
    const inside = await index.search(
      { query: restrictQuery(filtersToQuery(filters), named), sort: 'filed_newest', limit: 1, facets: false },
      budget(),
    );
    if (inside.hits.length > 0) return undefined;
    const where = anywhere.sourceName ? ` (${anywhere.sourceName})` : '';
    return {
      filters: {
        ...emptySearchFilters(),
        dockets: [anywhere.docketNumber],
        agencies: anywhere.sourceId ? [anywhere.sourceId] : [],
      },
      notice:
        `Docket ${anywhere.docketNumber}${where} is outside the filters in force (${describeFilters(filters)}); ` +
        'this answer reads its filings all the same.',
    };
  }
  return undefined;
}

/** "agency: ferc; type: Order", as a reader would recognise the filter. */
function describeFilters(filters: SearchFilters): string {
  const parts = [
    filters.agencies.length ? `agency: ${filters.agencies.join(', ')}` : '',
    filters.filingTypes.length ? `type: ${filters.filingTypes.join(', ')}` : '',
    filters.dockets.length ? `docket: ${filters.dockets.join(', ')}` : '',
    filters.parties.length ? `party: ${filters.parties.join(', ')}` : '',
    filters.filedFrom || filters.filedTo ? `filed ${filters.filedFrom || '…'} to ${filters.filedTo || '…'}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}
