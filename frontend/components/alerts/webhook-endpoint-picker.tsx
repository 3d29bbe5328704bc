'use client';

import Link from 'next/link';
import { useState } from 'react';
import { FieldError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import type { WebhookEndpoint } from './alert-types';
import styles from './alerts.module.css';
import { SecretOnce } from './secret-once';

/**
 * The webhook channel of an alert: off, or one of your endpoints — chosen from the list or added on
 * the spot (its signing secret is shown this once).
 */
export function WebhookEndpointPicker({
  endpoints,
  selected,
  onSelect,
  onCreated,
  error,
}: {
  endpoints: WebhookEndpoint[];
  selected: string;
  onSelect: (id: string) => void;
  onCreated: (endpoint: WebhookEndpoint) => void;
  error: string | undefined;
}) {
  const [on, setOn] = useState(selected !== '');
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useState('');
  const [pending, setPending] = useState(false);
  const [addError, setAddError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const usable = endpoints.filter((e) => !e.disabled || e.id === selected);

  async function add() {
    setPending(true);
    setAddError(undefined);
    try {
      const created = await unwrap(api.POST('/api/webhook-endpoints', { body: { url: url.trim(), description: '' } }));
      onCreated(created.endpoint);
      onSelect(created.endpoint.id);
      setSecret(created.secret);
      setAdding(false);
      setUrl('');
    } catch (err) {
      setAddError(isApiError(err) ? (err.fieldErrors().url ?? err.message) : 'The endpoint could not be added.');
    }
    setPending(false);
  }

  return (
    <div className={`stack ${styles.webhookChoice}`}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            onSelect(e.target.checked ? (usable[0]?.id ?? '') : '');
            if (e.target.checked && usable.length === 0) setAdding(true);
          }}
          data-testid="alert-channel-webhook"
        />
        To a webhook <span className="subtle">— a signed JSON POST (Standard Webhooks)</span>
      </label>
      {on ? (
        <div className={`stack ${styles.webhookOptions}`}>
          {usable.length > 0 ? (
            <div className={styles.inline}>
              <div className={`field ${styles.endpointField}`}>
                <label htmlFor="alert-webhook">Endpoint</label>
                <select
                  id="alert-webhook"
                  className="select"
                  value={selected}
                  onChange={(e) => onSelect(e.target.value)}
                  aria-invalid={error ? true : undefined}
                >
                  <option value="">Choose an endpoint…</option>
                  {usable.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.url}
                      {e.disabled ? ' (disabled)' : ''}
                    </option>
                  ))}
                </select>
              </div>
              {!adding ? (
                <button type="button" className="btn btn-sm" onClick={() => setAdding(true)}>
                  Add an endpoint
                </button>
              ) : null}
            </div>
          ) : null}
          <FieldError id="alert-channels-webhookEndpointId-error" message={error} />
          {adding ? (
            <div className={styles.inline}>
              <div className={`field ${styles.newEndpointField}`}>
                <label htmlFor="alert-webhook-url">New endpoint URL</label>
                <input
                  id="alert-webhook-url"
                  className="input"
                  type="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://hooks.example.com/docket-alerts"
                  aria-invalid={addError ? true : undefined}
                  data-testid="alert-webhook-url"
                />
                <FieldError id="alert-webhook-url-error" message={addError} />
              </div>
              <button
                type="button"
                className="btn"
                onClick={add}
                disabled={pending || !url.trim()}
                data-testid="alert-webhook-add"
              >
                {pending ? 'Adding…' : 'Add'}
              </button>
            </div>
          ) : null}
          {secret ? <SecretOnce secret={secret} /> : null}
          <p className={styles.hint}>
            Manage endpoints on <Link href="/alerts/webhooks">Webhook endpoints</Link>.
          </p>
        </div>
      ) : null}
    </div>
  );
}
