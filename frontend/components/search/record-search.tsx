'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import type { components } from '@/lib/api/schema';
import { ENTRY_PARAM, withEntry } from './search-params';
import styles from './search.module.css';

type RecordedSearchRequest = components['schemas']['RecordedSearchRequest'];

type RecordedPage = components['schemas']['SearchPage'];

/** Recordings under way, by body: a component mounted twice at once (React's strict mode) logs the search once. */
const recording = new Map<string, Promise<RecordedPage>>();

function recordOnce(key: string): Promise<RecordedPage> {
  let pending = recording.get(key);
  if (!pending) {
    // `key` is recordBody's JSON (search-params.ts) through a server component's props; the BFF checks it
    pending = unwrap(api.POST('/api/search', { body: JSON.parse(key) as RecordedSearchRequest }));
    recording.set(key, pending);
    const done = () => recording.delete(key);
    pending.then(done, done);
  }
  return pending;
}

/**
 * Writes the entry into the address bar only. Next's router is not told (its own history state is
 * kept, which its patched replaceState passes through untouched): telling it would restore this
 * page's address over a link the user may just have followed while the search was being recorded.
 */
function noteEntryInAddress(requestId: string): void {
  window.history.replaceState(
    { ...(window.history.state as object | null) },
    '',
    withEntry(`${window.location.pathname}${window.location.search}`, requestId),
  );
}

/**
 * The search's place in the workspace's log. The request that served the page logged it (`recorded`):
 * its entry is linked and written into the page's address (`entry=<requestId>`, replacing the history
 * entry), so reloading or coming back shows the entry instead of logging the search again. A page
 * another site sent the browser to was not logged: it is added here with a POST from the user's own
 * page. `body` is POST /api/search's body for the search.
 */
export function RecordSearch({
  workspaceId,
  body,
  q,
  recorded,
}: {
  workspaceId: string;
  body: Record<string, unknown>;
  q: string;
  recorded: string;
}) {
  const [requestId, setRequestId] = useState<string | null>(recorded || null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(body);

  useEffect(() => {
    const inAddress = new URLSearchParams(window.location.search).get(ENTRY_PARAM);
    if (recorded) {
      // Logged by the request that served the page: the address names the entry, so a reload does not log it again.
      if (!inAddress) noteEntryInAddress(recorded);
      return;
    }
    // Back to this page may render it as it was before the address named its entry: the address says.
    if (inAddress) {
      setRequestId(inAddress);
      return;
    }
    let current = true;
    setRequestId(null);
    setError(null);
    recordOnce(key)
      .then((page) => {
        if (!current || !page.requestId) return;
        setRequestId(page.requestId);
        noteEntryInAddress(page.requestId);
      })
      .catch(
        (err: unknown) =>
          current && setError(isApiError(err) ? err.message : 'This search could not be kept in the log.'),
      );
    return () => {
      current = false;
    };
  }, [key, recorded]);

  const base = `/workspaces/${encodeURIComponent(workspaceId)}`;
  if (error)
    return (
      <p className={styles.logged} role="status" data-testid="search-log-error">
        Not kept in the workspace log: {error}
      </p>
    );
  if (!requestId) return null;
  return (
    <p className={styles.logged} data-testid="search-logged">
      Kept in the workspace log —{' '}
      <Link
        href={`${base}/log/${encodeURIComponent(requestId)}/analysis`}
        prefetch={false}
        data-testid="search-log-link"
      >
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
