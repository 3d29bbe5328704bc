import type { Metadata } from 'next';
import Link from 'next/link';
import { AlertActions } from '@/components/alerts/alert-actions';
import { CADENCE_LABELS, channelsLabel, scheduleLabel } from '@/components/alerts/alert-format';
import type { AlertHit, Delivery } from '@/components/alerts/alert-types';
import styles from '@/components/alerts/alerts.module.css';
import { SnippetText } from '@/components/alerts/snippet-text';
import { InfoIcon } from '@/components/icons';
import { findAlert, getAlert, listAlertDeliveries, listAlertHits, listWebhookEndpoints } from '@/lib/bff.server';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';

type Props = { params: Promise<{ alertId: string }>; searchParams: Promise<{ created?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const alert = await findAlert((await params).alertId);
  return { title: alert ? alert.definition.name || 'Alert' : 'Alert not found' };
}

const CHANNEL_LABELS: Record<Delivery['channel'], string> = { in_app: 'In-app', email: 'E-mail', webhook: 'Webhook' };
const STATUS_BADGES: Record<Delivery['status'], string> = {
  sent: 'badge-success',
  pending: '',
  retrying: 'badge-warning',
  failed: 'badge-danger',
};

/** A delivery in words: "Daily digest, 25 Nov 2026", "Real-time e-mail", "Test". */
function deliveryLabel(delivery: Delivery | undefined): string {
  if (!delivery) return 'Delivered';
  if (delivery.label) return delivery.label;
  return delivery.kind === 'test' ? 'Test' : delivery.kind === 'digest' ? 'Digest' : 'Real-time';
}

/** Hits grouped by the delivery that carried them, in order of their newest hit; undelivered first. */
function groupByDelivery(hits: AlertHit[]): { key: string; hits: AlertHit[] }[] {
  const groups = new Map<string, AlertHit[]>();
  for (const hit of hits) groups.set(hit.deliveryKey, [...(groups.get(hit.deliveryKey) ?? []), hit]);
  return [...groups]
    .map(([key, list]) => ({ key, hits: list }))
    .sort((a, b) => (a.key === '' ? -1 : b.key === '' ? 1 : 0));
}

export default async function AlertPage({ params, searchParams }: Props) {
  const { alertId } = await params;
  const { created } = await searchParams;
  const alert = await getAlert(alertId);
  // The alert itself decides the page; its hits, deliveries and endpoints only add to it: one that
  // cannot be read now (a part of the alerts service restarting) says so in its own card.
  const [hits, deliveries, endpoints] = await Promise.all([
    listAlertHits(alertId, 50).catch(() => null),
    listAlertDeliveries(alertId, 50).catch(() => null),
    listWebhookEndpoints().catch(() => []),
  ]);
  const { definition: d } = alert;
  const byKey = new Map((deliveries ?? []).map((x) => [x.key, x]));
  const endpoint = endpoints.find((e) => e.id === d.channels.webhookEndpointId);
  const filters: [string, string[]][] = [
    ['Agencies', d.filters.agencies],
    ['Filing types', d.filters.filingTypes],
    ['Dockets', d.filters.dockets],
    ['Parties', d.filters.parties],
    [
      'Filed',
      d.filters.filedFrom || d.filters.filedTo ? [`${d.filters.filedFrom || '…'} to ${d.filters.filedTo || '…'}`] : [],
    ],
  ];

  return (
    <div className="page page-wider">
      <Link href={alert.kind === 'docket' ? '/user/preferences/alerts/dockets' : '/alerts'} className="subtle">
        ← {alert.kind === 'docket' ? 'Followed dockets' : 'Alerts'}
      </Link>
      <div className="page-header">
        <div>
          <h1 data-testid="alert-name">{d.name || alert.docket?.docketNumber}</h1>
          <p>
            {alert.kind === 'docket' ? (
              <span className="badge">Docket follow</span>
            ) : (
              <span className="badge badge-accent">Saved search</span>
            )}{' '}
            {alert.paused ? (
              <span className="badge badge-warning" data-testid="alert-paused">
                Paused
              </span>
            ) : (
              <span className="badge badge-success">Active</span>
            )}{' '}
            <span className="subtle">
              · {formatNumber(alert.hitsTotal)} {alert.hitsTotal === 1 ? 'hit' : 'hits'} ·{' '}
              {formatNumber(alert.hitsThisWeek)} this week · last{' '}
              {alert.lastHitAt ? formatDateTime(alert.lastHitAt) : 'never'}
            </span>
          </p>
        </div>
        <AlertActions alertId={alert.id} paused={alert.paused} name={d.name} />
      </div>

      {created ? (
        <div
          className="alert alert-success"
          role="status"
          data-testid="alert-created"
          style={{ marginBottom: 'var(--space-4)' }}
        >
          <p>
            Alert saved. New filings that match will reach you{' '}
            {d.schedule.cadence === 'realtime'
              ? 'as they arrive'
              : `in your ${CADENCE_LABELS[d.schedule.cadence].toLowerCase()}`}
            .
          </p>
        </div>
      ) : null}
      {alert.volumeNotice ? (
        <div
          className="alert alert-warning"
          role="status"
          data-testid="alert-volume-notice"
          style={{ marginBottom: 'var(--space-4)' }}
        >
          <InfoIcon />
          <p>
            <strong>Sent as an hourly digest for now.</strong> {alert.volumeNotice}
          </p>
        </div>
      ) : null}

      <div className={styles.detailLayout}>
        <div className="stack">
          <section className="card" aria-labelledby="hits-heading">
            <div className="card-header">
              <h2 id="hits-heading">Recent hits</h2>
              <span className="subtle">{hits && hits.length > 0 ? `${formatNumber(hits.length)} shown` : null}</span>
            </div>
            {hits === null ? (
              <div className="card-body">
                <p className="muted">The hits cannot be read right now; reload in a moment.</p>
              </div>
            ) : hits.length === 0 ? (
              <div className="card-body">
                <p className="muted" data-testid="alert-no-hits">
                  Nothing yet. Filings that arrive from now on and match appear here; <strong>Send a test</strong> shows
                  what a message looks like.
                </p>
              </div>
            ) : (
              <div data-testid="alert-hits">
                {groupByDelivery(hits).map((group) => {
                  const delivery = byKey.get(group.key);
                  return (
                    <div key={group.key || 'pending'} className={styles.hitGroup}>
                      <div className={styles.hitGroupHeading}>
                        {group.key === ''
                          ? 'Not delivered yet'
                          : `${deliveryLabel(delivery)}${delivery?.sentAt ? ` · ${formatDateTime(delivery.sentAt)}` : ''}`}
                      </div>
                      <ol className={styles.hits}>
                        {group.hits.map((hit) => (
                          <li key={hit.id} className={styles.hit} data-testid="alert-hit">
                            <Link href={`/documents/${encodeURIComponent(hit.documentId)}`} className={styles.hitTitle}>
                              {hit.title || 'Untitled filing'}
                            </Link>
                            <div className={styles.hitMeta}>
                              {[
                                hit.sourceName,
                                hit.docketNumber ? `Docket ${hit.docketNumber}` : '',
                                hit.filingType,
                                hit.filedAt ? `filed ${formatDate(hit.filedAt)}` : '',
                              ]
                                .filter(Boolean)
                                .join(' · ')}
                            </div>
                            {hit.snippet ? (
                              <p className={styles.snippet}>
                                <SnippetText snippet={hit.snippet} />
                              </p>
                            ) : null}
                          </li>
                        ))}
                      </ol>
                    </div>
                  );
                })}
              </div>
            )}
          </section>
        </div>

        <div className="stack">
          <section className="card" aria-labelledby="definition-heading">
            <div className="card-header">
              <h2 id="definition-heading">Definition</h2>
              <Link
                href={`/alerts/${encodeURIComponent(alert.id)}/edit`}
                className="btn btn-sm"
                data-testid="alert-edit"
              >
                Edit
              </Link>
            </div>
            <div className="card-body">
              <dl className={styles.definition}>
                {alert.kind === 'docket' ? (
                  <>
                    <dt>Docket</dt>
                    <dd>
                      <span className="mono">{alert.docket?.docketNumber}</span>
                      {alert.docket?.title ? <div>{alert.docket.title}</div> : null}
                    </dd>
                  </>
                ) : (
                  <>
                    <dt>Query</dt>
                    <dd className={styles.query} data-testid="alert-query">
                      {d.query || <span className="subtle">Filters only</span>}
                    </dd>
                    {filters
                      .filter(([, values]) => values.length > 0)
                      .map(([label, values]) => (
                        <div key={label} style={{ display: 'contents' }}>
                          <dt>{label}</dt>
                          <dd className={styles.chips}>
                            {values.map((v) => (
                              <span key={v} className={styles.chip}>
                                {v}
                              </span>
                            ))}
                          </dd>
                        </div>
                      ))}
                    {d.question ? (
                      <>
                        <dt>Question</dt>
                        <dd>{d.question}</dd>
                      </>
                    ) : null}
                  </>
                )}
                <dt>When</dt>
                <dd data-testid="alert-schedule">{scheduleLabel(d.schedule)}</dd>
                <dt>Where</dt>
                <dd>
                  {channelsLabel(d.channels)}
                  {endpoint ? (
                    <div className="subtle wrap-anywhere">
                      {endpoint.url}
                      {endpoint.disabled ? (
                        <span className="badge badge-danger" style={{ marginLeft: 4 }}>
                          Disabled
                        </span>
                      ) : null}
                    </div>
                  ) : null}
                </dd>
              </dl>
            </div>
          </section>

          <section className="card" aria-labelledby="deliveries-heading">
            <div className="card-header">
              <h2 id="deliveries-heading">Deliveries</h2>
            </div>
            {deliveries === null ? (
              <div className="card-body">
                <p className="muted">The delivery history cannot be read right now; reload in a moment.</p>
              </div>
            ) : deliveries.length === 0 ? (
              <div className="card-body">
                <p className="muted">No messages sent yet.</p>
              </div>
            ) : (
              <ul className={styles.deliveries} data-testid="alert-deliveries">
                {deliveries.map((x) => (
                  <li
                    key={x.key}
                    className={styles.delivery}
                    data-testid="alert-delivery"
                    data-channel={x.channel}
                    data-status={x.status}
                  >
                    <span>
                      <strong>{CHANNEL_LABELS[x.channel]}</strong> · {deliveryLabel(x)}
                      {x.documentCount > 0
                        ? ` · ${formatNumber(x.documentCount)} ${x.documentCount === 1 ? 'document' : 'documents'}`
                        : ''}
                    </span>
                    <span className={`badge ${STATUS_BADGES[x.status]}`}>{x.status}</span>
                    <span className="subtle">
                      {x.sentAt ? `sent ${formatDateTime(x.sentAt)}` : `recorded ${formatDateTime(x.createdAt)}`}
                      {x.attempts > 1 ? ` · ${x.attempts} attempts` : ''}
                      {x.status === 'retrying' && x.nextAttemptAt
                        ? ` · next try ${formatDateTime(x.nextAttemptAt)}`
                        : ''}
                    </span>
                    {x.error ? <span className={styles.deliveryError}>{x.error}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
