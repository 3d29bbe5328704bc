'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { CADENCE_LABELS } from './alert-format';
import type { Alert, AlertChannels, Cadence } from './alert-types';
import styles from './alerts.module.css';

const CADENCES: Cadence[] = ['realtime', 'daily', 'weekly'];

/**
 * Every docket you follow: its cadence and channels changed in place (saved at once), the full
 * editor for hour and time zone, and unfollow.
 */
export function DocketFollowsManager({ follows }: { follows: Alert[] }) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function save(follow: Alert, change: { cadence?: Cadence; channels?: Partial<AlertChannels> }) {
    setPending(follow.id);
    setError(null);
    const d = follow.definition;
    try {
      await unwrap(
        api.PUT('/api/alerts/{id}', {
          params: { path: { id: follow.id } },
          body: {
            name: d.name || follow.docket?.docketNumber || 'Docket',
            query: '',
            filters: d.filters,
            question: '',
            schedule: {
              ...d.schedule,
              timeZone: d.schedule.timeZone || 'UTC',
              cadence: change.cadence ?? d.schedule.cadence,
            },
            channels: { ...d.channels, ...change.channels },
          },
        }),
      );
      router.refresh();
    } catch (err) {
      setError(
        isApiError(err)
          ? err.issues[0]
            ? `${err.issues[0].path}: ${err.issues[0].message}`
            : err.message
          : 'The change could not be saved.',
      );
    }
    setPending(null);
  }

  async function unfollow(follow: Alert) {
    setPending(follow.id);
    setError(null);
    try {
      await unwrap(api.DELETE('/api/alerts/{id}', { params: { path: { id: follow.id } } }));
      router.refresh();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'Could not unfollow.');
    }
    setPending(null);
  }

  if (follows.length === 0) {
    return (
      <section className="card">
        <div className="empty-state" data-testid="docket-follows-empty">
          <h2>No followed dockets</h2>
          <p>
            Open a filing and choose <strong>Follow docket</strong>: every new filing on that docket then reaches you.
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="card">
      <FormError message={error} />
      <div className="table-wrap">
        <table className="table" data-testid="docket-follows">
          <caption className="visually-hidden">Followed dockets</caption>
          <thead>
            <tr>
              <th scope="col">Docket</th>
              <th scope="col">Cadence</th>
              <th scope="col">In-app</th>
              <th scope="col">E-mail</th>
              <th scope="col">Last filing</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {follows.map((follow) => {
              const d = follow.definition;
              const busy = pending === follow.id;
              const filings = follow.hitsTotal === 1 ? 'filing' : 'filings';
              return (
                <tr key={follow.id} data-testid="docket-follow" data-docket={follow.docket?.docketNumber ?? ''}>
                  <td className={styles.nameCell}>
                    <Link href={`/alerts/${encodeURIComponent(follow.id)}`} className="mono">
                      {follow.docket?.docketNumber || d.name}
                    </Link>
                    {follow.docket?.title ? <div>{follow.docket.title}</div> : null}
                    <div className="subtle text-xs">
                      {[follow.docket?.sourceName, `${formatNumber(follow.hitsTotal)} new ${filings} since followed`]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </td>
                  <td>
                    <select
                      className="select"
                      aria-label={`Cadence for ${follow.docket?.docketNumber}`}
                      value={d.schedule.cadence}
                      disabled={busy}
                      onChange={(e) => void save(follow, { cadence: e.target.value as Cadence })}
                      data-testid="docket-follow-cadence"
                    >
                      {CADENCES.map((c) => (
                        <option key={c} value={c}>
                          {CADENCE_LABELS[c]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`In-app notifications for ${follow.docket?.docketNumber}`}
                      checked={d.channels.inApp}
                      disabled={busy}
                      onChange={(e) => void save(follow, { channels: { inApp: e.target.checked } })}
                      data-testid="docket-follow-in-app"
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`E-mail for ${follow.docket?.docketNumber}`}
                      checked={d.channels.email}
                      disabled={busy}
                      onChange={(e) => void save(follow, { channels: { email: e.target.checked } })}
                      data-testid="docket-follow-email"
                    />
                  </td>
                  <td>
                    {follow.lastHitAt ? formatDateTime(follow.lastHitAt) : <span className="subtle">None yet</span>}
                  </td>
                  <td className={styles.followActions}>
                    <Link href={`/alerts/${encodeURIComponent(follow.id)}/edit`} className="btn btn-sm">
                      Edit
                    </Link>{' '}
                    <button
                      type="button"
                      className="btn btn-sm btn-danger"
                      disabled={busy}
                      onClick={() => void unfollow(follow)}
                      data-testid="docket-unfollow"
                    >
                      Unfollow
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
