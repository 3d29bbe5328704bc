import type { Metadata } from 'next';
import Link from 'next/link';
import { AlertActions } from '@/components/alerts/alert-actions';
import { CADENCE_LABELS } from '@/components/alerts/alert-format';
import styles from '@/components/alerts/alerts.module.css';
import { InfoIcon } from '@/components/icons';
import { findAlert, getAlert, listAlertDeliveries, listAlertHits, listWebhookEndpoints } from '@/lib/bff.server';
import { formatDateTime, formatNumber } from '@/lib/format';
import { DefinitionCard } from './definition-card';
import { DeliveriesCard } from './deliveries-card';
import { RecentHits } from './recent-hits';

type Props = { params: Promise<{ alertId: string }>; searchParams: Promise<{ created?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const alert = await findAlert((await params).alertId);
  return { title: alert ? alert.definition.name || 'Alert' : 'Alert not found' };
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
  const endpoint = endpoints.find((e) => e.id === d.channels.webhookEndpointId);

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
        <div className="alert alert-success mb-4" role="status" data-testid="alert-created">
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
        <div className="alert alert-warning mb-4" role="status" data-testid="alert-volume-notice">
          <InfoIcon />
          <p>
            <strong>Sent as an hourly digest for now.</strong> {alert.volumeNotice}
          </p>
        </div>
      ) : null}

      <div className={styles.detailLayout}>
        <div className="stack">
          <RecentHits hits={hits} deliveries={deliveries} />
        </div>
        <div className="stack">
          <DefinitionCard alert={alert} endpoint={endpoint} />
          <DeliveriesCard deliveries={deliveries} />
        </div>
      </div>
    </div>
  );
}
