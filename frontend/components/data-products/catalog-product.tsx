import Link from 'next/link';
import { capitalise, formatDate, formatNumber } from '@/lib/format';
import type { DataProduct, Source } from '@/lib/types';
import styles from './catalog-product.module.css';

/**
 * A catalog product whose releases are counts rather than tables (the corpus's own): what it holds,
 * where it comes from, and each release's counted changes.
 */
export function CatalogProduct({ product, sources }: { product: DataProduct; sources: Source[] }) {
  const latest = product.releases[0];
  const sourceNames = new Map(sources.map((s) => [s.id, s.name]));
  return (
    <div className="page" data-testid="data-product-page">
      <Link href="/catalog" className="subtle">
        ← Catalog
      </Link>
      <div className="page-header mt-3">
        <div>
          <h1>{product.name}</h1>
          <p>{product.description}</p>
        </div>
        <span className="badge">{capitalise(product.cadence)}</span>
      </div>
      <div className="stack">
        <section className="card" aria-labelledby="summary-heading">
          <div className="card-header">
            <h2 id="summary-heading">Summary</h2>
          </div>
          <div className="card-body">
            <dl className="meta-list">
              <dt>Latest release</dt>
              <dd>{latest ? `${latest.version} · ${formatDate(latest.releasedAt)}` : 'No release yet'}</dd>
              <dt>Records</dt>
              <dd>
                {latest && latest.recordCounts.length > 0
                  ? latest.recordCounts.map((c) => `${formatNumber(c.count)} ${c.entity}`).join(' · ')
                  : '—'}
              </dd>
              <dt>Update cadence</dt>
              <dd>{capitalise(product.cadence)}</dd>
              <dt>Sources</dt>
              <dd>
                {product.sourceIds.length > 0
                  ? product.sourceIds.map((id) => sourceNames.get(id) ?? id).join(', ')
                  : '—'}
              </dd>
            </dl>
            <p className="subtle mt-3">
              Subscribing to a data product (being told what each release changed) is not available yet.
            </p>
          </div>
        </section>

        <section className="card" aria-labelledby="schema-heading">
          <div className="card-header">
            <h2 id="schema-heading">Schema</h2>
          </div>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Columns of {product.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {product.fields.map((f) => (
                  <tr key={f.name}>
                    <td className="mono">{f.name}</td>
                    <td>{f.type}</td>
                    <td className="subtle">{f.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section className="card" aria-labelledby="releases-heading" id="change-log">
          <div className="card-header">
            <h2 id="releases-heading">Releases and change log</h2>
          </div>
          {product.releases.length === 0 ? (
            <div className="card-body muted">No release yet.</div>
          ) : (
            <ul className={`card-body stack ${styles.releases}`}>
              {product.releases.map((r) => (
                <li key={r.id} data-testid="data-product-release">
                  <strong>{r.version}</strong> <span className="subtle">· {formatDate(r.releasedAt)}</span>
                  <div>{changeSummary(r) || <span className="muted">No changes recorded.</span>}</div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** "19 new tariffs, 9 updated proceedings, 1 new column". */
function changeSummary(release: DataProduct['releases'][number]): string {
  const verbs: Record<string, string> = { added: 'new', updated: 'updated', removed: 'removed' };
  const parts = release.changeLog
    .filter((c) => c.count > 0)
    .map((c) => `${formatNumber(c.count)} ${verbs[c.kind] ?? c.kind} ${c.entity}`);
  if (release.addedColumns.length > 0) parts.push(columnsChange(release.addedColumns, 'new'));
  if (release.removedColumns.length > 0) parts.push(columnsChange(release.removedColumns, 'removed'));
  return parts.join(', ');
}

/** "2 new columns (docket_number, filed_at)". */
function columnsChange(columns: string[], change: 'new' | 'removed'): string {
  return `${columns.length} ${change} ${columns.length === 1 ? 'column' : 'columns'} (${columns.join(', ')})`;
}
