import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { CatalogProduct } from '@/components/data-products/catalog-product';
import { PublishReleaseForm } from '@/components/data-products/publish-release-form';
import { ReleaseBrowser } from '@/components/data-products/release-browser';
import { SubscribeForm } from '@/components/data-products/subscribe-form';
import {
  findDataProduct,
  getReleaseRows,
  getSessionUser,
  listDataSubscriptions,
  listSources,
  listWebhookEndpoints,
} from '@/lib/bff.server';
import { capitalise } from '@/lib/format';

type Props = {
  params: Promise<{ dataProductId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const detail = await findDataProduct((await params).dataProductId);
  return { title: detail ? detail.dataProduct.name : 'Data product not found' };
}

/** The query string as the page received it (repeated parameters kept). */
function queryOf(searchParams: Record<string, string | string[] | undefined>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(searchParams)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, item);
  }
  return query;
}

/**
 * A data product. One whose releases are tables shows a release's rows, filtered, sorted and paged on
 * the server; the filter form's three fields become one `filter=` of the address (then redirected).
 */
export default async function DataProductPage({ params, searchParams }: Props) {
  const id = (await params).dataProductId;
  const detail = await findDataProduct(id);
  if (!detail) notFound();
  if (detail.columns.length === 0) return <CatalogProduct product={detail.dataProduct} sources={await listSources()} />;

  const query = queryOf(await searchParams);
  const base = `/data-subscriptions/${encodeURIComponent(id)}`;
  const added = query.get('add_column');
  if (added !== null) {
    const value = query.get('add_value') ?? '';
    const op = query.get('add_op') ?? '=';
    for (const name of ['add_column', 'add_op', 'add_value', 'offset']) query.delete(name);
    if (value.trim() !== '') query.append('filter', `${added}${op}${value.trim()}`);
    redirect(query.size > 0 ? `${base}?${query}` : base);
  }
  const [page, user, subscriptions, endpoints] = await Promise.all([
    detail.releases.length > 0 ? getReleaseRows(id, query) : null,
    getSessionUser(),
    listDataSubscriptions(id),
    listWebhookEndpoints(),
  ]);
  const subscription = subscriptions[0] ?? null;

  return (
    <div className="page page-wider" data-testid="data-product-page">
      <Link href="/catalog" className="subtle">
        ← Catalog
      </Link>
      <div className="page-header mt-3">
        <div>
          <h1>{detail.dataProduct.name}</h1>
          <p>{detail.dataProduct.description}</p>
        </div>
        <span className="badge">{capitalise(detail.dataProduct.cadence)}</span>
      </div>
      <section className="card mb-4" aria-labelledby="subscribe-heading" data-testid="subscribe-card">
        <div className="card-header">
          <h2 id="subscribe-heading">{subscription ? 'Your subscription' : 'Subscribe'}</h2>
        </div>
        <div className="card-body">
          <SubscribeForm
            key={subscription?.updatedAt ?? 'new'}
            dataProductId={id}
            productName={detail.dataProduct.name}
            columns={detail.columns.map((column) => column.name)}
            subscription={subscription}
            endpoints={endpoints}
          />
        </div>
      </section>
      {page === null ? (
        <div className="card card-body muted">No release yet.</div>
      ) : (
        <ReleaseBrowser base={base} query={query} detail={detail} page={page} />
      )}
      {user.role === 'admin' && (
        <section className="card mt-5" aria-labelledby="publish-heading">
          <div className="card-header">
            <h2 id="publish-heading">Publish a release</h2>
          </div>
          <div className="card-body">
            <PublishReleaseForm dataProductId={id} />
          </div>
        </section>
      )}
    </div>
  );
}
