import { foldedWords } from '@docket/query-language';
import { JOINS_A_PROCEEDING, type AnswerScope, type QuestionIntent } from '../domain/analysis';
import type { IndexedDocument, SearchHit } from '../domain/indexed-document';
import { emptySearchFilters, filtersToQuery, type SearchFilters } from '../domain/search-filters';
import type { QueryBudget, SearchBackend } from '../search';

/** How many of a proceeding's filings are listed to choose from (newest first). */
const LISTING = 600;

/** How many of the filings of a party whose position is asked are read (newest first). */
const PARTY_FILINGS = 12;

/** Which filings each kind of question reads, and how many of each (newest first unless said). */
const READS: Record<
  QuestionIntent['kind'],
  Array<{ categories: string[]; limit: number; oldest?: boolean; title?: RegExp }>
> = {
  amount: [
    { categories: ['application'], limit: 3, oldest: true },
    { categories: ['testimony', 'brief'], limit: 6, oldest: true },
    { categories: ['testimony', 'brief', 'comment', 'stipulation', 'motion'], limit: 40 },
    { categories: ['decision', 'order'], limit: 12 },
  ],
  date: [
    { categories: ['order', 'notice'], limit: 40 },
    { categories: ['decision'], limit: 3 },
    // Parties restate the schedule in force ("will not delay the hearing set for March 20").
    { categories: ['motion', 'testimony', 'brief', 'comment'], limit: 20 },
  ],
  parties: [
    { categories: ['application'], limit: 2, oldest: true },
    { categories: ['motion'], limit: 60, title: /interven/i },
    { categories: ['order', 'decision'], limit: 40 },
  ],
  position: [{ categories: ['testimony', 'brief', 'comment', 'motion', 'application', 'stipulation'], limit: 40 }],
  outcome: [{ categories: ['decision'], limit: 4 }],
  general: [],
};

/** The filters that hold a search to one proceeding: its docket at its source. */
export function proceedingFilters(scope: AnswerScope): SearchFilters {
  return { ...emptySearchFilters(), dockets: [scope.docketNumber], agencies: scope.sourceId ? [scope.sourceId] : [] };
}

/**
 * The filings of one proceeding that its record's facts come from, for the kind of question asked
 * (applications for what was requested, orders and notices for the schedule, petitions and orders
 * for the parties, decisions for the outcome), plus its first application, which names it.
 */
export async function readProceeding(
  index: SearchBackend,
  scope: AnswerScope,
  intent: QuestionIntent,
  budget?: QueryBudget,
): Promise<IndexedDocument[]> {
  const listing = await index.search(
    { query: filtersToQuery(proceedingFilters(scope)), sort: 'filed_newest', limit: LISTING, facets: false },
    budget,
  );
  const chosen = new Set<string>();
  const firstApplication = oldestOf(
    listing.hits.filter(
      (hit) => hit.filingCategory.toLowerCase() === 'application' && !JOINS_A_PROCEEDING.test(hit.title),
    ),
  )[0];
  if (firstApplication) chosen.add(firstApplication.documentId);
  for (const read of READS[intent.kind]) {
    let hits = listing.hits.filter(
      (hit) =>
        read.categories.includes(hit.filingCategory.toLowerCase()) && (!read.title || read.title.test(hit.title)),
    );
    if (read.oldest) hits = oldestOf(hits);
    for (const hit of hits.slice(0, read.limit)) chosen.add(hit.documentId);
  }
  // The party asked about speaks in its own filings, whatever their age ("Comments of Staff on …").
  const speaker = intent.kind === 'position' ? foldedWords(intent.party).join(' ') : '';
  if (speaker !== '') {
    const own = listing.hits.filter((hit) => ` ${foldedWords(hit.title).join(' ')} `.includes(` ${speaker} `));
    for (const hit of own.slice(0, PARTY_FILINGS)) chosen.add(hit.documentId);
  }
  return chosen.size > 0 ? index.fetch([...chosen], budget) : [];
}

function oldestOf(hits: readonly SearchHit[]): SearchHit[] {
  return [...hits].sort((a, b) => (a.filedAt?.getTime() ?? Infinity) - (b.filedAt?.getTime() ?? Infinity));
}
