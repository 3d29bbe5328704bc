import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Administrators only' };

/** forbidden() inside the app shell (an administrators' page opened by a member): HTTP 403. */
export default function Forbidden() {
  return (
    <div className="center-screen">
      <div className="error-view" data-testid="forbidden">
        <p className="error-code" aria-hidden="true">
          403
        </p>
        <h1 className="error-view-title">Administrators only</h1>
        <p className="error-view-message">
          Only administrators can use this page. Ask an administrator of your organisation if you need access.
        </p>
        <div className="error-view-actions">
          <Link className="btn btn-primary" href="/search">
            Go to search
          </Link>
        </div>
      </div>
    </div>
  );
}
