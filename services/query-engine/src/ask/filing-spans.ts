import type { FilingSpan } from '../domain/analysis';
import { emptySearchFilters, filtersToQuery } from '../domain/search-filters';
import type { QueryBudget, SearchBackend } from '../search';

/**
 * The first and last filing day (epoch ms) in the index of each proceeding given: which of a
 * company's proceedings is current, or opened in a given year, is told by all their filings, not by
 * the few at hand (two small listings each, run together).
 */
export async function filingSpansOf(
  index: SearchBackend,
  proceedings: ReadonlyArray<{ key: string; sourceId: string; docketNumber: string }>,
  budget: () => QueryBudget,
): Promise<Map<string, FilingSpan>> {
  const entries = await Promise.all(
    proceedings.map(async ({ key, sourceId, docketNumber }) => {
      const query = filtersToQuery({
        ...emptySearchFilters(),
        dockets: [docketNumber],
        agencies: sourceId ? [sourceId] : [],
      });
      const edge = async (sort: 'filed_newest' | 'filed_oldest') => {
        const hit = (await index.search({ query, sort, limit: 1, facets: false }, budget())).hits[0];
        return hit?.filedAt ? new Date(hit.filedAt).getTime() : 0;
      };
      const [firstMs, lastMs] = await Promise.all([edge('filed_oldest'), edge('filed_newest')]);
      return [key, { firstMs, lastMs }] as const;
    }),
  );
  return new Map(entries);
}
