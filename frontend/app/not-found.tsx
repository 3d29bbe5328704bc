import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <main className="center-screen">
      <div className="error-view" data-testid="not-found">
        <p className="error-code" aria-hidden="true">
          404
        </p>
        <h1 className="error-view-title">Page not found</h1>
        <p className="error-view-message">
          There is nothing at this address. The link may be mistyped, or the document or process may have been removed.
        </p>
        <div className="error-view-actions">
          <Link className="btn btn-primary" href="/search">
            Go to search
          </Link>
        </div>
      </div>
    </main>
  );
}
