import type { Metadata } from 'next';
import { LoadMore } from '@/components/search/load-more';
import { SearchResult } from '@/components/search/search-result';
import results from '@/components/search/search.module.css';
import { FormError } from '@/components/ui/form-error';
import { formatTook } from '@/components/workspaces/workspace-format';
import { isApiError } from '@/lib/api-error';
import { search } from '@/lib/bff.server';
import { formatCount } from '@/lib/format';
import type { SearchResult as SearchPage } from '@/lib/types';
import styles from './search.module.css';

const PAGE_SIZE = 20;

type Params = { q?: string | string[] };

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export async function generateMetadata({ searchParams }: { searchParams: Promise<Params> }): Promise<Metadata> {
  const q = first((await searchParams).q).trim();
  return { title: q ? `“${q}” — Search` : 'Search' };
}

/**
 * The first page is rendered here; the next ones are appended in the browser with the cursor of the
 * page before (LoadMore), as on a workspace's search page. Nothing on this page is logged.
 */
export default async function SearchPage({ searchParams }: { searchParams: Promise<Params> }) {
  const q = first((await searchParams).q).trim();

  let result: SearchPage | null = null;
  let error: string | null = null;
  if (q) {
    try {
      result = await search(q, PAGE_SIZE);
    } catch (err) {
      // A malformed query is the user's to fix, not an application error.
      if (isApiError(err) && err.code === 'invalid_input') error = err.message;
      else throw err;
    }
  }

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Search</h1>
          <p>Full-text search across every filing in the collection.</p>
        </div>
      </div>

      {error ? <FormError message={error} testId="search-error" /> : null}

      {!q ? (
        <div className="card empty-state">
          <h2>Search the filings</h2>
          <p>Type words from a title or the text of a filing into the search box at the top of the page.</p>
          <ul className={styles.tips} style={{ display: 'inline-block', textAlign: 'left' }}>
            <li>
              Several words find filings that contain all of them: <code>transmission tariff</code>
            </li>
            <li>
              Quotes find an exact phrase: <code>&quot;rate case&quot;</code>
            </li>
          </ul>
        </div>
      ) : null}

      {result ? <Results q={q} result={result} /> : null}
    </div>
  );
}

function Results({ q, result }: { q: string; result: SearchPage }) {
  if (result.hits.length === 0) {
    return (
      <div className="card empty-state" data-testid="search-empty">
        <h2>No filings match “{q}”</h2>
        <p>Check the spelling, or try fewer or more general words.</p>
      </div>
    );
  }
  const totalLabel = formatCount(result.total, result.totalIsLowerBound);
  return (
    <section aria-labelledby="results-heading">
      <div className={results.summary}>
        <h2 id="results-heading" className="visually-hidden">
          Results
        </h2>
        <p data-testid="search-total" aria-live="polite">
          <strong>{totalLabel}</strong> {result.total === 1 && !result.totalIsLowerBound ? 'result' : 'results'} for “{q}”
        </p>
        <p>{formatTook(result.tookMs)}</p>
      </div>
      <ol className={`card ${results.results}`} data-testid="search-results">
        {result.hits.map((hit, i) => (
          <SearchResult key={`${hit.documentId}-${i}`} hit={hit} q={q} />
        ))}
      </ol>
      <LoadMore
        // Another query starts over: a soft navigation would otherwise keep the old cursor.
        key={q}
        apiQuery={new URLSearchParams({ q, limit: String(PAGE_SIZE) }).toString()}
        initialCursor={result.nextCursor}
        q={q}
        shown={result.hits.length}
        totalLabel={totalLabel}
      />
    </section>
  );
}
