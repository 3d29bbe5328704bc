'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { formatDateTime } from '@/lib/format';
import type { WebhookEndpoint } from './alert-types';
import styles from './alerts.module.css';
import { SecretOnce } from './secret-once';

/** Your webhook endpoints: add one (its secret shown once), see why one was disabled, enable it again, delete. */
export function WebhookEndpointsManager({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const router = useRouter();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending('add');
    setUrlError(undefined);
    setError(null);
    try {
      const created = await unwrap(
        api.POST('/api/webhook-endpoints', { body: { url: url.trim(), description: description.trim() } }),
      );
      setSecret(created.secret);
      setUrl('');
      setDescription('');
      router.refresh();
    } catch (err) {
      const fieldError = isApiError(err) ? err.fieldErrors().url : undefined;
      if (fieldError) setUrlError(fieldError);
      else setError(isApiError(err) ? err.message : 'The endpoint could not be added.');
    }
    setPending(null);
  }

  async function act(id: string, action: () => Promise<unknown>) {
    setPending(id);
    setError(null);
    try {
      await action();
      router.refresh();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'That did not work; try again.');
    }
    setPending(null);
  }

  return (
    <div className="stack">
      <form className="card" onSubmit={add} noValidate aria-label="Add a webhook endpoint">
        <div className="card-header">
          <h2>Add an endpoint</h2>
        </div>
        <div className="card-body stack">
          <div className={styles.inline}>
            <div className={`field ${styles.webhookUrlField}`}>
              <label htmlFor="webhook-url">URL</label>
              <input
                id="webhook-url"
                className="input"
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="https://hooks.example.com/docket-alerts"
                aria-invalid={urlError ? true : undefined}
                aria-describedby={urlError ? 'webhook-url-error' : undefined}
                data-testid="webhook-url"
              />
            </div>
            <div className={`field ${styles.webhookDescriptionField}`}>
              <label htmlFor="webhook-description">
                Description <span className="subtle">(optional)</span>
              </label>
              <input
                id="webhook-description"
                className="input"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="e.g. Team channel"
              />
            </div>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={pending !== null || !url.trim()}
              data-testid="webhook-add"
            >
              {pending === 'add' ? 'Adding…' : 'Add endpoint'}
            </button>
          </div>
          <FieldError id="webhook-url-error" message={urlError} />
          <FormError message={error} />
          {secret ? <SecretOnce secret={secret} /> : null}
          <p className={styles.hint}>
            Each alert message is POSTed as JSON and signed the Standard Webhooks way (<code>webhook-id</code>,{' '}
            <code>webhook-timestamp</code>, <code>webhook-signature</code>). Failed deliveries are retried with back-off
            for 24 hours; an endpoint that keeps failing is disabled and you are told. The URL must reach a public
            address on port 80 or 443 (others only if your administrator allows them); a failure is shown by its kind
            (connection refused, TLS error, timed out, HTTP 500…).
          </p>
        </div>
      </form>

      <section className="card" aria-labelledby="endpoints-heading">
        <div className="card-header">
          <h2 id="endpoints-heading">Your endpoints</h2>
        </div>
        {endpoints.length === 0 ? (
          <div className="card-body">
            <p className="muted">No endpoints yet.</p>
          </div>
        ) : (
          <ul className={styles.deliveries} data-testid="webhook-endpoints">
            {endpoints.map((e) => (
              <li key={e.id} className={styles.delivery} data-testid="webhook-endpoint" data-disabled={e.disabled}>
                <span className="wrap-anywhere">
                  <strong>{e.url}</strong>
                  {e.description ? <span className="subtle"> · {e.description}</span> : null}
                </span>
                <span className={`badge ${e.disabled ? 'badge-danger' : 'badge-success'}`}>
                  {e.disabled ? 'Disabled' : 'Active'}
                </span>
                <span className="subtle">
                  Added {formatDateTime(e.createdAt)}
                  {e.lastSuccessAt ? ` · last delivered ${formatDateTime(e.lastSuccessAt)}` : ''}
                  {e.consecutiveFailures > 0 ? ` · ${e.consecutiveFailures} failures in a row` : ''}
                </span>
                <span className={styles.endpointButtons}>
                  {e.disabled ? (
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={pending !== null}
                      onClick={() =>
                        act(e.id, () =>
                          unwrap(api.POST('/api/webhook-endpoints/{id}/enable', { params: { path: { id: e.id } } })),
                        )
                      }
                      data-testid="webhook-enable"
                    >
                      Enable again
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-sm btn-danger"
                    disabled={pending !== null}
                    onClick={() => {
                      if (window.confirm(`Delete the endpoint ${e.url}? Alerts that use it stop posting to it.`)) {
                        void act(e.id, () =>
                          unwrap(api.DELETE('/api/webhook-endpoints/{id}', { params: { path: { id: e.id } } })),
                        );
                      }
                    }}
                  >
                    Delete
                  </button>
                </span>
                {e.disabled && e.disabledReason ? (
                  <span className={styles.deliveryError}>Disabled because: {e.disabledReason}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
