import type { Metadata } from 'next';
import Link from 'next/link';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { search } from '@/lib/bff.server';
import { formatDate, formatNumber } from '@/lib/format';
import { sanitizeSnippet } from '@/lib/snippet';
import type { SearchResult } from '@/lib/types';
import styles from './search.module.css';

const PAGE_SIZE = 20;

type Params = { q?: string | string[]; offset?: string | string[] };

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export async function generateMetadata({ searchParams }: { searchParams: Promise<Params> }): Promise<Metadata> {
  const q = first((await searchParams).q).trim();
  return { title: q ? `“${q}” — Search` : 'Search' };
}

function pageHref(q: string, offset: number): string {
  const params = new URLSearchParams({ q });
  if (offset > 0) params.set('offset', String(offset));
  return `/search?${params.toString()}`;
}

export default async function SearchPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  const q = first(params.q).trim();
  const offset = Math.max(0, Math.floor(Number(first(params.offset)) || 0));

  let result: SearchResult | null = null;
  let error: string | null = null;
  if (q) {
    try {
      result = await search(q, PAGE_SIZE, offset);
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

      {result ? <Results q={q} offset={offset} result={result} /> : null}
    </div>
  );
}

function Results({ q, offset, result }: { q: string; offset: number; result: SearchResult }) {
  if (result.total === 0 || result.hits.length === 0) {
    return (
      <div className="card empty-state" data-testid="search-empty">
        <h2>No filings match “{q}”</h2>
        <p>Check the spelling, or try fewer or more general words.</p>
        {offset > 0 ? (
          <p style={{ marginTop: 'var(--space-3)' }}>
            <Link href={pageHref(q, 0)}>Back to the first page of results</Link>
          </p>
        ) : null}
      </div>
    );
  }
  const from = offset + 1;
  const to = offset + result.hits.length;
  const hasPrev = offset > 0;
  const hasNext = to < result.total;
  return (
    <section aria-labelledby="results-heading">
      <div className={styles.summary}>
        <h2 id="results-heading" className="visually-hidden">
          Results
        </h2>
        <p data-testid="search-total" aria-live="polite">
          {formatNumber(result.total)} {result.total === 1 ? 'result' : 'results'} for <strong>“{q}”</strong>
          {result.total > result.hits.length ? ` · showing ${formatNumber(from)}–${formatNumber(to)}` : ''}
        </p>
        <p>{formatNumber(result.tookMs)} ms</p>
      </div>
      <ol className={`card ${styles.results}`} start={from}>
        {result.hits.map((hit, i) => (
          <li key={`${hit.documentId}-${i}`} className={styles.result}>
            <h3 className={styles.title}>
              <Link href={`/documents/${encodeURIComponent(hit.documentId)}?q=${encodeURIComponent(q)}`} data-testid="search-result-link">
                {hit.title || 'Untitled filing'}
              </Link>
            </h3>
            <div className={styles.meta}>
              {hit.docketNumber ? <span>Docket {hit.docketNumber}</span> : null}
              {hit.filingType ? <span>{hit.filingType}</span> : null}
              {hit.filedAt ? <span>Filed {formatDate(hit.filedAt)}</span> : null}
              {hit.sourceId ? <span>{hit.sourceId}</span> : null}
            </div>
            {hit.snippet ? (
              <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: sanitizeSnippet(hit.snippet) }} />
            ) : null}
          </li>
        ))}
      </ol>
      {hasPrev || hasNext ? (
        <nav className={styles.pager} aria-label="Result pages">
          {hasPrev ? (
            <Link className="btn" href={pageHref(q, Math.max(0, offset - PAGE_SIZE))} rel="prev" data-testid="search-prev">
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="subtle">
            Page {Math.floor(offset / PAGE_SIZE) + 1} of {Math.max(1, Math.ceil(result.total / PAGE_SIZE))}
          </span>
          {hasNext ? (
            <Link className="btn" href={pageHref(q, offset + PAGE_SIZE)} rel="next" data-testid="search-next">
              Next →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
