'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import styles from './document.module.css';

export function DeleteDocumentButton({ documentId, title }: { documentId: string; title: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (
      !window.confirm(
        `Delete “${title}”? It is removed from the collection, the search index and alerts. This cannot be undone.`,
      )
    )
      return;
    setPending(true);
    setError(null);
    try {
      await unwrap(api.DELETE('/api/documents/{id}', { params: { path: { id: documentId } } }));
      router.push('/search');
      router.refresh();
    } catch (err) {
      setPending(false);
      setError(isApiError(err) ? err.message : 'The document could not be deleted.');
    }
  }

  return (
    <div className={`row ${styles.deleteRow}`}>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
      <button
        type="button"
        className="btn btn-danger btn-sm"
        onClick={() => void remove()}
        disabled={pending}
        data-testid="delete-document"
      >
        {pending ? 'Deleting…' : 'Delete document'}
      </button>
    </div>
  );
}
