import type { Metadata } from 'next';
import Link from 'next/link';
import { describeChannels, describeFilters } from '@/components/data-products/data-subscription';
import subscriptionStyles from '@/components/data-products/data-subscriptions.module.css';
import { UnsubscribeButton } from '@/components/data-products/unsubscribe-button';
import { findDataProduct, listDataProducts, listDataSubscriptions } from '@/lib/bff.server';
import { capitalise, formatDate, formatNumber } from '@/lib/format';
import styles from './data-subscriptions.module.css';

export const metadata: Metadata = { title: 'Data subscriptions' };

/**
 * Your subscriptions (each product, its channels and rows, to unsubscribe), then every data product:
 * what it covers, how often it is released, its latest release and its size.
 */
export default async function Page() {
  const [products, subscriptions] = await Promise.all([listDataProducts(), listDataSubscriptions()]);
  const details = await Promise.all(products.map((product) => findDataProduct(product.id)));
  return (
    <div className="page page-wide" data-testid="data-subscriptions-page">
      <div className="page-header">
        <div>
          <h1>Data subscriptions</h1>
          <p>Curated datasets released on a cadence, each release compared with the one before.</p>
        </div>
      </div>
      <section className="card mb-4" aria-labelledby="your-subscriptions" data-testid="your-subscriptions">
        <div className="card-header">
          <h2 id="your-subscriptions">Your subscriptions</h2>
        </div>
        <div className="card-body">
          {subscriptions.length === 0 ? (
            <p className="muted">
              None yet. Open a product to subscribe: you are told what each new release changed, in all its rows or only
              in those a filter matches.
            </p>
          ) : (
            <ul className={subscriptionStyles.list} aria-label="Your subscriptions">
              {subscriptions.map((subscription) => (
                <li key={subscription.id} className={subscriptionStyles.item} data-testid="data-subscription">
                  <div className="stack">
                    <Link href={`/data-subscriptions/${encodeURIComponent(subscription.dataProductId)}`}>
                      {subscription.dataProductName || subscription.dataProductId}
                    </Link>
                    <span className="subtle">
                      {describeChannels(subscription.channels)} · {describeFilters(subscription.filters)}
                      {subscription.lastNotifiedAt ? ` · last told ${formatDate(subscription.lastNotifiedAt)}` : ''}
                    </span>
                  </div>
                  <UnsubscribeButton
                    subscriptionId={subscription.id}
                    productName={subscription.dataProductName || subscription.dataProductId}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <ul className={`stack ${styles.products}`} aria-label="Data products">
        {products.map((product, i) => {
          const latest = details[i]?.releases[0];
          const counted = product.releases[0];
          return (
            <li key={product.id} className="card" data-testid="data-product-card">
              <div className="card-header">
                <h2>
                  <Link href={`/data-subscriptions/${encodeURIComponent(product.id)}`}>{product.name}</Link>
                </h2>
                <span className="badge">{capitalise(product.cadence)}</span>
              </div>
              <div className="card-body">
                <p>{product.description}</p>
                <p className="subtle mt-2">
                  {latest
                    ? `Release ${latest.version} of ${formatDate(latest.releasedAt)}: ` +
                      `${formatNumber(latest.rows)} rows` +
                      (latest.changeLog ? ` · ${latest.changeLog.summary}` : '')
                    : counted
                      ? `Release ${counted.version} of ${formatDate(counted.releasedAt)}`
                      : 'No release yet'}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
