import Link from 'next/link';
import type { ProductColumn, ReleaseRows } from '@/lib/types';
import { columnLabel, formatCell, isNumeric } from './cell-format';
import { CitedCell } from './cited-cell';
import styles from './release-table.module.css';

/** The page's address with some parameters replaced (undefined removes one); paging restarts at 0. */
export function hrefWith(base: string, query: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(query);
  next.delete('offset');
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  const text = next.toString();
  return text ? `${base}?${text}` : base;
}

/** The docket's filings on the search page (at its commission, when the row's id names it: "ca-cpuc:A.21-10-454"). */
function docketSearchHref(docket: string, proceedingId: unknown): string {
  const params = new URLSearchParams({ docket });
  const sourceId = typeof proceedingId === 'string' ? proceedingId.split(':')[0] : '';
  if (sourceId && sourceId !== proceedingId) params.set('agency', sourceId);
  return `/search?${params}`;
}

/** Past this many characters a cell gets room to wrap in a few lines rather than a narrow column. */
const LONG_TEXT = 40;

/** One page of a release: headers sort (again: the other way), numbers right-aligned, unstated cells empty. */
export function ReleaseTable(props: {
  base: string;
  query: URLSearchParams;
  page: ReleaseRows;
  columns: ProductColumn[];
}) {
  const { base, query, page, columns } = props;
  const sort = query.get('sort');
  const descending = query.get('desc') === 'true';
  const key = page.release.key;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="release-table">
        <caption className="visually-hidden">
          Rows of release {page.release.version}, sorted by {sort ? columnLabel(sort) : 'key'}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort === column.name;
              const href = hrefWith(base, query, {
                sort: column.name,
                desc: active && !descending ? 'true' : undefined,
              });
              return (
                <th
                  key={column.name}
                  scope="col"
                  className={isNumeric(column.type) ? 'num' : undefined}
                  aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
                >
                  <Link href={href} title={column.description} className={styles.sortLink}>
                    {columnLabel(column.name)}
                    {active ? (descending ? ' ↓' : ' ↑') : ''}
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row, i) => (
            <tr key={key.map((k) => String(row[k])).join('|')}>
              {columns.map((column) => {
                const text = formatCell(column, row[column.name] ?? null);
                const numeric = isNumeric(column.type);
                return (
                  <td key={column.name} className={numeric ? 'num' : text.length > LONG_TEXT ? styles.wide : undefined}>
                    <CitedCell text={text} citation={page.citations[i]?.[column.name]} alignEnd={numeric} />
                    {column.name === 'docket' && text !== '' ? (
                      <Link
                        href={docketSearchHref(text, row.proceeding_id)}
                        className={styles.filings}
                        aria-label={`Filings in docket ${text}`}
                      >
                        filings
                      </Link>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
