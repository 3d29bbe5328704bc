import type { Metadata } from 'next';
import { runSearch } from '@/components/search/run-search';
import { emptyFilters, parseSearchState, shouldSearch, type RawParams } from '@/components/search/search-params';
import { searchCatalog, SearchView } from '@/components/search/search-view';
import { listSources } from '@/lib/bff.server';
import styles from './search.module.css';

const PAGE_SIZE = 20;

function first(value: string | string[] | undefined): string {
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

export async function generateMetadata({ searchParams }: { searchParams: Promise<RawParams> }): Promise<Metadata> {
  const q = first((await searchParams).q);
  return { title: q ? `“${q}” — Search` : 'Search' };
}

/**
 * Search across every filing, outside any workspace: the same query box, chips, facets, filters,
 * sorts and "10,000+" totals as a workspace's search page (SearchView). Nothing here is logged.
 */
export default async function SearchPage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const raw = await searchParams;
  const state = parseSearchState(raw, emptyFilters());
  const [sources, { page, failure }] = await Promise.all([
    listSources(),
    shouldSearch(raw) ? runSearch('', state, PAGE_SIZE) : Promise.resolve({ page: null, failure: null }),
  ]);

  return (
    <div className="page page-wider">
      <div className="page-header">
        <div>
          <h1>Search</h1>
          <p>Full-text search across every filing in the collection. Searches in a workspace are kept in its log.</p>
        </div>
      </div>
      <SearchView
        workspaceId=""
        state={state}
        defaults={emptyFilters()}
        page={page}
        failure={failure}
        canRun
        catalog={searchCatalog(sources)}
        pageSize={PAGE_SIZE}
        start={
          <div className="card empty-state" data-testid="search-start">
            <h2>Search the filings</h2>
            <p>Type words from a title or the text of a filing, or add filters on the left.</p>
            <ul className={styles.tips}>
              <li>
                Several words find filings that contain all of them: <code>transmission tariff</code>
              </li>
              <li>
                Quotes find an exact phrase: <code>&quot;rate case&quot;</code>
              </li>
            </ul>
          </div>
        }
      />
    </div>
  );
}
