import type { Delivery } from '@/components/alerts/alert-types';
import styles from '@/components/alerts/alerts.module.css';
import { formatDateTime, formatNumber } from '@/lib/format';
import { deliveryLabel } from './delivery-label';

const CHANNEL_LABELS: Record<Delivery['channel'], string> = { in_app: 'In-app', email: 'E-mail', webhook: 'Webhook' };
const STATUS_BADGES: Record<Delivery['status'], string> = {
  sent: 'badge-success',
  pending: '',
  retrying: 'badge-warning',
  failed: 'badge-danger',
};

/** The messages the alert sent (or is still trying to send); `null` when they cannot be read now. */
export function DeliveriesCard({ deliveries }: { deliveries: Delivery[] | null }) {
  return (
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
                {x.status === 'retrying' && x.nextAttemptAt ? ` · next try ${formatDateTime(x.nextAttemptAt)}` : ''}
              </span>
              {x.error ? <span className={styles.deliveryError}>{x.error}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
