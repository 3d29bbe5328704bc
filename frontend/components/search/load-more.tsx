'use client';

import { useState } from 'react';
import { useHydrated } from '@/components/query/use-hydrated';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { formatNumber } from '@/lib/format';
import type { SearchHit } from '@/lib/search-types';
import { SearchResult } from './search-result';
import styles from './search.module.css';

/**
 * The next pages of a search, appended below the server-rendered first one. The cursor carries the
 * same query, filters and sort; later pages are not new requests in the workspace's log.
 */
export function LoadMore({
  apiQuery,
  initialCursor,
  q,
  shown,
  totalLabel,
}: {
  apiQuery: string;
  initialCursor: string | null;
  q: string;
  shown: number;
  totalLabel: string;
}) {
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [cursor, setCursor] = useState(initialCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = useHydrated();

  const more = async () => {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      // apiQuery is the page's own query string (filters repeat); the cursor follows it
      const page = await unwrap(
        api.GET('/api/search', { querySerializer: () => `${apiQuery}&cursor=${encodeURIComponent(cursor)}` }),
      );
      setHits((prev) => [...prev, ...page.hits]);
      setCursor(page.nextCursor);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'The next results could not be loaded. Try again.');
    } finally {
      setLoading(false);
    }
  };

  const count = shown + hits.length;
  return (
    <>
      {hits.length > 0 ? (
        <ol className={`card ${styles.results} ${styles.moreResults}`} start={shown + 1} aria-label="More results">
          {hits.map((hit, i) => (
            <SearchResult key={`${hit.documentId}-${i}`} hit={hit} q={q} />
          ))}
        </ol>
      ) : null}
      <div className={styles.loadMore}>
        <span className="subtle" data-testid="search-shown" aria-live="polite">
          Showing {formatNumber(count)} of {totalLabel}
        </span>
        {cursor ? (
          <button
            type="button"
            className="btn"
            onClick={more}
            disabled={!ready || loading}
            data-testid="search-load-more"
          >
            {loading ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
