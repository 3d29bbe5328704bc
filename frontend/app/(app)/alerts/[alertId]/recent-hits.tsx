import Link from 'next/link';
import type { AlertHit, Delivery } from '@/components/alerts/alert-types';
import styles from '@/components/alerts/alerts.module.css';
import { SnippetText } from '@/components/alerts/snippet-text';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { deliveryLabel } from './delivery-label';

/** Hits grouped by the delivery that carried them, in order of their newest hit; undelivered first. */
function groupByDelivery(hits: AlertHit[]): { key: string; hits: AlertHit[] }[] {
  const groups = new Map<string, AlertHit[]>();
  for (const hit of hits) groups.set(hit.deliveryKey, [...(groups.get(hit.deliveryKey) ?? []), hit]);
  return [...groups]
    .map(([key, list]) => ({ key, hits: list }))
    .sort((a, b) => (a.key === '' ? -1 : b.key === '' ? 1 : 0));
}

/** The alert's latest hits under the delivery that carried each; `null` when they cannot be read now. */
export function RecentHits({ hits, deliveries }: { hits: AlertHit[] | null; deliveries: Delivery[] | null }) {
  const byKey = new Map((deliveries ?? []).map((x) => [x.key, x]));
  return (
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
            Nothing yet. Filings that arrive from now on and match appear here; <strong>Send a test</strong> shows what
            a message looks like.
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
                    <HitItem key={hit.id} hit={hit} />
                  ))}
                </ol>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}

function HitItem({ hit }: { hit: AlertHit }) {
  return (
    <li className={styles.hit} data-testid="alert-hit">
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
  );
}
