import type { Metadata } from 'next';
import Link from 'next/link';
import { getSessionUser, listDataProducts, listSources } from '@/lib/bff.server';
import { filterAndSortSources, parseSourceFilter, topFilingTypes } from '@/lib/catalog-view';
import { dataProductPath } from '@/lib/data-product-path';
import { capitalise, formatDate, formatNumber } from '@/lib/format';
import type { DataProduct, Source } from '@/lib/types';
import { AddSourceForm } from './add-source-form';
import styles from './catalog.module.css';

export const metadata: Metadata = { title: 'Catalog' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CatalogPage({ searchParams }: Props) {
  const user = await getSessionUser();
  const search = await searchParams;
  const filter = parseSourceFilter(search);
  // Administrators open the form with ?add=source, so it works without JavaScript and survives a refresh.
  const adding = user.role === 'admin' && search.add === 'source';
  const [sources, dataProducts] = await Promise.all([listSources(), listDataProducts()]);
  const shown = filterAndSortSources(sources, filter);
  const kinds = [...new Set(sources.map((s) => s.kind).filter(Boolean))].sort();
  const filtered = filter.q !== '' || filter.kind !== '';

  return (
    <div className="page page-wider">
      <div className="page-header">
        <div>
          <h1>Catalog</h1>
          <p>The agencies and courts whose filings are collected, and the curated data products built from them.</p>
        </div>
        <Link href="/catalog-status" className="btn btn-sm">
          Source status
        </Link>
      </div>

      <div className="stack">
        <section className="card" aria-labelledby="sources-heading">
          <div className="card-header">
            <div>
              <h2 id="sources-heading">Sources</h2>
              <p>
                {filtered
                  ? `${formatNumber(shown.length)} of ${formatNumber(sources.length)}`
                  : formatNumber(sources.length)}{' '}
                {sources.length === 1 ? 'source' : 'sources'}
              </p>
            </div>
            {user.role === 'admin' && !adding ? (
              <Link href="/catalog?add=source" className="btn btn-sm" scroll={false} data-testid="add-source">
                Add a source
              </Link>
            ) : null}
          </div>
          {adding ? <AddSourceForm closeHref="/catalog" /> : null}
          {/* A plain GET form: filtering and sorting work without JavaScript. */}
          <form className={styles.filters} method="get" action="/catalog" role="search" aria-label="Filter sources">
            <div className={`field ${styles.grow}`}>
              <label htmlFor="catalog-q">Filter</label>
              <input
                id="catalog-q"
                name="q"
                className="input"
                defaultValue={filter.q}
                placeholder="Name, state, industry…"
                data-testid="catalog-filter"
              />
            </div>
            <div className="field">
              <label htmlFor="catalog-kind">Kind</label>
              <select
                id="catalog-kind"
                name="kind"
                className="select"
                defaultValue={filter.kind}
                data-testid="catalog-kind"
              >
                <option value="">All kinds</option>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {capitalise(k)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="catalog-sort">Sort by</label>
              <select
                id="catalog-sort"
                name="sort"
                className="select"
                defaultValue={filter.sort}
                data-testid="catalog-sort"
              >
                <option value="name">Name</option>
                <option value="documents">Most documents</option>
                <option value="latest">Latest filing</option>
              </select>
            </div>
            <button type="submit" className="btn">
              Apply
            </button>
            {filtered || filter.sort !== 'name' ? (
              <Link href="/catalog" className={`btn btn-sm ${styles.reset}`}>
                Reset
              </Link>
            ) : null}
          </form>
          {shown.length === 0 ? (
            <div className="card-body muted">
              {sources.length === 0 ? 'No sources have been loaded yet.' : 'No source matches this filter.'}
            </div>
          ) : (
            <SourcesTable sources={shown} />
          )}
        </section>

        <section className="card" aria-labelledby="products-heading">
          <div className="card-header">
            <div>
              <h2 id="products-heading">Data products</h2>
              <p>Curated datasets, released on a regular cadence.</p>
            </div>
          </div>
          <div className="card-body">
            {dataProducts.length === 0 ? (
              <p className="muted">No data products are published yet.</p>
            ) : (
              <div className={styles.products}>
                {dataProducts.map((p) => (
                  <DataProductCard key={p.id} product={p} />
                ))}
              </div>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

function SourcesTable({ sources }: { sources: Source[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Sources</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Jurisdiction</th>
            <th scope="col" className="num">
              Documents
            </th>
            <th scope="col" className="num">
              Dockets
            </th>
            <th scope="col">Coverage</th>
            <th scope="col">Top filing types</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => (
            <tr key={s.id} data-testid="catalog-source-row" data-source-id={s.id}>
              <td className={styles.nameCell}>
                <div className={styles.sourceName}>{s.name}</div>
                {s.shortName ? <div className="subtle">{s.shortName}</div> : null}
              </td>
              <td>
                <span className={s.kind === 'court' ? 'badge badge-accent' : 'badge'}>
                  {capitalise(s.kind || 'unknown')}
                </span>
              </td>
              <td>{capitalise(s.jurisdiction) || s.state || '—'}</td>
              <td className="num">{formatNumber(s.documentCount)}</td>
              <td className="num">{formatNumber(s.docketCount)}</td>
              <td className="nowrap">
                {s.firstFiledAt ? (
                  `${formatDate(s.firstFiledAt)} – ${formatDate(s.lastFiledAt)}`
                ) : (
                  <span className="muted">No filings yet</span>
                )}
              </td>
              <td>
                <ul className={styles.types}>
                  {topFilingTypes(s).map((t) => (
                    <li key={t.native}>
                      {t.native} <span className="subtle">{formatNumber(t.count)}</span>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DataProductCard({ product }: { product: DataProduct }) {
  const latest = product.releases[0];
  return (
    <article className="card" data-testid="data-product" aria-labelledby={`dp-${product.id}`}>
      <div className="card-body">
        <div className={`row ${styles.productHead}`}>
          <h3 id={`dp-${product.id}`} className={styles.productName}>
            <Link href={dataProductPath(product.id)}>{product.name}</Link>
          </h3>
          <span className="badge">{capitalise(product.cadence)}</span>
        </div>
        <p className="muted mt-2">{product.description}</p>
        <div className={styles.counts}>
          {latest ? (
            <span>
              Latest release <strong>{latest.version}</strong> · {formatDate(latest.releasedAt)}
            </span>
          ) : (
            <span>No release yet</span>
          )}
          {latest?.recordCounts.map((c) => (
            <span key={c.entity}>
              <strong>{formatNumber(c.count)}</strong> {c.entity}
            </span>
          ))}
        </div>
        <p className={`subtle ${styles.productLink}`}>
          <Link href={dataProductPath(product.id)} data-testid="data-product-link">
            Schema, releases and change log →
          </Link>
        </p>
      </div>
    </article>
  );
}
