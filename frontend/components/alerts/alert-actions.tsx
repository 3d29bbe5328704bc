'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import styles from './alerts.module.css';

/** An alert's page buttons: pause / resume, send a test now, delete (after a confirmation). */
export function AlertActions({ alertId, paused, name }: { alertId: string; paused: boolean; name: string }) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const path = { params: { path: { id: alertId } } };

  async function run(what: string, action: () => Promise<void>) {
    setPending(what);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'That did not work; try again.');
    }
    setPending(null);
  }

  return (
    <div className={`stack ${styles.actionsStack}`}>
      <div className={styles.actionButtons}>
        <button
          type="button"
          className="btn"
          disabled={pending !== null}
          data-testid={paused ? 'alert-resume' : 'alert-pause'}
          onClick={() =>
            run('pause', async () => {
              await unwrap(api.PUT('/api/alerts/{id}/paused', { ...path, body: { paused: !paused } }));
              router.refresh();
            })
          }
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button
          type="button"
          className="btn"
          disabled={pending !== null}
          data-testid="alert-send-test"
          onClick={() =>
            run('test', async () => {
              const { deliveries } = await unwrap(api.POST('/api/alerts/{id}/test', path));
              setNotice(
                deliveries.length > 0
                  ? `Test sent on ${deliveries.map((d) => d.channel.replace('_', '-')).join(', ')}.`
                  : 'Test sent.',
              );
              router.refresh();
            })
          }
        >
          {pending === 'test' ? 'Sending…' : 'Send a test'}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={pending !== null}
          data-testid="alert-delete"
          onClick={() => {
            if (!window.confirm(`Delete the alert “${name}” and what it found?`)) return;
            void run('delete', async () => {
              await unwrap(api.DELETE('/api/alerts/{id}', path));
              router.push('/alerts');
              router.refresh();
            });
          }}
        >
          Delete
        </button>
      </div>
      <FormError message={error} />
      {notice ? (
        <p className={`subtle ${styles.actionNotice}`} role="status" data-testid="alert-test-sent">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
