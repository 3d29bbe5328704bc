import { proceedingKey } from '../domain/analysis/proceeding/answer-scope';
import type { IndexedDocument } from '../domain/indexed-document';
import { emptySearchFilters, filtersToQuery } from '../domain/search-filters';
import type { QueryBudget } from '../index/query-budget';
import type { SearchBackend } from '../index/search-backend';

/** How many of the best documents' proceedings are looked up: those a record question may be about. */
const LOOKED_UP = 40;

/**
 * The latest filing day (epoch ms) in the index of each proceeding among the best documents: which
 * of a company's proceedings is its current one is told by all their filings, not by the few
 * retrieved (one small listing each, run together).
 */
export async function latestFilingsOf(
  index: SearchBackend, ranked: ReadonlyArray<{ document: IndexedDocument }>, budget: () => QueryBudget,
): Promise<Map<string, number>> {
  const proceedings = new Map<string, { sourceId: string; docketNumber: string }>();
  for (const { document } of ranked.slice(0, LOOKED_UP)) {
    if (document.docketNumber) proceedings.set(proceedingKey(document.sourceId, document.docketNumber), { sourceId: document.sourceId, docketNumber: document.docketNumber });
  }
  const entries = await Promise.all([...proceedings].map(async ([key, { sourceId, docketNumber }]) => {
    const filters = { ...emptySearchFilters(), dockets: [docketNumber], agencies: sourceId ? [sourceId] : [] };
    const newest = (await index.search({ query: filtersToQuery(filters), sort: 'filed_newest', limit: 1, facets: false }, budget())).hits[0];
    return [key, newest?.filedAt ? new Date(newest.filedAt).getTime() : 0] as const;
  }));
  return new Map(entries);
}
