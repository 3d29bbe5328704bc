import { emptySearchFilters, filtersToQuery } from '../domain/search-filters';
import type { QueryBudget } from '../index/query-budget';
import type { SearchBackend } from '../index/search-backend';

/**
 * The latest filing day (epoch ms) in the index of each proceeding given: which of a company's
 * proceedings is its current one is told by all their filings, not by the few retrieved (one small
 * listing each, run together).
 */
export async function latestFilingsOf(
  index: SearchBackend, proceedings: ReadonlyArray<{ key: string; sourceId: string; docketNumber: string }>, budget: () => QueryBudget,
): Promise<Map<string, number>> {
  const entries = await Promise.all(proceedings.map(async ({ key, sourceId, docketNumber }) => {
    const filters = { ...emptySearchFilters(), dockets: [docketNumber], agencies: sourceId ? [sourceId] : [] };
    const newest = (await index.search({ query: filtersToQuery(filters), sort: 'filed_newest', limit: 1, facets: false }, budget())).hits[0];
    return [key, newest?.filedAt ? new Date(newest.filedAt).getTime() : 0] as const;
  }));
  return new Map(entries);
}
