'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { reportError } from '@/lib/error-reporter';
import { isNavigationSignal } from '@/lib/navigation-signal';

const subscribeNever = () => () => {};

/**
 * The text DESIGN.md §1 prescribes. A `digest` means the error happened on the server (Next.js
 * replaces its message with the digest); otherwise it happened in the browser.
 */
export function ErrorView({ error, reset }: { error: Error & { digest?: string }; reset?: () => void }) {
  // The host is only known in the browser; the server snapshot is empty.
  const host = useSyncExternalStore(
    subscribeNever,
    () => window.location.hostname,
    () => '',
  );

  useEffect(() => {
    if (!isNavigationSignal(error)) reportError(error);
  }, [error]);

  const serverSide = Boolean(error.digest);
  return (
    <div className="error-view" role="alert" data-testid="error-page" data-side={serverSide ? 'server' : 'client'}>
      <h1 className="error-view-title">Something went wrong</h1>
      {serverSide ? (
        <>
          <p className="error-view-message">
            Application error: a server-side exception has occurred (see the server logs for more information).
          </p>
          <p className="error-view-digest">
            Digest: <code data-testid="error-digest">{error.digest}</code>
          </p>
        </>
      ) : (
        <p className="error-view-message">
          Application error: a client-side exception has occurred while loading {host} (see the browser console for more
          information).
        </p>
      )}
      <div className="error-view-actions">
        {reset ? (
          <button type="button" className="btn btn-primary" onClick={reset}>
            Try again
          </button>
        ) : null}
        {/* A plain link: after an error the client router may be in a broken state. */}
        <a className="btn" href="/search">
          Go to search
        </a>
      </div>
    </div>
  );
}
