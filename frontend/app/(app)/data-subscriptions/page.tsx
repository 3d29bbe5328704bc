import type { Metadata } from 'next';
import Link from 'next/link';
import { findDataProduct, listDataProducts } from '@/lib/bff.server';
import { capitalise, formatDate, formatNumber } from '@/lib/format';
import styles from './data-subscriptions.module.css';

export const metadata: Metadata = { title: 'Data subscriptions' };

/** Every data product: what it covers, how often it is released, its latest release and its size. */
export default async function Page() {
  const products = await listDataProducts();
  const details = await Promise.all(products.map((product) => findDataProduct(product.id)));
  return (
    <div className="page page-wide" data-testid="data-subscriptions-page">
      <div className="page-header">
        <div>
          <h1>Data subscriptions</h1>
          <p>Curated datasets released on a cadence, each release compared with the one before.</p>
        </div>
      </div>
      <p className="subtle mb-4">Subscribing to be told of each release&rsquo;s changes is not available yet.</p>
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
