import Link from 'next/link';

/** A document's original file that cannot be had: no such document, no file, or no such file on it. */
export default function FileNotFound() {
  return (
    <div className="center-screen">
      <div className="error-view" data-testid="file-not-found">
        <p className="error-code" aria-hidden="true">
          404
        </p>
        <h1 className="error-view-title">File not found</h1>
        <p className="error-view-message">
          There is no original file at this address. The document may have been removed, or it has no such file.
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
