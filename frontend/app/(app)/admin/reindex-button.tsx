'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import styles from './reindex-button.module.css';

export function ReindexButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setPending(true);
    setError(null);
    try {
      const { processId } = await unwrap(api.POST('/api/admin/reindex'));
      router.push(`/processes/${encodeURIComponent(processId)}`);
    } catch (err) {
      setPending(false);
      setError(isApiError(err) ? err.message : 'The re-index could not be started.');
    }
  }

  return (
    <div className={`row ${styles.actions}`}>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
      <button
        type="button"
        className="btn"
        onClick={() => void start()}
        disabled={pending}
        data-testid="reindex-button"
      >
        {pending ? 'Starting…' : 'Re-index all documents'}
      </button>
    </div>
  );
}
