'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import {
  describeChannels,
  describeFilters,
  EMAIL_MODE_LABELS,
  type DataSubscription,
  type DataSubscriptionFilter,
  type EmailMode,
} from './data-subscription';
import styles from './data-subscriptions.module.css';
import { UnsubscribeButton } from './unsubscribe-button';

type Op = DataSubscriptionFilter['op'];
const OP_LABELS: Record<Op, string> = { in: 'is one of', contains: 'contains', range: 'between' };

interface Endpoint {
  id: string;
  url: string;
  disabled: boolean;
}

/** The form's filter fields: one column, what it must be, and the value(s) as typed. */
interface FilterDraft {
  column: string;
  op: Op;
  values: string;
  text: string;
  min: string;
  max: string;
}

function draftOf(filter: DataSubscriptionFilter | undefined): FilterDraft {
  return {
    column: filter?.column ?? '',
    op: filter?.op ?? 'in',
    values: filter?.values.join(', ') ?? '',
    text: filter?.text ?? '',
    min: filter?.min ?? '',
    max: filter?.max ?? '',
  };
}

function filtersOf(draft: FilterDraft): DataSubscriptionFilter[] {
  if (!draft.column) return [];
  const values = draft.values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return [{ column: draft.column, op: draft.op, values, text: draft.text, min: draft.min, max: draft.max }];
}

/** Issues name the field as the BFF (filters.0.values) or the alerts service (filters[0].values) does. */
function fieldOf(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1');
}

/**
 * Subscribing to a data product: the channels a release's news goes to and, optionally, a filter on
 * one column so that only changes to those rows count. Already subscribed: what the subscription
 * says, to edit or end it.
 */
export function SubscribeForm({
  dataProductId,
  productName,
  columns,
  subscription,
  endpoints,
}: {
  dataProductId: string;
  productName: string;
  columns: string[];
  subscription: DataSubscription | null;
  endpoints: Endpoint[];
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(subscription === null);
  const [inApp, setInApp] = useState(subscription?.channels.inApp ?? true);
  const [email, setEmail] = useState<EmailMode>(subscription?.channels.email ?? 'off');
  const [webhook, setWebhook] = useState(subscription?.channels.webhookEndpointId ?? '');
  const [filter, setFilter] = useState<FilterDraft>(draftOf(subscription?.filters[0]));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (subscription && !editing) {
    return (
      <div className={`stack ${styles.subscribed}`} data-testid="subscribed">
        <div className="stack">
          <p>
            <span className="badge badge-success">Subscribed</span>
          </p>
          <dl className={styles.facts}>
            <dt>Channels</dt>
            <dd data-testid="subscribed-channels">{describeChannels(subscription.channels)}</dd>
            <dt>Rows</dt>
            <dd data-testid="subscribed-filter">{describeFilters(subscription.filters)}</dd>
          </dl>
        </div>
        <div className={styles.actions}>
          <button type="button" className="btn btn-sm" onClick={() => setEditing(true)} data-testid="edit-subscription">
            Edit
          </button>
          <UnsubscribeButton subscriptionId={subscription.id} productName={productName} />
        </div>
      </div>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setErrors({});
    const channels = { inApp, email, webhookEndpointId: webhook };
    const filters = filtersOf(filter);
    try {
      if (subscription) {
        await unwrap(
          api.PATCH('/api/data-subscriptions/{subscriptionId}', {
            params: { path: { subscriptionId: subscription.id } },
            body: { channels, filters },
          }),
        );
      } else {
        await unwrap(api.POST('/api/data-subscriptions', { body: { dataProductId, channels, filters } }));
      }
      setEditing(false);
      router.refresh();
    } catch (err) {
      if (isApiError(err)) {
        setError(err.message);
        setErrors(Object.fromEntries(err.issues.map((issue) => [fieldOf(issue.path), issue.message])));
      } else setError('The subscription could not be saved.');
    } finally {
      setPending(false);
    }
  }

  const filterError =
    errors['filters.0.column'] ??
    errors['filters.0.values'] ??
    errors['filters.0.text'] ??
    errors['filters.0.min'] ??
    errors['filters.0.max'] ??
    errors['filters.0.op'] ??
    errors.filters;
  const set = (change: Partial<FilterDraft>) => setFilter((current) => ({ ...current, ...change }));

  return (
    <form className="form stack" onSubmit={onSubmit} noValidate aria-label="Subscribe" data-testid="subscribe-form">
      <FormError message={error} testId="subscribe-error" />
      <fieldset className={styles.checks} aria-describedby={errors.channels ? 'subscribe-channels-error' : undefined}>
        <legend className="label">Tell me of each new release</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={inApp} onChange={(e) => setInApp(e.target.checked)} name="inApp" />
          In-app notification
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={email !== 'off'}
            onChange={(e) => setEmail(e.target.checked ? 'immediate' : 'off')}
            name="email"
          />
          E-mail
        </label>
        {email !== 'off' && (
          <select
            className="select"
            aria-label="When to e-mail"
            value={email}
            onChange={(e) => setEmail(e.target.value as EmailMode)}
          >
            {(['immediate', 'digest'] as const).map((mode) => (
              <option key={mode} value={mode}>
                {EMAIL_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        )}
        <label className={styles.check}>
          Webhook
          <select
            className="select"
            value={webhook}
            onChange={(e) => setWebhook(e.target.value)}
            aria-label="Webhook endpoint"
          >
            <option value="">None</option>
            {endpoints
              .filter((endpoint) => !endpoint.disabled || endpoint.id === webhook)
              .map((endpoint) => (
                <option key={endpoint.id} value={endpoint.id}>
                  {endpoint.url}
                </option>
              ))}
          </select>
        </label>
      </fieldset>
      <FieldError id="subscribe-channels-error" message={errors.channels ?? errors['channels.webhookEndpointId']} />
      {endpoints.length === 0 && (
        <p className={styles.hint}>
          Webhook endpoints are added on the <Link href="/alerts">alerts</Link> page.
        </p>
      )}

      <div className="field">
        <span className="label">Only rows where (optional)</span>
        <div className={styles.filterRow}>
          <select
            className="select"
            aria-label="Filter column"
            name="filterColumn"
            value={filter.column}
            onChange={(e) => set({ column: e.target.value })}
          >
            <option value="">Any row</option>
            {columns.map((column) => (
              <option key={column} value={column}>
                {column}
              </option>
            ))}
          </select>
          <select
            className="select"
            aria-label="Filter condition"
            name="filterOp"
            value={filter.op}
            disabled={!filter.column}
            onChange={(e) => set({ op: e.target.value as Op })}
          >
            {(Object.keys(OP_LABELS) as Op[]).map((op) => (
              <option key={op} value={op}>
                {OP_LABELS[op]}
              </option>
            ))}
          </select>
          {filter.op === 'range' ? (
            <div className={styles.range}>
              <input
                className="input"
                aria-label="From"
                placeholder="From"
                value={filter.min}
                disabled={!filter.column}
                onChange={(e) => set({ min: e.target.value })}
              />
              <input
                className="input"
                aria-label="To"
                placeholder="To"
                value={filter.max}
                disabled={!filter.column}
                onChange={(e) => set({ max: e.target.value })}
              />
            </div>
          ) : (
            <input
              className="input"
              aria-label={filter.op === 'in' ? 'Filter values' : 'Filter text'}
              name="filterValue"
              placeholder={filter.op === 'in' ? 'NY, NJ' : 'text'}
              value={filter.op === 'in' ? filter.values : filter.text}
              disabled={!filter.column}
              aria-invalid={filterError ? true : undefined}
              aria-describedby={filterError ? 'subscribe-filter-error' : undefined}
              onChange={(e) => set(filter.op === 'in' ? { values: e.target.value } : { text: e.target.value })}
            />
          )}
        </div>
        <p className={styles.hint}>
          With a filter you are told only when rows it matches are added, removed or changed. Values are separated by
          commas.
        </p>
        <FieldError id="subscribe-filter-error" message={filterError} />
      </div>

      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="subscribe-submit">
          {pending ? 'Saving…' : subscription ? 'Save' : 'Subscribe'}
        </button>
        {subscription && (
          <button type="button" className="btn" onClick={() => setEditing(false)} disabled={pending}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
