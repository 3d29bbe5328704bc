import type { ProceedingFilings } from '../domain/data-products/rate-case-row';
import type { IndexedDocument } from '../domain/indexed-document';
import { emptySearchFilters, filtersToQuery } from '../domain/search-filters';
import { DEFAULT_READ_BUDGET_MS, queryBudget, type QueryBudget, type SearchBackend } from '../search';

/** A proceeding of the index: its source and docket. */
export interface ProceedingRef {
  sourceId: string;
  sourceName: string;
  docketNumber: string;
}

const PAGE = 500;
/** A proceeding's filings read for its rows; the busiest dockets of the corpus have a few hundred. */
const MAX_FILINGS = 2_000;

/**
 * Reads the index proceeding by proceeding, as background work (a user's search goes first): which
 * proceedings have filings filed by a day, and each one's filings with their text.
 */
export class ProceedingFilingsReader {
  constructor(private readonly index: SearchBackend) {}

  /** The day of the newest filing in the index ('' when it is empty). */
  async newestFilingDay(): Promise<string> {
    const result = await this.index.search(
      { query: filtersToQuery(emptySearchFilters()), sort: 'filed_newest', limit: 1, facets: false },
      this.budget(),
    );
    return result.hits[0]?.filedAt?.toISOString().slice(0, 10) ?? '';
  }

  /** Every proceeding with a filing filed by the end of `upTo`, in the order of their first filing. */
  async proceedings(upTo: string): Promise<ProceedingRef[]> {
    const query = filtersToQuery({ ...emptySearchFilters(), filedTo: upTo });
    const seen = new Map<string, ProceedingRef>();
    let cursor: string | undefined;
    do {
      const page = await this.index.search(
        { query, sort: 'filed_oldest', limit: PAGE, cursor, facets: false },
        this.budget(),
      );
      for (const hit of page.hits) {
        if (hit.docketNumber === '') continue;
        const key = `${hit.sourceId}\u001f${hit.docketNumber}`;
        if (!seen.has(key))
          seen.set(key, { sourceId: hit.sourceId, sourceName: hit.sourceName, docketNumber: hit.docketNumber });
      }
      cursor = page.nextCursor;
    } while (cursor);
    return [...seen.values()];
  }

  /** The proceeding's filings filed by the end of `upTo`, with their text. */
  async read(proceeding: ProceedingRef, upTo: string): Promise<ProceedingFilings> {
    const query = filtersToQuery({
      ...emptySearchFilters(),
      dockets: [proceeding.docketNumber],
      agencies: [proceeding.sourceId],
      filedTo: upTo,
    });
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.index.search(
        { query, sort: 'filed_oldest', limit: PAGE, cursor, facets: false },
        this.budget(),
      );
      // The docket filter matches any spelling of the number: keep this source's own.
      for (const hit of page.hits) if (hit.sourceId === proceeding.sourceId) ids.push(hit.documentId);
      cursor = ids.length < MAX_FILINGS ? page.nextCursor : undefined;
    } while (cursor);
    const filings: IndexedDocument[] = ids.length > 0 ? await this.index.fetch(ids, this.budget()) : [];
    return { ...proceeding, filings };
  }

  private budget(): QueryBudget {
    return queryBudget(DEFAULT_READ_BUDGET_MS, { background: true, caller: 'data products' });
  }
}
