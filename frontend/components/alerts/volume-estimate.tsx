'use client';

import { useEffect, useState } from 'react';
import { BarHistoryChart } from '@/components/charts/bar-history-chart';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { formatNumber } from '@/lib/format';
import type { AlertFilters, VolumeEstimate as Estimate } from './alert-types';
import styles from './alerts.module.css';

const DEBOUNCE_MS = 450;

/**
 * The expected volume of an alert before it is saved: how many documents its query and filters
 * matched in the last 30 days, in all, per day on average, and day by day. Asked again (debounced)
 * as the definition changes; a stale answer is dimmed, an answer for an older definition dropped.
 */
export function VolumeEstimate({
  query,
  filters,
  onQueryError,
}: {
  query: string;
  filters: AlertFilters;
  onQueryError?: (message: string | null) => void;
}) {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify({ query: query.trim(), filters });
  const empty = !query.trim() && Object.values(filters).every((v) => (Array.isArray(v) ? v.length === 0 : !v));

  useEffect(() => {
    if (empty) {
      setEstimate(null);
      setError(null);
      onQueryError?.(null);
      return;
    }
    const abort = new AbortController();
    setPending(true);
    const timer = setTimeout(() => {
      const body = JSON.parse(key) as { query: string; filters: AlertFilters };
      unwrap(api.POST('/api/alerts/estimate', { body: { ...body, days: 30 }, signal: abort.signal }))
        .then((answer) => {
          setEstimate(answer);
          setError(null);
          onQueryError?.(null);
        })
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          const queryIssue = isApiError(err) ? err.fieldErrors().query : undefined;
          onQueryError?.(queryIssue ?? null);
          setError(
            queryIssue
              ? 'Fix the query to see how many documents it matches.'
              : isApiError(err)
                ? err.message
                : 'The estimate is not available right now.',
          );
          setEstimate(null);
        })
        .finally(() => {
          if (!abort.signal.aborted) setPending(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // Asked again only when the definition (key) changes, not when the form re-renders.
  }, [key, empty, onQueryError]);

  return (
    <section className={`card ${styles.estimate}`} aria-labelledby="estimate-heading" data-testid="volume-estimate">
      <div className="card-header">
        <h2 id="estimate-heading">Expected volume</h2>
        {pending ? <span className="subtle text-xs">Counting…</span> : null}
      </div>
      <div className="card-body stack" aria-live="polite">
        {empty ? (
          <p className="muted">
            Type a query or add a filter to see how many documents it would have matched in the last 30 days.
          </p>
        ) : error ? (
          <p className="muted" data-testid="volume-estimate-error">
            {error}
          </p>
        ) : estimate ? (
          <div className={pending ? styles.estimateStale : undefined}>
            <div className={styles.estimateFigure} data-testid="volume-estimate-total" data-total={estimate.total}>
              {formatNumber(estimate.total)}
            </div>
            <div className={styles.estimateSub}>
              {estimate.total === 1 ? 'document' : 'documents'} in the last 30 days ·{' '}
              <span data-testid="volume-estimate-per-day">{perDay(estimate)}</span> a day
            </div>
            <div className="mt-3">
              <BarHistoryChart
                data={estimate.days.map((d) => ({ day: d.day.slice(5), count: d.count }))}
                xKey="day"
                series={[{ key: 'count', label: 'Documents', color: '#2f5fb3' }]}
                height={120}
                label={`Documents matched per day from ${estimate.from} to ${estimate.to}`}
                testId="volume-estimate-chart"
              />
            </div>
            <p className="subtle text-xs mt-2">
              {estimate.from} to {estimate.to}, by filing date (UTC). {advice(estimate)}
            </p>
          </div>
        ) : (
          <p className="muted">Counting…</p>
        )}
      </div>
    </section>
  );
}

/** The average per day over the window's days (what the count means to someone choosing a cadence). */
function average(estimate: Estimate): number {
  return estimate.days.length > 0 ? estimate.total / estimate.days.length : estimate.perDay;
}

function perDay(estimate: Estimate): string {
  const value = average(estimate);
  if (estimate.total > 0 && value < 0.1) return 'under 0.1';
  return value >= 10 ? formatNumber(Math.round(value)) : value.toFixed(1);
}

function advice(estimate: Estimate): string {
  if (average(estimate) > 20) return 'That is a lot for real-time: a daily digest may suit it better.';
  if (estimate.total === 0) return 'Nothing matched lately; the alert will be quiet until something does.';
  return '';
}
