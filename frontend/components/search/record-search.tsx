'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { api, unwrap } from '@/lib/api.client';
import { isApiError } from '@/lib/api-error';
import type { components } from '@/lib/api/schema';
import styles from './search.module.css';

type RecordedSearchRequest = components['schemas']['RecordedSearchRequest'];

/**
 * Adds the search shown on the page to the workspace's log with a POST (the page itself is a GET,
 * which never writes), then links to the log entry. `body` is POST /api/search's body for the search.
 */
export function RecordSearch({ workspaceId, body, q }: { workspaceId: string; body: Record<string, unknown>; q: string }) {
  const [requestId, setRequestId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(body);

  useEffect(() => {
    let current = true;
    setRequestId(null);
    setError(null);
    // `body` comes from recordBody (search-params.ts) through a server component's props; the BFF checks it
    unwrap(api.POST('/api/search', { body: JSON.parse(key) as RecordedSearchRequest }))
      .then((page) => current && setRequestId(page.requestId))
      .catch((err: unknown) => current && setError(isApiError(err) ? err.message : 'This search could not be kept in the log.'));
    return () => {
      current = false;
    };
  }, [key]);

  const base = `/workspaces/${encodeURIComponent(workspaceId)}`;
  if (error) return <p className={styles.logged} role="status" data-testid="search-log-error">Not kept in the workspace log: {error}</p>;
  if (!requestId) return null;
  return (
    <p className={styles.logged} data-testid="search-logged">
      Kept in the workspace log —{' '}
      <Link href={`${base}/log/${encodeURIComponent(requestId)}/analysis`} prefetch={false} data-testid="search-log-link">
        open its analysis, documents and figures
      </Link>
      {q ? (
        <>
          {' · '}
          <Link href={`${base}/query?q=${encodeURIComponent(q)}`} prefetch={false}>
            ask a question about it
          </Link>
        </>
      ) : null}
    </p>
  );
}
