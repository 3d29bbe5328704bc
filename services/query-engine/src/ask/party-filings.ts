import type { QueryNode } from '@docket/query-language';
import type { AnalysedDocument } from '../domain/analysis';
import { emptySearchFilters, restrictQuery, type SearchFilters } from '../domain/search-filters';
import type { QueryBudget, SearchBackend } from '../search';

/** The party's latest filings looked at: enough to reach back over its last few proceedings. */
const RECENT_FILINGS = 60;
/** An application states what it asks for in its opening paragraphs. */
const OPENING_CHARS = 4_000;

/**
 * The filings of or naming a party, newest first, within the filters in force (and, for each year the
 * question names, that year's too): they bring in its proceedings the question's retrieval missed (a
 * company's new case has few filings beside its old one's many), and tell its own cases from those
 * it joined. One or two listings and one read of their openings.
 */
export async function partyFilingsOf(
  index: SearchBackend,
  party: string,
  filters: SearchFilters,
  years: readonly number[],
  budget: () => QueryBudget,
): Promise<AnalysedDocument[]> {
  // Its own filings, and those naming it (its cases' captions, where imported files name no parties).
  const naming: QueryNode = {
    kind: 'or',
    children: [
      { kind: 'field', field: 'party', value: party },
      { kind: 'phrase', value: party },
    ],
  };
  const listing = (extra: SearchFilters) =>
    index.search(
      { query: restrictQuery(naming, filters, extra), sort: 'filed_newest', limit: RECENT_FILINGS, facets: false },
      budget(),
    );
  const inYears =
    years.length > 0
      ? [{ ...emptySearchFilters(), filedFrom: `${Math.min(...years)}-01-01`, filedTo: `${Math.max(...years)}-12-31` }]
      : [];
  const results = await Promise.all([emptySearchFilters(), ...inYears].map(listing));
  const ids = [...new Set(results.flatMap((result) => result.hits.map((hit) => hit.documentId)))];
  return ids.length === 0 ? [] : index.fetch(ids, budget(), { textChars: OPENING_CHARS });
}
