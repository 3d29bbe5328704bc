import Link from 'next/link';
import type { Outcome } from '@/lib/bff.server';
import { formatDate, formatNumber } from '@/lib/format';
import type { DataProductDetail, ReleaseRows } from '@/lib/types';
import { columnLabel } from './cell-format';
import { hrefWith, ReleaseTable } from './release-table';
import styles from './release-table.module.css';

const OPERATORS = [
  { op: '=', label: 'is' },
  { op: '~', label: 'contains' },
  { op: '>=', label: 'at least' },
  { op: '<=', label: 'at most' },
];
const PAGE_ROWS = 50;

/** What a filter of the address says, in words: "state is NY". */
function describeFilter(filter: string): string {
  const match = /^([A-Za-z][A-Za-z0-9_]*)(>=|<=|=|~)(.*)$/su.exec(filter);
  if (!match) return filter;
  const [, column = '', op, value = ''] = match;
  return `${columnLabel(column)} ${OPERATORS.find((o) => o.op === op)?.label ?? op} ${value}`;
}

/** The rows of one release of a table product, with the controls that choose them. */
export function ReleaseBrowser(props: {
  base: string;
  query: URLSearchParams;
  detail: DataProductDetail;
  page: Outcome<ReleaseRows>;
}) {
  const { base, query, detail, page } = props;
  const chosen = page.ok
    ? page.body.release
    : (detail.releases.find((r) => r.id === query.get('release')) ?? detail.releases[0]);
  // The citations column is shown on the cells it cites, not as a column of its own.
  const columns = (chosen?.columns ?? detail.columns).filter((column) => column.type !== 'citations');
  const filters = query.getAll('filter');
  const offset = Number(query.get('offset') ?? 0);
  const kept = [...query.entries()].filter(([name]) => name !== 'release' && name !== 'offset');

  return (
    <div className="stack">
      {chosen && (
        <section className="card" aria-labelledby="release-heading">
          <div className="card-header">
            <h2 id="release-heading">
              Release {chosen.version} <span className="subtle">· as of {chosen.asOf}</span>
            </h2>
            <span>
              <Link href={`${base}/summary`}>Summary</Link> · <Link href={`${base}/change-log`}>Change log</Link>
            </span>
          </div>
          <div className="card-body">
            <p>
              {formatNumber(chosen.rows)} rows, published {formatDate(chosen.releasedAt)}.{' '}
              {chosen.changeLog ? `Since the release before: ${chosen.changeLog.summary}.` : 'The first release.'}
            </p>
            <form method="get" action={base} className={`${styles.filters} mt-3`}>
              {kept.map(([name, value], i) => (
                <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
              ))}
              <label className="field">
                <span className="label">Release</span>
                <select name="release" defaultValue={chosen.id} className="select">
                  {detail.releases.map((release) => (
                    <option key={release.id} value={release.id}>
                      {release.version} (as of {release.asOf})
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn btn-sm">
                Show release
              </button>
            </form>
          </div>
        </section>
      )}

      <section className="card" aria-labelledby="rows-heading">
        <div className="card-header">
          <h2 id="rows-heading">Rows</h2>
          {page.ok && (
            <span className="subtle">
              {formatNumber(page.body.total)} match ·{' '}
              <a href={downloadHref(detail.dataProduct.id, query, page.body.release.id)} download>
                Download CSV
              </a>{' '}
              ·{' '}
              <a href={downloadHref(detail.dataProduct.id, query, page.body.release.id, 'xlsx')} download>
                Download XLSX
              </a>
            </span>
          )}
        </div>
        <div className="card-body">
          <form method="get" action={base} className={styles.filters} aria-label="Add a filter">
            {[...query.entries()]
              .filter(([name]) => name !== 'offset')
              .map(([name, value], i) => (
                <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
              ))}
            <label className="field">
              <span className="label">Column</span>
              <select name="add_column" className="select">
                {columns.map((column) => (
                  <option key={column.name} value={column.name}>
                    {columnLabel(column.name)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="label">Condition</span>
              <select name="add_op" className="select">
                {OPERATORS.map((o) => (
                  <option key={o.op} value={o.op}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="label">Value</span>
              <input name="add_value" className="input" required maxLength={200} />
            </label>
            <button type="submit" className="btn btn-sm btn-primary">
              Add filter
            </button>
          </form>
          {filters.length > 0 && (
            <ul className={`${styles.chips} mt-3`} aria-label="Filters in force">
              {filters.map((filter, i) => {
                const rest = new URLSearchParams(query);
                rest.delete('filter');
                rest.delete('offset');
                filters.forEach((other, j) => j !== i && rest.append('filter', other));
                return (
                  <li key={`${filter}-${i}`} className="badge">
                    {describeFilter(filter)}{' '}
                    <Link
                      href={rest.size > 0 ? `${base}?${rest}` : base}
                      aria-label={`Remove ${describeFilter(filter)}`}
                    >
                      ×
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {page.ok ? (
          <>
            <ReleaseTable base={base} query={query} page={page.body} columns={columns} />
            <nav className={`card-body ${styles.pager}`} aria-label="Pages">
              {offset > 0 ? (
                <Link href={hrefWith(base, query, {}) + pageSuffix(query, Math.max(0, offset - PAGE_ROWS))}>
                  ← Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="subtle">
                {page.body.total === 0
                  ? 'No row matches'
                  : `${formatNumber(offset + 1)}–${formatNumber(offset + page.body.rows.length)} ` +
                    `of ${formatNumber(page.body.total)}`}
              </span>
              {offset + PAGE_ROWS < page.body.total ? (
                <Link href={hrefWith(base, query, {}) + pageSuffix(query, offset + PAGE_ROWS)}>Next →</Link>
              ) : (
                <span />
              )}
            </nav>
          </>
        ) : (
          <div className="card-body">
            <div className="alert alert-error" role="alert">
              These rows cannot be shown: {problemOf(page.body)}
            </div>
          </div>
        )}
      </section>
    </div>
  );
}

/** The CSV (or XLSX) of the rows shown: the same release, filters and sort, every page. */
function downloadHref(id: string, query: URLSearchParams, releaseId: string, format?: 'xlsx'): string {
  const kept = new URLSearchParams();
  for (const name of ['filter', 'sort', 'desc']) for (const value of query.getAll(name)) kept.append(name, value);
  kept.set('release', releaseId);
  if (format) kept.set('format', format);
  return `/api/data-products/${encodeURIComponent(id)}/download?${kept}`;
}

/** `offset=` for a page, joined to an address built without one. */
function pageSuffix(query: URLSearchParams, offset: number): string {
  const rest = new URLSearchParams(query);
  rest.delete('offset');
  return `${rest.size > 0 ? '&' : '?'}offset=${offset}`;
}

/** The BFF's 400 in words (`{ error: { message, issues } }`): each issue's field and message. */
function problemOf(body: unknown): string {
  const error = (body as { error?: { message?: string; issues?: { path: string; message: string }[] } } | null)?.error;
  const issues = error?.issues?.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  return issues || error?.message || 'the request was refused';
}
