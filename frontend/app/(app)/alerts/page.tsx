import type { Metadata } from 'next';
import Link from 'next/link';
import { channelsLabel, scheduleLabel } from '@/components/alerts/alert-format';
import styles from '@/components/alerts/alerts.module.css';
import { listAlerts } from '@/lib/bff.server';
import { formatDateTime, formatNumber } from '@/lib/format';

export const metadata: Metadata = { title: 'Alerts' };

export default async function AlertsPage() {
  const alerts = await listAlerts();
  return (
    <div className="page page-wide">
      <div className="page-header">
        <div>
          <h1>Alerts</h1>
          <p>
            Saved searches and followed dockets: new filings that match reach you at once or as a digest, in the app, by
            e-mail or by webhook.
          </p>
        </div>
        <div className="row">
          <Link href="/alerts/webhooks" className="btn">
            Webhook endpoints
          </Link>
          <Link href="/alerts/new" className="btn btn-primary" data-testid="new-alert">
            New alert
          </Link>
        </div>
      </div>
      <section className="card">
        {alerts.length === 0 ? (
          <div className="empty-state">
            <h2>No alerts yet</h2>
            <p>
              Run a search and choose <strong>Save as alert</strong>, start one from{' '}
              <Link href="/alerts/new">New alert</Link>, or follow a docket from any of its filings.
            </p>
          </div>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="alerts-table">
              <caption className="visually-hidden">Your alerts</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Cadence</th>
                  <th scope="col">Channels</th>
                  <th scope="col">Last hit</th>
                  <th scope="col" className="num">
                    This week
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {alerts.map((alert) => (
                  <tr key={alert.id} data-testid="alert-row" data-alert-id={alert.id}>
                    <td className={styles.nameCell}>
                      <Link href={`/alerts/${encodeURIComponent(alert.id)}`}>
                        {alert.definition.name || alert.docket?.docketNumber || 'Untitled alert'}
                      </Link>
                      {alert.kind === 'search' && alert.definition.query ? (
                        <div className={styles.query}>{alert.definition.query}</div>
                      ) : null}
                      {alert.kind === 'docket' && alert.docket?.title ? (
                        <div className="subtle">{alert.docket.title}</div>
                      ) : null}
                    </td>
                    <td>
                      {alert.kind === 'docket' ? (
                        <span className="badge">Docket</span>
                      ) : (
                        <span className="badge badge-accent">Search</span>
                      )}
                    </td>
                    <td>{scheduleLabel(alert.definition.schedule)}</td>
                    <td className="subtle">{channelsLabel(alert.definition.channels)}</td>
                    <td>
                      {alert.lastHitAt ? formatDateTime(alert.lastHitAt) : <span className="subtle">None yet</span>}
                    </td>
                    <td className="num" data-testid="alert-hits-week">
                      {formatNumber(alert.hitsThisWeek)}
                    </td>
                    <td>
                      {alert.paused ? (
                        <span className="badge badge-warning">Paused</span>
                      ) : (
                        <span className="badge badge-success">Active</span>
                      )}
                      {alert.volumeNotice ? (
                        <span className={`badge badge-warning ${styles.volumeBadge}`} title={alert.volumeNotice}>
                          Hourly digest
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
