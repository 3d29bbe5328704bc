import type { AnalysedDocument } from '../domain/analysis';
import { emptySearchFilters, filtersToQuery, restrictQuery, type SearchFilters } from '../domain/search-filters';
import type { QueryBudget } from '../index/query-budget';
import type { SearchBackend } from '../index/search-backend';

/** A company's rate cases over the years: more than this many are not told apart by a question. */
const APPLICATIONS = 20;
/** An application states what it asks for in its opening paragraphs. */
const OPENING_CHARS = 4_000;

/**
 * The applications a party filed or is named in, newest first, within the filters in force: its
 * proceedings, including those the question's retrieval missed (a company's new case has few filings
 * beside its old one's many). One listing and one read of their openings.
 */
export async function partyApplicationsOf(
  index: SearchBackend, party: string, filters: SearchFilters, budget: () => QueryBudget,
): Promise<AnalysedDocument[]> {
  const own = { ...emptySearchFilters(), parties: [party], filingTypes: ['Application'] };
  const { hits } = await index.search({ query: restrictQuery(filtersToQuery(own), filters), sort: 'filed_newest', limit: APPLICATIONS, facets: false }, budget());
  if (hits.length === 0) return [];
  return index.fetch(hits.map((hit) => hit.documentId), budget(), { textChars: OPENING_CHARS });
}
